"""Parse a compute-sanitizer racecheck log into the counts a chapter plots, streaming; refuse bad logs.

Command: `racelab hazards LOG [--json] [--allow-truncated]` (exit code 2, naming the line, on a log it
refuses). API: `parse(path_or_stream, allow_truncated=False) -> HazardReport` (`report.to_json()`),
`records_iter(path_or_stream)` for one record at a time, `parse(..., on_record=f)` for a callback.

The log (compute-sanitizer 2021 to 2025.3; `LineType` lists every kind of line with an example):

* Every line the sanitizer writes starts with ``=========``. A record ends at a bare ``=========``
  line (2025.3 prints it with a trailing space), or, once complete, at the next header or the summary.
* A hazard record (``--racecheck-report hazard``, one per byte): a header (severity, RAW/WAR/WAW, the
  shared-memory byte, the block), two access lines in time order (Write/Read, thread, site), an optional
  value line, optional device frames and an optional host backtrace in any of its layouts: old
  ``Host Frame:/lib/libcuda.so (cuLaunchKernel + 0x1) [0x2]``, the 2022-24 pair of lines (``Host
  Frame: [0x2]`` then ``in /lib/...``, joined) and 2025's ``Host Frame: name [0x2] in module``, which
  a Python launch fills with interpreter frames and ``<module> in script.py:6``.
* An analysis report (the default ``analysis`` mode): ``Race reported between <access> at <site>``
  and one or more ``and <access> at <site> [N hazards]`` lines. ``--racecheck-report all`` prints both.
* ``RACECHECK SUMMARY: D hazards displayed (E errors, W warnings)`` at the end of a complete run.

The program's own output. A line without the ``=========`` prefix is the program's stdout or stderr,
which share the log when the sanitizer is not given ``--log-file``. Between records such lines are
accepted and counted (``program_output_lines``); inside a record one is an error, since the sanitizer
prints a record in one piece. A prefixed line that is no known kind is an error anywhere: besides
records, reports and the summary, only the banner (``========= COMPUTE-SANITIZER``), ``Program hit
...`` messages (with their backtraces) and ``Target application returned an error`` are known.

What is checked against the summary (every report mode; several summary lines are summed):

* D must equal the hazard records plus the analysis reports in the log, so a dropped or duplicated
  record (or report) fails. This is the whole check in hazard mode and in analysis mode alike.
* The Error-severity records and reports must number E and the Warning ones W (Info ones count in D
  only). A summary that counts more than the log shows is refused, because a record went missing or
  ``--print-limit`` was hit; ``allow_print_limit=True`` accepts the latter and sets ``print_limited``.
* An analysis report's ``[N hazards]`` counts have nothing to be checked against; their sum is
  ``analysis_hazards`` (and ``hazard_bytes`` for such a log).

Refused (`HazardLogError`, with the 1-based line): an unknown line; a known line where it cannot be (an
access line outside a record, a second value line, program output inside a record, a hazard type that
disagrees with its access kinds); a record cut off by the end of the file; no summary line (the run was
cut short); counts that disagree with the summary. ``allow_truncated=True`` accepts a log without a
summary; a record open at the end of the file is kept if it has both access lines (its backtrace may be
short) and dropped if not, and a last line without its newline is dropped, all said in ``truncated``.

Threads. racecheck prints thread and block indices as (x,y,z) and not the block shape. ``writer_threads``,
``reader_threads`` and the keys of ``bytes_per_writer`` are linear ids within the block: x + y*bx +
z*bx*by given ``block_dim=(bx,by,bz)`` (``--block-dim``); without it, x where every thread has
y = z = 0, and else the string "x,y,z" (``thread_ids`` says which). ``bytes_per_writer`` counts the
distinct shared-memory byte offsets each writer thread wrote in a hazard, merged over blocks (every
block runs the same code: offset 0x10 of block 0 and of block 5 is one byte of the layout);
``hazards_per_writer`` counts records. The "writer" of a WAW hazard is the earlier write.

Speed and memory. The log is read in 2 MiB chunks (a plain file into one reused buffer) and nothing per
record is kept unless asked for. First, a chunk whose records all repeat the shape of its first one (a
short backtrace) is matched by one pattern made from that record (`_Template`): the fields that vary
(address, block, threads, value; the sites too where they differ between records) are matched, the
text every record shares is skipped unread and proved afterwards, once per distinct value or by one
comparison per record (`_template_counts`). Else a chunk is cut at
its ``Saved host backtrace`` lines; when its records repeat one frame block (those of one launch do), the block is checked once and cut out, and the short
records left are matched by one regular expression in C (``re.split``), whose gaps must be empty; the
fields that vary little (access lines, blocks) are checked once per distinct value and counted with
Counters. Whatever that cannot vouch for byte by byte is read line by line by the reference parser, which
gives the exact error; all paths give the same report (the tests run every case through each). A plain
file of 128 MiB or more is split at record boundaries over one forked process per idle core.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import gzip
import io
import json
import lzma
import os
import re
import sys
import zlib
from collections import Counter
from dataclasses import dataclass, field
from itertools import islice
from operator import itemgetter, methodcaller
from typing import Callable, Iterator

PREFIX = b"========="
CHUNK_BYTES = 2 << 20  # small enough that a chunk and what is made from it stay in the CPU cache
SHORT_BACKTRACE = 4  # frame lines up to which a record is matched whole rather than cut (see _fast_counts)

# ------------------------------------------------------------------ line grammar

_SEV = rb"(?P<sev>ERROR|Error|WARNING|Warning|WARN|Warn|INFO|Info)"
_TRIPLE = rb"\d+, ?\d+, ?\d+"
_ACCESS_BODY = rb"(?P<kind>Write|Read) Thread \((?P<thread>" + _TRIPLE + rb")\) at (?P<loc>\S[^\n]*?)"
_VALUE_BODY = rb"Current Value : [^,\s]+(?:, Incoming Value : \S+)?"
# racecheck names some hazards' cause in parentheses, e.g. "(invalid memcpy_async synchronization)" for a
# cp.async write read before the copy was waited for and made visible (seen on an H200, sanitizer 2025.3.1)
_HAZARD_BODY = (rb"Potential (?P<type>RAW|WAR|WAW) hazard detected(?: \((?P<cause>[^)\n]*)\))? at __shared__ "
                rb"(?P<addr>0x[0-9a-fA-F]+) "
                rb"in block \((?P<block>" + _TRIPLE + rb")\)(?P<note> \([^)\n]*\))?[ \t]?:?")


def _line(body: bytes, *, indent: bytes = rb"[ \t]+") -> re.Pattern:
    return re.compile(PREFIX + indent + body + rb"[ \t]*\Z")


class LineType(enum.Enum):
    """The kinds of line in a racecheck log; each carries `.regex` (compiled, bytes, whole line without
    its newline) and `.example`:

    1. HEADER         ``========= COMPUTE-SANITIZER``
    2. HAZARD         ``========= Error: Potential RAW hazard detected at __shared__ 0x4 in block (0,0,0) :``
                      (also ``... hazard detected (invalid memcpy_async synchronization) at __shared__ ...``)
    3. ACCESS         ``=========     Write Thread (1,0,0) at calibration_handoff(const float *, float *)+0x1a0 in mbar_calib.cu:41``
    4. VALUE          ``=========     Current Value : 0, Incoming Value : 1``
    5. DEVICE_FRAME   ``=========     Device Frame:kernel.cu:14:kernel(int) [0x10]``
    6. BACKTRACE      ``=========     Saved host backtrace up to driver entry point at kernel launch time``
    7. HOST_FRAME     ``=========         Host Frame: _PyEval_EvalFrameDefault [0x1e5e3c] in python3.12``
    8. FRAME_MODULE   ``=========                in /lib/x86_64-linux-gnu/libcuda.so.1`` (2022-24 layout)
    9. FRAME_ELLIPSIS ``=========     ...``
    10. RACE          ``========= Error: Race reported between Write access at k(float *)+0xf0 in k.cu:12``
    11. RACE_WITH     ``=========     and Read access at k(float *)+0xd0 in k.cu:14 [124 hazards]``
    12. API_ERROR     ``========= Program hit cudaErrorLaunchFailure (error 719) on CUDA API call to cudaFree.``
    13. NOTICE        ``========= Target application returned an error``
    14. SEPARATOR     ``=========`` (ends a record)
    15. SUMMARY       ``========= RACECHECK SUMMARY: 124 hazards displayed (124 errors, 0 warnings)``
    16. OUTPUT        ``wrong 31`` (no prefix: the program's own output)
    """

    HEADER = (_line(rb"(?:COMPUTE-SANITIZER|CUDA-MEMCHECK)", indent=b" "),
              "========= COMPUTE-SANITIZER")
    HAZARD = (_line(_SEV + rb":[ \t]?(?:\((?P<qual>[^)\n]*)\)[ \t]?)?" + _HAZARD_BODY, indent=b" "),
              "========= Error: Potential RAW hazard detected at __shared__ 0x4 in block (0,0,0) :")
    ACCESS = (_line(_ACCESS_BODY),
              "=========     Write Thread (1,0,0) at calibration_handoff(const float *, float *)+0x1a0 in mbar_calib.cu:41")
    VALUE = (_line(rb"Current Value : (?P<current>[^,\s]+)(?:, Incoming Value : (?P<incoming>\S+))?"),
             "=========     Current Value : 0, Incoming Value : 1")
    DEVICE_FRAME = (_line(rb"Device Frame:(?P<frame>[^\n]*)"),
                    "=========     Device Frame:kernel.cu:14:kernel(int) [0x10]")
    BACKTRACE = (_line(rb"Saved host backtrace up to driver entry point(?: at (?P<when>[^\n]*?))?"),
                 "=========     Saved host backtrace up to driver entry point at kernel launch time")
    HOST_FRAME = (_line(rb"Host Frame:(?P<frame>[^\n]*?)"),
                  "=========         Host Frame: _PyEval_EvalFrameDefault [0x1e5e3c] in python3.12")
    FRAME_MODULE = (_line(rb"in (?P<module>\S[^\n]*?)"),
                    "=========                in /lib/x86_64-linux-gnu/libcuda.so.1")
    FRAME_ELLIPSIS = (_line(rb"\.\.\."), "=========     ...")
    RACE = (_line(_SEV + rb":[ \t]?Race reported between (?P<kind>Write|Read) access at (?P<loc>\S[^\n]*?)",
                  indent=b" "),
            "========= Error: Race reported between Write access at k(float *)+0xf0 in k.cu:12")
    RACE_WITH = (_line(rb"and (?P<kind>Write|Read) access at (?P<loc>\S[^\n]*?) \[(?P<count>\d+) hazards?\]"),
                 "=========     and Read access at k(float *)+0xd0 in k.cu:14 [124 hazards]")
    API_ERROR = (_line(rb"Program hit (?P<what>[^\n]+?)", indent=b" "),
                 "========= Program hit cudaErrorLaunchFailure (error 719) on CUDA API call to cudaFree.")
    NOTICE = (_line(rb"(?P<text>Target application returned an error)", indent=b" "),
              "========= Target application returned an error")
    SEPARATOR = (re.compile(PREFIX + rb"[ \t]*\Z"), "=========")
    SUMMARY = (_line(rb"RACECHECK SUMMARY: (?P<hazards>\d+) hazards? displayed "
                     rb"\((?P<errors>\d+) errors?, (?P<warnings>\d+) warnings?\)", indent=b" "),
               "========= RACECHECK SUMMARY: 124 hazards displayed (124 errors, 0 warnings)")
    OUTPUT = (re.compile(rb"(?!" + PREFIX + rb")[^\n]*\Z"), "wrong 31")

    def __init__(self, regex: re.Pattern, example: str):
        self.regex = regex
        self.example = example


# Fast dispatch: the first word after the prefix names the only line type a line can be.
_DISPATCH = (
    (b"Write Thread", LineType.ACCESS), (b"Read Thread", LineType.ACCESS),
    (b"Host Frame:", LineType.HOST_FRAME), (b"in ", LineType.FRAME_MODULE),
    (b"Current Value", LineType.VALUE), (b"Saved host backtrace", LineType.BACKTRACE),
    (b"and ", LineType.RACE_WITH), (b"Device Frame:", LineType.DEVICE_FRAME),
    (b"...", LineType.FRAME_ELLIPSIS), (b"RACECHECK SUMMARY", LineType.SUMMARY),
    (b"COMPUTE-SANITIZER", LineType.HEADER), (b"CUDA-MEMCHECK", LineType.HEADER),
    (b"Program hit", LineType.API_ERROR), (b"Target application", LineType.NOTICE),
)


def classify(line: bytes) -> tuple[LineType | None, re.Match | None]:
    """(LineType, match) for one line (bytes, no newline); (None, None) for a line no type matches."""
    if not line.startswith(PREFIX):
        return LineType.OUTPUT, LineType.OUTPUT.regex.match(line)
    rest = line[len(PREFIX):].lstrip(b" \t")
    if not rest:
        kind = LineType.SEPARATOR
    else:
        for start, kind in _DISPATCH:
            if rest.startswith(start):
                break
        else:
            kind = LineType.RACE if b"Race reported" in rest else LineType.HAZARD
    m = kind.regex.match(line)
    return (kind, m) if m else (None, None)


# ------------------------------------------------------------------ records and report

_LOC_FUNC_PC = re.compile(r"(?P<func>.+)\+0x(?P<pc>[0-9a-fA-F]+)(?: in (?P<file>.+):(?P<line>\d+))?\Z")
_LOC_PC_IN = re.compile(r"0x(?P<pc>[0-9a-fA-F]+) in (?:(?P<file>[^:]+?):(?P<line>\d+):)?(?P<func>.+)\Z")
_LOC_FILE = re.compile(r"(?P<file>[^:]+?):(?P<line>\d+)\Z")


@dataclass(frozen=True)
class Location:
    """A code site as racecheck prints it: `func+0xpc in file:line`, `0xpc in file:line:func`, ..."""

    raw: str
    pc: int | None = None
    function: str | None = None
    file: str | None = None
    line: int | None = None

    @classmethod
    def parse(cls, text: str) -> "Location":
        m = _LOC_FUNC_PC.match(text) or _LOC_PC_IN.match(text)
        if m:
            line = m.group("line")
            return cls(text, int(m.group("pc"), 16), m.group("func"), m.group("file"), int(line) if line else None)
        m = _LOC_FILE.match(text)
        if m:  # `file:line` alone; no pc
            return cls(text, None, None, m.group("file"), int(m.group("line")))
        return cls(text, None, text, None, None)  # a bare function name

    def __str__(self) -> str:
        return self.raw

    def to_dict(self) -> dict:
        return {"pc": None if self.pc is None else hex(self.pc), "function": self.function,
                "file": self.file, "line": self.line}


@dataclass(frozen=True)
class Access:
    """One side of a hazard: Write or Read, by which thread (x,y,z), at which code site."""

    kind: str
    thread: tuple[int, int, int]
    location: Location
    tid: int | None = None  # linear id within the block, where known (see the module docstring)

    @property
    def site(self) -> str:
        return self.location.raw

    def to_dict(self) -> dict:
        return {"kind": self.kind, "thread": list(self.thread), "tid": self.tid, **self.location.to_dict()}


@dataclass(frozen=True)
class HazardRecord:
    """One hazard-mode record: one shared byte two threads touched without a happens-before edge."""

    line: int | None
    severity: str  # "error" | "warning" | "info"
    type: str  # "RAW" | "WAR" | "WAW"
    address: int
    block: tuple[int, int, int]
    first: Access  # the earlier access
    second: Access  # the later access
    current_value: str | None = None
    incoming_value: str | None = None
    qualifier: str | None = None  # e.g. "Warp Level Programming"
    note: str | None = None  # e.g. "invalid memcpy_async synchronization"
    backtrace: tuple[str, ...] = ()

    @property
    def writer(self) -> Access:
        return self.second if self.type == "WAR" else self.first

    @property
    def reader(self) -> Access:
        """The other side: the reader of RAW/WAR, the later writer of WAW."""
        return self.first if self.type == "WAR" else self.second

    @property
    def writer_thread(self) -> int | None:
        return self.writer.tid

    @property
    def reader_thread(self) -> int | None:
        return self.reader.tid

    def to_dict(self) -> dict:
        return {"line": self.line, "severity": self.severity, "type": self.type, "address": hex(self.address),
                "block": list(self.block), "writer": self.writer.to_dict(), "reader": self.reader.to_dict(),
                "current_value": self.current_value, "incoming_value": self.incoming_value}


@dataclass(frozen=True)
class RaceSite:
    kind: str
    location: Location
    hazards: int | None = None  # None for the report's first line


@dataclass(frozen=True)
class AnalysisReport:
    """One analysis-mode report: a first access site raced by one or more others, each with a count."""

    line: int
    severity: str
    first: RaceSite
    others: tuple[RaceSite, ...]

    @property
    def hazards(self) -> int:
        return sum(o.hazards for o in self.others)

    def to_dict(self) -> dict:
        return {"line": self.line, "severity": self.severity, "hazards": self.hazards,
                "first": {"kind": self.first.kind, **self.first.location.to_dict()},
                "others": [{"kind": o.kind, "hazards": o.hazards, **o.location.to_dict()} for o in self.others]}


@dataclass
class HazardReport:
    """What one racecheck log says, aggregated. `records` is a count; see `record_list`/`records_iter`."""

    source: str
    mode: str  # "hazard", "analysis", "all" (both kinds), "none" (neither)
    records: int
    reports: list[AnalysisReport]
    summary: dict | None  # {"hazards", "errors", "warnings"} from the RACECHECK SUMMARY line(s)
    by_type: dict[str, int]
    by_severity: dict[str, int]
    writer_threads: list
    reader_threads: list
    thread_ids: str  # "linear" or "xyz"
    bytes_per_writer: dict
    hazards_per_writer: dict
    blocks: dict[str, int]
    sites: list[dict]
    lines: int
    program_output_lines: int
    print_limited: bool = False
    truncated: dict | None = None
    block_dim: tuple[int, int, int] | None = None
    record_list: list[HazardRecord] | None = None
    stats: dict = field(default_factory=dict, compare=False, repr=False)  # how it was read (not in to_dict)

    @property
    def analysis_hazards(self) -> int:
        return sum(r.hazards for r in self.reports)

    @property
    def hazard_bytes(self) -> int:
        """Byte hazards the log accounts for: its records, or in analysis mode the reports' counts."""
        return self.records if self.records else self.analysis_hazards

    def to_dict(self) -> dict:
        out = {"source": self.source, "mode": self.mode, "records": self.records, "reports": len(self.reports),
               "hazard_bytes": self.hazard_bytes, "analysis_hazards": self.analysis_hazards,
               "summary": self.summary, "print_limited": self.print_limited, "truncated": self.truncated,
               "by_type": self.by_type, "by_severity": self.by_severity, "thread_ids": self.thread_ids,
               "block_dim": list(self.block_dim) if self.block_dim else None,
               "writer_threads": self.writer_threads, "reader_threads": self.reader_threads,
               "bytes_per_writer": self.bytes_per_writer, "hazards_per_writer": self.hazards_per_writer,
               "blocks": self.blocks, "sites": self.sites, "analysis": [r.to_dict() for r in self.reports],
               "lines": self.lines, "program_output_lines": self.program_output_lines}
        if self.record_list is not None:
            out["record_list"] = [r.to_dict() for r in self.record_list]
        return out

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)


