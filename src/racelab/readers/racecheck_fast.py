"""The racecheck log parser's fast paths: whole chunks of a log matched at once, for
`racelab.readers.racecheck_log.parse(..., fast=True)` (the default). Each must give what the line-by-line
`racecheck_lines.LineParser` gives; where one cannot vouch for a chunk byte by byte it raises `NotFast`
and the chunk is read line by line, which also finds the exact error.

First, a chunk whose records all repeat the shape of its first one (a short backtrace) is matched by one
pattern made from that record (`_Template`): the fields that vary (address, block, threads, value; the
sites too where they differ between records) are matched, the text every record shares is skipped
unread and proved afterwards, once per distinct value or by one comparison per record
(`FastReader._template_counts`). Else a chunk is cut at its ``Saved host backtrace`` lines; when its
records repeat one frame block (those of one launch do), the block is checked once and cut out, and the
short records left are matched by one regular expression in C (``re.split``), whose gaps must be empty;
the fields that vary little (access lines, blocks) are checked once per distinct value and counted with
Counters. Record consumers get records matched one at a time (`FastReader._fast_records`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import islice
from operator import itemgetter, methodcaller

from racelab.readers.racecheck_lines import (
    HAZARD_BODY, PREFIX, SEV, TRIPLE, VALUE_BODY, Aggregate, HazardLogError, HazardRecord, LineParser,
    LineType, Stage, classify, decode_pair, frame_texts, make_record,
)

SHORT_BACKTRACE = 4  # frame lines up to which a record is matched whole rather than cut (see _fast_counts)


class NotFast(Exception):
    """The fast path cannot vouch for this chunk: read it line by line instead."""


_SP = rb"[ \t]+"
_T = PREFIX + rb"[ \t]*\n"  # the separator line
# Block indices and access lines are matched loosely here and checked once per distinct value (_check).
_LOOSE = rb"[^)\n]*"
_HEAD = (PREFIX + b" (?P<kind>" + SEV.replace(b"?P<sev>", b"?:") + rb":[ \t]?(?:\([^)\n]*\)[ \t]?)?"
         + HAZARD_BODY.replace(b"?P<note>", b"?:").replace(TRIPLE, _LOOSE).replace(
             b"(?P<type>RAW|WAR|WAW)", b"(?:RAW|WAR|WAW))")
         + rb"[ \t]*\n"
         # the two access lines, as one group, checked once per distinct value by decode_pair
         + PREFIX + _SP + rb"(?P<acc>[^\n]*\n" + PREFIX + _SP + rb"[^\n]*)\n"
         # (?P<v>) is b"" where there is a value line: the line count needs no pass of its own
         + rb"(?:(?P<v>)" + PREFIX + _SP + VALUE_BODY + rb"[ \t]*\n)?")
_TRIPLE_RE = re.compile(TRIPLE + rb"\Z")
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
    """One pattern for every record of a chunk shaped like its first one (`FastReader._template`).

    `regex` has four groups: the address (with the skipped text up to the block), the block, the middle
    (from the block's `)` to the value, both threads inside) and the tail (backtrace and separator).
    Text that is the same in every record is skipped, not read (`(?s:.{n})` is one step, where a
    literal costs one per byte), and proved afterwards: each distinct address and middle once (the
    middle by `exact`: the text between the threads verbatim, threads as the grammar has them; its
    access lines then by `FastReader._check`), and every tail by comparison with `tail`.
    """

    regex: re.Pattern
    kind: bytes  # `Error: Potential RAW`
    lines: int  # per record
    tail: bytes
    exact: re.Pattern
    acc_start: int  # the middle less these bytes at each end: the access lines (the pairs key)
    acc_end: int
    between: bytes  # the header's text from the address to the block, which ends the address group


class FastReader:
    """The fast paths over one log, with what they have checked so far (each distinct access pair,
    block, backtrace and template is checked once per log). `read` takes a chunk that starts between
    records and returns (counts, records, lines) or raises NotFast."""

    def __init__(self, source: str, *, want_records: bool, tid, stats: Counter):
        self.source, self.want_records, self.tid, self.stats = source, want_records, tid, stats
        self.checked_pairs: set = set()
        self.checked_blocks: set = set()
        self.checked_bt: dict[bytes, tuple[str, ...] | None] = {}
        self.templates: dict[bytes, _Template] = {}
        self.loose_sites: set[re.Pattern] = set()  # templates whose sites were seen to differ

    def read(self, buf, cut: int, base: int) -> tuple[Aggregate, list[HazardRecord], int]:
        """`buf[:cut]` (whole lines, the first line numbered `base + 1`): its counts, its records (when
        wanted) and its line count. `buf` may run on past `cut` (the next chunk's start)."""
        if not self.want_records:
            try:
                agg, lines = self._fast_counts(buf, cut, base)
                return agg, [], lines
            except NotFast:
                pass
        return self._fast_records(buf, cut, base)

    # -- what lies between fast-matched records: the reference parser, starting between records
    def _gap(self, gap: bytes, lineno: int) -> Aggregate:
        agg = Aggregate()
        if gap:
            lp = LineParser(self.source, agg, lineno=lineno)
            if _MARK in gap or not gap.endswith(b"\n"):
                raise NotFast  # a stripped backtrace outside a record, or a record not at a line start
            try:
                for line in gap[:-1].split(b"\n"):  # gaps end with a newline
                    lp.feed(line)
            except HazardLogError:
                raise NotFast from None
            if lp.stage is not Stage.OUTSIDE or agg.records or agg.reports:
                raise NotFast
        return agg

    def _check(self, agg: Aggregate) -> None:
        """What the fast pattern matched loosely, once per distinct value: both access lines parse and
        agree with the hazard type (and hold no \r, which the reference parser would drop at a line's
        end); block indices are (x,y,z)."""
        new = agg.pairs.keys() - self.checked_pairs
        for k, a in new:
            if b"\r" in a or decode_pair(k, a) is None:  # the reference parser drops a line's final \r
                raise NotFast
        self.checked_pairs |= new
        new = agg.blocks.keys() - self.checked_blocks
        if not all(map(_TRIPLE_RE.match, new)):
            raise NotFast
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
            self.checked_bt[frames] = frame_texts(lines) if ok and frames.endswith(b"\n") or not frames else None
        result = self.checked_bt[frames]
        if result is None:
            raise NotFast
        return result

    def _check_bt(self, bt: bytes) -> tuple[str, ...]:
        """A whole backtrace as the full record pattern captures it: a `Saved host backtrace` line, then
        frame lines (checked as _check_backtrace does)."""
        first, _, frames = bt.partition(b"\n")
        if classify(first.rstrip(b"\r"))[0] is not LineType.BACKTRACE:
            raise NotFast
        return self._check_backtrace(frames)

    def _fast_counts(self, buf, cut: int, base: int) -> tuple[Aggregate, int]:
        """Counts only. Where the records carry a long backtrace (a Python launch's): split the chunk at
        its `Saved host backtrace` lines; if every record repeats one frame block, check that block once,
        cut it out, and match the short records left with one `re.split`. Where it is short, match whole
        records. Either way the gaps between matches must be empty but for the chunk's head and tail."""
        try:
            return self._template_counts(buf, cut, base)
        except NotFast:
            pass
        i = buf.find(_SAVED_TEXT, 0, cut)
        if i < 0:  # no backtraces
            return self._count_parts(_REC_STRIPPED, memoryview(buf)[:cut], base, 0)
        start = buf.rfind(b"\n", 0, i) + 1
        saved = bytes(buf[start:buf.index(b"\n", i) + 1])
        t = _T_LINE.search(buf, start + len(saved), cut)
        if t is None or not LineType.BACKTRACE.regex.match(saved[:-1]):
            raise NotFast
        frames = bytes(buf[start + len(saved):t.start()])
        self._check_backtrace(frames)
        if frames.count(b"\n") <= SHORT_BACKTRACE:  # cutting them out costs more than matching them
            return self._count_parts(_REC_FULL, memoryview(buf)[:cut], base, 0)
        if buf.find(_MARK, 0, cut) >= 0:
            raise NotFast
        pieces = buf.split(saved)
        # the pieces run on into what lies past `cut` (at most the start of one record): trim them
        last = buf.rfind(saved)
        if last >= cut:
            pieces.pop()
            pieces[-1] = pieces[-1][:len(pieces[-1]) - (last - cut)]
        else:
            pieces[-1] = pieces[-1][:len(pieces[-1]) - (len(buf) - cut)]
        if not all(map(methodcaller("startswith", frames), islice(pieces, 1, None))):
            raise NotFast
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
            exact = (re.escape(s0) + TRIPLE + rb"[^\n]*\n" + re.escape(l2p) + TRIPLE + rb"[^\n]*\n"
                     + re.escape(vp))
        else:  # the sites skipped: every record has the template's sites (checked by `exact`)
            middle = skip(s0) + num + skip(s1) + num + skip(s2)
            exact = re.escape(s0) + TRIPLE + re.escape(s1) + TRIPLE + re.escape(s2)
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

    def _template_counts(self, buf, cut: int, base: int) -> tuple[Aggregate, int]:
        """Counts only, fastest: every record of the chunk shaped like its first one (same header text but
        for address and block, same access lines but for the threads, same value-line layout, the same
        backtrace and separator byte for byte), matched by one `_Template` made from that record."""
        m0 = _REC_FULL.search(buf, 0, cut)
        if m0 is None:
            raise NotFast
        if m0["bt"]:
            if m0["bt"].count(b"\n") > SHORT_BACKTRACE + 1:  # long: cutting it out (below) is faster
                raise NotFast
            self._check_bt(m0["bt"])
        rec = m0.group()
        tpl = self._template(rec)
        if tpl is None:
            raise NotFast
        if tpl.regex not in self.loose_sites:
            try:
                return self._match_template(tpl, buf, cut, base)
            except NotFast:  # its records' sites differ (or worse): from now on read them loosely
                self.loose_sites.add(tpl.regex)
        out = self._match_template(self._template(rec, loose=True), buf, cut, base)
        self.stats["template_loose_chunks"] += 1
        return out

    def _match_template(self, tpl: _Template, buf, cut: int, base: int) -> tuple[Aggregate, int]:
        parts = tpl.regex.split(memoryview(buf)[:cut])
        gaps = parts[0::5]
        if len(gaps) < 2 or any(islice(gaps, 1, len(gaps) - 1)):
            raise NotFast
        addr, block, mid = parts[1::5], parts[2::5], parts[3::5]
        records = len(addr)
        if parts[4::5].count(tpl.tail) != records:  # every tail the template's, byte for byte
            raise NotFast
        mids = Counter(mid)
        acc = {}  # each distinct middle, checked, -> its two access lines (the pairs key; _check parses them)
        for m in mids:
            if tpl.exact.match(m) is None or b"\r" in m:  # the reference parser drops a line's final \r
                raise NotFast
            acc[m] = m[tpl.acc_start:len(m) - tpl.acc_end]
        cut_addr, between = -len(tpl.between), tpl.between
        agg = Aggregate()
        agg.records = records
        agg.pairs = Counter({(tpl.kind, acc[m]): n for m, n in mids.items()})
        agg.blocks = Counter(block)
        agg.writer_bytes = set()
        for m, a in set(zip(mid, addr)):  # the address group ends with the skipped ` in block (`
            if not a.endswith(between):
                raise NotFast
            agg.writer_bytes.add((acc[m], a[:cut_addr]))
        self._check(agg)
        head, tail = gaps[0], gaps[-1]
        lines = tpl.lines * records + head.count(b"\n") + tail.count(b"\n")
        agg.merge(self._gap(head, base))
        agg.merge(self._gap(tail, base + lines - tail.count(b"\n")))
        self.stats["template_chunks"] += 1
        return agg, lines

    def _count_parts(self, regex: re.Pattern, text, base: int, lines: int) -> tuple[Aggregate, int]:
        """Match every record of `text` with `regex` (one `re.split`) and count them; `lines` is what
        was cut out of the text already."""
        n = regex.groups + 1
        parts = regex.split(text)
        gaps = parts[0::n]
        if len(gaps) < 2 or any(islice(gaps, 1, len(gaps) - 1)):
            raise NotFast  # no record, or something between records: the reference parser places it
        # lines: 4 per record (header, two accesses, separator), its value line, backtrace, head and tail
        records = len(gaps) - 1
        lines += 4 * records + records - parts[regex.groupindex["v"]::n].count(None)
        if "bt" in regex.groupindex:
            for bt, k in Counter(parts[regex.groupindex["bt"]::n]).items():
                if bt is not None:
                    self._check_bt(bt)
                    lines += k * bt.count(b"\n")
        lines += gaps[0].count(b"\n") + gaps[-1].count(b"\n")
        agg = Aggregate.of_columns(*(parts[regex.groupindex[name]::n] for name in _GROUPS))
        self._check(agg)
        # the head and tail hold no backtrace line (the gap parser refuses one), so they are verbatim
        agg.merge(self._gap(gaps[0], base))
        agg.merge(self._gap(gaps[-1], base + lines - gaps[-1].count(b"\n")))
        self.stats["fast_counts_chunks"] += 1
        return agg, lines

    def _fast_records(self, buf, cut: int, base: int) -> tuple[Aggregate, list[HazardRecord], int]:
        """Record by record (finditer over whole records, backtraces included): for record consumers,
        and for chunks whose records do not share one backtrace."""
        agg = Aggregate()
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
            raise NotFast
        agg.merge(self._gap(bytes(buf[pos:cut]), line))
        agg.merge(Aggregate.of_columns(*cols))
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
            raise NotFast
        return make_record(line, hdr, m1, m2, value, frames, self.tid)
