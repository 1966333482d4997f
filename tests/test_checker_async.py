"""The async proxy and the mbarrier's tx-count in the checker (racelab.model.proxies). Neither NVlabs model has
them (ptx.als has no mbarrier; mixedproxy's ptx.als has no async proxy), so each rule is tested here against
the PTX ISA sentence it implements, quoted in the test; where chapter 8 has no rule, the test says the rule is
the checker's assumption."""

import dataclasses

import pytest

from racelab.model import alloy_text, catalogue, mixedproxy_text
from racelab.model.checker import LitmusError, check, parse

LOAD = """
init: g=1 bar=1
thread P cta=0 warp=0
  {producer}
thread C cta=0 warp=4
  mbarrier.wait bar
  r0 = ld.weak s
exists: C:r0=0
"""


def _load(*producer: str) -> str:
    return LOAD.format(producer="\n  ".join(producer))


def _verdict(text: str):
    return check(parse(text, "t"), "ptx-formal")


def test_a_phase_completes_when_both_counts_reach_zero():
    """mbarrier, Phase Completion of the mbarrier object: "An mbarrier object completes the current phase when
    all of the following conditions are met: The count of the pending arrivals has reached zero. The tx-count
    has reached zero." Expecting two transactions where one copy completes one: the phase never completes."""
    got = _verdict(_load("mbarrier.arrive.expect_tx bar 2", "cp.async.bulk.shared.global s g bar"))
    assert got.verdict == "deadlock"
    two = _load("mbarrier.arrive.expect_tx bar 2", "cp.async.bulk.shared.global s g bar",
                "cp.async.bulk.shared.global s2 g bar")
    assert _verdict(two).verdict == "forbidden" and _verdict(two).race_free


def test_complete_tx_may_come_before_expect_tx():
    """complete-tx operation: "tx-count is decremented by completeCount"; expect-tx operation: it "increases the
    tx-count of an mbarrier object by the value specified by expectCount". Counts, not events in an order: a copy
    issued before the expect_tx may complete first (the tx-count below zero for a while); the phase completes
    only once both counts are zero, so the stale read stays forbidden."""
    got = _verdict(_load("cp.async.bulk.shared.global s g bar", "mbarrier.arrive.expect_tx bar 1"))
    assert got.verdict == "forbidden" and got.race_free


def test_expect_tx_alone_then_arrive_is_arrive_expect_tx():
    """mbarrier.expect_tx (".sem = { .relaxed }") raises the tx-count without arriving; a later arrive completes
    the pending count. Together they do what mbarrier.arrive.expect_tx does."""
    got = _verdict(_load("mbarrier.expect_tx bar 1", "cp.async.bulk.shared.global s g bar", "mbarrier.arrive bar"))
    assert got.verdict == "forbidden" and got.race_free


def test_without_expect_tx_the_phase_may_complete_before_the_copy():
    """With no expect-tx the tx-count is zero when the arrive lands: the phase may complete before the copy's
    complete-tx, and the consumer's read races with the copy's write. cp.async.bulk: "The copy operation in
    cp.async.bulk is treated as a weak memory operation", so the two are not morally strong (§8.7.1)."""
    got = _verdict(_load("cp.async.bulk.shared.global s g bar", "mbarrier.arrive bar"))
    assert got.verdict == "allowed"
    assert ("C: r0 = ld.weak s", "P.copy1: async write s") in got.races


def test_the_complete_tx_is_a_release_and_completion_carries_a_proxy_fence():
    """cp.async.bulk: "the complete-tx operation on the mbarrier has .release semantics at the .cluster scope";
    the Async Proxy section: "The completion of a cp{.reduce}.async.bulk operation is followed by an implicit
    generic-async proxy fence. So the result of the asynchronous operation is made visible to the generic proxy
    as soon as its completion is observed." Both are needed: without the release (a relaxed complete-tx) or
    without the implicit fence, the consumer's generic read of the copy's async write is unordered."""
    program = parse(_load("mbarrier.arrive.expect_tx bar 1", "cp.async.bulk.shared.global s g bar"), "t")
    assert check(program, "ptx-formal").verdict == "forbidden"
    copy = next(t for t in program.threads if t.is_copy)
    relaxed = [dataclasses.replace(e, sem="relaxed") if e.text.startswith("complete-tx") else e for e in copy.events]
    unfenced = [dataclasses.replace(e, kind="I") if e.kind == "FP" else e for e in copy.events]  # an inert event
    for events in (relaxed, unfenced):
        copy.events = events
        got = check(program, "ptx-formal")
        assert got.verdict == "allowed" and not got.race_free