class HazardLogError(ValueError):
    """A log the parser refuses; `line` is the 1-based line it is about (or the last line)."""

    def __init__(self, source: str, line: int, message: str):
        self.source, self.line, self.message = source, line, message
        super().__init__(f"{source}:{line}: {message}")


# ------------------------------------------------------------------ aggregation

_SEVERITY = {b"ERROR": "error", b"Error": "error", b"WARNING": "warning", b"Warning": "warning",
             b"WARN": "warning", b"Warn": "warning", b"INFO": "info", b"Info": "info"}
_KINDS = {b"RAW": (b"Write", b"Read"), b"WAR": (b"Read", b"Write"), b"WAW": (b"Write", b"Write")}
_KIND_RE = re.compile(_SEV + rb":[ \t]?(?:\([^)\n]*\)[ \t]?)?Potential (?P<type>RAW|WAR|WAW)\Z")
_ACCESS_RE = re.compile(rb"[ \t]*" + _ACCESS_BODY + rb"[ \t]*\Z")


def _triple(raw: bytes) -> tuple[int, int, int]:
    x, y, z = raw.split(b",")
    return int(x), int(y), int(z)


class _Aggregate:
    """Counts keyed by raw bytes (cheap to build in bulk), decoded once at the end.

    `pairs` is keyed by (`Error: Potential RAW`, the two access lines as printed): the joint distribution that
    by_type, by_severity, sites and the thread sets come from; `writer_bytes` holds (access lines,
    address) for distinct bytes; `severity` counts analysis reports.
    """

    def __init__(self):
        self.records = 0
        self.severity = Counter()  # raw severity word -> analysis reports
        self.pairs = Counter()
        self.writer_bytes = set()
        self.blocks = Counter()
        self.reports: list[AnalysisReport] = []
        self.summaries: list[tuple[int, int, int, int]] = []  # (line, hazards, errors, warnings)
        self.program_output = 0

    def merge(self, other: "_Aggregate") -> None:
        self.records += other.records
        self.severity.update(other.severity)
        self.pairs.update(other.pairs)
        self.writer_bytes |= other.writer_bytes
        self.blocks.update(other.blocks)
        self.reports += other.reports
        self.summaries += other.summaries
        self.program_output += other.program_output

    def add_columns(self, kind, addr, block, acc) -> None:
        """One entry per record in each list (the fast path's regex groups): `kind` is the header from
        the severity to the hazard type (`Error: Potential RAW`), `acc` the two access lines."""
        self.records += len(kind)
        self.pairs.update(zip(kind, acc))
        self.blocks.update(block)
        self.writer_bytes.update(zip(acc, addr))

    def shift(self, lines: int) -> None:
        """Renumber what carries a line number (a part of the file parsed on its own)."""
        self.summaries = [(line + lines, *rest) for line, *rest in self.summaries]
        self.reports = [dataclasses.replace(r, line=r.line + lines) for r in self.reports]

    @classmethod
    def of_columns(cls, kind, addr, block, acc) -> "_Aggregate":
        agg = cls()
        agg.add_columns(kind, addr, block, acc)
        return agg


