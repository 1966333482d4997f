"""The exhaustive PTX checker: every catalogue test gets its expected verdict, and small mutations of the
tests move the verdict the way chapter 8 says they must (so the verdicts are not an artefact of the checker
forbidding or allowing everything)."""

import pytest

from racelab.model import catalogue
from racelab.model.checker import RULE_SETS, LitmusError, check, parse

MP = catalogue.by_name()["MP+rel-acq"].text


@pytest.mark.parametrize("test", catalogue.CATALOGUE, ids=lambda t: t.name)
@pytest.mark.parametrize("rules", RULE_SETS)
def test_catalogue_verdicts(test, rules):
    assert check(test.program(), rules).verdict == test.expected[rules]


def test_outcomes_of_message_passing():
    """MP with weak accesses reaches all four outcomes; release/acquire removes exactly the stale one."""
    weak = check(catalogue.by_name()["MP"].program())
    synced = check(parse(MP))
    as_pairs = lambda v: {tuple(x for _, _, x in o) for o in v.outcomes}  # noqa: E731
    assert as_pairs(weak) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert as_pairs(synced) == {(0, 0), (0, 1), (1, 1)}


@pytest.mark.parametrize("old, new, verdict", [
    ("ld.acquire.cta y", "ld.relaxed.cta y", "allowed"),        # no acquire pattern
    ("st.release.cta y", "st.relaxed.cta y", "allowed"),        # no release pattern
    ("thread T1 cta=0", "thread T1 cta=1", "allowed"),          # .cta scope does not reach another CTA
])
def test_message_passing_needs_both_halves_and_the_scope(old, new, verdict):
    assert old in MP
    assert check(parse(MP.replace(old, new))).verdict == verdict


def test_gpu_scope_reaches_another_cta():
    text = MP.replace("thread T1 cta=0", "thread T1 cta=1").replace(".cta", ".gpu")
    assert check(parse(text)).verdict == "forbidden"


def test_a_weak_first_store_breaks_cumulativity():
    """WRC needs the first store to be morally strong with the reader: a weak one is a data race."""
    text = catalogue.by_name()["WRC+rel-acq"].text.replace("st.relaxed.cta x 1", "st.weak x 1")
    assert check(parse(text)).verdict == "allowed"


def test_weak_reads_of_one_location_are_not_coherent_across_threads():
    text = catalogue.by_name()["CoRR"].text.replace("ld.relaxed.cta", "ld.weak")
    assert check(parse(text)).verdict == "allowed"


def test_a_phase_that_never_completes_is_a_deadlock():
    """Count 2 with one arrive: no execution completes the wait."""
    text = catalogue.by_name()["W_LOADED-elected"].text.replace("bar=1", "bar=2")
    assert check(parse(text)).verdict == "deadlock"


def test_the_elected_arrive_protects_its_own_lane():
    text = catalogue.by_name()["W_LOADED-elected"].text.replace("exists: C:r1=0", "exists: C:r0=0")
    assert check(parse(text)).verdict == "forbidden"


def test_catalogue_rows_name_their_source():
    rows = catalogue.run_catalogue()
    assert len(rows) == len(catalogue.CATALOGUE) * len(RULE_SETS)
    assert all(r["source"] and r["verdict"] == r["expected"] for r in rows)


