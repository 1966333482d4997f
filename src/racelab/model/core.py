"""An executable happens-before model of shared-memory handoffs inside one CTA.

A *program* is one list of events per thread (linear thread id in the CTA; lane = tid % 32, warp =
tid // 32): plain stores and loads to a byte-addressed shared space, fences, ``__syncwarp``,
``elect.sync``, ``bar.sync`` and mbarrier init / arrive / wait. :func:`analyze` runs the program's
synchronisation to a fixpoint (which phases complete, who deadlocks), builds the happens-before
graph under a named *rule set*, and lists every pair of conflicting accesses to the same byte, by
different threads (or through different proxies), that happens-before orders in neither direction.

Rule sets (see :data:`RULES`):

``ptx``
    The PTX memory model read strictly. Program order; ``mbarrier.arrive`` (release) of each
    arriving thread synchronizes-with every acquiring wait that returns for that completed phase,
    so only the arriving threads' own prior accesses are released; ``bar.sync`` synchronizes all its
    participants. Fences create no edge on their own (they need a morally strong flag write/read to
    form a release/acquire pattern, and the DSL's accesses are plain weak ones). ``bar.warp.sync``
    orders accesses *among its participating lanes*, but it is not in the memory model's list of
    synchronizing operations, so this reading does not let it compose with other edges: a
    ``__syncwarp`` followed by lane 0's arrive releases lane 0's stores only.
``ptx-syncwarp-composes``
    The same, except that ``bar.warp.sync`` is an all-to-all synchronizes-with among the lanes of
    the mask, as ``bar.sync`` is, so it composes transitively (the reading under which V1 is
    correct). Which of the two readings PTX intends is the open point.
``racecheck``
    What compute-sanitizer racecheck was measured to model: the mbarrier edge per arriving thread;
    ``__syncwarp`` orders its lanes among themselves but does not chain into the arrive; fences add
    nothing; async-proxy accesses (TMA, WGMMA/UMMA operand reads) are not thread accesses and are
    not checked.
``hardware-membar``
    ``ptx`` plus what today's SASS adds: ptxas lowers ``fence.acq_rel.cta`` and
    ``fence.proxy.async.shared::cta`` to ``MEMBAR.ALL.CTA``, which the converged warp executes as one
    instruction, so every lane's earlier accesses are performed CTA-wide before any lane's next
    instruction (for instance the elected lane's arrive). ``WARPSYNC`` is not a memory barrier and
    gets nothing extra. This rule set assumes the warp is converged at the fence.

Limits, on purpose: one CTA; shared memory only; plain (weak) loads and stores, plus async-proxy
accesses at the point the issuing thread issues them; a thread's j-th arrive on a barrier counts
toward phase j (every handoff in this book arrives once per phase per thread); no expect-tx /
complete-tx; scopes other than ``.cta`` are not modelled.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Union

WARP_SIZE = 32
FULL_MASK = 0xFFFFFFFF

FENCE_ACQ_REL = "fence.acq_rel.cta"
FENCE_PROXY_ASYNC = "fence.proxy.async.shared::cta"
FENCE_SC = "fence.sc.cta"
FENCE_KINDS = (FENCE_ACQ_REL, FENCE_PROXY_ASYNC, FENCE_SC)
# How ptxas lowers each fence on sm_90a / sm_100a (the recorded SASS of the calibration and of the
# upstream kernel; fence.sc.cta for completeness). hardware-membar credits a fence whose lowering
# holds a MEMBAR.
SASS_LOWERING = {
    FENCE_ACQ_REL: ("MEMBAR.ALL.CTA",),
    FENCE_PROXY_ASYNC: ("MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S"),
    FENCE_SC: ("MEMBAR.SC.CTA",),
    "syncwarp": ("WARPSYNC.ALL",),
}
PROXIES = ("generic", "async")


class ModelError(ValueError):
    """A program the model cannot interpret (unknown barrier, bad mask, bad size...)."""


def lane_of(tid: int) -> int:
    return tid % WARP_SIZE


def warp_of(tid: int) -> int:
    return tid // WARP_SIZE


# --------------------------------------------------------------------------------------------------
# Events


@dataclass(frozen=True)
class Store:
    """A plain ``st.shared`` of ``size`` bytes at ``addr`` (``proxy="async"``: written by an async op)."""

    addr: int
    size: int
    label: str = ""
    proxy: str = "generic"


@dataclass(frozen=True)
class Load:
    """A plain ``ld.shared`` (``proxy="async"``: read by TMA / WGMMA / UMMA, issued by this thread)."""

    addr: int
    size: int
    label: str = ""
    proxy: str = "generic"


@dataclass(frozen=True)
class Fence:
    """``fence.acq_rel.cta``, ``fence.proxy.async.shared::cta`` or ``fence.sc.cta``."""

    kind: str = FENCE_ACQ_REL


@dataclass(frozen=True)
class SyncWarp:
    """``__syncwarp(mask)`` / ``bar.warp.sync mask``: every lane of the mask must execute it."""

    mask: int = FULL_MASK


@dataclass(frozen=True)
class Elect:
    """``elect.sync _|p, mask``: waits for the mask's lanes, elects ``leader``; no memory ordering."""

    leader: int = 0
    mask: int = FULL_MASK


@dataclass(frozen=True)
class BarSync:
    """``bar.sync id{, count}`` / ``__syncthreads()``; ``count=None``: every thread of the program."""

    barrier: int = 0
    count: int | None = None


@dataclass(frozen=True)
class MbarInit:
    """``mbarrier.init.shared::cta.b64 [bar], count``."""

    bar: str
    count: int