def _decode_pair(kind: bytes, acc: bytes) -> tuple[re.Match, re.Match] | None:
    """The two access lines of a record key, checked: both parse, and agree with the hazard type that
    ends `kind` (`Error: Potential RAW`)."""
    k = _KIND_RE.match(kind)
    if k is None:
        return None
    typ = k["type"]
    first, sep, second = acc.partition(b"\n")
    if not sep or not second.startswith(PREFIX):
        return None
    m1, m2 = _ACCESS_RE.match(first), _ACCESS_RE.match(second, len(PREFIX))
    if m1 is None or m2 is None or (m1["kind"], m2["kind"]) != _KINDS[typ]:
        return None
    return m1, m2


# ------------------------------------------------------------------ the reference (line by line) parser

class _Stage(enum.Enum):
    OUTSIDE = enum.auto()
    HAZARD = enum.auto()  # header seen
    HAZARD_FIRST = enum.auto()  # one access seen
    HAZARD_BODY = enum.auto()  # both accesses seen: complete
    HAZARD_BACKTRACE = enum.auto()
    RACE = enum.auto()  # an analysis report's first line seen
    RACE_BODY = enum.auto()  # at least one `and` line: complete
    MESSAGE = enum.auto()  # `Program hit ...` and its backtrace

    @property
    def what(self) -> str:
        return {"H": "hazard", "R": "analysis report", "M": "sanitizer message", "O": "no"}[self.name[0]]


_COMPLETE = {_Stage.OUTSIDE, _Stage.HAZARD_BODY, _Stage.HAZARD_BACKTRACE, _Stage.RACE_BODY, _Stage.MESSAGE}


