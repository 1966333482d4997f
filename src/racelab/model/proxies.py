"""The async proxy and the mbarrier's tx-count, for racelab.model.checker.

Normative (PTX ISA §8.9.5, *proxy-preserved base causality order*): X precedes Y in it if X precedes Y in
base causality order and (1) both are to the same address through the generic proxy, or (2) both are to the
same address through the same proxy by the same thread block, or (3) X and Y are aliases with an alias proxy
fence on the base causality path from X to Y. Causality order is built on it, so two accesses through
different proxies are ordered only where a rule puts them in it.

§8 has no rule for the async proxy; the instruction prose has two sentences, and the checker reads
them as follows (each reading is an assumption, named as one in the book):

- `fence.proxy.async` is "a bi-directional proxy fence" between the generic and the async proxy: the checker
  applies rule (3)'s form to it, so a generic access and an async-proxy access to one address are ordered
  where a `fence.proxy.async` lies on the base causality path between them (in any thread of the path).
- "The completion of a cp{.reduce}.async.bulk operation is followed by an implicit generic-async proxy fence"
  (the Async Proxy section of the data-movement chapter): a bulk copy's accesses carry such a fence after its
  write (racelab.model.litmus_text makes it an event of the copy).

The tx-count (the mbarrier section's *Phase Completion of the mbarrier object*: a phase completes when "The
count of the pending arrivals has reached zero" and "The tx-count has reached zero"): an mbarrier's value is
its pending count plus TX_UNIT times its tx-count, both cumulative over phases, so that every arrive,
expect-tx and complete-tx is one read-modify-write of one location, ordered by coherence. Phase n of a
barrier that expects `init` arrivals completes at the first write of that order at which at least
(n + 1) * init arrivals have been made and the tx-count is zero; a complete-tx may come before its
expect-tx (the tx-count is then below zero for a while)."""

from racelab.model.litmus_text import TX_UNIT


def decode(value: int) -> tuple[int, int]:
    """(pending count, tx-count) of an mbarrier's value."""
    tx = (value + TX_UNIT // 2) // TX_UNIT
    return value - tx * TX_UNIT, tx


def phase_done(expected: int, phase: int, chain_values) -> bool:
    """Whether phase `phase` of an mbarrier that expects `expected` arrivals has completed at or before the
    write a wait read: `chain_values` are the values of that write and of every write before it in coherence
    order (none where the wait read the initial value)."""
    for value in chain_values:
        pending, tx = decode(value)
        if pending <= expected - (phase + 1) * expected and tx == 0:
            return True
    return False


def preserved(base: list, events, fences, cta_of: dict, paths: list | None = None) -> list:
    """`base` (a base causality order as bit rows) less the pairs of accesses to one address that §8.9.5's
    proxy-preserved order leaves out: accesses through different proxies with no proxy fence of `fences` on a
    base causality path between them, and async-proxy accesses of different thread blocks (`cta_of`: event
    id -> its thread block). `paths`: the base causality order with program order in it, where `base` leaves
    program order out (the checker's does: two accesses of one thread are morally strong), for the fence's path. Other pairs (other
    addresses, events that are no access) stay: the axioms compare accesses to one address only."""
    out, paths = list(base), paths or base
    access = [e for e in events if e.kind in ("R", "W")]
    if not any(e.proxy != "generic" for e in access):
        return out
    for a in access:
        for b in access:
            if a.loc != b.loc or not (out[a.id] >> b.id) & 1:
                continue
            if a.proxy == b.proxy == "generic":
                continue
            if a.proxy == b.proxy and cta_of[a.id] == cta_of[b.id]:
                continue
            if a.proxy != b.proxy and any((paths[a.id] >> f) & 1 and (paths[f] >> b.id) & 1 for f in fences):
                continue
            out[a.id] &= ~(1 << b.id)
    return out
