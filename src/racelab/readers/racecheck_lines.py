"""The racecheck log's lines and the line-by-line reference parser: the grammar (`LineType`, one
compiled regex and an example per kind of line), the records a log holds, the counts kept of them
(`Aggregate`) and `LineParser`, the state machine that every other way of reading a log must agree with.
`racelab.readers.racecheck_log` is the API built on these; `racelab.readers.racecheck_fast` reads whole
chunks faster and falls back to `LineParser`.

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
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import dataclass

PREFIX = b"========="

# ------------------------------------------------------------------ line grammar

SEV = rb"(?P<sev>ERROR|Error|WARNING|Warning|WARN|Warn|INFO|Info)"
TRIPLE = rb"\d+, ?\d+, ?\d+"
ACCESS_BODY = rb"(?P<kind>Write|Read) Thread \((?P<thread>" + TRIPLE + rb")\) at (?P<loc>\S[^\n]*?)"
VALUE_BODY = rb"Current Value : [^,\s]+(?:, Incoming Value : \S+)?"
# racecheck names some hazards' cause in parentheses, e.g. "(invalid memcpy_async synchronization)" for a
# cp.async write read before the copy was waited for and made visible (seen on an H200, sanitizer 2025.3.1)
HAZARD_BODY = (rb"Potential (?P<type>RAW|WAR|WAW) hazard detected(?: \((?P<cause>[^)\n]*)\))? at __shared__ "
               rb"(?P<addr>0x[0-9a-fA-F]+) "
               rb"in block \((?P<block>" + TRIPLE + rb")\)(?P<note> \([^)\n]*\))?[ \t]?:?")


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
    HAZARD = (_line(SEV + rb":[ \t]?(?:\((?P<qual>[^)\n]*)\)[ \t]?)?" + HAZARD_BODY, indent=b" "),
              "========= Error: Potential RAW hazard detected at __shared__ 0x4 in block (0,0,0) :")
    ACCESS = (_line(ACCESS_BODY),
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
    RACE = (_line(SEV + rb":[ \t]?Race reported between (?P<kind>Write|Read) access at (?P<loc>\S[^\n]*?)",
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


# ------------------------------------------------------------------ records

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


class HazardLogError(ValueError):
    """A log the parser refuses; `line` is the 1-based line it is about (or the last line)."""

    def __init__(self, source: str, line: int, message: str):
        self.source, self.line, self.message = source, line, message
        super().__init__(f"{source}:{line}: {message}")


# ------------------------------------------------------------------ aggregation

SEVERITY = {b"ERROR": "error", b"Error": "error", b"WARNING": "warning", b"Warning": "warning",
             b"WARN": "warning", b"Warn": "warning", b"INFO": "info", b"Info": "info"}
ACCESS_KINDS = {b"RAW": (b"Write", b"Read"), b"WAR": (b"Read", b"Write"), b"WAW": (b"Write", b"Write")}
KIND_RE = re.compile(SEV + rb":[ \t]?(?:\([^)\n]*\)[ \t]?)?Potential (?P<type>RAW|WAR|WAW)\Z")
_ACCESS_RE = re.compile(rb"[ \t]*" + ACCESS_BODY + rb"[ \t]*\Z")


def triple(raw: bytes) -> tuple[int, int, int]:
    x, y, z = raw.split(b",")
    return int(x), int(y), int(z)


class Aggregate:
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

    def merge(self, other: "Aggregate") -> None:
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

    @classmethod
    def of_columns(cls, kind, addr, block, acc) -> "Aggregate":
        agg = cls()
        agg.add_columns(kind, addr, block, acc)
        return agg


def decode_pair(kind: bytes, acc: bytes) -> tuple[re.Match, re.Match] | None:
    """The two access lines of a record key, checked: both parse, and agree with the hazard type that
    ends `kind` (`Error: Potential RAW`)."""
    k = KIND_RE.match(kind)
    if k is None:
        return None
    typ = k["type"]
    first, sep, second = acc.partition(b"\n")
    if not sep or not second.startswith(PREFIX):
        return None
    m1, m2 = _ACCESS_RE.match(first), _ACCESS_RE.match(second, len(PREFIX))
    if m1 is None or m2 is None or (m1["kind"], m2["kind"]) != ACCESS_KINDS[typ]:
        return None
    return m1, m2


# ------------------------------------------------------------------ the reference (line by line) parser

class Stage(enum.Enum):
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


_COMPLETE = {Stage.OUTSIDE, Stage.HAZARD_BODY, Stage.HAZARD_BACKTRACE, Stage.RACE_BODY, Stage.MESSAGE}


class LineParser:
    """The reference parser: a state machine fed one line at a time. Adds to `agg`; returns each
    completed HazardRecord from `feed` when `want_records`."""

    def __init__(self, source: str, agg: Aggregate, *, want_records: bool = False, lineno: int = 0,
                 tid=None):
        self.source, self.agg, self.want_records, self.lineno = source, agg, want_records, lineno
        self.stage = Stage.OUTSIDE
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
            where = "" if self.stage is Stage.OUTSIDE else f" inside the {self.stage.what} record from line {self.start}"
            raise self.error(f"unknown line{where}: {line[:160]!r}")
        self._step(kind, m, line)

    def _step(self, kind: LineType, m: re.Match, line: bytes) -> None:
        st = self.stage
        if st is Stage.OUTSIDE:
            self._outside(kind, m, line)
        elif st is Stage.HAZARD or st is Stage.HAZARD_FIRST:
            if kind is not LineType.ACCESS:
                raise self.error(f"expected the {'second' if st is Stage.HAZARD_FIRST else 'first'} access line "
                                 f"of the hazard record from line {self.start}, got {kind.name}: {line[:160]!r}")
            if st is Stage.HAZARD:
                self.cur["acc1"] = (m, line)
                self.stage = Stage.HAZARD_FIRST
            else:
                self.cur["acc2"] = (m, line)
                typ = self.cur["hdr"]["type"]
                if (self.cur["acc1"][0]["kind"], m["kind"]) != ACCESS_KINDS[typ]:
                    raise self.error(f"a {typ.decode()} hazard needs accesses {b'/'.join(ACCESS_KINDS[typ]).decode()}, "
                                     f"got {self.cur['acc1'][0]['kind'].decode()}/{m['kind'].decode()}")
                self.stage = Stage.HAZARD_BODY
        elif st is Stage.HAZARD_BODY:
            if kind is LineType.VALUE and "value" not in self.cur and "device" not in self.cur:
                self.cur["value"] = m
            elif kind is LineType.DEVICE_FRAME:
                self.cur["device"] = True
            elif kind is LineType.BACKTRACE:
                self.cur["frames"] = []
                self.stage = Stage.HAZARD_BACKTRACE
            else:
                self._close_or_error(kind, m, line)
        elif st is Stage.HAZARD_BACKTRACE or st is Stage.MESSAGE:
            frames = self.cur.setdefault("frames", [])
            last, self.cur["last"] = self.cur.get("last"), kind
            if kind is LineType.HOST_FRAME or kind is LineType.FRAME_ELLIPSIS:
                frames.append(line)
            elif kind is LineType.FRAME_MODULE and last is LineType.HOST_FRAME:
                frames[-1] = frames[-1] + b" in " + m["module"]  # the 2022-24 two-line frame, joined
            elif st is Stage.MESSAGE and kind in (LineType.BACKTRACE, LineType.DEVICE_FRAME):
                pass
            else:
                self._close_or_error(kind, m, line)
        elif st is Stage.RACE or st is Stage.RACE_BODY:
            if kind is LineType.RACE_WITH:
                self.cur["with"].append(m)
                self.stage = Stage.RACE_BODY
            elif st is Stage.RACE:
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
            self.stage, self.start, self.cur = Stage.HAZARD, self.lineno, {"hdr": m}
        elif kind is LineType.RACE:
            self.stage, self.start, self.cur = Stage.RACE, self.lineno, {"hdr": m, "with": []}
        elif kind is LineType.API_ERROR:
            self.stage, self.start, self.cur = Stage.MESSAGE, self.lineno, {}
        elif kind is LineType.SUMMARY:
            self.agg.summaries.append((self.lineno, int(m["hazards"]), int(m["errors"]), int(m["warnings"])))
        else:
            raise self.error(f"a {kind.name} line outside any record: {line[:160]!r}")

    def _close(self) -> None:
        st, cur = self.stage, self.cur
        self.stage, self.cur = Stage.OUTSIDE, {}
        if st in (Stage.HAZARD_BODY, Stage.HAZARD_BACKTRACE):
            hdr, (m1, line1), (m2, line2) = cur["hdr"], cur["acc1"], cur["acc2"]
            acc = line1[m1.start("kind"):] + b"\n" + line2
            kind = hdr.string[hdr.start("sev"):hdr.end("type")]
            self.agg.add_columns((kind,), (hdr["addr"],), (hdr["block"],), (acc,))
            if self.want_records:
                value = cur.get("value")
                frames = frame_texts(cur.get("frames", ()))
                self.done.append(make_record(self.start, hdr, m1, m2, value, frames, self.tid))
        elif st is Stage.RACE_BODY:
            hdr = cur["hdr"]
            self.agg.severity[hdr["sev"]] += 1
            self.agg.reports.append(AnalysisReport(
                self.start, SEVERITY[hdr["sev"]],
                RaceSite(hdr["kind"].decode(), Location.parse(hdr["loc"].decode(errors="replace"))),
                tuple(RaceSite(w["kind"].decode(), Location.parse(w["loc"].decode(errors="replace")), int(w["count"]))
                      for w in cur["with"])))

    def finish(self, allow_truncated: bool) -> dict | None:
        """At the end of the input. A record still open is cut off: an error; with allow_truncated a
        complete one (both accesses, or at least one `and` line) is kept and an incomplete one dropped,
        and either way described in the returned dict."""
        st, start = self.stage, self.start
        if st is Stage.OUTSIDE:
            return None
        if st is Stage.MESSAGE:
            self.stage, self.cur = Stage.OUTSIDE, {}
            return None
        if not allow_truncated:
            raise self.error(f"the log ends (line {self.lineno}) inside the {st.what} record from line {start}: "
                             "the record is cut off")
        if st in _COMPLETE:
            self._close()
            return {"line": start, "reason": f"the {st.what} record starting here has no end line; kept"}
        self.stage, self.cur = Stage.OUTSIDE, {}
        return {"line": start, "reason": f"the {st.what} record starting here is cut off; dropped"}


def make_record(line, hdr, m1, m2, value, frames, tid) -> HazardRecord:
    def access(m):
        thread = triple(m["thread"])
        return Access(m["kind"].decode(), thread, Location.parse(m["loc"].decode(errors="replace")), tid(thread))

    qual, note = hdr["qual"], hdr["note"]
    return HazardRecord(
        line, SEVERITY[hdr["sev"]], hdr["type"].decode(), int(hdr["addr"], 16), triple(hdr["block"]),
        access(m1), access(m2),
        value["current"].decode(errors="replace") if value else None,
        value["incoming"].decode(errors="replace") if value and value["incoming"] else None,
        qual.decode(errors="replace") if qual else None,
        note.decode(errors="replace").strip(" ()") if note else None, frames)


def frame_texts(frames) -> tuple[str, ...]:
    """`Host Frame:` lines as the text after that word (`...` where the sanitizer elided frames)."""
    return tuple(f.decode(errors="replace").split("Host Frame:", 1)[-1].lstrip("= \t").strip() for f in frames)