class _LineParser:
    """The reference parser: a state machine fed one line at a time. Adds to `agg`; returns each
    completed HazardRecord from `feed` when `want_records`."""

    def __init__(self, source: str, agg: _Aggregate, *, want_records: bool = False, lineno: int = 0,
                 tid=None):
        self.source, self.agg, self.want_records, self.lineno = source, agg, want_records, lineno
        self.stage = _Stage.OUTSIDE
        self.tid = tid or (lambda t: None)
        self.start = 0  # line of the open record's header
        self.cur: dict = {}
        self.done: list[HazardRecord] = []

    def error(self, message: str, line: int | None = None) -> HazardLogError:
        return HazardLogError(self.source, line or self.lineno, message)

    def feed(self, line: bytes) -> None:
        self.lineno += 1
        if line.endswith(b"\r"):
            line = line[:-1]
        kind, m = classify(line)
        if kind is None:
            where = "" if self.stage is _Stage.OUTSIDE else f" inside the {self.stage.what} record from line {self.start}"
            raise self.error(f"unknown line{where}: {line[:160]!r}")
        self._step(kind, m, line)

    def _step(self, kind: LineType, m: re.Match, line: bytes) -> None:
        st = self.stage
        if st is _Stage.OUTSIDE:
            self._outside(kind, m, line)
        elif st is _Stage.HAZARD or st is _Stage.HAZARD_FIRST:
            if kind is not LineType.ACCESS:
                raise self.error(f"expected the {'second' if st is _Stage.HAZARD_FIRST else 'first'} access line "
                                 f"of the hazard record from line {self.start}, got {kind.name}: {line[:160]!r}")
            if st is _Stage.HAZARD:
                self.cur["acc1"] = (m, line)
                self.stage = _Stage.HAZARD_FIRST
            else:
                self.cur["acc2"] = (m, line)
                typ = self.cur["hdr"]["type"]
                if (self.cur["acc1"][0]["kind"], m["kind"]) != _KINDS[typ]:
                    raise self.error(f"a {typ.decode()} hazard needs accesses {b'/'.join(_KINDS[typ]).decode()}, "
                                     f"got {self.cur['acc1'][0]['kind'].decode()}/{m['kind'].decode()}")
                self.stage = _Stage.HAZARD_BODY
        elif st is _Stage.HAZARD_BODY:
            if kind is LineType.VALUE and "value" not in self.cur and "device" not in self.cur:
                self.cur["value"] = m
            elif kind is LineType.DEVICE_FRAME:
                self.cur["device"] = True
            elif kind is LineType.BACKTRACE:
                self.cur["frames"] = []
                self.stage = _Stage.HAZARD_BACKTRACE
            else:
                self._close_or_error(kind, m, line)
        elif st is _Stage.HAZARD_BACKTRACE or st is _Stage.MESSAGE:
            frames = self.cur.setdefault("frames", [])
            last, self.cur["last"] = self.cur.get("last"), kind
            if kind is LineType.HOST_FRAME or kind is LineType.FRAME_ELLIPSIS:
                frames.append(line)
            elif kind is LineType.FRAME_MODULE and last is LineType.HOST_FRAME:
                frames[-1] = frames[-1] + b" in " + m["module"]  # the 2022-24 two-line frame, joined
            elif st is _Stage.MESSAGE and kind in (LineType.BACKTRACE, LineType.DEVICE_FRAME):
                pass
            else:
                self._close_or_error(kind, m, line)
        elif st is _Stage.RACE or st is _Stage.RACE_BODY:
            if kind is LineType.RACE_WITH:
                self.cur["with"].append(m)
                self.stage = _Stage.RACE_BODY
            elif st is _Stage.RACE:
                raise self.error(f"expected an `and ... access at ... [N hazards]` line of the analysis report "
                                 f"from line {self.start}, got {kind.name}: {line[:160]!r}")
            else:
                self._close_or_error(kind, m, line)

    def _close_or_error(self, kind: LineType, m: re.Match, line: bytes) -> None:
        if kind is LineType.SEPARATOR:
            self._close()
        elif kind in (LineType.HAZARD, LineType.RACE, LineType.SUMMARY, LineType.API_ERROR):
            self._close()
            self._outside(kind, m, line)
        else:
            what = "program output" if kind is LineType.OUTPUT else f"a {kind.name} line"
            raise self.error(f"{what} inside the {self.stage.what} record from line {self.start}: {line[:160]!r}")

    def _outside(self, kind: LineType, m: re.Match, line: bytes) -> None:
        if kind is LineType.OUTPUT:
            self.agg.program_output += 1
        elif kind in (LineType.SEPARATOR, LineType.HEADER, LineType.NOTICE):
            pass
        elif kind is LineType.HAZARD:
            self.stage, self.start, self.cur = _Stage.HAZARD, self.lineno, {"hdr": m}
        elif kind is LineType.RACE:
            self.stage, self.start, self.cur = _Stage.RACE, self.lineno, {"hdr": m, "with": []}
        elif kind is LineType.API_ERROR:
            self.stage, self.start, self.cur = _Stage.MESSAGE, self.lineno, {}
        elif kind is LineType.SUMMARY:
            self.agg.summaries.append((self.lineno, int(m["hazards"]), int(m["errors"]), int(m["warnings"])))
        else:
            raise self.error(f"a {kind.name} line outside any record: {line[:160]!r}")

    def _close(self) -> None:
        st, cur = self.stage, self.cur
        self.stage, self.cur = _Stage.OUTSIDE, {}
        if st in (_Stage.HAZARD_BODY, _Stage.HAZARD_BACKTRACE):
            hdr, (m1, line1), (m2, line2) = cur["hdr"], cur["acc1"], cur["acc2"]
            acc = line1[m1.start("kind"):] + b"\n" + line2
            kind = hdr.string[hdr.start("sev"):hdr.end("type")]
            self.agg.add_columns((kind,), (hdr["addr"],), (hdr["block"],), (acc,))
            if self.want_records:
                value = cur.get("value")
                frames = _frame_texts(cur.get("frames", ()))
                self.done.append(_record(self.start, hdr, m1, m2, value, frames, self.tid))
        elif st is _Stage.RACE_BODY:
            hdr = cur["hdr"]
            self.agg.severity[hdr["sev"]] += 1
            self.agg.reports.append(AnalysisReport(
                self.start, _SEVERITY[hdr["sev"]],
                RaceSite(hdr["kind"].decode(), Location.parse(hdr["loc"].decode(errors="replace"))),
                tuple(RaceSite(w["kind"].decode(), Location.parse(w["loc"].decode(errors="replace")), int(w["count"]))
                      for w in cur["with"])))

    def finish(self, allow_truncated: bool) -> dict | None:
        """At the end of the input. A record still open is cut off: an error; with allow_truncated a
        complete one (both accesses, or at least one `and` line) is kept and an incomplete one dropped,
        and either way described in the returned dict."""
        st, start = self.stage, self.start
        if st is _Stage.OUTSIDE:
            return None
        if st is _Stage.MESSAGE:
            self.stage, self.cur = _Stage.OUTSIDE, {}
            return None
        if not allow_truncated:
            raise self.error(f"the log ends (line {self.lineno}) inside the {st.what} record from line {start}: "
                             "the record is cut off")
        if st in _COMPLETE:
            self._close()
            return {"line": start, "reason": f"the {st.what} record starting here has no end line; kept"}
        self.stage, self.cur = _Stage.OUTSIDE, {}
        return {"line": start, "reason": f"the {st.what} record starting here is cut off; dropped"}


def _record(line, hdr, m1, m2, value, frames, tid) -> HazardRecord:
    def access(m):
        thread = _triple(m["thread"])
        return Access(m["kind"].decode(), thread, Location.parse(m["loc"].decode(errors="replace")), tid(thread))

    qual, note = hdr["qual"], hdr["note"]
    return HazardRecord(
        line, _SEVERITY[hdr["sev"]], hdr["type"].decode(), int(hdr["addr"], 16), _triple(hdr["block"]),
        access(m1), access(m2),
        value["current"].decode(errors="replace") if value else None,
        value["incoming"].decode(errors="replace") if value and value["incoming"] else None,
        qual.decode(errors="replace") if qual else None,
        note.decode(errors="replace").strip(" ()") if note else None, frames)


# ------------------------------------------------------------------ the fast path (whole chunks)

class _NotFast(Exception):
    """The fast path cannot vouch for this chunk: read it line by line instead."""


_SP = rb"[ \t]+"
_T = PREFIX + rb"[ \t]*\n"  # the separator line
# Block indices and access lines are matched loosely here and checked once per distinct value (_check).
_LOOSE = rb"[^)\n]*"
_HEAD = (PREFIX + b" (?P<kind>" + _SEV.replace(b"?P<sev>", b"?:") + rb":[ \t]?(?:\([^)\n]*\)[ \t]?)?"
         + _HAZARD_BODY.replace(b"?P<note>", b"?:").replace(_TRIPLE, _LOOSE)
                       .replace(b"(?P<type>RAW|WAR|WAW)", b"(?:RAW|WAR|WAW))").replace(b"?P<addr>", b"?P<addr>")
         + rb"[ \t]*\n"
         # the two access lines, as one group, checked once per distinct value by _decode_pair
         + PREFIX + _SP + rb"(?P<acc>[^\n]*\n" + PREFIX + _SP + rb"[^\n]*)\n"
         # (?P<v>) is b"" where there is a value line: the line count needs no pass of its own
         + rb"(?:(?P<v>)" + PREFIX + _SP + _VALUE_BODY + rb"[ \t]*\n)?")
_TRIPLE_RE = re.compile(_TRIPLE + rb"\Z")
_SAVED_TEXT = b"Saved host backtrace up to driver entry point at kernel launch time"
# Fast path A: backtraces stripped to their first line (`SAVED`), frames checked once per chunk.
_MARK = b"\x00"  # stands for a stripped backtrace; chunks holding a NUL byte never take fast path A
_REC_STRIPPED = re.compile(_HEAD + rb"\x00?" + _T)
# Fast path B: whole records, backtraces included. A backtrace is matched loosely (its first line, then
# prefixed lines that are not a separator) and checked once per distinct backtrace (_check_bt).
_REC_FULL = re.compile(_HEAD + rb"(?P<bt>" + PREFIX + _SP + rb"Saved[^\n]*\n(?:" + PREFIX + rb"[ \t]+[^ \t\n][^\n]*\n)*)?"
                       + _T)
_GROUPS = ("kind", "addr", "block", "acc")
_T_LINE = re.compile(rb"^" + _T, re.M)


@dataclass(frozen=True)
class _Template:
    """One pattern for every record of a chunk shaped like its first one (`_Engine._template`).

    `regex` has four groups: the address (with the skipped text up to the block), the block, the middle
    (from the block's `)` to the value, both threads inside) and the tail (backtrace and separator).
    Text that is the same in every record is skipped, not read (`(?s:.{n})` is one step, where a
    literal costs one per byte), and proved afterwards: each distinct address and middle once (the
    middle by `exact`: the text between the threads verbatim, threads as the grammar has them; its
    access lines then by `_Engine._check`), and every tail by comparison with `tail`.
    """

    regex: re.Pattern
    kind: bytes  # `Error: Potential RAW`
    lines: int  # per record
    tail: bytes
    exact: re.Pattern
    acc_start: int  # the middle less these bytes at each end: the access lines (the pairs key)
    acc_end: int
    between: bytes  # the header's text from the address to the block, which ends the address group