def test_a_bulk_store_needs_the_proxy_fence():
    """The Async Proxy section: "Accessing the same memory location across multiple proxies needs a cross-proxy
    fence. For the async proxy, fence.proxy.async should be used to synchronize memory between generic proxy and
    the async proxy." §8.9.5 orders two accesses of different proxies only through a proxy fence on the path
    (its rule for alias fences; for fence.proxy.async that rule is the checker's assumption)."""
    tests = catalogue.by_name()
    bare, fenced = check(tests["TMA-store-no-fence"].program()), check(tests["TMA-store+fence.proxy.async"].program())
    assert bare.verdict == "allowed" and ("P: st.weak s 1", "P.copy1: async read s") in bare.races
    assert fenced.verdict == "forbidden" and fenced.race_free
    # the fence may be another thread's, on the path: the epilogue's writer fences, bar.sync joins the issuer
    assert check(tests["TMA-store+fence+bar.sync"].program()).verdict == "forbidden"
    assert check(tests["TMA-store+bar.sync-no-fence"].program()).verdict == "allowed"


def test_bar_sync_alone_does_not_order_across_proxies():
    """§8.9.5: "X and Y are performed to the same address, using the generic proxy" is the rule that lets
    bar.sync order two generic accesses; a generic store and an async-proxy read fall under none of its rules
    without a proxy fence, however they are synchronized."""
    got = check(catalogue.by_name()["TMA-store+bar.sync-no-fence"].program())
    assert got.verdict == "allowed" and ("W: st.weak s 1", "P.copy1: async read s") in got.races


def test_a_copy_reaches_a_later_copy_of_its_thread_block_through_the_barrier():
    """§8.9.5: "X and Y are performed to the same address, using the same proxy, and by the same thread block".
    A bulk load into s completes on bar; a thread of the same CTA waits for the phase and then stores s to g
    with a second bulk copy: the two async-proxy accesses of s are ordered, so g gets the loaded value.
    Async operations are outside program order (§8.9.1.1): without the wait nothing orders them."""
    text = """
init: src=7 bar=1
thread P cta=0 warp=0
  mbarrier.arrive.expect_tx bar 1
  cp.async.bulk.shared.global s src bar
thread Q cta=0 warp=1
  {wait}
  cp.async.bulk.global.shared g s
exists: g=0
"""
    got = _verdict(text.format(wait="mbarrier.wait bar"))
    assert got.verdict == "forbidden" and got.race_free
    got = _verdict(text.format(wait="bar.warp.sync"))
    assert got.verdict == "allowed" and ("P.copy1: async write s", "Q.copy1: async read s") in got.races


@pytest.mark.parametrize("line", ["fence.proxy.alias", "fence.proxy.tensormap::generic.acquire.gpu",
                                  "mbarrier.complete_tx bar 1", "cp.async.bulk.shared.global s g"])
def test_what_is_not_modelled_is_refused(line):
    with pytest.raises(LitmusError, match="t:3"):
        parse(f"init: bar=1\nthread T cta=0 warp=0\n  {line}\nexists: s=0\n", "t")


def test_an_mbarrier_that_a_copy_completes_needs_a_count():
    with pytest.raises(LitmusError, match="expected count"):
        parse("thread T cta=0 warp=0\n  cp.async.bulk.shared.global s g bar\nexists: s=0\n", "t")


def test_the_nvlabs_models_are_not_asked_about_the_async_proxy():
    program = catalogue.by_name()["TMA-load+expect_tx"].program()
    assert "async proxy" in alloy_text.not_translatable(program)
    assert "async proxy" in mixedproxy_text.not_translatable(program)
    fenced = parse("thread T cta=0 warp=0\n  st.weak x 1\n  fence.proxy.async\n  r0 = ld.weak x\nexists: T:r0=1\n")
    assert "async proxy" in mixedproxy_text.not_translatable(fenced)
