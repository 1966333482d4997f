"""An executable happens-before model of shared-memory handoffs inside one CTA.

A *program* is one list of events per thread (linear thread id in the CTA; lane = tid % 32, warp =
tid // 32): weak stores and loads to a byte-addressed shared space, release stores and acquire loads of
flags, fences, ``__syncwarp``, ``elect.sync``, ``bar.sync`` and mbarrier init / arrive / wait.
:func:`analyze` runs the program's synchronisation to a fixpoint (which phases complete, which flags are
set, who deadlocks), builds the happens-before graph under a named *rule set*, and lists every pair of
conflicting accesses to the same byte, by different threads (or through different proxies), that are not
morally strong and that happens-before orders in neither direction.

Happens-before here is PTX's base causality order (PTX ISA §8.9.5): program order and synchronizes-with,
closed transitively. Transitivity is the cumulativity of synchronizing operations (§8.9.5's footnote;
ASPLOS'19 §3.4.4): a release carries everything before it in causality order, other threads' accesses
included. The model follows one execution (the one in which every wait and every flag spin succeeds); it
does not say which value a racy read returns. :mod:`racelab.model.checker` enumerates executions and does.

Rule sets: :mod:`racelab.model.rules` (``ptx-formal``, ``ptx+warpsync``, ``racecheck``, ``membar-assumed``).

Limits, on purpose: one CTA; shared memory only; weak loads and stores, release/acquire flag accesses
(a flag has one release store, which its acquire loads spin on) and async-proxy accesses at the point
the issuing thread issues them; a thread's j-th arrive on a barrier counts toward phase j; no
expect-tx / complete-tx; scopes other than ``.cta`` are not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from racelab.model.events import (
    ACCESS_SEMANTICS,
    ACCESS_TYPES,
    FENCE_ACQ_REL,
    FENCE_KINDS,
    FENCE_PROXY_ASYNC,
    FENCE_SC,
    FULL_MASK,
    PROXIES,
    SASS_LOWERING,
    Arrive,
    BarSync,
    Builder,
    Elect,
    Event,
    Fence,
    Load,
    MbarInit,
    ModelError,
    Program,
    Store,
    SyncWarp,
    Wait,
    describe,
    lane_of,
    tma_store_read,
    warp_of,
)
from racelab.model.rules import RULE_NAMES, RULES, SYNCWARP_READINGS, RuleSet, rule_set
from racelab.readers import racecheck_log
from racelab.vocab import WARP_SIZE

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
    flags: list[tuple[Ref, Ref]]  # (release store, the acquire load that read it)


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
            if ev.sem not in ACCESS_SEMANTICS[type(ev)] or (ev.sem != "weak" and ev.proxy != "generic"):
                raise ModelError(f"{where}: a {type(ev).__name__.lower()} is one of "
                                 f"{ACCESS_SEMANTICS[type(ev)]}, and only generic-proxy ones are strong")
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
    flags: dict[tuple[int, int], int] = {}
    for tid, index, ev in program.events():
        if isinstance(ev, Store) and ev.sem == "release":
            flags[(ev.addr, ev.size)] = flags.get((ev.addr, ev.size), 0) + 1
            if flags[(ev.addr, ev.size)] > 1:
                raise ModelError(f"{program.name}: flag [{ev.addr}:{ev.addr + ev.size}] has more than one release "
                                 "store; the model cannot tell which one an acquire load reads")
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
    released: dict[tuple[int, int], Ref] = {}  # flag (addr, size) -> its executed release store
    flags: list[tuple[Ref, Ref]] = []

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
                elif isinstance(ev, Load) and ev.sem == "acquire":
                    if (ev.addr, ev.size) not in released:
                        break  # spins until the flag's release store has executed
                    flags.append((released[(ev.addr, ev.size)], Ref(tid, index)))
                elif isinstance(ev, Store) and ev.sem == "release":
                    released[(ev.addr, ev.size)] = Ref(tid, index)
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
    if rules.membar:
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
        elif isinstance(ev, Load):
            why = f"spin forever on flag [{ev.addr}:{ev.addr + ev.size}] (no release store sets it)"
        else:
            why = f"block forever at {describe(ev)} (a participant never gets there)"
        stuck.setdefault(why, []).append(tid)
    for why, tids in stuck.items():
        issues.append(f"threads {racecheck_log.ranges_text(tids, sep=',')} {why}")
    return _Execution(dict(pc), blocked, init_count, init_ref, arrivals, waits, completed, collectives, issues,
                      flags)


# --------------------------------------------------------------------------------------------------
# The happens-before graph


EDGE_KINDS = ("po", "mbarrier", "bar.sync", "syncwarp", "membar", "release-acquire")


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
        if kind == "syncwarp" and rules.syncwarp == "none":
            continue  # no edge of any kind (§8.9.4 does not list bar.warp.sync)
        if kind == "syncwarp" and rules.syncwarp == "lanes-only":
            graph.collectives.append((kind, members))  # drawn, and used as racecheck's local order only
            continue
        first = program.threads[members[0].tid][members[0].index]
        if kind == "bar.sync" and first.count is not None and not rules.counted_bar_sync:
            continue  # racecheck: a named barrier with a thread count gave no credit (V6, measured)
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
    if rules.release_acquire:
        for w, r in ex.flags:
            edges.append((node[w], node[r], "release-acquire"))
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
    """Per thread: the syncwarp instances it takes part in, as {tid: index} maps (racecheck's local order)."""
    out: dict[int, list[dict[int, int]]] = {}
    for kind, members in graph.collectives:
        if kind != "syncwarp":
            continue
        inst = {m.tid: m.index for m in members}
        for m in members:
            out.setdefault(m.tid, []).append(inst)
    return out


def analyze(program: Program, rules: str | RuleSet = "ptx-formal") -> Analysis:
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
    local = _local_syncwarp(graph) if rs.syncwarp == "lanes-only" else {}
    proxy_fences = [ref for ref in graph.node if isinstance(program.threads[ref.tid][ref.index], Fence)
                    and program.threads[ref.tid][ref.index].kind == FENCE_PROXY_ASYNC]

    def ordered(a: Ref, b: Ref, pa: str, pb: str) -> bool:
        if pa != pb:  # cross-proxy: a fence.proxy.async must lie on a happens-before path
            return any(graph.hb(a, f) and graph.hb(f, b) for f in proxy_fences)
        if graph.hb(a, b):
            return True
        for inst in local.get(a.tid, ()):  # racecheck: __syncwarp orders its own lanes' accesses, no further
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
        strong = (ev.addr, ev.size) if ev.sem != "weak" and rs.release_acquire else None
        for byte in range(ev.addr, ev.addr + ev.size):
            by_byte.setdefault(byte, []).append((ref, isinstance(ev, Store), ev.proxy, strong))
    races: list[Race] = []
    for byte in sorted(by_byte):
        accesses = by_byte[byte]
        for i, (a, wa, pa, sa) in enumerate(accesses):
            for b, wb, pb, sb in accesses[i + 1:]:
                if not (wa or wb):
                    continue
                if a.tid == b.tid and pa == pb:
                    continue  # program order
                if sa is not None and sa == sb:
                    continue  # morally strong (§8.7.1): strong, .cta scope, exactly overlapping
                if ordered(a, b, pa, pb) or ordered(b, a, pb, pa):
                    continue
                write, other = (a, b) if wa else (b, a)
                races.append(Race(byte, write, other, "write-write" if wa and wb else "write-read"))
    return Analysis(program, rs, races, dict(ex.blocked), issues, graph)


__all__ = [
    "ACCESS_SEMANTICS", "ACCESS_TYPES", "EDGE_KINDS", "FENCE_ACQ_REL", "FENCE_KINDS", "FENCE_PROXY_ASYNC",
    "FENCE_SC", "FULL_MASK", "PROXIES", "RULE_NAMES", "RULES", "SYNCWARP_READINGS", "SASS_LOWERING",
    "WARP_SIZE", "Analysis", "Arrive", "BarSync", "Builder", "Elect", "Event", "Fence", "Graph", "Load",
    "MbarInit", "ModelError", "Program", "Race", "Ref", "RuleSet", "Store", "SyncWarp", "Wait", "analyze",
    "describe", "lane_of", "rule_set", "tma_store_read", "warp_of",
]
