"""The litmus catalogue the checker answers: classic tests under the names the literature gives them, then
the W_LOADED handoff family (two storing lanes of the load warp, one consumer thread), each with the verdict
the PTX rules predict and the section or paper it comes from.

Sections are those of the PTX ISA, chapter 8 (memory consistency model); "ASPLOS'19" is Lustig,
Sahasrabuddhe and Giroux, *A Formal Analysis of the NVIDIA PTX Memory Consistency Model*."""

from dataclasses import dataclass

from racelab.model.checker import RULE_SETS, LitmusProgram, check, parse


@dataclass(frozen=True)
class Test:
    name: str
    expected: dict  # rule set -> "allowed" | "forbidden"
    source: str
    text: str
    group: str = "classic"  # "classic" (the literature's tests), "sm90" (Hopper and Blackwell constructs), "W_LOADED"

    def program(self) -> LitmusProgram:
        return parse(self.text, self.name)


def _same(verdict: str) -> dict:
    return {rules: verdict for rules in RULE_SETS}


_W_LOADED_HEAD = """
init: w0=0 w1=0 bar={count}
thread L0 cta=0 warp=0
  st.weak w0 1
{lane0}
  mbarrier.arrive bar
thread L1 cta=0 warp=0
  st.weak w1 1
{lane1}
thread C cta=0 warp=4
  mbarrier.wait bar
  r0 = ld.weak w0
  r1 = ld.weak w1
"""


def _w_loaded(count: int, lane0: str = "", lane1: str = "", exists: str = "C:r1=0", keep: str = "") -> str:
    text = _W_LOADED_HEAD.format(count=count, lane0=lane0, lane1=lane1)
    return ("\n".join(line for line in text.splitlines() if line.strip()) + (f"\nfilter: {keep}" if keep else "")
            + f"\nexists: {exists}\n")