@dataclass(frozen=True)
class Arrive:
    """``mbarrier.arrive{.release|.relaxed}.cta``: ``count`` arrivals toward this thread's next phase."""

    bar: str
    count: int = 1
    sem: str = "release"


@dataclass(frozen=True)
class Wait:
    """``mbarrier.try_wait{.acquire|.relaxed}.cta`` loop until ``phase`` (0, 1, 2, ...) completes."""

    bar: str
    phase: int = 0
    sem: str = "acquire"


Event = Union[Store, Load, Fence, SyncWarp, Elect, BarSync, MbarInit, Arrive, Wait]
ACCESS_TYPES = (Store, Load)


def tma_store_read(addr: int, size: int, label: str = "TMA store reads smem") -> Load:
    """The shared-memory read of a TMA store (``cp.async.bulk`` smem→global), issued by this thread."""
    return Load(addr, size, label, proxy="async")


def describe(event: Event) -> str:
    """A short label for a node in a picture or a line of a report."""
    if isinstance(event, (Store, Load)):
        op = "st" if isinstance(event, Store) else "ld"
        where = event.label or f"[{event.addr}:{event.addr + event.size}]"
        return f"{op}{'.async' if event.proxy == 'async' else ''} {where}"
    if isinstance(event, Fence):
        return event.kind.replace(".shared::cta", "").replace(".cta", "")
    if isinstance(event, SyncWarp):
        return "__syncwarp" if event.mask == FULL_MASK else f"__syncwarp({event.mask:#x})"
    if isinstance(event, Elect):
        return f"elect.sync → lane {event.leader}"
    if isinstance(event, BarSync):
        return f"bar.sync {event.barrier}"
    if isinstance(event, MbarInit):
        return f"init {event.bar} ({event.count})"
    if isinstance(event, Arrive):
        sem = "" if event.sem == "release" else f".{event.sem}"
        cnt = "" if event.count == 1 else f" ×{event.count}"
        return f"arrive{sem} {event.bar}{cnt}"
    if isinstance(event, Wait):
        sem = "" if event.sem == "acquire" else f".{event.sem}"
        return f"wait{sem} {event.bar} φ{event.phase}"
    raise ModelError(f"not an event: {event!r}")


# --------------------------------------------------------------------------------------------------
# Programs


@dataclass(frozen=True)
class Program:
    """Per-thread event lists. ``show`` suggests which threads a picture draws (``None`` = a gap)."""

    name: str
    threads: dict[int, tuple[Event, ...]]
    description: str = ""
    show: tuple[int | None, ...] = ()

    def events(self) -> Iterable[tuple[int, int, Event]]:
        for tid in sorted(self.threads):
            for index, event in enumerate(self.threads[tid]):
                yield tid, index, event


class Builder:
    """Collects per-thread events. ``add(tids, x)``: x is an event, or a function of tid returning an
    event, a list of events or None."""

    def __init__(self, name: str, description: str = ""):
        self.name = name
        self.description = description
        self._threads: dict[int, list[Event]] = {}

    def thread(self, tid: int) -> list[Event]:
        if tid < 0:
            raise ModelError(f"thread id {tid} < 0")
        return self._threads.setdefault(tid, [])

    def add(self, tids: int | Iterable[int], what: Event | Callable[[int], object]) -> "Builder":
        for tid in ([tids] if isinstance(tids, int) else tids):
            made = what(tid) if callable(what) else what
            if made is None:
                continue
            for event in (made if isinstance(made, (list, tuple)) else [made]):
                self.thread(tid).append(event)
        return self

    def build(self, show: Iterable[int | None] = ()) -> Program:
        threads = {tid: tuple(evs) for tid, evs in sorted(self._threads.items())}
        return Program(self.name, threads, self.description, tuple(show))


# --------------------------------------------------------------------------------------------------
# Rule sets


@dataclass(frozen=True)
class RuleSet:
    name: str
    syncwarp_composes: bool  # bar.warp.sync is a synchronizes-with among its lanes (transitive)
    membar_composes: bool  # a converged warp's MEMBAR orders all lanes' earlier accesses before later ones
    sees_async_proxy: bool  # async-proxy accesses are checked (cross-proxy pairs need fence.proxy.async)
    summary: str

    def with_(self, **changes) -> "RuleSet":
        """A variant of this rule set, e.g. ``RULES["ptx"].with_(syncwarp_composes=True)``."""
        return dataclasses.replace(self, **changes)


RULES: dict[str, RuleSet] = {
    "ptx": RuleSet(
        "ptx", False, False, True,
        "PTX read strictly: each arriving thread's release-arrive synchronizes with the waiter of that "
        "phase; bar.warp.sync orders only among its lanes and does not compose; fences alone add nothing."),
    "ptx-syncwarp-composes": RuleSet(
        "ptx-syncwarp-composes", True, False, True,
        "As ptx, but bar.warp.sync is a synchronizes-with among its lanes and composes with a one-lane arrive."),
    "racecheck": RuleSet(
        "racecheck", False, False, False,
        "compute-sanitizer racecheck as measured: the mbarrier edge per arriving thread; neither fences nor "
        "__syncwarp stand in for it; async-proxy reads are not checked."),
    "hardware-membar": RuleSet(
        "hardware-membar", False, True, True,
        "ptx plus today's SASS: a fence lowered to MEMBAR.ALL.CTA, executed by the converged warp, orders every "
        "lane's earlier accesses before any lane's next instruction; WARPSYNC is not a MEMBAR."),
}
RULE_NAMES = tuple(RULES)