class _Engine:
    """Reads the source in chunks; each chunk goes through the fast path when the reference parser is
    between records, and through the reference parser otherwise (or when the fast path declines)."""

    def __init__(self, source: str, *, want_records: bool, fast: bool, tid, allow_truncated: bool):
        self.source, self.want_records, self.fast, self.tid = source, want_records, fast, tid
        self.allow_truncated = allow_truncated
        self.agg = _Aggregate()
        self.lp = _LineParser(source, self.agg, want_records=want_records, tid=tid)
        self.checked_pairs: set = set()
        self.checked_blocks: set = set()
        self.checked_bt: dict[bytes, tuple[str, ...] | None] = {}
        self.templates: dict[bytes, _Template] = {}
        self.loose_sites: set[re.Pattern] = set()  # templates whose sites were seen to differ
        self.stats = Counter()
        self.truncated: dict | None = None
        self.print_limited = False

    def chunk(self, buf, cut: int, final: bool) -> list[HazardRecord]:
        """Parse `buf[:cut]`: whole lines, but for a last chunk that may end without a newline. `buf`
        (bytes or a reused bytearray) may run on past `cut`; that part is the next chunk's."""
        base = self.lp.lineno
        if self.fast and self.lp.stage is _Stage.OUTSIDE and cut and buf[cut - 1] == 10:
            try:
                if self.want_records:
                    agg, out, lines = self._fast_records(buf, cut, base)
                else:
                    try:
                        (agg, lines), out = self._fast_counts(buf, cut, base), []
                    except _NotFast:
                        agg, out, lines = self._fast_records(buf, cut, base)
            except _NotFast:
                pass
            else:
                self.agg.merge(agg)
                self.lp.lineno = base + lines
                return out
        return self._slow(bytes(memoryview(buf)[:cut]))

    # -- the reference path
    def _slow(self, buf: bytes) -> list[HazardRecord]:
        self.stats["slow_chunks"] += 1
        lines = buf.split(b"\n")
        cut = lines.pop()  # b"" when the chunk ends with a newline
        feed = self.lp.feed
        for line in lines:
            feed(line)
        if cut:  # only the last chunk can end without a newline
            if self.allow_truncated:  # a line without its newline was cut mid-way: never trust it
                self.truncated = {"line": self.lp.lineno + 1, "reason": "the last line is cut off; dropped"}
            else:
                feed(cut)
        out, self.lp.done = self.lp.done, []
        return out

    # -- what lies between fast-matched records: the reference parser, starting between records
    def _gap(self, gap: bytes, lineno: int) -> _Aggregate:
        agg = _Aggregate()
        if gap:
            lp = _LineParser(self.source, agg, lineno=lineno)
            if _MARK in gap or not gap.endswith(b"\n"):
                raise _NotFast  # a stripped backtrace outside a record, or a record not at a line start
            try:
                for line in gap[:-1].split(b"\n"):  # gaps end with a newline
                    lp.feed(line)
            except HazardLogError:
                raise _NotFast from None
            if lp.stage is not _Stage.OUTSIDE or agg.records or agg.reports:
                raise _NotFast
        return agg

    def _check(self, agg: _Aggregate) -> None:
        """What the fast pattern matched loosely, once per distinct value: both access lines parse and
        agree with the hazard type (and hold no \r, which the reference parser would drop at a line's
        end); block indices are (x,y,z)."""
        new = agg.pairs.keys() - self.checked_pairs
        for k, a in new:
            if b"\r" in a or _decode_pair(k, a) is None:  # the reference parser drops a line's final \r
                raise _NotFast
        self.checked_pairs |= new
        new = agg.blocks.keys() - self.checked_blocks
        if not all(map(_TRIPLE_RE.match, new)):
            raise _NotFast
        self.checked_blocks |= new

    def _check_backtrace(self, frames: bytes) -> tuple[str, ...]:
        """The frame lines after a `Saved host backtrace` line, checked once per distinct block: what
        the reference parser accepts there (host frames, `in module` continuations, `...`), nothing else."""
        if frames not in self.checked_bt:
            lines, last, ok = [], None, True
            for line in frames[:-1].split(b"\n") if frames else ():
                kind, m = classify(line.rstrip(b"\r"))
                if kind is LineType.HOST_FRAME or kind is LineType.FRAME_ELLIPSIS:
                    lines.append(line)
                elif kind is LineType.FRAME_MODULE and last is LineType.HOST_FRAME:
                    lines[-1] = lines[-1] + b" in " + m["module"]
                else:
                    ok = False
                    break
                last = kind
            self.checked_bt[frames] = _frame_texts(lines) if ok and frames.endswith(b"\n") or not frames else None
        result = self.checked_bt[frames]
        if result is None:
            raise _NotFast
        return result

    def _check_bt(self, bt: bytes) -> tuple[str, ...]:
        """A whole backtrace as the full record pattern captures it: a `Saved host backtrace` line, then
        frame lines (checked as _check_backtrace does)."""
        first, _, frames = bt.partition(b"\n")
        if classify(first.rstrip(b"\r"))[0] is not LineType.BACKTRACE:
            raise _NotFast
        return self._check_backtrace(frames)

    def _fast_counts(self, buf, cut: int, base: int) -> tuple[_Aggregate, int]:
        """Counts only. Where the records carry a long backtrace (a Python launch's): split the chunk at
        its `Saved host backtrace` lines; if every record repeats one frame block, check that block once,
        cut it out, and match the short records left with one `re.split`. Where it is short, match whole
        records. Either way the gaps between matches must be empty but for the chunk's head and tail."""
        try:
            return self._template_counts(buf, cut, base)
        except _NotFast:
            pass
        i = buf.find(_SAVED_TEXT, 0, cut)
        if i < 0:  # no backtraces
            return self._count_parts(_REC_STRIPPED, memoryview(buf)[:cut], base, 0)
        start = buf.rfind(b"\n", 0, i) + 1
        saved = bytes(buf[start:buf.index(b"\n", i) + 1])
        t = _T_LINE.search(buf, start + len(saved), cut)
        if t is None or not LineType.BACKTRACE.regex.match(saved[:-1]):
            raise _NotFast
        frames = bytes(buf[start + len(saved):t.start()])
        self._check_backtrace(frames)
        if frames.count(b"\n") <= SHORT_BACKTRACE:  # cutting them out costs more than matching them
            return self._count_parts(_REC_FULL, memoryview(buf)[:cut], base, 0)
        if buf.find(_MARK, 0, cut) >= 0:
            raise _NotFast
        pieces = buf.split(saved)
        # the pieces run on into what lies past `cut` (at most the start of one record): trim them
        last = buf.rfind(saved)
        if last >= cut:
            pieces.pop()
            pieces[-1] = pieces[-1][:len(pieces[-1]) - (last - cut)]
        else:
            pieces[-1] = pieces[-1][:len(pieces[-1]) - (len(buf) - cut)]
        if not all(map(methodcaller("startswith", frames), islice(pieces, 1, None))):
            raise _NotFast
        # each `Saved host backtrace` line and the frames after it become one NUL byte, which the record
        # pattern accepts only where a backtrace may start; anywhere else it fails the gap check
        drop = itemgetter(slice(len(frames), None))
        text = _MARK.join([pieces[0], *map(drop, islice(pieces, 1, None))])
        return self._count_parts(_REC_STRIPPED, text, base, (len(pieces) - 1) * (1 + frames.count(b"\n")))

    def _template(self, rec: bytes, loose: bool = False) -> _Template | None:
        """A `_Template` for records shaped like `rec` (one whole record as the full record pattern
        matched it, backtrace checked), or None if `rec` has a line this template does not cover
        (device frames, say). `loose`: the access lines' sites may differ from record to record (else
        they are `rec`'s, skipped unread)."""
        lines = rec.split(b"\n")[:-1]
        if len(lines) < 4 or any(b"\r" in ln for ln in lines):
            return None
        hdr = LineType.HAZARD.regex.match(lines[0])
        m1, m2 = LineType.ACCESS.regex.match(lines[1]), LineType.ACCESS.regex.match(lines[2])
        if hdr is None or m1 is None or m2 is None:
            return None
        h, l1, l2 = lines[0], lines[1], lines[2]
        head = h[:hdr.start("addr")]
        s0 = h[hdr.end("block"):] + b"\n" + l1[:m1.start("thread")]
        s1 = l1[m1.end("thread"):] + b"\n" + l2[:m2.start("thread")]
        s2 = l2[m2.end("thread"):] + b"\n"
        value = b""
        rest = 3
        v = LineType.VALUE.regex.match(lines[3])
        if v is not None:
            vl = lines[3]
            s2 += vl[:v.start("current")]
            value = rb"[^,\s]++"
            if v["incoming"] is not None:
                value += (re.escape(vl[v.end("current"):v.start("incoming")]) + rb"\S++"
                          + re.escape(vl[v.end("incoming"):]))
            else:
                value += re.escape(vl[v.end("current"):])
            value += b"\n"
            rest = 4
        tail = lines[rest:]
        if not tail or not LineType.SEPARATOR.regex.match(tail[-1]):
            return None
        if len(tail) > 1:  # a backtrace: checked by the caller (the full record pattern's bt group)
            if classify(tail[0])[0] is not LineType.BACKTRACE:
                return None
        text = b"".join(ln + b"\n" for ln in tail)
        skip = lambda same: rb"(?s:.{%d})" % len(same)  # noqa: E731
        num = rb"[0-9, ]++"  # possessive, as every run here: a record is matched without backtracking
        l2p = l2[:m2.start("thread")]
        vp = s2[len(l2) - m2.end("thread") + 1:]  # the value line up to the value ("" if none)
        if loose:  # the sites as lines of anything: for records whose sites differ in length
            middle = skip(s0) + num + rb".*+\n" + skip(l2p) + num + rb".*+\n" + skip(vp)
            exact = (re.escape(s0) + _TRIPLE + rb"[^\n]*\n" + re.escape(l2p) + _TRIPLE + rb"[^\n]*\n"
                     + re.escape(vp))
        else:  # the sites skipped: every record has the template's sites (checked by `exact`)
            middle = skip(s0) + num + skip(s1) + num + skip(s2)
            exact = re.escape(s0) + _TRIPLE + re.escape(s1) + _TRIPLE + re.escape(s2)
        between = h[hdr.end("addr"):hdr.start("block")]  # ` in block (`: in the address group, skipped
        pattern = (re.escape(head) + rb"(0x[0-9a-fA-F]++" + skip(between) + b")(" + num + b")(" + middle + b")"
                   + value + b"(" + skip(text) + b")")
        made = self.templates.get(pattern)
        if made is None:
            if len(self.templates) >= 64:
                self.templates.clear()
                self.loose_sites.clear()
            made = self.templates[pattern] = _Template(
                re.compile(pattern), h[hdr.start("sev"):hdr.end("type")], len(lines), text,
                re.compile(exact + rb"\Z"), len(s0) - m1.start("thread") + m1.start("kind"), len(vp) + 1, between)
        return made

    def _template_counts(self, buf, cut: int, base: int) -> tuple[_Aggregate, int]:
        """Counts only, fastest: every record of the chunk shaped like its first one (same header text but
        for address and block, same access lines but for the threads, same value-line layout, the same
        backtrace and separator byte for byte), matched by one `_Template` made from that record."""
        m0 = _REC_FULL.search(buf, 0, cut)
        if m0 is None:
            raise _NotFast
        if m0["bt"]:
            if m0["bt"].count(b"\n") > SHORT_BACKTRACE + 1:  # long: cutting it out (below) is faster
                raise _NotFast
            self._check_bt(m0["bt"])
        rec = m0.group()
        tpl = self._template(rec)
        if tpl is None:
            raise _NotFast
        if tpl.regex not in self.loose_sites:
            try:
                return self._match_template(tpl, buf, cut, base)
            except _NotFast:  # its records' sites differ (or worse): from now on read them loosely
                self.loose_sites.add(tpl.regex)
        out = self._match_template(self._template(rec, loose=True), buf, cut, base)
        self.stats["template_loose_chunks"] += 1
        return out

    def _match_template(self, tpl: _Template, buf, cut: int, base: int) -> tuple[_Aggregate, int]:
        parts = tpl.regex.split(memoryview(buf)[:cut])
        gaps = parts[0::5]
        if len(gaps) < 2 or any(islice(gaps, 1, len(gaps) - 1)):
            raise _NotFast
        addr, block, mid = parts[1::5], parts[2::5], parts[3::5]
        records = len(addr)
        if parts[4::5].count(tpl.tail) != records:  # every tail the template's, byte for byte
            raise _NotFast
        mids = Counter(mid)
        acc = {}  # each distinct middle, checked, -> its two access lines (the pairs key; _check parses them)
        for m in mids:
            if tpl.exact.match(m) is None or b"\r" in m:  # the reference parser drops a line's final \r
                raise _NotFast
            acc[m] = m[tpl.acc_start:len(m) - tpl.acc_end]
        cut_addr, between = -len(tpl.between), tpl.between
        agg = _Aggregate()
        agg.records = records
        agg.pairs = Counter({(tpl.kind, acc[m]): n for m, n in mids.items()})
        agg.blocks = Counter(block)
        agg.writer_bytes = set()
        for m, a in set(zip(mid, addr)):  # the address group ends with the skipped ` in block (`
            if not a.endswith(between):
                raise _NotFast
            agg.writer_bytes.add((acc[m], a[:cut_addr]))
        self._check(agg)
        head, tail = gaps[0], gaps[-1]
        lines = tpl.lines * records + head.count(b"\n") + tail.count(b"\n")
        agg.merge(self._gap(head, base))
        agg.merge(self._gap(tail, base + lines - tail.count(b"\n")))
        self.stats["template_chunks"] += 1
        return agg, lines

    def _count_parts(self, regex: re.Pattern, text, base: int, lines: int) -> tuple[_Aggregate, int]:
        """Match every record of `text` with `regex` (one `re.split`) and count them; `lines` is what
        was cut out of the text already."""
        n = regex.groups + 1
        parts = regex.split(text)
        gaps = parts[0::n]
        if len(gaps) < 2 or any(islice(gaps, 1, len(gaps) - 1)):
            raise _NotFast  # no record, or something between records: the reference parser places it
        # lines: 4 per record (header, two accesses, separator), its value line, backtrace, head and tail
        records = len(gaps) - 1
        lines += 4 * records + records - parts[regex.groupindex["v"]::n].count(None)
        if "bt" in regex.groupindex:
            for bt, k in Counter(parts[regex.groupindex["bt"]::n]).items():
                if bt is not None:
                    self._check_bt(bt)
                    lines += k * bt.count(b"\n")
        lines += gaps[0].count(b"\n") + gaps[-1].count(b"\n")
        agg = _Aggregate.of_columns(*(parts[regex.groupindex[name]::n] for name in _GROUPS))
        self._check(agg)
        # the head and tail hold no backtrace line (the gap parser refuses one), so they are verbatim
        agg.merge(self._gap(gaps[0], base))
        agg.merge(self._gap(gaps[-1], base + lines - gaps[-1].count(b"\n")))
        self.stats["fast_counts_chunks"] += 1
        return agg, lines

    def _fast_records(self, buf, cut: int, base: int) -> tuple[_Aggregate, list[HazardRecord], int]:
        """Record by record (finditer over whole records, backtraces included): for record consumers,
        and for chunks whose records do not share one backtrace."""
        agg = _Aggregate()
        out: list[HazardRecord] = []
        pos, line = 0, base
        cols = ([], [], [], [])
        kind, addr, block, acc = cols
        for m in _REC_FULL.finditer(buf, 0, cut):
            if m.start() != pos:
                gap = bytes(buf[pos:m.start()])
                agg.merge(self._gap(gap, line))
                line += gap.count(b"\n")
            k, a, b, c, bt = m.group("kind", "addr", "block", "acc", "bt")
            frames = self._check_bt(bt) if bt else ()
            kind.append(k)
            addr.append(a)
            block.append(b)
            acc.append(c)
            if self.want_records:
                out.append(self._record_from_match(m, line + 1, frames))
            line += m.group().count(b"\n")
            pos = m.end()
        if not kind:
            raise _NotFast
        agg.merge(self._gap(bytes(buf[pos:cut]), line))
        agg.merge(_Aggregate.of_columns(*cols))
        self._check(agg)
        self.stats["fast_records_chunks"] += 1
        return agg, out, line - base + buf.count(b"\n", pos, cut)

    def _record_from_match(self, m: re.Match, line: int, frames) -> HazardRecord:
        lines = m.group().split(b"\n", 4)
        hdr = LineType.HAZARD.regex.match(lines[0])
        m1 = LineType.ACCESS.regex.match(lines[1])
        m2 = LineType.ACCESS.regex.match(lines[2])
        value = LineType.VALUE.regex.match(lines[3])
        if hdr is None or m1 is None or m2 is None:
            raise _NotFast
        return _record(line, hdr, m1, m2, value, frames, self.tid)


