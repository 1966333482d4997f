"""Parse a compute-sanitizer racecheck log into the counts a chapter plots, streaming; refuse bad logs.

API: `parse(path_or_stream, allow_truncated=False) -> HazardReport` (`report.to_json()`),
`records_iter(path_or_stream)` for one record at a time, `parse(..., on_record=f)` for a callback,
`report_summary(report)` for the JSON-ready numbers a recorded run keeps. Command: `racelab hazards LOG
[--json] [--allow-truncated]` (exit code 2, naming the line, on a log it refuses). The log's grammar,
its records and the line-by-line reference parser are in `racelab.readers.racecheck_lines` (its
docstring describes the log); the fast paths that read whole chunks are in
`racelab.readers.racecheck_fast`.

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

Speed and memory. The log is read in 2 MiB chunks (xz and gzip told by their magic bytes) and nothing
per record is kept unless asked for. A chunk that starts between records goes through the fast paths
(`racecheck_fast.FastReader`) unless `fast=False`; whatever they cannot vouch for byte by byte is read
line by line by the reference parser, which gives the exact error. Every path gives the same report
(tests/test_hazards.py runs every case through each).
"""

from __future__ import annotations

import io
import json
import lzma
import os
import zlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterator

from racelab.core.files import open_bytes
from racelab.readers.racecheck_fast import FastReader, NotFast
from racelab.readers.racecheck_lines import (  # noqa: F401 - the parser's public names, re-exported
    KIND_RE, PREFIX, SEVERITY, Access, Aggregate, AnalysisReport, HazardLogError, HazardRecord, LineParser,
    LineType, Location, RaceSite, Stage, classify, decode_pair, triple,
)

CHUNK_BYTES = 2 << 20  # small enough that a chunk and what is made from it stay in the CPU cache

# ------------------------------------------------------------------ the report


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


class _Engine:
    """Reads the source in chunks; each chunk goes through the fast paths when the reference parser is
    between records, and through the reference parser otherwise (or when the fast paths decline)."""

    def __init__(self, source: str, *, want_records: bool, fast: bool, tid, allow_truncated: bool):
        self.source, self.tid, self.allow_truncated = source, tid, allow_truncated
        self.agg = Aggregate()
        self.lp = LineParser(source, self.agg, want_records=want_records, tid=tid)
        self.stats = Counter()
        self.fast = FastReader(source, want_records=want_records, tid=tid, stats=self.stats) if fast else None
        self.truncated: dict | None = None
        self.print_limited = False

    def chunk(self, buf, cut: int) -> list[HazardRecord]:
        """Parse `buf[:cut]`: whole lines, but for a last chunk that may end without a newline. `buf` may
        run on past `cut`; that part is the next chunk's."""
        base = self.lp.lineno
        if self.fast and self.lp.stage is Stage.OUTSIDE and cut and buf[cut - 1] == 10:
            try:
                agg, out, lines = self.fast.read(buf, cut, base)
            except NotFast:
                pass
            else:
                self.agg.merge(agg)
                self.lp.lineno = base + lines
                return out
        return self._slow(bytes(memoryview(buf)[:cut]))

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


# ------------------------------------------------------------------ sources

def _open(source) -> tuple[object, str, list]:
    """(binary stream, name, things to close): a path, or a binary or text stream."""
    if isinstance(source, (str, os.PathLike)):
        raw = open(source, "rb")
        stream = open_bytes(raw)
        return stream, str(source), [stream, raw]
    name = str(getattr(source, "name", None) or "<stream>")
    if isinstance(source, io.TextIOBase):
        source = getattr(source, "buffer", None) or io.BytesIO(source.read().encode())
    return open_bytes(source), name, []


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


def _chunks(stream, size: int | None = None) -> Iterator[tuple[bytes, int]]:
    """(buffer, cut): each `buffer[:cut]` is whole lines ending just after a separator line where there
    is one (so that a chunk starts between records), else after its last newline; the last one is the
    rest of the log, which may lack its last newline."""
    size = size or CHUNK_BYTES
    carry = b""
    while True:
        data = stream.read(size)
        if not data:
            if carry:
                yield carry, len(carry)
            return
        buf = carry + data if carry else data
        cut = _after_last_separator(buf)
        if cut <= 0:
            carry = buf
            continue
        yield buf, cut
        carry = buf[cut:]


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
        for buf, cut in _chunks(stream):
            out = engine.chunk(buf, cut)
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


def _severities(agg: Aggregate) -> Counter:
    """error/warning/info counts over hazard records and analysis reports."""
    sev = Counter()
    for (kind, _), n in agg.pairs.items():
        sev[SEVERITY[KIND_RE.match(kind)["sev"]]] += n
    for word, n in agg.severity.items():
        sev[SEVERITY[word]] += n
    return sev


def _finish(engine: _Engine, block_dim, record_list) -> HazardReport:
    agg = engine.agg
    tid = engine.tid
    by_type, sites, per_writer = Counter(), Counter(), Counter()
    writers, readers = set(), set()
    writer_of = {}  # access-lines key -> writer thread (the first access that is a Write)
    for (kind, acc), n in agg.pairs.items():
        typ = KIND_RE.match(kind)["type"]
        m1, m2 = decode_pair(kind, acc)
        a1 = (triple(m1["thread"]), m1["loc"].decode(errors="replace"))
        a2 = (triple(m2["thread"]), m2["loc"].decode(errors="replace"))
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
        blocks[triple(raw)] += n  # "0,0,0" and "0, 0, 0" are one block
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
          allow_print_limit: bool = False, fast: bool = True) -> HazardReport:
    """Parse a racecheck log (path or binary/text stream; plain, .xz or .gz by magic) into a HazardReport.

    Streams in constant memory: records are counted as they go by, not kept, unless keep_records=True
    (`report.record_list`) or `on_record` is given (called once per hazard record, in log order).
    `fast=False` reads every line with the reference parser. Raises HazardLogError (with .line) for a log it refuses; see the module docstring.
    """
    want = keep_records or on_record is not None
    engine = None
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


def ranges_text(values, *, sep: str = ", ", dash: str = "-", min_run: int = 2) -> str:
    """Sorted integers as runs: [1, 2, 3, 5] -> "1-3, 5" (`sep` between runs, `dash` within one; a run of
    fewer than `min_run` numbers is listed number by number). Anything but integers is listed as it is."""
    values = list(values)
    if not all(isinstance(v, int) for v in values):
        return sep.join(map(str, values))
    out, start = [], 0
    for i, v in enumerate(values):
        if i + 1 == len(values) or values[i + 1] != v + 1:
            run = values[start:i + 1]
            out += [f"{run[0]}{dash}{run[-1]}"] if len(run) >= max(min_run, 2) else map(str, run)
            start = i + 1
    return sep.join(out)


def report_summary(report: HazardReport) -> dict:
    """The JSON-ready numbers of a parsed report, without per-record data (what a recorded run keeps as
    its `parsed` entry): mode, hazard records, analysis reports, hazard bytes, the summary line, by type,
    threads, sites, and `n_blocks` in place of the per-block counts."""
    out = report.to_dict()
    out.pop("record_list", None)
    out["n_blocks"] = len(out.pop("blocks", {}) or {})
    return out


__all__ = ["CHUNK_BYTES", "Access", "AnalysisReport", "HazardLogError", "HazardRecord", "HazardReport", "LineType",
           "Location", "RaceSite", "classify", "parse", "ranges_text", "records_iter", "report_summary"]
