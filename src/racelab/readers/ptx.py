"""Read PTX: the load warp's region around one ``mbarrier.arrive``, and the listing's header."""

from __future__ import annotations

import re

from racelab.readers.sass_listing import BarrierNotFound

_ADD = re.compile(r"^\s*add\.[su]32\s+(%r\d+),\s*(%r\d+|[A-Za-z_$][\w$]*),\s*(\d+);")
_MOV = re.compile(r"^\s*mov\.[bu]32\s+(%r\d+),\s*(%r\d+|[A-Za-z_$][\w$]*);")
_ADDR = r"\[(%r\d+|[A-Za-z_$][\w$]*)(?:\+(\d+))?\]"
_ARRIVE = re.compile(r"^\s*mbarrier\.arrive\S*\s+(?:\S+,\s*)?" + _ADDR)
_INIT = re.compile(r"^\s*mbarrier\.init\S*\s+" + _ADDR)
_LABEL = re.compile(r"^\$L\w+:")


def _resolve(lines: list[str], reg: str, offset: int) -> tuple[str, int]:
    """Follow ``add``/``mov`` of constants back to a root register or symbol (``__dynamic_shmem__0``)."""
    defs: dict[str, tuple[str, int]] = {}
    for ln in lines:
        m = _ADD.match(ln) or _MOV.match(ln)
        if m:
            defs.setdefault(m[1], (m[2], int(m[3]) if m.re is _ADD else 0))
    seen = set()
    while reg in defs and reg not in seen:
        seen.add(reg)
        reg, add = defs[reg]
        offset += add
    return reg, offset


def ptx_region(ptx: str, offset: int) -> list[tuple[int, str]]:
    """(line number, text) of the PTX from the load warp's entry (``setmaxnreg.dec`` or the nearest
    label) through the ``mbarrier.arrive`` on the barrier at ``offset`` from the first init's base,
    and on to the next label (at most three lines)."""
    lines = ptx.splitlines()
    first_init = next((m for m in map(_INIT.match, lines) if m), None)
    if first_init is None:
        raise BarrierNotFound("no mbarrier.init in the PTX")
    root, _ = _resolve(lines, first_init[1], int(first_init[2] or 0))
    hits = []
    for n, ln in enumerate(lines):
        m = _ARRIVE.match(ln)
        if m and _resolve(lines, m[1], int(m[2] or 0)) == (root, offset):
            hits.append(n)
    if len(hits) != 1:
        raise BarrierNotFound(f"expected one mbarrier.arrive on [{root}+{offset}] in the PTX, found {len(hits)}")
    a = hits[0]
    start = a
    while start > 0 and "setmaxnreg.dec" not in lines[start] and not _LABEL.match(lines[start]):
        start -= 1
    end = a + 1
    while end < min(a + 4, len(lines) - 1) and not _LABEL.match(lines[end]):
        end += 1
    return [(n + 1, lines[n]) for n in range(start, min(end + 1, len(lines)))]


def ptx_header(ptx: str) -> dict:
    version = re.search(r"^\.version\s+(\S+)", ptx, re.M)
    target = re.search(r"^\.target\s+(\S+)", ptx, re.M)
    return {"version": version[1] if version else None, "target": target[1] if target else None}