def _frame_texts(frames) -> tuple[str, ...]:
    """`Host Frame:` lines as the text after that word (`...` where the sanitizer elided frames)."""
    return tuple(f.decode(errors="replace").split("Host Frame:", 1)[-1].lstrip("= \t").strip() for f in frames)


# ------------------------------------------------------------------ sources

_XZ_MAGIC, _GZ_MAGIC = b"\xfd7zXZ\x00", b"\x1f\x8b"


class _Prepend(io.RawIOBase):
    """A binary stream with some already-read bytes put back in front."""

    def __init__(self, head: bytes, rest):
        self.head, self.rest = head, rest

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        if self.head:
            if n is None or n < 0:
                out, self.head = self.head + self.rest.read(), b""
                return out
            out, self.head = self.head[:n], self.head[n:]
            if len(out) < n:
                out += self.rest.read(n - len(out)) or b""
            return out
        return self.rest.read(n)

    def readinto(self, b) -> int:
        data = self.read(len(b))
        b[:len(data)] = data
        return len(data)


class _TextAsBytes(io.RawIOBase):
    def __init__(self, text_stream):
        self.t = text_stream

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        return self.t.read(n).encode()


def _open(source) -> tuple[object, str, list]:
    """(binary stream, name, things to close); xz and gzip detected by their magic bytes."""
    closers = []
    if isinstance(source, (str, os.PathLike)):
        name = str(source)
        raw = open(source, "rb", buffering=0)  # chunks are large: no second buffer
        closers.append(raw)
        head = raw.read(6) or b""
        if not head.startswith((_XZ_MAGIC, _GZ_MAGIC)) and raw.seekable():
            raw.seek(0)
            return raw, name, closers
    else:
        name = str(getattr(source, "name", None) or "<stream>")
        raw = _TextAsBytes(source) if isinstance(source, io.TextIOBase) else source
        head = raw.read(6) or b""
        if isinstance(head, str):
            head = head.encode()
    if head.startswith(_XZ_MAGIC):
        stream = lzma.LZMAFile(_Prepend(head, raw))
    elif head.startswith(_GZ_MAGIC):
        stream = gzip.GzipFile(fileobj=_Prepend(head, raw))
    else:
        stream = _Prepend(head, raw)
    closers.insert(0, stream)
    return stream, name, closers


_SEPARATORS = (b"\n" + PREFIX + b" \n", b"\n" + PREFIX + b"\n")  # 2025.3 prints the first


def _after_last_separator(data) -> int:
    """Where the data after its last separator line starts; else after its last newline; 0 if none.
    Looks in the last 64 KiB first (records are short), then in all of it."""
    for start in (max(0, len(data) - (64 << 10)), 0):
        best = max((i + len(sep) for sep in _SEPARATORS if (i := data.rfind(sep, start)) >= 0), default=-1)
        if best >= 0:
            return best
        if start == 0:
            break
    return data.rfind(b"\n") + 1


def _first_separator_end(data: bytes) -> int:
    """Where the data after its first separator line starts, or -1."""
    ends = [i + len(sep) for sep in _SEPARATORS if (i := data.find(sep)) >= 0]
    return min(ends) if ends else -1