def rule_set(rules: str | RuleSet) -> RuleSet:
    if isinstance(rules, RuleSet):
        return rules
    if rules not in RULES:
        raise ModelError(f"unknown rule set {rules!r}; choose one of {', '.join(RULES)}")
    return RULES[rules]


# --------------------------------------------------------------------------------------------------
# Execution: which events run, which phases complete, who blocks forever


@dataclass(frozen=True)
class Ref:
    tid: int
    index: int


@dataclass
class _Execution:
    executed: dict[int, int]  # tid -> number of events executed (a prefix)
    blocked: dict[int, int]  # tid -> index of the event it blocks on forever
    init_count: dict[str, int]
    init_ref: dict[str, Ref]
    arrivals: dict[tuple[str, int], list[Ref]]  # (bar, phase) -> executed arrives
    waits: dict[tuple[str, int], list[Ref]]  # (bar, phase) -> executed (returned) waits
    completed: set[tuple[str, int]]
    collectives: list[tuple[str, tuple[Ref, ...]]]  # ("bar.sync"|"syncwarp"|"membar", participants)
    issues: list[str]


def _mask_lanes(mask: int) -> list[int]:
    return [lane for lane in range(WARP_SIZE) if mask >> lane & 1]


def _validate(program: Program) -> tuple[dict[str, int], dict[str, Ref], list[str]]:
    init_count: dict[str, int] = {}
    init_ref: dict[str, Ref] = {}
    issues: list[str] = []
    for tid, index, ev in program.events():
        where = f"{program.name}: thread {tid} event {index} ({ev!r})"
        if isinstance(ev, ACCESS_TYPES):
            if ev.size <= 0 or ev.addr < 0:
                raise ModelError(f"{where}: address and size must be >= 0 and > 0")
            if ev.proxy not in PROXIES:
                raise ModelError(f"{where}: proxy must be one of {PROXIES}")
        elif isinstance(ev, Fence):
            if ev.kind not in FENCE_KINDS:
                raise ModelError(f"{where}: fence kind must be one of {FENCE_KINDS}")
        elif isinstance(ev, (SyncWarp, Elect)):
            if not 0 < ev.mask <= FULL_MASK or not ev.mask >> lane_of(tid) & 1:
                raise ModelError(f"{where}: the executing lane {lane_of(tid)} must be in the mask")
            if isinstance(ev, Elect) and not ev.mask >> ev.leader & 1:
                raise ModelError(f"{where}: the elected lane {ev.leader} is not in the mask")
        elif isinstance(ev, BarSync):
            if ev.count is not None and (ev.count <= 0 or ev.count % WARP_SIZE):
                raise ModelError(f"{where}: a bar.sync thread count must be a positive multiple of 32")
        elif isinstance(ev, MbarInit):
            if ev.count <= 0:
                raise ModelError(f"{where}: init count must be > 0")
            if ev.bar in init_count:
                issues.append(f"mbarrier {ev.bar!r} initialised twice; the model keeps the first init")
                continue
            init_count[ev.bar] = ev.count
            init_ref[ev.bar] = Ref(tid, index)
        elif isinstance(ev, Arrive):
            if ev.count <= 0 or ev.sem not in ("release", "relaxed"):
                raise ModelError(f"{where}: arrive needs count > 0 and sem release|relaxed")
        elif isinstance(ev, Wait):
            if ev.phase < 0 or ev.sem not in ("acquire", "relaxed"):
                raise ModelError(f"{where}: wait needs phase >= 0 and sem acquire|relaxed")
        else:
            raise ModelError(f"{where}: not an event")
    for tid, index, ev in program.events():
        if isinstance(ev, (Arrive, Wait)) and ev.bar not in init_count:
            raise ModelError(f"{program.name}: thread {tid} uses mbarrier {ev.bar!r}, which no thread initialises")
    return init_count, init_ref, issues


