"""An exhaustive checker for the PTX memory model (PTX ISA chapter 8), small programs only.

It enumerates every candidate execution of a litmus program (which write each read reads from, the
coherence order of the writes to each location, the order of `fence.sc` fences) and keeps those the axioms
allow. The axioms and the derived orders follow the formalisation of chapter 8 by Lustig, Sahasrabuddhe and
Giroux (ASPLOS 2019, NVlabs/ptxmemorymodel `ptx.als`):

- morally strong (§8.7.1): two operations of one thread, or two strong (non-`.weak`) operations whose
  scopes each include the other's thread;
- observation order: a morally strong reads-from, extended through read-modify-writes;
- synchronizes-with (§8.9.4's list, "release and acquire patterns" of §8.8): a release pattern whose write is
  observed by an acquire pattern's read, the two morally strong; a `bar.sync` arrive with the waits of the same
  barrier instance (every execution of a barrier is an instance of its own: a thread's k-th `bar.sync ID`
  meets the other threads' k-th); `fence.sc` pairs in fence-SC order. A barrier is not a fence: it is no
  half of a release or acquire pattern;
- base causality order (§8.9.5): the transitive closure of program order and synchronizes-with, so a
  synchronizes-with edge carries everything before it in causality order (cumulativity);
- causality order: base causality order, and observation followed by base causality order;
- the axioms (§8.10): no thin air, sequential consistency per location, atomicity, coherence, causality.

Two rule sets: ``ptx-formal`` has exactly the edges above, so `bar.warp.sync` synchronizes nothing;
``ptx+warpsync`` assumes that `bar.warp.sync` synchronizes the lanes of one warp that execute it as `bar.sync`
does (its instruction description says those lanes may then read each other's values; §8.9.4's list does
not have it, so this is an assumption, not a rule of chapter 8).

`mbarrier` is modelled from the instruction descriptions: `mbarrier.arrive` is a read-modify-write of the
barrier's pending count with `.release.cta` semantics (its write is the release). The init value is the
expected count of each phase; phase n completes with the (n + 1)-th expected count of arrives, and a
thread's n-th `mbarrier.wait LOC` waits for phase n: it is an `.acquire.cta` read that returns only once it
has read a count at or past that phase's completion. Each arrive's write reaches the wait through the chain
of read-modify-writes (observation order), so every arrive of the phase, and of the phases before it,
synchronizes with the wait. A wait that no execution can complete, or a barrier instance some thread never
reaches, leaves no execution: the verdict is "deadlock". Proxy fences order nothing among generic accesses
and are no-ops here.

Litmus format (one instruction per line; `#` starts a comment)::

    name: MP+rel-acq
    init: x=0 y=0 bar=1              # locations not named start at 0; an mbarrier's value is its count
    thread T0 cta=0 warp=0           # lane=L and cluster=K too; a lane is by default the thread's place in its warp
      st.weak x 1
      st.release.cta y 1
    thread T1 cta=0 warp=1
      r0 = ld.acquire.cta y
      r1 = ld.weak x
    exists: T1:r0=1 /\\ T1:r1=0

Instructions: ``st.{weak|relaxed.S|release.S} LOC VALUE``, ``REG = ld.{weak|relaxed.S|acquire.S} LOC``,
``fence.{sc|acq_rel}.S``, ``fence.proxy.async``, ``bar.sync ID [COUNT]`` (without COUNT every thread of the CTA
that executes it takes part; COUNT counts the program's threads: more than execute it is a deadlock, fewer is
refused, since which threads meet would depend on timing), ``bar.arrive ID COUNT`` (takes part, does not wait),
``bar.warp.sync [MASK]`` (the threads of the same warp that execute it; the executing thread's lane must be in
MASK), ``mbarrier.arrive LOC``,
``mbarrier.wait LOC`` (a thread's n-th wait on LOC waits for phase n), ``REG = atom.SEM.S.{add|exch} LOC VALUE``,
``REG = atom.SEM.S.cas LOC EXPECTED NEW`` (writes NEW where it read EXPECTED, else the value it read, as the atom
instruction's description defines cas) and ``red.{relaxed|release}.S.add LOC VALUE`` (SEM: relaxed, acquire,
release, acq_rel; one read-modify-write, its read the acquire and its write the release of SEM),
``barrier.cluster.arrive[.release|.relaxed]`` and ``barrier.cluster.wait[.acquire]`` (the wait returns once
every thread of its cluster has arrived; a release arrive synchronizes with the instance's waits, a relaxed one
orders nothing, as the instruction description says). Each location holds one value of one
size: races of mixed sizes (§8.7.2), where the axioms no longer apply, cannot be written. Scopes S: cta,
cluster, gpu, sys; ``cluster=K`` on a thread line puts its CTA in cluster K (0 by default), and .cluster includes
the threads of the CTAs of one cluster. The condition is a conjunction (``/\\``) of ``THREAD:REG=VALUE`` and ``LOC=VALUE`` (the value of the
location's coherence-last write; none where coherence leaves its last writes unordered).
``filter: THREAD:REG=VALUE /\\ ...`` discards, before the verdict and the races, every execution whose final
values differ: a spin-wait ``while (ld.acquire flag != 1)`` is one load of the flag with ``filter: T1:r0=1``.
"""