def _chunks(stream, size: int | None = None) -> Iterator[tuple[bytes | bytearray, int, bool]]:
    """(buffer, cut, final): each `buffer[:cut]` is whole lines ending just after a separator line where
    there is one (so that a chunk starts between records), else after its last newline. A plain file is
    read into one reused bytearray (no allocation per chunk); the caller must be done with a buffer
    before asking for the next."""
    size = size or CHUNK_BYTES
    if isinstance(stream, (io.FileIO, _Limited)):
        yield from _file_chunks(stream, size)
        return
    carry = b""
    while True:
        data = stream.read(size)
        if not data:
            if carry:
                yield carry, len(carry), True
            return
        buf = carry + data if carry else data
        cut = _after_last_separator(buf)
        if cut <= 0:
            carry = buf
            continue
        yield buf, cut, False
        carry = buf[cut:]


def _file_chunks(f, size: int) -> Iterator[tuple[bytearray, int, bool]]:
    ba = bytearray(size)
    held = 0  # bytes carried over at the front of `ba`
    while True:
        view = memoryview(ba)
        n = f.readinto(view[held:]) or 0
        view.release()
        valid = held + n
        if n == 0 or valid < len(ba):  # the end of the file
            if valid:
                del ba[valid:]
                cut = _after_last_separator(ba)
                if 0 < cut < valid:
                    yield ba, cut, False
                    tail = bytes(ba[cut:])
                    yield tail, len(tail), True
                else:
                    yield ba, valid, True
            return
        cut = _after_last_separator(ba)
        if cut <= 0:  # no newline in the whole buffer: make room
            held = len(ba)
            ba.extend(bytes(len(ba)))
            continue
        yield ba, cut, False
        held = len(ba) - cut
        ba[:held] = ba[cut:]
        if held > len(ba) // 2:
            ba.extend(bytes(len(ba)))


# ------------------------------------------------------------------ several processes for a big plain file

PARALLEL_MIN_BYTES = 128 << 20


class _Limited(io.RawIOBase):
    """At most `n` bytes of a file, from where it stands."""

    def __init__(self, f, n: int):
        self.f, self.left = f, n

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        n = self.left if n is None or n < 0 else min(n, self.left)
        data = self.f.read(n) if n else b""
        self.left -= len(data)
        return data

    def readinto(self, b) -> int:
        view = memoryview(b)[:self.left]
        n = self.f.readinto(view) or 0
        view.release()
        self.left -= n
        return n