def _execute(program: Program, rules: RuleSet) -> _Execution:
    init_count, init_ref, issues = _validate(program)
    threads = program.threads
    pc = {tid: 0 for tid in threads}
    # per-thread occurrence counters, to name instances of collectives and phases of arrives
    arrive_no: dict[tuple[int, str], int] = {}
    arrivals: dict[tuple[str, int], list[Ref]] = {}
    weight: dict[tuple[str, int], int] = {}
    waits: dict[tuple[str, int], list[Ref]] = {}
    collectives: list[tuple[str, tuple[Ref, ...]]] = []

    def occurrence(tid: int, index: int, pred) -> int:
        return sum(1 for ev in threads[tid][:index] if pred(ev))

    def phase_complete(bar: str, phase: int) -> bool:
        return weight.get((bar, phase), 0) >= init_count[bar]

    def collective_members(tid: int, index: int):
        """The participants (tid, index) of the collective instance at (tid, index), or None if one of
        them has not reached it yet (or never will, in which case the caller blocks)."""
        ev = threads[tid][index]
        if isinstance(ev, BarSync):
            k = occurrence(tid, index, lambda e: isinstance(e, BarSync) and e.barrier == ev.barrier)
            members = []
            for other in threads:
                idxs = [i for i, e in enumerate(threads[other]) if isinstance(e, BarSync) and e.barrier == ev.barrier]
                if len(idxs) > k:
                    members.append(Ref(other, idxs[k]))
            expected = len(threads) if ev.count is None else ev.count
            if len(members) != expected:
                return None
        else:  # SyncWarp or Elect: the lanes of the mask in this warp
            kind = type(ev)
            k = occurrence(tid, index, lambda e: isinstance(e, kind))
            members = []
            for lane in _mask_lanes(ev.mask):
                other = warp_of(tid) * WARP_SIZE + lane
                idxs = [i for i, e in enumerate(threads.get(other, ())) if isinstance(e, kind)]
                if len(idxs) <= k:
                    return None
                if threads[other][idxs[k]].mask != ev.mask:
                    issues.append(f"warp {warp_of(tid)}: lanes disagree on the mask of {describe(ev)} #{k}")
                    return None
                members.append(Ref(other, idxs[k]))
        if all(pc[m.tid] == m.index for m in members):
            return tuple(members)
        return None

    progress = True
    while progress:
        progress = False
        for tid in threads:
            events = threads[tid]
            while pc[tid] < len(events):
                index = pc[tid]
                ev = events[index]
                if isinstance(ev, Wait):
                    if not phase_complete(ev.bar, ev.phase):
                        break
                    waits.setdefault((ev.bar, ev.phase), []).append(Ref(tid, index))
                elif isinstance(ev, (BarSync, SyncWarp, Elect)):
                    members = collective_members(tid, index)
                    if members is None:
                        break
                    if isinstance(ev, BarSync):
                        collectives.append(("bar.sync", members))
                    elif isinstance(ev, SyncWarp):
                        collectives.append(("syncwarp", members))
                    for m in members:  # the whole instance steps past together
                        pc[m.tid] += 1
                    progress = True
                    continue
                elif isinstance(ev, Arrive):
                    j = arrive_no.get((tid, ev.bar), 0)
                    arrive_no[(tid, ev.bar)] = j + 1
                    arrivals.setdefault((ev.bar, j), []).append(Ref(tid, index))
                    weight[(ev.bar, j)] = weight.get((ev.bar, j), 0) + ev.count
                pc[tid] += 1
                progress = True

    # MEMBAR instances: the k-th MEMBAR-lowered fence of each lane of a warp, executed converged
    if rules.membar_composes:
        by_warp: dict[tuple[int, int], list[Ref]] = {}
        for tid in threads:
            k = 0
            for index in range(pc[tid]):
                ev = threads[tid][index]
                if isinstance(ev, Fence) and any(s.startswith("MEMBAR") for s in SASS_LOWERING[ev.kind]):
                    by_warp.setdefault((warp_of(tid), k), []).append(Ref(tid, index))
                    k += 1
        for (_, _), members in sorted(by_warp.items()):
            collectives.append(("membar", tuple(members)))

    completed = {key for key in weight if phase_complete(*key)}
    for (bar, phase), total in sorted(weight.items()):
        if total > init_count[bar]:
            issues.append(
                f"mbarrier {bar!r} phase {phase}: {total} arrivals for count {init_count[bar]}; which arrivals "
                f"complete the phase depends on timing, and the rest spill into the next phase")
    blocked = {tid: pc[tid] for tid in threads if pc[tid] < len(threads[tid])}
    stuck: dict[str, list[int]] = {}
    for tid, index in sorted(blocked.items()):
        ev = threads[tid][index]
        if isinstance(ev, Wait):
            got = weight.get((ev.bar, ev.phase), 0)
            why = f"wait forever on {ev.bar!r} phase {ev.phase} ({got} of {init_count[ev.bar]} arrivals)"
        else:
            why = f"block forever at {describe(ev)} (a participant never gets there)"
        stuck.setdefault(why, []).append(tid)
    for why, tids in stuck.items():
        issues.append(f"threads {ranges_text(tids)} {why}")
    return _Execution(dict(pc), blocked, init_count, init_ref, arrivals, waits, completed, collectives, issues)


# --------------------------------------------------------------------------------------------------
# The happens-before graph


EDGE_KINDS = ("po", "mbarrier", "bar.sync", "syncwarp", "membar")


@dataclass
class Graph:
    """Nodes are executed events (and one virtual node per collective instance); edges carry a kind."""

    refs: list[Ref | None]  # node id -> event, None for a virtual node
    node: dict[Ref, int]
    edges: list[tuple[int, int, str]]
    collectives: list[tuple[str, tuple[Ref, ...]]] = field(default_factory=list)
    _anc: list[int] = field(default_factory=list)
    _depth: list[int] = field(default_factory=list)

    def closure(self) -> None:
        n = len(self.refs)
        preds: list[list[int]] = [[] for _ in range(n)]
        indeg = [0] * n
        succs: list[list[int]] = [[] for _ in range(n)]
        for a, b, _ in self.edges:
            preds[b].append(a)
            succs[a].append(b)
            indeg[b] += 1
        order = [i for i in range(n) if indeg[i] == 0]
        for i in order:  # Kahn: order grows while we walk it
            for s in succs[i]:
                indeg[s] -= 1
                if indeg[s] == 0:
                    order.append(s)
        if len(order) != n:
            raise ModelError("the synchronisation graph has a cycle")
        anc = [0] * n
        depth = [0] * n
        for i in order:
            bits = 1 << i
            d = 0
            for p in preds[i]:
                bits |= anc[p]
                d = max(d, depth[p] + 1)
            anc[i] = bits
            depth[i] = d
        self._anc, self._depth = anc, depth

    def hb(self, a: Ref, b: Ref) -> bool:
        """a happens-before b (or a is b)."""
        return bool(self._anc[self.node[b]] >> self.node[a] & 1)

    def depth(self, ref: Ref) -> int:
        return self._depth[self.node[ref]]