import itertools
from dataclasses import dataclass

from racelab.model.litmus_text import (  # noqa: F401 - the litmus format, re-exported for the checker's callers
    SCOPES, LitmusEvent, LitmusError, LitmusProgram, Thread, parse)
from racelab.model.proxies import phase_done, preserved
from racelab.model.rules import RuleSet, rule_set

RULE_SETS = ("ptx-formal", "ptx+warpsync")


# ---------------------------------------------------------------------------------------------- relations
# A relation over n events is a list of n bit masks: bit j of rel[i] means i -> j.


def _empty(n):
    return [0] * n


def _from_pairs(n, pairs):
    rel = _empty(n)
    for a, b in pairs:
        rel[a] |= 1 << b
    return rel


def _union(*rels):
    out = list(rels[0])
    for rel in rels[1:]:
        out = [a | b for a, b in zip(out, rel)]
    return out


def _compose(a, b):
    n = len(a)
    out = _empty(n)
    for i in range(n):
        row, bits = 0, a[i]
        while bits:
            low = bits & -bits
            row |= b[low.bit_length() - 1]
            bits ^= low
        out[i] = row
    return out


def _closure(rel):
    """Transitive closure (Warshall)."""
    rel = list(rel)
    n = len(rel)
    for k in range(n):
        bit = 1 << k
        row_k = rel[k]
        for i in range(n):
            if rel[i] & bit:
                rel[i] |= row_k
    return rel


def _reflexive(rel):
    return [row | (1 << i) for i, row in enumerate(rel)]


def _acyclic(rel) -> bool:
    closed = _closure(rel)
    return not any((row >> i) & 1 for i, row in enumerate(closed))


def _has(rel, a, b) -> bool:
    return bool((rel[a] >> b) & 1)


# ---------------------------------------------------------------------------------------------- the model


def _includes(scope: str, a: Thread, b: Thread) -> bool:
    if scope == "thread":
        return a.name == b.name
    if scope == "cta":
        return a.cta == b.cta
    if scope == "cluster":
        return a.cluster == b.cluster
    return True  # one GPU: gpu and sys include every thread here


@dataclass(frozen=True)
class Execution:
    rf: dict  # read id -> write id, or None for the initial value
    co: dict  # location -> frozenset of (earlier write id, later write id), transitive
    sc: tuple  # fence.sc ids in fence-SC order
    values: dict  # event id -> value read or written