@pytest.mark.parametrize("text, where", [
    ("thread T0\n  st.weak x\nexists: T0:r0=0\n", ":2: not an instruction"),
    ("thread T0\n  st.relaxed x 1\nexists: T0:r0=0\n", ":2: st.weak takes no scope"),
    ("  st.weak x 1\n", ":1: an instruction before any 'thread' line"),
    ("thread T0\n  r0 = ld.weak x\n", "no 'exists:' condition"),
    ("thread T0\n  r0 = ld.weak x\nexists: T0:r9=0\n", "names T0:r9, which no load writes"),
    ("thread T0 grid=1\n  r0 = ld.weak x\nexists: T0:r0=0\n", ":1: a thread takes only cta=, warp=, lane= and cluster="),
    ("thread T0 lane=32\n  r0 = ld.weak x\nexists: T0:r0=0\n", ":1: lane= is 0 to 31"),
    ("thread T0 lane=1\n  bar.warp.sync 0x1\n  r0 = ld.weak x\nexists: T0:r0=0\n", "whose mask leaves its lane out"),
    ("thread T0\n  bar.warp.sync 0x0\n  r0 = ld.weak x\nexists: T0:r0=0\n", "lane mask, not 0"),
    ("thread T0 lane=1\nthread T1 lane=1\n  r0 = ld.weak x\nexists: T1:r0=0\n", "are both lane 1"),
    ("init: bar=0\nthread T0\n  mbarrier.arrive bar\n  r0 = ld.weak x\nexists: T0:r0=0\n",
     "needs an expected count of at least 1"),
    ("thread T0\n  mbarrier.wait bar\n  r0 = ld.weak x\nexists: T0:r0=0\n", "needs an expected count"),
    ("thread T0\n  bar.arrive 1\n  r0 = ld.weak x\nexists: T0:r0=0\n", ":2: bar.arrive takes ID COUNT"),
    ("thread T0\n  bar.sync 1 0\n  r0 = ld.weak x\nexists: T0:r0=0\n", ":2: a barrier's COUNT is at least 1"),
    ("thread T0\n  bar.sync 1 1\n  r0 = ld.weak x\nthread T1\n  bar.sync 1 1\nexists: T0:r0=0\n",
     "counts 1 threads but 2 execute it"),
    ("thread T0\n  bar.sync 1 2\n  r0 = ld.weak x\nthread T1\n  bar.sync 1\nexists: T0:r0=0\n",
     "different counts"),
])
def test_bad_litmus_files_name_the_line(text, where):
    with pytest.raises(LitmusError, match=where.replace("'", ".")):
        parse(text, "t")


def test_unknown_rule_set():
    with pytest.raises(LitmusError, match="unknown rule set"):
        check(parse(MP), "ptx")


def test_a_rule_set_is_data_built_with_keywords():
    """The checker reads what a rule set says, not its name: ptx-formal with bar.warp.sync synchronizing its
    lanes answers as ptx+warpsync does; a rule set the axioms do not implement is refused."""
    from racelab.model import catalogue
    from racelab.model.rules import RULES

    warpsync_like = RULES["ptx-formal"].with_(name="formal+warp", syncwarp="barrier")
    for test in catalogue.CATALOGUE:
        got = check(test.program(), warpsync_like)
        assert got.verdict == test.expected["ptx+warpsync"] and got.rules == "formal+warp", test.name
    for name in ("racecheck", "membar-assumed"):
        with pytest.raises(LitmusError, match="implements the PTX axioms"):
            check(parse(MP), RULES[name])


COUNTED = """init: x=0 y=0
thread T0 cta=0 warp=0
  st.weak x 1
  {t0}
thread T1 cta=0 warp=1
  {t1}
  r0 = ld.weak x
exists: T1:r0=0
"""


@pytest.mark.parametrize("t0, t1, verdict", [
    ("bar.sync 1 2", "bar.sync 1 2", "forbidden"),  # COUNT = the threads that execute it: as without COUNT
    ("bar.arrive 1 2", "bar.sync 1 2", "forbidden"),  # §8.9.4: bar.arrive synchronizes with bar.sync
    ("bar.sync 1 3", "bar.sync 1 3", "deadlock"),  # a third thread the program does not have
    ("bar.sync 1 2", "bar.arrive 1 2", "allowed"),  # T1 arrives and does not wait: nothing orders its read
])
def test_a_named_barriers_count_and_bar_arrive(t0, t1, verdict):
    got = check(parse(COUNTED.format(t0=t0, t1=t1)), rules="ptx-formal")
    assert got.verdict == verdict