def _build_graph(program: Program, ex: _Execution, rules: RuleSet, extra: list[tuple[Ref, Ref]]) -> Graph:
    refs: list[Ref | None] = []
    node: dict[Ref, int] = {}
    edges: list[tuple[int, int, str]] = []
    for tid in sorted(program.threads):
        prev = None
        for index in range(ex.executed[tid]):
            ref = Ref(tid, index)
            node[ref] = len(refs)
            refs.append(ref)
            if prev is not None:
                edges.append((prev, node[ref], "po"))
            prev = node[ref]
    graph = Graph(refs, node, edges)
    for kind, members in ex.collectives:
        if kind == "syncwarp" and not rules.syncwarp_composes:
            graph.collectives.append((kind, members))  # drawn, and used as a local order only
            continue
        graph.collectives.append((kind, members))
        hub = len(refs)
        refs.append(None)
        for m in members:
            edges.append((node[m], hub, kind))
            nxt = Ref(m.tid, m.index + 1)
            if nxt in node:
                edges.append((hub, node[nxt], kind))
    for a, w in extra:
        edges.append((node[a], node[w], "mbarrier"))
    graph.closure()
    return graph


def _sync_edges(program: Program, ex: _Execution, graph: Graph | None) -> list[tuple[Ref, Ref]]:
    """Release-arrive → acquire-wait edges. With more arrivals than the count, an arrive is credited
    only if it is certain to be among the first `count` (graph: the current happens-before)."""
    threads = program.threads
    out = []
    for key in sorted(ex.completed):
        bar, _ = key
        arrives = ex.arrivals[key]
        total = sum(threads[a.tid][a.index].count for a in arrives)
        credited = []
        for a in arrives:
            if total <= ex.init_count[bar]:
                credited.append(a)
            elif graph is not None:
                maybe_before = sum(threads[b.tid][b.index].count for b in arrives if b != a and not graph.hb(a, b))
                if maybe_before + threads[a.tid][a.index].count <= ex.init_count[bar]:
                    credited.append(a)
        for a in credited:
            if threads[a.tid][a.index].sem != "release":
                continue
            for w in ex.waits.get(key, []):
                if threads[w.tid][w.index].sem == "acquire":
                    out.append((a, w))
    return out


# --------------------------------------------------------------------------------------------------
# Analysis


@dataclass(frozen=True)
class Race:
    """Two conflicting accesses to one byte that happens-before orders in neither direction."""

    byte: int
    write: Ref
    other: Ref
    kind: str  # "write-read" or "write-write"


@dataclass
class Analysis:
    program: Program
    rules: RuleSet
    races: list[Race]
    deadlocked: dict[int, int]
    issues: list[str]
    graph: Graph

    @property
    def unordered_bytes(self) -> int:
        """Distinct shared bytes with at least one unordered conflicting pair (racecheck counts per byte)."""
        return len({r.byte for r in self.races})

    @property
    def verdict(self) -> str:
        if self.deadlocked:
            return "hang"
        return "race" if self.races else "clean"

    def event(self, ref: Ref) -> Event:
        return self.program.threads[ref.tid][ref.index]

    def by_writer(self) -> list[dict]:
        """Per writer thread: distinct unordered bytes it wrote, and the threads on the other side."""
        rows: dict[int, dict] = {}
        for r in self.races:
            row = rows.setdefault(r.write.tid, {"tid": r.write.tid, "warp": warp_of(r.write.tid),
                                                "lane": lane_of(r.write.tid), "bytes": set(), "others": set()})
            row["bytes"].add(r.byte)
            row["others"].add(r.other.tid)
        return [{**row, "bytes": len(row["bytes"]), "others": sorted(row["others"])}
                for _, row in sorted(rows.items())]

    def summary(self) -> dict:
        return {
            "program": self.program.name,
            "description": self.program.description,
            "rules": self.rules.name,
            "unordered_bytes": self.unordered_bytes,
            "unordered_pairs": len(self.races),
            "verdict": self.verdict,
            "by_writer": self.by_writer(),
            "deadlocked_threads": sorted(self.deadlocked),
            "issues": list(self.issues),
        }


def _local_syncwarp(graph: Graph) -> dict[int, list[dict[int, int]]]:
    """Per thread: the non-composing syncwarp instances it takes part in, as {tid: index} maps."""
    out: dict[int, list[dict[int, int]]] = {}
    for kind, members in graph.collectives:
        if kind != "syncwarp":
            continue
        inst = {m.tid: m.index for m in members}
        for m in members:
            out.setdefault(m.tid, []).append(inst)
    return out