def _split_points(path: str, size: int, parts: int) -> list[tuple[int, int]]:
    """Byte ranges, each ending just after a separator line (so each starts between records)."""
    points = [0]
    with open(path, "rb") as f:
        for k in range(1, parts):
            target = max(size * k // parts, points[-1])
            f.seek(target)
            end = _first_separator_end(f.read(8 << 20))
            if end > 0:
                points.append(target + end)
    points.append(size)
    return [(a, b) for a, b in zip(points, points[1:]) if b > a]


def _parse_range(path: str, start: int, end: int, last: bool, allow_truncated: bool):
    """In a worker process: counts for one byte range, or None if it holds anything to report (the
    caller then re-reads serially, for line numbers that are right)."""
    try:
        with open(path, "rb") as f:
            f.seek(start)
            engine = _Engine(path, want_records=False, fast=True, tid=_tid_function(None),
                             allow_truncated=allow_truncated and last)
            for buf, cut, final in _chunks(_Limited(f, end - start)):
                engine.chunk(buf, cut, final and last)
            if last:
                engine.truncated = engine.lp.finish(allow_truncated) or engine.truncated
            elif engine.lp.stage is not _Stage.OUTSIDE:
                return None
        return engine.agg, engine.lp.lineno, engine.truncated, dict(engine.stats)
    except HazardLogError:
        return None


def _parallel(path: str, workers: int, allow_truncated: bool, block_dim) -> _Engine | None:
    """The whole file in `workers` processes (fork); None where that does not apply or a range holds an
    error (the serial parse then finds it, with its line number)."""
    import multiprocessing
    import threading

    if workers < 2 or threading.active_count() > 1 or "fork" not in multiprocessing.get_all_start_methods():
        return None  # forking a threaded process is unsafe; spawning costs more than it saves
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        if f.read(6).startswith((_XZ_MAGIC, _GZ_MAGIC)):
            return None
    ranges = _split_points(path, size, workers)
    if len(ranges) < 2:
        return None
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(len(ranges)) as pool:
        results = pool.starmap(_parse_range, [(path, a, b, i == len(ranges) - 1, allow_truncated)
                                              for i, (a, b) in enumerate(ranges)])
    if any(r is None for r in results):
        return None
    engine = _Engine(path, want_records=False, fast=True, tid=_tid_function(block_dim),
                     allow_truncated=allow_truncated)
    for agg, lines, truncated, stats in results:
        agg.shift(engine.lp.lineno)
        engine.agg.merge(agg)
        if truncated:
            engine.truncated = {**truncated, "line": truncated["line"] + engine.lp.lineno}
        engine.lp.lineno += lines
        engine.stats.update(stats)
    engine.stats["workers"] = len(ranges)
    return engine


def _workers(path_or_stream, workers: int | None) -> int:
    """How many processes: `workers` if given; else one per idle core (cores less the load average)
    for a plain file of PARALLEL_MIN_BYTES or more, and one otherwise."""
    if workers is not None:
        return workers
    if not isinstance(path_or_stream, (str, os.PathLike)):
        return 1
    try:
        if not os.path.isfile(path_or_stream) or os.path.getsize(path_or_stream) < PARALLEL_MIN_BYTES:
            return 1
    except OSError:
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    idle = cores - (os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0)
    return max(1, min(cores, 8, 1 + int(idle)))


# ------------------------------------------------------------------ the public API

def _tid_function(block_dim):
    if block_dim:
        bx, by, _ = block_dim
        return lambda t: t[0] + t[1] * bx + t[2] * bx * by
    return lambda t: t[0] if t[1] == 0 and t[2] == 0 else None


def _run(source, *, allow_truncated: bool, allow_print_limit: bool, want_records: bool, fast: bool,
         block_dim) -> Iterator[list[HazardRecord] | _Engine]:
    """Yields lists of records per chunk (empty unless want_records), then the finished engine."""
    stream, name, closers = _open(source)
    engine = _Engine(name, want_records=want_records, fast=fast, tid=_tid_function(block_dim),
                     allow_truncated=allow_truncated)
    try:
        for buf, cut, final in _chunks(stream):
            out = engine.chunk(buf, cut, final)
            if out:
                yield out
    except (OSError, EOFError, lzma.LZMAError, zlib.error) as err:
        raise HazardLogError(name, engine.lp.lineno, f"cannot read the log: {err}") from err
    finally:
        for c in closers:
            try:
                c.close()
            except Exception:  # noqa: BLE001 - closing is best effort
                pass
    engine.truncated = engine.lp.finish(allow_truncated) or engine.truncated
    if engine.lp.done:
        yield engine.lp.done
        engine.lp.done = []
    engine.print_limited = _check_summary(engine, allow_truncated, allow_print_limit)
    yield engine


def _check_summary(engine: _Engine, allow_truncated: bool, allow_print_limit: bool) -> bool:
    """The cross-check of the module docstring; returns whether a print limit explains a shortfall."""
    agg, name = engine.agg, engine.source
    if not agg.summaries:
        if allow_truncated:
            return False
        raise HazardLogError(name, max(engine.lp.lineno, 1), "no RACECHECK SUMMARY line: the run was cut short "
                             "(--allow-truncated parses what is there)")
    line = agg.summaries[-1][0]
    displayed = sum(s[1] for s in agg.summaries)
    errors = sum(s[2] for s in agg.summaries)
    warnings = sum(s[3] for s in agg.summaries)
    sev = _severities(agg)
    if agg.records + len(agg.reports) != displayed:
        raise HazardLogError(name, line, f"the summary says {displayed} hazards displayed but the log holds "
                             f"{agg.records} hazard records and {len(agg.reports)} analysis reports")
    if sev["error"] > errors or sev["warning"] > warnings:
        raise HazardLogError(name, line, f"the summary counts {errors} errors and {warnings} warnings but the log "
                             f"holds {sev['error']} and {sev['warning']}")
    limited = sev["error"] < errors or sev["warning"] < warnings
    if limited and not allow_print_limit:
        raise HazardLogError(name, line, f"the summary counts {errors} errors and {warnings} warnings but the log "
                             f"shows {sev['error']} and {sev['warning']}: a record is missing, or --print-limit was "
                             "hit (--allow-print-limit accepts that)")
    return limited


def _severities(agg: _Aggregate) -> Counter:
    """error/warning/info counts over hazard records and analysis reports."""
    sev = Counter()
    for (kind, _), n in agg.pairs.items():
        sev[_SEVERITY[_KIND_RE.match(kind)["sev"]]] += n
    for word, n in agg.severity.items():
        sev[_SEVERITY[word]] += n
    return sev


def _finish(engine: _Engine, block_dim, record_list) -> HazardReport:
    agg = engine.agg
    tid = engine.tid
    by_type, sites, per_writer = Counter(), Counter(), Counter()
    writers, readers = set(), set()
    writer_of = {}  # access-lines key -> writer thread (the first access that is a Write)
    for (kind, acc), n in agg.pairs.items():
        typ = _KIND_RE.match(kind)["type"]
        m1, m2 = _decode_pair(kind, acc)
        a1 = (_triple(m1["thread"]), m1["loc"].decode(errors="replace"))
        a2 = (_triple(m2["thread"]), m2["loc"].decode(errors="replace"))
        w, r = (a2, a1) if typ == b"WAR" else (a1, a2)
        writer_of[acc] = w[0]
        by_type[typ.decode()] += n
        sites[(typ.decode(), w[1], r[1])] += n
        per_writer[w[0]] += n
        writers.add(w[0])
        readers.add(r[0])
    distinct = {(writer_of[acc], int(addr, 16)) for acc, addr in agg.writer_bytes}
    bytes_per_writer = Counter(w for w, _ in distinct)

    linear = all(tid(t) is not None for t in writers | readers)

    def key(t):
        return tid(t) if linear else f"{t[0]},{t[1]},{t[2]}"

    blocks = Counter()
    for raw, n in agg.blocks.items():
        blocks[_triple(raw)] += n  # "0,0,0" and "0, 0, 0" are one block
    sev = _severities(agg)
    site_list = [{"source": "hazard", "type": t, "writer": Location.parse(w).to_dict(),
                  "reader": Location.parse(r).to_dict(), "count": n}
                 for (t, w, r), n in sorted(sites.items(), key=lambda kv: (-kv[1], kv[0]))]
    for rep in agg.reports:
        for other in rep.others:
            w, r = (rep.first, other) if rep.first.kind == "Write" else (other, rep.first)
            site_list.append({"source": "analysis", "type": None, "accesses": f"{rep.first.kind}/{other.kind}",
                              "writer": w.location.to_dict(), "reader": r.location.to_dict(),
                              "count": other.hazards})
    mode = {(True, False): "hazard", (False, True): "analysis", (True, True): "all"}.get(
        (agg.records > 0, len(agg.reports) > 0), "none")
    summary = None
    if agg.summaries:
        summary = {"hazards": sum(s[1] for s in agg.summaries), "errors": sum(s[2] for s in agg.summaries),
                   "warnings": sum(s[3] for s in agg.summaries)}
    return HazardReport(
        source=engine.source, mode=mode, records=agg.records, reports=agg.reports, summary=summary,
        by_type=dict(sorted(by_type.items())), by_severity=dict(sorted(sev.items())),
        writer_threads=sorted((key(t) for t in writers), key=_sort_key),
        reader_threads=sorted((key(t) for t in readers), key=_sort_key),
        thread_ids="linear" if linear else "xyz",
        bytes_per_writer={str(key(t)): n for t, n in sorted(bytes_per_writer.items(), key=lambda kv: kv[0][::-1])},
        hazards_per_writer={str(key(t)): n for t, n in sorted(per_writer.items(), key=lambda kv: kv[0][::-1])},
        blocks={"{},{},{}".format(*b): n for b, n in sorted(blocks.items(), key=lambda kv: kv[0][::-1])},
        sites=site_list, lines=engine.lp.lineno, program_output_lines=agg.program_output,
        print_limited=engine.print_limited, truncated=engine.truncated,
        block_dim=tuple(block_dim) if block_dim else None, record_list=record_list, stats=dict(engine.stats))


def _sort_key(k):
    return (0, k, "") if isinstance(k, int) else (1, 0, k)


def parse(path_or_stream, allow_truncated: bool = False, *, keep_records: bool = False,
          on_record: Callable[[HazardRecord], None] | None = None, block_dim: tuple[int, int, int] | None = None,
          allow_print_limit: bool = False, fast: bool = True, workers: int | None = None) -> HazardReport:
    """Parse a racecheck log (path or binary/text stream; plain, .xz or .gz by magic) into a HazardReport.

    Streams in constant memory: records are counted as they go by, not kept, unless keep_records=True
    (`report.record_list`) or `on_record` is given (called once per hazard record, in log order).
    A plain file of 128 MiB or more is read by one forked process per core (`workers` overrides;
    1 turns that off). Raises HazardLogError (with .line) for a log it refuses; see the module docstring.
    """
    want = keep_records or on_record is not None
    engine = None
    if fast and not want and _workers(path_or_stream, workers) > 1:
        engine = _parallel(os.fspath(path_or_stream), _workers(path_or_stream, workers), allow_truncated,
                           block_dim)
        if engine is not None:
            engine.print_limited = _check_summary(engine, allow_truncated, allow_print_limit)
            return _finish(engine, block_dim, None)
    kept: list[HazardRecord] | None = [] if keep_records else None
    for item in _run(path_or_stream, allow_truncated=allow_truncated, allow_print_limit=allow_print_limit,
                     want_records=want, fast=fast, block_dim=block_dim):
        if isinstance(item, _Engine):
            engine = item
            break
        if on_record is not None:
            for rec in item:
                on_record(rec)
        if kept is not None:
            kept.extend(item)
    return _finish(engine, block_dim, kept)


def records_iter(path_or_stream, allow_truncated: bool = False, *, block_dim=None,
                 allow_print_limit: bool = False, fast: bool = True) -> Iterator[HazardRecord]:
    """Yield the hazard records of a log one at a time (for logs too large to hold). The log is checked
    as it goes; the summary cross-check runs after the last record, so a bad log raises HazardLogError
    at the end of the iteration (or where the bad line is)."""
    for item in _run(path_or_stream, allow_truncated=allow_truncated, allow_print_limit=allow_print_limit,
                     want_records=True, fast=fast, block_dim=block_dim):
        if isinstance(item, _Engine):
            return
        yield from item


# ------------------------------------------------------------------ command line

def _block_dim(text: str) -> tuple[int, int, int]:
    parts = [int(p) for p in text.replace("x", ",").split(",") if p.strip()]
    if not 1 <= len(parts) <= 3 or any(p <= 0 for p in parts):
        raise argparse.ArgumentTypeError("give the block shape as X[,Y[,Z]], each > 0")
    return tuple(parts + [1] * (3 - len(parts)))


def _describe(report: HazardReport) -> str:
    out = [f"{report.source}: {report.mode} mode, {report.lines} lines"]
    if report.summary:
        s = report.summary
        out.append(f"  summary: {s['hazards']} hazards displayed ({s['errors']} errors, {s['warnings']} warnings)"
                   + ("  [print limit hit]" if report.print_limited else ""))
    else:
        out.append("  summary: none (truncated log)")
    if report.truncated:
        out.append(f"  truncated at line {report.truncated['line']}: {report.truncated['reason']}")
    out.append(f"  hazard records: {report.records}  by type: {report.by_type or '-'}")
    if report.reports:
        out.append(f"  analysis reports: {len(report.reports)} covering {report.analysis_hazards} byte hazards")
    if report.writer_threads:
        out.append(f"  writer threads ({report.thread_ids}): {_ranges(report.writer_threads)}")
        out.append(f"  reader threads ({report.thread_ids}): {_ranges(report.reader_threads)}")
        per = Counter(report.bytes_per_writer.values())
        out.append("  bytes per writer: " + ", ".join(f"{b} B x {n}" for b, n in sorted(per.items())))
    for site in report.sites[:10]:
        w, r = site["writer"], site["reader"]
        out.append(f"  {site['count']:>8}  {site['type'] or site['accesses']}  "
                   f"{_site(w)}  ->  {_site(r)}")
    if report.program_output_lines:
        out.append(f"  program output lines: {report.program_output_lines}")
    return "\n".join(out)


def _site(loc: dict) -> str:
    where = f"{loc['file']}:{loc['line']}" if loc["file"] else (loc["function"] or "?")
    return f"{where} ({loc['pc']})" if loc["pc"] else where


def _ranges(values: list) -> str:
    if not values or not all(isinstance(v, int) for v in values):
        return ", ".join(map(str, values))
    out, start, prev = [], values[0], values[0]
    for v in values[1:] + [None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        out.append(f"{start}" if start == prev else f"{start}-{prev}")
        if v is not None:
            start = prev = v
    return ", ".join(out)


def main(argv) -> int:
    parser = argparse.ArgumentParser(prog="racelab hazards",
                                     description="Parse a compute-sanitizer racecheck log (plain, .xz or .gz).")
    parser.add_argument("log", help="the log file, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--allow-truncated", action="store_true",
                        help="accept a log without a summary line; drop a record cut off at the end")
    parser.add_argument("--allow-print-limit", action="store_true",
                        help="accept a summary that counts more hazards than were printed (--print-limit)")
    parser.add_argument("--block-dim", type=_block_dim, metavar="X[,Y,Z]",
                        help="the block shape, to number threads linearly when they have y or z > 0")
    parser.add_argument("--records", action="store_true", help="with --json: include every hazard record")
    parser.add_argument("--slow", action="store_true", help="use only the line-by-line reference parser")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="processes for a large plain file (default: one per idle core; 1: no others)")
    args = parser.parse_args(argv)
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be >= 1")
    source = sys.stdin.buffer if args.log == "-" else args.log
    try:
        report = parse(source, allow_truncated=args.allow_truncated, keep_records=args.records and args.json,
                       block_dim=args.block_dim, allow_print_limit=args.allow_print_limit, fast=not args.slow,
                       workers=args.workers)
    except HazardLogError as err:
        print(f"racelab hazards: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"racelab hazards: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(report.to_json())
    else:
        print(_describe(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