SPIN = """init: x=0 y=0
thread T0 cta=0 warp=0
  st.weak x 1
  st.release.cta y 1
thread T1 cta=0 warp=1
  r0 = ld.acquire.cta y
  r1 = ld.weak x
{filter}exists: T1:r1=0
"""


def test_a_filter_models_a_spin_waits_exit():
    """Without the filter the executions in which T1's flag read sees 0 count, and in them T1's weak read
    races with T0's store; a spin-wait leaves the loop only once it read 1, so with `filter: T1:r0=1` those
    executions are not the program's: r1=0 is forbidden and no access races."""
    plain = check(parse(SPIN.format(filter="")))
    assert plain.verdict == "allowed" and plain.races  # r0=0, r1=0 is an execution, with a race
    spun = check(parse(SPIN.format(filter="filter: T1:r0=1\n")))
    assert spun.verdict == "forbidden" and spun.race_free
    assert all(("T1", "r0", 1) in o for o in spun.outcomes)
    with pytest.raises(LitmusError, match="the filter names T1:r9"):
        parse(SPIN.format(filter="filter: T1:r9=1\n"))


def test_atomics_are_one_read_modify_write_each():
    """Two atom.add of 1 on a counter: atomicity (§8.10) forbids both reading 0, so the counter ends at 2 and
    the two reads return 0 and 1. A release red.add publishes the store before it to an acquire load that
    reads its value, as a release store would (§8.8)."""
    text = """init: c=0
thread T0 cta=0 warp=0
  r0 = atom.relaxed.cta.add c 1
thread T1 cta=0 warp=1
  r1 = atom.relaxed.cta.add c 1
exists: T0:r0=0 /\\ T1:r1=0
"""
    got = check(parse(text))
    assert got.verdict == "forbidden" and got.race_free
    assert {tuple(v for _, _, v in o) for o in got.outcomes} == {(0, 1), (1, 0)}
    mp = """init: x=0 y=0
thread T0 cta=0 warp=0
  st.weak x 1
  red.release.cta.add y 1
thread T1 cta=0 warp=1
  r0 = ld.acquire.cta y
  r1 = ld.weak x
filter: T1:r0=1
exists: T1:r1=0
"""
    assert check(parse(mp)).verdict == "forbidden"
    exch = check(parse(mp.replace("red.release.cta.add y 1", "r9 = atom.relaxed.cta.exch y 1")))
    assert exch.verdict == "allowed" and exch.races  # a relaxed exchange releases nothing
    with pytest.raises(LitmusError, match="atom.SEM.S.cas LOC EXPECTED NEW"):
        parse("thread T0\n  r0 = atom.relaxed.cta.inc c 1\nexists: T0:r0=0\n")


def test_a_locations_final_value_in_the_condition():
    """Coherence orders T0's two writes of x, so x ends at 2 in every execution (LOC=VALUE); two threads'
    unordered weak writes leave the final value undefined, and no LOC=VALUE item holds."""
    ordered = parse("thread T0\n  st.weak x 1\n  st.weak x 2\nexists: x=1\n")
    assert check(ordered).verdict == "forbidden"
    assert check(parse("thread T0\n  st.weak x 1\n  st.weak x 2\nexists: x=2\n")).verdict == "allowed"
    two = "thread T0 cta=0 warp=0\n  st.relaxed.cta x 1\nthread T1 cta=0 warp=1\n  st.relaxed.cta x 2\nexists: x={v}\n"
    assert check(parse(two.format(v=1))).verdict == check(parse(two.format(v=2))).verdict == "allowed"
    with pytest.raises(LitmusError, match="location y, which the program does not touch"):
        parse("thread T0\n  st.weak x 1\nexists: y=1\n")