def analyze(program: Program, rules: str | RuleSet = "ptx") -> Analysis:
    """Happens-before of `program` under `rules`, and every unordered conflicting byte pair."""
    rs = rule_set(rules)
    ex = _execute(program, rs)
    graph = _build_graph(program, ex, rs, _sync_edges(program, ex, None))
    for _ in range(8):  # over-arrived phases: credit arrives that are certain, until nothing changes
        edges = _sync_edges(program, ex, graph)
        if len(edges) == sum(1 for *_, k in graph.edges if k == "mbarrier"):
            break
        graph = _build_graph(program, ex, rs, edges)
    issues = list(ex.issues)
    for ref in graph.node:
        ev = program.threads[ref.tid][ref.index]
        if isinstance(ev, (Arrive, Wait)) and ref != ex.init_ref[ev.bar] and not graph.hb(ex.init_ref[ev.bar], ref):
            issues.append(f"thread {ref.tid}: {describe(ev)} is not ordered after the init of {ev.bar!r} "
                          f"(thread {ex.init_ref[ev.bar].tid}); a bar.sync after the init fixes that")
    local = {} if rs.syncwarp_composes else _local_syncwarp(graph)
    proxy_fences = [ref for ref in graph.node if isinstance(program.threads[ref.tid][ref.index], Fence)
                    and program.threads[ref.tid][ref.index].kind == FENCE_PROXY_ASYNC]

    def ordered(a: Ref, b: Ref, pa: str, pb: str) -> bool:
        if pa != pb:  # cross-proxy: a fence.proxy.async must lie on a happens-before path
            return any(graph.hb(a, f) and graph.hb(f, b) for f in proxy_fences)
        if graph.hb(a, b):
            return True
        for inst in local.get(a.tid, ()):  # bar.warp.sync orders its own lanes' accesses
            if b.tid in inst and a.index < inst[a.tid] and inst[b.tid] < b.index:
                return True
        return False

    by_byte: dict[int, list[tuple[Ref, bool, str]]] = {}
    for ref in graph.node:
        ev = program.threads[ref.tid][ref.index]
        if not isinstance(ev, ACCESS_TYPES):
            continue
        if ev.proxy == "async" and not rs.sees_async_proxy:
            continue
        for byte in range(ev.addr, ev.addr + ev.size):
            by_byte.setdefault(byte, []).append((ref, isinstance(ev, Store), ev.proxy))
    races: list[Race] = []
    for byte in sorted(by_byte):
        accesses = by_byte[byte]
        for i, (a, wa, pa) in enumerate(accesses):
            for b, wb, pb in accesses[i + 1:]:
                if not (wa or wb):
                    continue
                if a.tid == b.tid and pa == pb:
                    continue  # program order
                if ordered(a, b, pa, pb) or ordered(b, a, pb, pa):
                    continue
                write, other = (a, b) if wa else (b, a)
                races.append(Race(byte, write, other, "write-write" if wa and wb else "write-read"))
    return Analysis(program, rs, races, dict(ex.blocked), issues, graph)


# --------------------------------------------------------------------------------------------------
# Tables


def rule_set_table(programs: dict[str, Program] | None = None, rules: Iterable[str] = RULE_NAMES):
    """Unordered bytes, program x rule set (default: V0-V5 and the twin unpatched / fixed)."""
    import pandas as pd

    from racelab.model import programs as mp

    programs = programs if programs is not None else mp.standard_programs()
    data = {name: {r: analyze(p, r).unordered_bytes for r in rules} for name, p in programs.items()}
    frame = pd.DataFrame.from_dict(data, orient="index")
    frame.index.name = "program"
    frame.columns.name = "rule set"
    return frame


def disagreements(table) -> list[str]:
    """Rows of a :func:`rule_set_table` on which the rule sets do not all agree."""
    return [name for name, row in table.iterrows() if row.nunique() > 1]


def three_views(measured: dict[str, int], sass: dict[str, str]):
    """The model's promise next to racecheck's measured hazards and the SASS before the arrive.

    ``measured`` and ``sass`` are keyed by program name (``V0``..``V5``, ``twin``, ``twin-fixed``,
    ``twin:TOPK:HEADS[:all]``); a program missing from one of them gets an empty cell.
    """
    import pandas as pd

    from racelab.model import programs as mp

    rows = []
    for name in sorted(set(measured) | set(sass), key=mp.sort_key):
        program = mp.program_by_name(name)
        row = {"program": name, "what it does": program.description}
        for r in RULE_NAMES:
            row[f"model: {r}"] = analyze(program, r).unordered_bytes
        row["racecheck measured"] = measured.get(name)
        row["SASS before the arrive"] = sass.get(name, "")
        got = measured.get(name)
        row["racecheck model = measured"] = None if got is None else got == row["model: racecheck"]
        rows.append(row)
    return pd.DataFrame(rows).set_index("program")


# --------------------------------------------------------------------------------------------------
# The litmus test (runs on an H200; see kernels/litmus/mp_mbarrier.cu)

LITMUS_SOURCE = Path("kernels") / "litmus" / "mp_mbarrier.cu"
# label -> (variant, extra arguments). The last one replaces elect.sync (which waits for the whole warp)
# with `if (lane == 0)` and delays lanes 1-31 before their stores, to see whether divergence shows.
LITMUS_CONFIGS = {
    **{v: (v, ()) for v in ("V0", "V1", "V2", "V3", "V4", "V5")},
    "V0-lane0-skew": ("V0", ("--leader", "lane0", "--skew", "2000")),
}


def _repo_path(relative: Path) -> Path:
    from racelab.core.paths import repo_root

    return repo_root() / relative


def litmus_command(arch: str = "sm_90a") -> str:
    """The one command to run on the GPU machine: builds, runs every variant, records a run."""
    return f"racelab model litmus --run --arch {arch}"


def litmus_build(arch: str = "sm_90a", out_dir: Path | None = None) -> tuple[Path, str]:
    """Compile the litmus binary (and keep its cubin); returns (binary, build log)."""
    from racelab.core.paths import cache_dir

    src = _repo_path(LITMUS_SOURCE)
    out_dir = Path(out_dir) if out_dir else cache_dir() / "litmus"
    out_dir.mkdir(parents=True, exist_ok=True)
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    binary = out_dir / f"mp_mbarrier-{arch}"
    log = []
    for cmd in ([nvcc, "-O3", "-std=c++17", f"-arch={arch}", "-lineinfo", "-o", str(binary), str(src)],
                [nvcc, "-O3", "-std=c++17", f"-arch={arch}", "-cubin", "-o", str(binary) + ".cubin", str(src)]):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        log.append("$ " + " ".join(cmd) + "\n" + proc.stdout + proc.stderr)
        if proc.returncode != 0:
            raise ModelError("litmus build failed:\n" + "\n".join(log))
    return binary, "\n".join(log)