CATALOGUE = (
    Test("MP", _same("allowed"),
         "§8.7, §8.7.1 (weak accesses are not morally strong across threads: a data race, still bound by the "
         "axioms of §8.10); ASPLOS'19 §2",
         """
thread T0 cta=0 warp=0
  st.weak x 1
  st.weak y 1
thread T1 cta=0 warp=1
  r0 = ld.weak y
  r1 = ld.weak x
exists: T1:r0=1 /\\ T1:r1=0
"""),
    Test("MP+rel-acq", _same("forbidden"),
         "§8.8 (release and acquire patterns), §8.9.4 (synchronizes-with), §8.10 Causality axiom",
         """
thread T0 cta=0 warp=0
  st.weak x 1
  st.release.cta y 1
thread T1 cta=0 warp=1
  r0 = ld.acquire.cta y
  r1 = ld.weak x
exists: T1:r0=1 /\\ T1:r1=0
"""),
    Test("MP+fence.acq_rel", _same("forbidden"),
         "§8.8 (a fence.acq_rel followed by a strong write is a release pattern; a strong read followed by "
         "fence.acq_rel an acquire pattern), §8.9.4, §8.10 Causality axiom",
         """
thread T0 cta=0 warp=0
  st.weak x 1
  fence.acq_rel.cta
  st.relaxed.cta y 1
thread T1 cta=0 warp=1
  r0 = ld.relaxed.cta y
  fence.acq_rel.cta
  r1 = ld.weak x
exists: T1:r0=1 /\\ T1:r1=0
"""),
    Test("WRC+rel-acq", _same("forbidden"),
         "§8.9.5 and its footnote (base causality order is transitive: the cumulativity of synchronizing "
         "operations), ASPLOS'19 §3.4.4",
         """
thread T0 cta=0 warp=0
  st.relaxed.cta x 1
thread T1 cta=0 warp=1
  r0 = ld.acquire.cta x
  st.release.cta y 1
thread T2 cta=0 warp=2
  r1 = ld.acquire.cta y
  r2 = ld.weak x
exists: T1:r0=1 /\\ T2:r1=1 /\\ T2:r2=0
"""),
    Test("SB", _same("allowed"),
         "§8.10: nothing orders a thread's store before its later load of another location",
         """
thread T0 cta=0 warp=0
  st.relaxed.cta x 1
  r0 = ld.relaxed.cta y
thread T1 cta=0 warp=1
  st.relaxed.cta y 1
  r1 = ld.relaxed.cta x
exists: T0:r0=0 /\\ T1:r1=0
"""),
    Test("SB+fence.sc", _same("forbidden"),
         "§8.9.3 (Fence-SC order), §8.9.4 (fence.sc pairs synchronize), §8.10 Causality axiom",
         """
thread T0 cta=0 warp=0
  st.relaxed.cta x 1
  fence.sc.cta
  r0 = ld.relaxed.cta y
thread T1 cta=0 warp=1
  st.relaxed.cta y 1
  fence.sc.cta
  r1 = ld.relaxed.cta x
exists: T0:r0=0 /\\ T1:r1=0
"""),
    Test("CoRR", _same("forbidden"),
         "§8.10 Sequential consistency per location (morally strong reads of one location)",
         """
thread T0 cta=0 warp=0
  st.relaxed.cta x 1
thread T1 cta=0 warp=1
  r0 = ld.relaxed.cta x
  r1 = ld.relaxed.cta x
exists: T1:r0=1 /\\ T1:r1=0
"""),
    Test("IRIW+fence.sc", _same("forbidden"),
         "§8.9.3 (Fence-SC order is total over morally strong fence.sc), §8.10 Causality axiom",
         """
thread T0 cta=0 warp=0
  st.relaxed.cta x 1
thread T1 cta=0 warp=1
  st.relaxed.cta y 1
thread T2 cta=0 warp=2
  r0 = ld.relaxed.cta x
  fence.sc.cta
  r1 = ld.relaxed.cta y
thread T3 cta=0 warp=3
  r2 = ld.relaxed.cta y
  fence.sc.cta
  r3 = ld.relaxed.cta x
exists: T2:r0=1 /\\ T2:r1=0 /\\ T3:r2=1 /\\ T3:r3=0
"""),
    Test("MP+bar.sync-twice", _same("forbidden"),
         "§8.9.4 (a bar.sync synchronizes with the bar.sync of the same barrier): each execution is an "
         "instance of its own, so T0's first arrive meets T1's first wait, and the store reaches the load",
         """
thread T0 cta=0 warp=0
  st.weak x 1
  bar.sync 0
  bar.sync 0
thread T1 cta=0 warp=1
  bar.sync 0
  bar.sync 0
  r0 = ld.weak x
exists: T1:r0=0
"""),
    Test("MP+mbarrier-two-phases", _same("forbidden"),
         "mbarrier.try_wait (a wait returns once the phase it waits for has completed), §8.9.4, §8.10: the "
         "consumer's second wait is for the second phase, whose arrive follows the second store",
         """
init: full=1 empty=1
thread P cta=0 warp=0
  st.weak x 1
  mbarrier.arrive full
  mbarrier.wait empty
  st.weak x 2
  mbarrier.arrive full
thread C cta=0 warp=1
  mbarrier.wait full
  r0 = ld.weak x
  mbarrier.arrive empty
  mbarrier.wait full
  r1 = ld.weak x
exists: C:r0=1 /\\ C:r1=1
"""),
    Test("MP+bar.warp.sync-no-fence", _same("allowed"),
         "§8.8: a barrier is no release pattern, and T1 (another warp) takes no part in T0's bar.warp.sync, "
         "so the relaxed store publishes nothing",
         """
thread T0 cta=0 warp=0
  st.weak x 1
  bar.warp.sync
  st.relaxed.cta y 1
thread T1 cta=0 warp=1
  r0 = ld.acquire.cta y
  r1 = ld.weak x
exists: T1:r0=1 /\\ T1:r1=0
"""),
    Test("MP+rel-acq+spin", _same("forbidden"),
         "§8.8, §8.9.4 as MP+rel-acq; the filter keeps the executions in which the spin-wait on the flag "
         "exits (its load reads 1), and in those the acquire orders the weak load after the store: no data "
         "race (§8.7.1)",
         """
thread T0 cta=0 warp=0
  st.weak x 1
  st.release.cta y 1
thread T1 cta=0 warp=1
  r0 = ld.acquire.cta y
  r1 = ld.weak x
filter: T1:r0=1
exists: T1:r1=0
"""),
    Test("counter+atom.add", _same("forbidden"),
         "§8.10 Atomicity axiom: two morally strong read-modify-writes of one location cannot both read the "
         "value before either",
         """
thread T0 cta=0 warp=0
  r0 = atom.relaxed.gpu.add c 1
thread T1 cta=1 warp=0
  r1 = atom.relaxed.gpu.add c 1
exists: T0:r0=0 /\\ T1:r1=0
""", group="sm90"),
    Test("counter+ld-st", _same("allowed"),
         "§8.10: a load and a store are two operations, not one read-modify-write, so both threads may read 0 "
         "(a lost update)",
         """
thread T0 cta=0 warp=0
  r0 = ld.relaxed.gpu c
  st.relaxed.gpu c 1
thread T1 cta=1 warp=0
  r1 = ld.relaxed.gpu c
  st.relaxed.gpu c 1
exists: T0:r0=0 /\\ T1:r1=0
""", group="sm90"),
    Test("MP+red.release", _same("forbidden"),
         "red's write is a release where SEM is release (§8.8's release pattern), acquired by the reader's "
         "load (§8.9.4)",
         """
thread T0 cta=0 warp=0
  st.weak x 1
  red.release.gpu.add y 1
thread T1 cta=1 warp=0
  r0 = ld.acquire.gpu y
  r1 = ld.weak x
filter: T1:r0=1
exists: T1:r1=0
""", group="sm90"),
    Test("MP+red.relaxed", _same("allowed"),
         "a relaxed red is no release pattern (§8.8): the store before it is published by nothing",
         """
thread T0 cta=0 warp=0
  st.weak x 1
  red.relaxed.gpu.add y 1
thread T1 cta=1 warp=0
  r0 = ld.acquire.gpu y
  r1 = ld.weak x
filter: T1:r0=1
exists: T1:r1=0
""", group="sm90"),
    Test("lock+atom.cas", _same("forbidden"),
         "atom.cas is one read-modify-write (the atom instruction's description); §8.10 Atomicity: two cas "
         "0 -> 1 cannot both read 0, so one thread takes the lock",
         """
thread T0 cta=0 warp=0
  r0 = atom.acquire.gpu.cas l 0 1
thread T1 cta=1 warp=0
  r1 = atom.acquire.gpu.cas l 0 1
exists: T0:r0=0 /\\ T1:r1=0
""", group="sm90"),
    Test("atom.cas-fails", _same("allowed"),
         "the atom instruction's description: cas writes `(*a == b) ? c : *a`, so a cas that finds another "
         "value leaves it in place",
         """
init: l=5
thread T0 cta=0 warp=0
  r0 = atom.relaxed.gpu.cas l 0 1
exists: T0:r0=5 /\\ l=5
""", group="sm90"),
    Test("MP+barrier.cluster", _same("forbidden"),
         "barrier.cluster's instruction description: the arrive is a release and the wait an acquire by "
         "default, at cluster scope; read as an arrive-to-wait synchronization, with §8.10 Causality",
         """
thread T0 cta=0 warp=0 cluster=0
  st.weak x 1
  barrier.cluster.arrive
  barrier.cluster.wait
thread T1 cta=1 warp=0 cluster=0
  barrier.cluster.arrive
  barrier.cluster.wait
  r0 = ld.weak x
exists: T1:r0=0
""", group="sm90"),
    Test("MP+barrier.cluster.relaxed", _same("allowed"),
         "barrier.cluster's instruction description: .relaxed gives no ordering or visibility for the accesses "
         "before the arrive",
         """
thread T0 cta=0 warp=0 cluster=0
  st.weak x 1
  barrier.cluster.arrive.relaxed
  barrier.cluster.wait
thread T1 cta=1 warp=0 cluster=0
  barrier.cluster.arrive.relaxed
  barrier.cluster.wait
  r0 = ld.weak x
exists: T1:r0=0
""", group="sm90"),
    Test("MP+rel-acq.cluster", _same("forbidden"),
         "§8.7 scopes: .cluster includes every thread of the CTAs of one cluster, so the release and the "
         "acquire are morally strong (§8.7.1) and synchronize (§8.9.4)",
         """
thread T0 cta=0 warp=0 cluster=0
  st.weak x 1
  st.release.cluster y 1
thread T1 cta=1 warp=0 cluster=0
  r0 = ld.acquire.cluster y
  r1 = ld.weak x
exists: T1:r0=1 /\\ T1:r1=0
""", group="sm90"),
    Test("MP+rel-acq.cluster-two-clusters", _same("allowed"),
         "§8.7, §8.7.1: .cluster does not include a thread of another cluster, so the two are not morally "
         "strong and nothing synchronizes",
         """
thread T0 cta=0 warp=0 cluster=0
  st.weak x 1
  st.release.cluster y 1
thread T1 cta=1 warp=0 cluster=1
  r0 = ld.acquire.cluster y
  r1 = ld.weak x
exists: T1:r0=1 /\\ T1:r1=0
""", group="sm90"),
    Test("W_LOADED-elected", _same("allowed"),
         "the unpatched kernel: mbarrier.arrive is a release of the arriving thread's causal past (§8.8, "
         "mbarrier.arrive); nothing orders lane 1's store before lane 0's arrive, a data race (§8.7.1), "
         "and the consumer may read the older value",
         _w_loaded(1)),
    Test("W_LOADED-all-lanes", _same("forbidden"),
         "the fix (PR #426): every storing lane's own release-arrive; the wait acquires the completed phase "
         "(mbarrier.test_wait/try_wait), §8.9.4, §8.10 Causality axiom",
         _w_loaded(2, lane1="  mbarrier.arrive bar")),
    Test("W_LOADED-bar.sync", _same("forbidden"),
         "bar.sync is in §8.9.4's list; base causality order is transitive (§8.9.5), so lane 0's arrive "
         "carries lane 1's store (cumulativity)",
         _w_loaded(1, lane0="  bar.sync 1", lane1="  bar.sync 1")),
    Test("W_LOADED-bar.warp.sync", {"ptx-formal": "allowed", "ptx+warpsync": "forbidden"},
         "§8.9.4 does not list bar.warp.sync; its ordering among participating threads is promised in the "
         "instruction's description and the CUDA programming guide. Counted as a barrier, cumulativity "
         "(§8.9.5) makes the pattern race-free",
         _w_loaded(1, lane0="  bar.warp.sync", lane1="  bar.warp.sync")),
    Test("W_LOADED-fence.acq_rel", _same("allowed"),
         "§8.8: a fence is a release pattern only with a later strong write of its own thread; lane 1 has "
         "none, so its fence synchronizes with nothing",
         _w_loaded(1, lane0="  fence.acq_rel.cta", lane1="  fence.acq_rel.cta")),
    Test("W_LOADED-flag-handoff", _same("forbidden"),
         "§8.8 release/acquire patterns between the lanes, then §8.9.5 transitivity through lane 0's arrive; "
         "lane 0 spins until the flag reads 1 (the filter)",
         _w_loaded(1, lane0="  r2 = ld.acquire.cta f", lane1="  st.release.cta f 1",
                   exists="C:r1=0", keep="L0:r2=1")),
)


def by_name() -> dict[str, Test]:
    return {t.name: t for t in CATALOGUE}


def run_catalogue(rules=RULE_SETS) -> list[dict]:
    """Every test under every rule set: {"test", "rules", "verdict", "races" (a data race in some allowed
    execution, §8.7.1), "expected", "source"}."""
    rows = []
    for test in CATALOGUE:
        program = test.program()
        for r in rules:
            got = check(program, r)
            rows.append({"test": test.name, "rules": r, "verdict": got.verdict, "races": not got.race_free,
                         "expected": test.expected[r], "source": test.source})
    return rows