def _checkable(rules: str | RuleSet) -> RuleSet:
    """The rule set `rules` names (racelab.model.rules), if the checker implements it: PTX's axioms with or
    without bar.warp.sync synchronizing its lanes; LitmusError for any other (the tool's fitted rules, an
    assumed MEMBAR, no release/acquire)."""
    try:
        rs = rule_set(rules)
    except ValueError as err:
        raise LitmusError(f"{err} (the checker's: {', '.join(RULE_SETS)})") from None
    if rs.syncwarp not in ("none", "barrier") or rs.membar or not (rs.release_acquire and rs.counted_bar_sync):
        raise LitmusError(f"the checker implements the PTX axioms, not rule set {rs.name!r}; one of "
                          f"{', '.join(RULE_SETS)} or a RuleSet like them")
    return rs


class Checker:
    """All candidate executions of one program under one rule set, and the ones the axioms allow."""

    def __init__(self, program: LitmusProgram, rules: str | RuleSet = "ptx-formal", fence_patterns: bool = True):
        """``fence_patterns=False`` reads fences as NVlabs/mixedproxy's `ptx.als` does (its morally-strong
        relation asks for one proxy, and a fence has none): no fence is half of a release or acquire pattern,
        while fence.sc keeps its fence-SC order. Used to explain that model's verdicts, never for the book's."""
        self.rule_set = _checkable(rules)
        self.program, self.rules = program, self.rule_set.name
        self.events = program.events
        self.thread = {t.name: t for t in program.threads}
        self.n = len(self.events)
        ev = self.events
        n = self.n
        self.po = _from_pairs(n, [(a.id, b.id) for t in program.threads
                                  for i, a in enumerate(t.events) for b in t.events[i + 1:]])
        self.po_imm = _from_pairs(n, [(a.id, b.id) for t in program.threads for a, b in zip(t.events, t.events[1:])])
        mem = [e for e in ev if e.kind in "RW"]
        self.po_loc = _from_pairs(n, [(a.id, b.id) for a in mem for b in mem
                                      if a.loc == b.loc and _has(self.po, a.id, b.id)])
        self.strong = _from_pairs(n, [(a.id, b.id) for a in ev for b in ev if a.id != b.id and self._strong(a, b)])
        self.rmw = _from_pairs(n, [(e.rmw_read, e.id) for e in ev if e.rmw_read is not None])
        self.copy_dep = _from_pairs(n, [(e.copy_of, e.id) for e in ev if e.copy_of is not None])
        self.issue = _from_pairs(n, [(t.issued_by, e.id) for t in program.threads if t.is_copy for e in t.events])
        self.proxy_fences = [e.id for e in ev if e.kind == "FP"]
        self.cta_of = {e.id: self.thread[e.thread].cta for e in ev}
        self.writes = {}
        for e in ev:
            if e.kind == "W":
                self.writes.setdefault(e.loc, []).append(e.id)
        self.reads = [e for e in ev if e.kind == "R"]
        self.sync_barrier = self._barrier_edges()
        self.barriers_match = self._barriers_match()
        fence_rel = [e.id for e in ev if e.kind == "F" and e.sem in ("sc", "acq_rel") and fence_patterns]
        self.fence_rels = self.fence_acqs = fence_rel
        self.sc_fences = [e.id for e in ev if e.kind == "F" and e.sem == "sc"]

    def _strong(self, a: LitmusEvent, b: LitmusEvent) -> bool:
        ta, tb = self.thread[a.thread], self.thread[b.thread]
        if ta.name == tb.name:
            return True
        return a.proxy == b.proxy and _includes(a.scope, ta, tb) and _includes(b.scope, tb, ta)

    def _barrier_edges(self):
        groups = {}
        for e in self.events:
            if e.barrier is None:
                continue
            if e.barrier[0] == "warp" and self.rule_set.syncwarp == "none":
                continue  # §8.9.4 lists no synchronizes-with edge for bar.warp.sync
            groups.setdefault(e.barrier, {"BA": [], "BW": []})[e.kind].append(e.id)
        pairs = [(a, w) for g in groups.values() for a in g["BA"] for w in g["BW"]
                 if self._strong(self.events[a], self.events[w]) and self.events[a].sem != "relaxed"]
        return _from_pairs(self.n, pairs)

    def _barriers_match(self) -> bool:
        """Whether every thread that takes part in a `bar.sync ID` of its CTA executes it as often as the
        others (else some instance never completes: every execution deadlocks). bar.sync waits for all the
        threads that execute the barrier; bar.warp.sync for the threads of its warp that execute it."""
        runs = {}
        for t in self.program.threads:
            for key, k in t.executed.items():
                if key[0] in ("bar", "warp"):
                    runs.setdefault(key, set()).add(k)
        short = [e for e in self.events if e.kind == "BA" and e.barrier[0] == "bar" and e.count is not None
                 and e.count > sum(1 for o in self.events if o.kind == "BA" and o.barrier == e.barrier)]
        # barrier.cluster.wait: every thread of the cluster has made the instance's arrive
        members = {}
        for t in self.program.threads:
            if not t.is_copy:
                members.setdefault(t.cluster, set()).add(t.name)
        arrived = {}
        for e in self.events:
            if e.kind == "BA" and e.barrier[0] == "cluster":
                arrived.setdefault(e.barrier, set()).add(e.thread)
        own = {(e.thread, e.barrier): e.id for e in self.events if e.kind == "BA" and e.barrier[0] == "cluster"}
        waiting = all(arrived.get(e.barrier, set()) == members[e.barrier[1]]
                      and own.get((e.thread, e.barrier), e.id) < e.id  # a wait before its own arrive waits forever
                      for e in self.events if e.kind == "BW" and e.barrier[0] == "cluster")
        return all(len(counts) == 1 for counts in runs.values()) and not short and waiting

    def _phase_done(self, read: LitmusEvent, x: "Execution") -> bool:
        """Whether a wait saw its phase complete in `x` (racelab.model.proxies.phase_done): after k arrives the
        pending count is init - k, and phase n completes with arrive (n + 1) * init once the tx-count is zero."""
        w = x.rf[read.id]
        chain = [] if w is None else [w] + [u for u, v in x.co.get(read.loc, ()) if v == w]
        return phase_done(self.program.init.get(read.loc, 0), read.phase, [x.values[u] for u in chain])

    # ------------------------------------------------------------------ enumeration

    def _co_candidates(self, loc):
        """Strict partial orders over the location's writes that order every pair that must be ordered
        (same thread, or morally strong), as sets of pairs, transitively closed."""
        ws = self.writes.get(loc, [])
        pairs = [(a, b) for a in ws for b in ws if a < b]
        must = [(a, b) for a, b in pairs if _has(self.strong, a, b)]
        out = []
        for choice in itertools.product((0, 1, 2), repeat=len(pairs)):  # unordered, a before b, b before a
            rel = set()
            for (a, b), c in zip(pairs, choice):
                if c == 1:
                    rel.add((a, b))
                elif c == 2:
                    rel.add((b, a))
            if any(c == 0 for (p, c) in zip(pairs, choice) if p in must):
                continue
            if all((x, z) in rel for (x, y) in rel for (y2, z) in rel if y == y2 and x != z) and \
                    not any((y, x) in rel for (x, y) in rel):
                out.append(frozenset(rel))
        return out

    def executions(self):
        """Every candidate execution whose values are well defined (no value depends on itself) and whose final
        register values satisfy the program's filter (a spin-wait's exit: the executions in which the loop
        would not have ended are not executions of the program)."""
        keep = set(self.program.filter)
        for x in self._candidates():
            if not keep or keep <= self.state(x):
                yield x

    def _candidates(self):
        rf_choices = [[None] + self.writes.get(r.loc, []) for r in self.reads]
        locs = sorted(self.writes)
        co_choices = [self._co_candidates(loc) for loc in locs]
        sc_orders = list(itertools.permutations(self.sc_fences)) or [()]
        for rf_pick in itertools.product(*rf_choices):
            rf = {r.id: w for r, w in zip(self.reads, rf_pick)}
            values = self._values(rf)
            if values is None:
                continue
            for co_pick in itertools.product(*co_choices):
                co = dict(zip(locs, co_pick))
                for sc in sc_orders:
                    yield Execution(rf, co, sc, values)

    def _values(self, rf):
        values, busy = {}, set()

        def value(eid):
            if eid in values:
                return values[eid]
            if eid in busy:
                raise _ThinAir
            busy.add(eid)
            e = self.events[eid]
            if e.kind == "R":
                src = rf[eid]
                v = self.program.init.get(e.loc, 0) if src is None else value(src)
            elif e.decrement:
                v = value(e.rmw_read) - 1
            elif e.copy_of is not None:
                v = value(e.copy_of)
            elif e.op is not None:
                old = value(e.rmw_read)
                v = {"add": lambda: old + e.op[1], "exch": lambda: e.op[1],
                     "cas": lambda: e.op[2] if old == e.op[1] else old}[e.op[0]]()
            else:
                v = e.value
            busy.discard(eid)
            values[eid] = v
            return v

        try:
            for e in self.events:
                if e.kind in "RW":
                    value(e.id)
        except _ThinAir:
            return None
        return values

    # ------------------------------------------------------------------ the axioms

    def allowed(self, x: Execution) -> bool:
        return self.violation(x) is None

    def violation(self, x: Execution) -> str | None:
        """None where the axioms allow the execution; else what rules it out: a wait or barrier that cannot
        complete ("incomplete"), or the first axiom of §8.10 it breaks, as the axioms are checked in turn."""
        n = self.n
        if not self.barriers_match:
            return "incomplete"  # a barrier instance some thread never reaches
        for r in self.reads:
            if r.must_read is not None and x.values[r.id] != r.must_read:
                return "incomplete"
            if r.phase is not None and not self._phase_done(r, x):
                return "incomplete"  # the wait has not seen its phase complete in this execution
        rf = _from_pairs(n, [(w, r) for r, w in x.rf.items() if w is not None])
        co = _from_pairs(n, [p for rel in x.co.values() for p in rel])
        fr_pairs = []
        for r in self.reads:
            w0 = x.rf[r.id]
            for w in self.writes.get(r.loc, []):
                if w0 is None or (w0, w) in x.co[r.loc]:
                    fr_pairs.append((r.id, w))
        fr = _from_pairs(n, fr_pairs)
        strong = self.strong
        dep = _union(self.rmw, self.copy_dep)
        if not _acyclic(_union(rf, dep)):
            return "no thin air"
        s_rf = [a & b for a, b in zip(rf, strong)]
        s_co = [a & b for a, b in zip(co, strong)]
        s_fr = [a & b for a, b in zip(fr, strong)]
        if not _acyclic(_union(s_rf, s_co, s_fr, self.po_loc)):
            return "sequential consistency per location"
        fr_co = _compose(s_fr, s_co)
        if any(_has(fr_co, r, w) for r in range(n) for w in range(n) if _has(self.rmw, r, w)):
            return "atomicity"
        cause = self._cause(x, rf)
        for loc, ws in self.writes.items():
            for a in ws:
                for b in ws:
                    if a != b and _has(cause, a, b) and (a, b) not in x.co[loc]:
                        return "coherence"
        back = _reflexive(_union(fr, rf))
        if any(_has(_compose(back, cause), i, i) for i in range(n)):
            return "causality"
        return None

    def _cause(self, x: Execution, rf):
        obs, sync, sc = self._synchronizes(x, rf)
        po_star = _reflexive(self.po)
        base = _closure(_compose(_compose(po_star, _union(self.sync_barrier, sc, sync, self.issue)), po_star))
        base = preserved(base, self.events, self.proxy_fences, self.cta_of, _union(self.po, base))  # §8.9.5
        return _union(base, _compose(obs, _union(self.po_loc, base)))

    def _synchronizes(self, x: Execution, rf):
        """(observation order, release-acquire synchronizes-with, fence-SC order) of an execution."""
        n = self.n
        obs = [a & b for a, b in zip(rf, self.strong)]
        while True:  # obs ; rmw ; obs is in obs
            grown = _union(obs, _compose(_compose(obs, self.rmw), obs))
            if grown == obs:
                break
            obs = grown
        ev = self.events
        prefix = _from_pairs(n, [(a.id, b.id) for a in ev if a.is_release_write for b in ev
                                 if b.kind == "W" and (a.id == b.id or _has(self.po_loc, a.id, b.id))]
                             + [(f, b.id) for f in self.fence_rels for b in ev
                                if b.kind == "W" and _has(self.po, f, b.id)])
        suffix = _from_pairs(n, [(a.id, b.id) for a in ev if a.kind == "R" for b in ev
                                 if b.is_acquire_read and (a.id == b.id or _has(self.po_loc, a.id, b.id))]
                             + [(a.id, f) for a in ev if a.kind == "R" for f in self.fence_acqs
                                if _has(self.po, a.id, f)])
        after_fence = {b for f in self.fence_rels for b in range(n) if _has(self.po_imm, f, b)}
        releasers = {e.id for e in ev if e.is_release_write} | set(self.fence_rels) | \
                    {w for r in after_fence for w in range(n) if _has(self.rmw, r, w)}
        acquirers = {e.id for e in ev if e.is_acquire_read} | set(self.fence_acqs)
        path = _compose(_compose(prefix, _closure(obs)), suffix)
        sync = _from_pairs(n, [(h, t) for h in releasers for t in acquirers
                               if _has(path, h, t) and _has(self.strong, h, t)])
        sc = _from_pairs(n, [(a, b) for i, a in enumerate(x.sc) for b in x.sc[i + 1:] if _has(self.strong, a, b)])
        return obs, sync, sc

    def dot(self, x: Execution, title: str = "") -> str:
        """One execution as a Graphviz graph: each thread's events in program order (po), reads-from (rf, from
        an "init" node for the initial value), coherence (co, immediate), from-reads (fr),
        synchronizes-with (sw: barriers, release-acquire patterns, fence-SC order) and data races (§8.7.1)."""
        n = self.n
        rf = _from_pairs(n, [(w, r) for r, w in x.rf.items() if w is not None])
        _, sync, sc = self._synchronizes(x, rf)
        sw = _union(self.sync_barrier, sync, sc)
        q = lambda text: '"' + str(text).replace("\\", "\\\\").replace('"', "'") + '"'  # noqa: E731
        lines = ["digraph execution {", "  rankdir=TB; node [shape=box, fontname=Courier, fontsize=10];"]
        if title:
            lines.append(f"  label={q(title)}; labelloc=t;")
        for k, t in enumerate(self.program.threads):
            lines.append(f"  subgraph cluster_{k} {{ label={q(t.name)};")
            for e in t.events:
                value = x.values.get(e.id)
                shown = f"{e.text}" + (f"  [{value}]" if e.kind in "RW" and value is not None else "")
                lines.append(f"    e{e.id} [label={q(shown)}];")
            lines.append("  }")
            for a, b in zip(t.events, t.events[1:]):
                lines.append(f"  e{a.id} -> e{b.id} [label=po];")
        if any(w is None for w in x.rf.values()):
            lines.append('  init [label="initial values", shape=plaintext];')
        for r, w in x.rf.items():
            lines.append(f"  {'init' if w is None else f'e{w}'} -> e{r} [label=rf, color=red, fontcolor=red];")
        for pairs in x.co.values():
            for a, b in pairs:
                if not any((a, c) in pairs and (c, b) in pairs for c in range(n)):
                    lines.append(f"  e{a} -> e{b} [label=co, color=blue, fontcolor=blue];")
        for r in self.reads:
            w0 = x.rf[r.id]
            for w in self.writes.get(r.loc, []):
                if w0 is None or (w0, w) in x.co[r.loc]:
                    lines.append(f"  e{r.id} -> e{w} [label=fr, color=orange, fontcolor=orange, style=dashed];")
        for a in range(n):
            for b in range(n):
                if a != b and _has(sw, a, b):
                    lines.append(f"  e{a} -> e{b} [label=sw, color=darkgreen, fontcolor=darkgreen, penwidth=2];")
        for a, b in sorted(self.races(x)):
            lines.append(f"  e{a} -> e{b} [label=race, color=red, style=dotted, dir=none];")
        for a, b, label in self.cycle(x):
            lines.append(f"  e{a} -> e{b} [label={q(label + ' (cycle)')}, color=purple, fontcolor=purple, penwidth=3];")
        return "\n".join(lines + ["}"]) + "\n"

    def cycle(self, x: Execution) -> list[tuple[int, int, str]]:
        """The cycle that rules `x` out, as edges to mark: a read's rf or fr edge and the causality order back
        (causality axiom), or a co edge and the causality order against it (coherence); else none."""
        why = self.violation(x)
        if why not in ("causality", "coherence"):
            return []
        cause = self._cause(x, _from_pairs(self.n, [(w, r) for r, w in x.rf.items() if w is not None]))
        if why == "coherence":
            pairs = [(a, b) for ws in self.writes.values() for a in ws for b in ws
                     if a != b and _has(cause, a, b) and (a, b) not in x.co[self.events[a].loc]]
            return [(pairs[0][1], pairs[0][0], "co"), (pairs[0][0], pairs[0][1], "cause")] if pairs else []
        for r in self.reads:
            w0 = x.rf[r.id]
            if w0 is not None and _has(cause, r.id, w0):
                return [(w0, r.id, "rf"), (r.id, w0, "cause")]
            for w in self.writes.get(r.loc, []):
                if (w0 is None or (w0, w) in x.co[r.loc]) and _has(cause, w, r.id):
                    return [(r.id, w, "fr"), (w, r.id, "cause")]
        return []

    def condition_execution(self) -> tuple[Execution | None, str | None]:
        """An execution with the program's condition: the first the axioms allow (None beside it), or else the
        first candidate with it and the axiom that rules it out; (None, None) when no candidate has it."""
        wanted = set(self.program.condition)
        ruled = None
        for x in self.executions():
            if wanted <= self.state(x):
                why = self.violation(x)
                if why is None:
                    return x, None
                if ruled is None or (ruled[1] == "incomplete" != why):  # an axiom's cycle before an unfinished wait
                    ruled = (x, why)
        return ruled if ruled else (None, None)

    # ------------------------------------------------------------------ results

    def outcome(self, x: Execution) -> tuple:
        """An execution's final register values, as sorted ((thread, reg, value), ...)."""
        return tuple(sorted((e.thread, e.reg, x.values[e.id]) for e in self.events if e.reg))

    def final(self, x: Execution, loc: str) -> int | None:
        """A location's final value in an execution: the value of its write that coherence orders after every
        other (its initial value where nothing writes it); None where coherence leaves its last writes
        unordered (writes that race), so that no LOC=VALUE item holds."""
        writes = self.writes.get(loc, [])
        if not writes:
            return self.program.init.get(loc, 0)
        order = x.co.get(loc, frozenset())
        last = [w for w in writes if not any(a == w for a, _ in order)]
        return x.values[last[0]] if len(last) == 1 else None

    def state(self, x: Execution) -> set:
        """The outcome's items and, for every location a condition or filter names, ("", loc, final value)."""
        named = {r for t, r, _ in (*self.program.condition, *self.program.filter) if not t}
        return set(self.outcome(x)) | {("", loc, self.final(x, loc)) for loc in named}

    def outcomes(self) -> set[tuple]:
        """The final register values of every allowed execution."""
        return {self.outcome(x) for x in self.executions() if self.allowed(x)}

    def races(self, x: Execution) -> set[tuple[int, int]]:
        """The data races of an allowed execution (§8.7.1): pairs of conflicting operations (one location, at
        least one a write) that are not morally strong and that causality order relates in neither direction.
        An mbarrier's arrives and waits are strong operations of one scope, so they race with nothing in a CTA."""
        rf = _from_pairs(self.n, [(w, r) for r, w in x.rf.items() if w is not None])
        cause = self._cause(x, rf)
        mem = [e for e in self.events if e.kind in "RW"]
        return {(a.id, b.id) for i, a in enumerate(mem) for b in mem[i + 1:]
                if a.loc == b.loc and "W" in (a.kind + b.kind) and a.thread != b.thread
                and not _has(self.strong, a.id, b.id) and not _has(cause, a.id, b.id) and not _has(cause, b.id, a.id)}

    def describe(self, eid: int) -> str:
        e = self.events[eid]
        return f"{e.thread}: {e.text}"

    def reads_from(self, x: Execution) -> tuple[str, ...]:
        """Which write each read of an execution reads ("the initial value" where none)."""
        return tuple(f"{self.describe(r.id)} reads " + ("the initial value" if x.rf[r.id] is None else
                                                         f"{self.describe(x.rf[r.id])}") for r in self.reads)