def _disassemble(cubin: Path) -> str:
    tools = [shutil.which("cuobjdump") and [shutil.which("cuobjdump"), "-sass", str(cubin)],
             shutil.which("nvdisasm") and [shutil.which("nvdisasm"), "-c", str(cubin)]]
    pip_nvdisasm = Path(sys.prefix) / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / \
        "site-packages" / "nvidia" / "cu13" / "bin" / "nvdisasm"
    if pip_nvdisasm.exists():
        tools.append([str(pip_nvdisasm), "-c", str(cubin)])
    for cmd in filter(None, tools):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode == 0 and proc.stdout.strip():
            return proc.stdout
    return ""


def run_litmus(configs: dict[str, tuple[str, tuple[str, ...]]] | None = None, trials: int = 300_000_000,
               seconds: float = 6.0, arch: str = "sm_90a", binary: Path | None = None) -> list[dict]:
    """Run the litmus binary once per configuration (each bounded by `seconds`); one dict per run."""
    configs = LITMUS_CONFIGS if configs is None else configs
    binary = binary or litmus_build(arch)[0]
    results = []
    for label, (variant, extra) in configs.items():
        cmd = [str(binary), "--variant", variant, "--trials", str(trials), "--seconds", str(seconds), *extra]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds * 4 + 60)
        if proc.returncode not in (0, 3):  # 3: finished, but some CTA hit the wait time limit (recorded)
            raise ModelError(f"litmus {label} failed ({proc.returncode}): {proc.stderr.strip()}")
        result = json.loads(proc.stdout.strip().splitlines()[-1])
        result.update(config=label, command=cmd[1:], returncode=proc.returncode)
        results.append(result)
    return results


def record_litmus(configs: dict[str, tuple[str, tuple[str, ...]]] | None = None, trials: int = 300_000_000,
                  seconds: float = 6.0, arch: str = "sm_90a"):
    """On an sm_90 GPU: build, disassemble, run every configuration (about 50 s in all) and record it
    as one ``litmus`` run (source, build log, SASS, one JSON per configuration, summary.json)."""
    from racelab.core import store

    started = time.time()
    binary, build_log = litmus_build(arch)
    sass = _disassemble(Path(str(binary) + ".cubin"))
    results = run_litmus(configs, trials, seconds, arch, binary)
    command = ["racelab", "model", "litmus", "--run", "--arch", arch, "--trials", str(trials),
               "--seconds", str(seconds)]
    with store.new_run("litmus", command=command) as run:
        run.add_file("mp_mbarrier.cu", _repo_path(LITMUS_SOURCE))
        run.write_text("build.log", build_log)
        if sass:
            run.write_text("mp_mbarrier.sass", sass, compress=True)
        for result in results:
            run.write_json(f"result-{result['config']}.json", result)
        run.write_json("summary.json", {"kernel": "mp_mbarrier", "arch": arch, "results": results,
                                        "wall_s": round(time.time() - started, 3)})
    return run.recorded


def litmus_table(rec):
    """A recorded litmus run as a table, one row per configuration, next to what the model promises."""
    import pandas as pd

    from racelab.model import programs as mp

    rows = []
    for r in rec.read_json("summary.json")["results"]:
        program = mp.calibration(r["variant"])
        rows.append({"config": r["config"], "leader": r["leader"], "skew cycles": r["skew_cycles"],
                     "trials": r["trials"], "reads checked": r["reads_checked"], "stale reads": r["stale_reads"],
                     "stale reads of the leader's words": r["stale_reads_leader_words"],
                     "timeouts": r["timeouts"], "seconds": r["elapsed_s"],
                     "model: ptx (bytes)": analyze(program, "ptx").unordered_bytes,
                     "model: hardware-membar (bytes)": analyze(program, "hardware-membar").unordered_bytes})
    return pd.DataFrame(rows).set_index("config")


# --------------------------------------------------------------------------------------------------
# Command line


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # exit code 2 via main(), not sys.exit inside argparse
        raise _UsageError(message)


def _parser() -> _Parser:
    p = _Parser(prog="racelab model", description="The executable happens-before model.",
                epilog="examples: racelab model V0 --rules racecheck | racelab model twin --topk 128 --heads 64 "
                       "| racelab model table | racelab model exercise A | racelab model litmus --run")
    p.add_argument("target", help="V0..V5, twin, table, exercises, exercise KEY, litmus")
    p.add_argument("key", nargs="?", help="the exercise key (with target 'exercise')")
    p.add_argument("--rules", default="ptx", help=f"rule set: {', '.join(RULES)} (default ptx)")
    p.add_argument("--topk", type=int, help="twin: topk (fp32 sGradSignal entries), default 128")
    p.add_argument("--heads", type=int, help="twin: heads (bf16 sW entries), default 64")
    p.add_argument("--arrive", choices=("elected", "all"), help="twin: elected lane (unpatched) or all lanes (fix)")
    p.add_argument("--no-fence", action="store_true", help="twin: drop the fence.proxy.async before the arrive")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--pairs", action="store_true", help="list every unordered byte pair")
    p.add_argument("--run", action="store_true", help="litmus: build, run and record (needs an NVIDIA GPU)")
    p.add_argument("--arch", default="sm_90a", help="litmus: nvcc -arch (default sm_90a)")
    p.add_argument("--trials", type=int, default=300_000_000, help="litmus: trials per configuration")
    p.add_argument("--seconds", type=float, default=6.0, help="litmus: time limit per configuration")
    return p


def ranges_text(values: list[int]) -> str:
    """Sorted ints as runs: [1, 2, 3, 5] -> "1-3,5"."""
    out, start = [], None
    for i, v in enumerate(values):
        if start is None:
            start = v
        if i + 1 == len(values) or values[i + 1] != v + 1:
            out.append(f"{start}" if start == v else f"{start}-{v}")
            start = None
    return ",".join(out)