def test_compare_and_swap_writes_new_or_the_value_it_read():
    """atom.cas (the atom instruction's description: `*a = (*a == b) ? c : *a`): of two threads taking a lock
    with cas 0 -> 1 only one reads 0; a cas whose comparison fails writes back the value it read, so a third
    thread's plain read after both sees 1, never 0 once a cas has written 1."""
    lock = """thread T0 cta=0 warp=0
  r0 = atom.acquire.gpu.cas l 0 1
thread T1 cta=1 warp=0
  r1 = atom.acquire.gpu.cas l 0 1
exists: T0:r0=0 /\\ T1:r1=0
"""
    got = check(parse(lock))
    assert got.verdict == "forbidden"
    assert {tuple(v for _, _, v in o) for o in got.outcomes} == {(0, 1), (1, 0)}
    chain = parse("""init: l=5
thread T0 cta=0 warp=0
  r0 = atom.relaxed.gpu.cas l 0 1
exists: l=5 /\\ T0:r0=5
""")
    assert check(chain).verdict == "allowed"  # the comparison fails: the value read (5) is written back


@pytest.mark.parametrize("arrive, cluster_of_t1, verdict", [
    ("barrier.cluster.arrive", 0, "forbidden"),  # release arrive, acquire wait: the store is published
    ("barrier.cluster.arrive.release", 0, "forbidden"),
    ("barrier.cluster.arrive.relaxed", 0, "allowed"),  # .relaxed: no ordering for the accesses before it
])
def test_a_cluster_barrier_publishes_what_was_written_before_a_release_arrive(arrive, cluster_of_t1, verdict):
    text = f"""thread T0 cta=0 warp=0 cluster=0
  st.weak x 1
  {arrive}
  barrier.cluster.wait
thread T1 cta=1 warp=0 cluster={cluster_of_t1}
  {arrive}
  barrier.cluster.wait
  r0 = ld.weak x
exists: T1:r0=0
"""
    assert check(parse(text)).verdict == verdict


def test_a_cluster_barrier_waits_for_every_thread_of_the_cluster():
    """A wait completes once every thread of its cluster has arrived: a thread of the cluster that never arrives,
    or a wait before the thread's own arrive, leaves no execution (deadlock); a thread of another cluster
    does not take part."""
    head = "thread T0 cta=0 warp=0 cluster=0\n  barrier.cluster.arrive\n  barrier.cluster.wait\n"
    other = "thread T1 cta=1 warp=0 cluster={c}\n  r0 = ld.weak x\nexists: T1:r0=0\n"
    assert check(parse(head + other.format(c=0))).verdict == "deadlock"
    assert check(parse(head + other.format(c=1))).verdict == "allowed"
    early = "thread T0 cta=0 warp=0\n  barrier.cluster.wait\n  barrier.cluster.arrive\n  r0 = ld.weak x\nexists: T0:r0=0\n"
    assert check(parse(early)).verdict == "deadlock"


@pytest.mark.parametrize("cluster_of_t1, verdict", [(0, "forbidden"), (1, "allowed")])
def test_cluster_scope_includes_the_ctas_of_one_cluster_only(cluster_of_t1, verdict):
    """.cluster makes a release and an acquire morally strong between CTAs of one cluster (§8.7's scopes), not
    between CTAs of two clusters."""
    text = f"""thread T0 cta=0 warp=0 cluster=0
  st.weak x 1
  st.release.cluster f 1
thread T1 cta=1 warp=0 cluster={cluster_of_t1}
  r0 = ld.acquire.cluster f
  r1 = ld.weak x
exists: T1:r0=1 /\\ T1:r1=0
"""
    assert check(parse(text)).verdict == verdict


@pytest.mark.parametrize("text, where", [
    ("thread T0 cta=0 cluster=0\nthread T1 cta=0 cluster=1\nexists: T0:r0=0\n", "another cluster"),
    ("thread T0\n  barrier.cluster.arrive.acquire\nexists: T0:r0=0\n", "barrier.cluster.arrive takes"),
    ("thread T0\n  barrier.cluster.wait.release\nexists: T0:r0=0\n", "barrier.cluster.arrive takes"),
    ("thread T0 cta=0 block=1\nexists: T0:r0=0\n", "cluster="),
])
def test_cluster_input_that_is_not_modelled_is_refused(text, where):
    with pytest.raises(LitmusError, match=where):
        parse(text)