class _ThinAir(Exception):
    pass


@dataclass(frozen=True)
class Verdict:
    test: str
    rules: str
    verdict: str  # "allowed", "forbidden", or "deadlock" (no execution completes every wait)
    outcomes: tuple
    races: tuple = ()  # ("T0: st.weak x 1", "T1: r0 = ld.weak x") per racing pair, over every allowed execution
    race_witness: tuple | None = None  # the outcome of one allowed execution that has a race
    witness: tuple = ()  # allowed: the reads-from of one allowed execution with the condition's outcome
    ruled_out_by: tuple = ()  # forbidden: (axiom, candidate executions with the outcome it rules out), most first

    @property
    def race_free(self) -> bool:
        return not self.races

    def to_dict(self) -> dict:
        return {"test": self.test, "rules": self.rules, "verdict": self.verdict,
                "outcomes": [{f"{t}:{r}": v for t, r, v in o} for o in self.outcomes],
                "race_free": self.race_free, "races": [list(p) for p in self.races],
                "race_witness": None if self.race_witness is None else
                {f"{t}:{r}": v for t, r, v in self.race_witness},
                "witness": list(self.witness), "ruled_out_by": {a: n for a, n in self.ruled_out_by}}


def check(program: LitmusProgram, rules: "str | RuleSet" = "ptx-formal", fence_patterns: bool = True) -> Verdict:
    """Is the program's condition reachable in some execution the rules allow, and which accesses race in
    some allowed execution (a forbidden outcome says nothing about races: §8.7.1 is about executions)?
    ``fence_patterns``: see Checker."""
    c = Checker(program, rules, fence_patterns)
    outcomes, races, witness, met = set(), set(), None, False
    wanted = set(program.condition)
    example, ruled_out = (), {}
    for x in c.executions():
        why = c.violation(x)
        if wanted <= c.state(x):
            if why is None and not example:
                example = c.reads_from(x)
            elif why is not None:
                ruled_out[why] = ruled_out.get(why, 0) + 1
        if why is not None:
            continue
        outcomes.add(c.outcome(x))
        met |= wanted <= c.state(x)
        found = c.races(x)
        if found and witness is None:
            witness = c.outcome(x)
        races |= found
    if not outcomes:
        verdict = "deadlock"
    else:
        verdict = "allowed" if met else "forbidden"
    named = tuple(sorted((c.describe(a), c.describe(b)) for a, b in races))
    if len(ruled_out) > 1:  # executions whose waits never complete are no execution at all: the axioms decide
        ruled_out.pop("incomplete", None)
    ruled = tuple(sorted(ruled_out.items(), key=lambda kv: (-kv[1], kv[0]))) if verdict == "forbidden" else ()
    return Verdict(program.name, c.rules, verdict, tuple(sorted(outcomes)), named, witness,
                   example if verdict == "allowed" else (), ruled)