def format_report(a: Analysis, pairs: bool = False) -> str:
    s = a.summary()
    lines = [f"program: {a.program.name}" + (f"  ({a.program.description})" if a.program.description else ""),
             f"rules: {a.rules.name}",
             f"unordered_bytes: {s['unordered_bytes']}",
             f"unordered_pairs: {s['unordered_pairs']}",
             f"verdict: {s['verdict']}"]
    groups: dict[tuple[int, int], list[dict]] = {}
    for row in s["by_writer"]:
        groups.setdefault((row["warp"], row["bytes"]), []).append(row)
    if groups:
        lines.append("unordered bytes by writer:")
        for (warp, nbytes), rows in sorted(groups.items()):
            lanes = ranges_text([r["lane"] for r in rows])
            others = ranges_text(sorted({o for r in rows for o in r["others"]}))
            lines.append(f"  warp {warp} lanes {lanes}: {nbytes} B each ({nbytes * len(rows)} B), "
                         f"against threads {others}")
    for issue in s["issues"]:
        lines.append(f"note: {issue}")
    if pairs:
        for r in a.races:
            lines.append(f"  byte {r.byte}: {r.kind} thread {r.write.tid} {describe(a.event(r.write))} / "
                         f"thread {r.other.tid} {describe(a.event(r.other))}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from racelab.model import programs as mp

    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parser().parse_args(argv)
        target = args.target
        twin_opts = [o for o in ("topk", "heads", "arrive") if getattr(args, o) is not None] + \
            (["no-fence"] if args.no_fence else [])
        if target != "twin" and twin_opts:
            raise _UsageError(f"--{twin_opts[0]} only applies to 'racelab model twin'")
        if target != "exercise" and args.key is not None:
            raise _UsageError(f"unexpected argument {args.key!r}")
        if target == "litmus":
            if not args.run:
                print(litmus_command(args.arch))
                return 0
            if args.trials <= 0 or args.seconds <= 0:
                raise _UsageError("--trials and --seconds must be > 0")
            rec = record_litmus(trials=args.trials, seconds=args.seconds, arch=args.arch)
            print(f"recorded {rec.experiment}/{rec.id} (manifest {rec.manifest_hash[:16]})")
            print(litmus_table(rec).to_string())
            return 0
        if target == "table":
            table = rule_set_table()
            print(table.to_json(orient="index") if args.json else table.to_string())
            return 0
        if target == "exercises":
            rows = [{"key": e.key, "title": e.title, **{r: analyze(e.program, r).verdict for r in RULE_NAMES}}
                    for e in mp.EXERCISES]
            if args.json:
                print(json.dumps(rows, indent=2))
            else:
                for row in rows:
                    print(f"{row['key']}: {row['title']}: " + ", ".join(f"{r} {row[r]}" for r in RULE_NAMES))
            return 0
        rules = rule_set(args.rules)
        if target == "twin":
            topk = 128 if args.topk is None else args.topk
            heads = 64 if args.heads is None else args.heads
            program = mp.twin(topk, heads, arrive=args.arrive or "elected", fence=not args.no_fence)
        elif target == "exercise":
            if args.key is None:
                raise _UsageError(f"which exercise? one of {', '.join(e.key for e in mp.EXERCISES)}")
            program = mp.exercise(args.key).program
        elif target in mp.VARIANTS:
            program = mp.calibration(target)
        else:
            raise _UsageError(f"unknown target {target!r}; choose V0..V5, twin, table, exercises, exercise KEY, litmus")
        analysis = analyze(program, rules)
    except (_UsageError, ModelError) as exc:
        print(f"racelab model: {exc}", file=sys.stderr)
        return 2
    if args.json:
        out = analysis.summary()
        if args.pairs:
            out["pairs"] = [{"byte": r.byte, "kind": r.kind, "write": dataclasses.asdict(r.write),
                             "other": dataclasses.asdict(r.other)} for r in analysis.races]
        print(json.dumps(out, indent=2))
    else:
        print(format_report(analysis, pairs=args.pairs))
    return 0


# The named programs live in model_programs (which imports the events above); they are reachable as
# `racelab.model.core.twin(...)` etc. through a lazy attribute, so either module can be imported first.
_FROM_PROGRAMS = ("EXERCISES", "VARIANTS", "Exercise", "calibration", "exercise", "predicted_hazard_bytes",
                  "program_by_name", "standard_programs", "twin")


def __getattr__(name: str):
    if name in _FROM_PROGRAMS:
        from racelab.model import programs as model_programs

        return getattr(model_programs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "FENCE_ACQ_REL", "FENCE_PROXY_ASYNC", "FENCE_SC", "FULL_MASK", "LITMUS_CONFIGS", "RULE_NAMES", "RULES",
    "WARP_SIZE", "Analysis", "Arrive", "BarSync", "Builder", "EXERCISES", "Elect", "Exercise", "Fence", "Load",
    "MbarInit", "ModelError", "Program", "Race", "Ref", "RuleSet", "Store", "SyncWarp", "VARIANTS", "Wait",
    "analyze", "calibration", "describe", "disagreements", "exercise", "litmus_command", "litmus_table",
    "predicted_hazard_bytes", "program_by_name", "record_litmus", "rule_set", "rule_set_table", "run_litmus",
    "standard_programs", "three_views", "tma_store_read", "twin",
]

if __name__ == "__main__":  # `python -m racelab.model.core`: run the package module, not a second copy of it
    from racelab.model.core import main as _main

    sys.exit(_main())
