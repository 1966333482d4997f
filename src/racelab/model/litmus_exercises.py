"""A graded path of litmus exercises for teaching the PTX memory model with `racelab model check`: for each,
the reader predicts which values a read may return, checks the program, and explains the verdict by the
section or axiom it rests on. The answers are not written here: the checker computes them (verdict per rule
set, the axiom of §8.10 that forbids an outcome, the data races of §8.7.1), and the tests hold the
expected verdicts (tests/test_checker_semantics.py)."""

from dataclasses import dataclass

from racelab.model import catalogue
from racelab.model.checker import RULE_SETS, Verdict, check, parse


@dataclass(frozen=True)
class LitmusExercise:
    key: str
    title: str
    question: str  # what to predict
    text: str  # the litmus program (racelab model check's format)
    rests_on: str  # the sections the explanation needs

    def verdicts(self) -> dict[str, Verdict]:
        program = parse(self.text, self.key)
        return {rules: check(program, rules) for rules in RULE_SETS}


def _catalogue(name: str) -> str:
    """A program the checker's catalogue already holds (racelab.model.catalogue)."""
    return catalogue.by_name()[name].text


def _mp_two_ctas(scope: str) -> str:
    """Message passing between two CTAs, the flag released and acquired at `scope`."""
    return f"""
thread T0 cta=0 warp=0
  st.weak x 1
  st.release.{scope} y 1
thread T1 cta=1 warp=0
  r0 = ld.acquire.{scope} y
  r1 = ld.weak x
exists: T1:r0=1 /\\ T1:r1=0
"""


def _k_consumed(all_readers: bool) -> str:
    """Two readers of a buffer; R0 arrives on `empty` (and R1 too with `all_readers`, the count matching the
    arrivers); the producer waits and overwrites. The condition: R1 reads the overwrite."""
    r1_arrives = "\n  mbarrier.arrive empty" if all_readers else ""
    return f"""
init: buf=0 empty={2 if all_readers else 1}
thread P cta=0 warp=0
  mbarrier.wait empty
  st.weak buf 2
thread R0 cta=0 warp=1
  r0 = ld.weak buf
  mbarrier.arrive empty
thread R1 cta=0 warp=1
  r1 = ld.weak buf{r1_arrives}
exists: R1:r1=2
"""


PATH = (
    LitmusExercise("1-MP", "Message passing with plain accesses",
                   "T1 sees the flag set. May it still read the old data?",
                   _catalogue("MP"), "§8.7, §8.7.1 (morally strong; data races)"),
    LitmusExercise("2-MP-scopes", "Release and acquire across two CTAs, at CTA scope",
                   "The flag is written with st.release.cta and read with ld.acquire.cta by a thread of another "
                   "CTA. May the reader see the flag and the old data?",
                   _mp_two_ctas("cta"), "§8.5 (scope), §8.7 (morally strong), §8.8, §8.9.4"),
    LitmusExercise("2b-MP-gpu-scope", "The same across two CTAs, at GPU scope",
                   "The flag is written with st.release.gpu and read with ld.acquire.gpu.",
                   _mp_two_ctas("gpu"), "§8.5, §8.7, §8.8, §8.9.4, §8.10 (causality)"),
    LitmusExercise("3-ISA2", "Cumulativity through a third thread",
                   "T1 acquires T0's flag and releases its own; T2 acquires T1's. May T2 read T0's data as 0?",
                   """
thread T0 cta=0 warp=0
  st.weak x 1
  st.release.cta y 1
thread T1 cta=0 warp=1
  r0 = ld.acquire.cta y
  st.release.cta z 1
thread T2 cta=0 warp=2
  r1 = ld.acquire.cta z
  r2 = ld.weak x
exists: T1:r0=1 /\\ T2:r1=1 /\\ T2:r2=0
""", "§8.8 and its footnote, §8.9.5 (base causality order is transitive)"),
    LitmusExercise("4a-W_LOADED-elected", "The unpatched handoff",
                   "Lanes 0 and 1 store; lane 0 alone arrives (count 1). May the consumer read lane 1's old word?",
                   _catalogue("W_LOADED-elected"), "§8.8, §8.9.4, §8.7.1"),
    LitmusExercise("4b-W_LOADED-syncwarp", "The handoff with __syncwarp before the arrive",
                   "Both lanes execute bar.warp.sync before lane 0 arrives. Does the answer depend on the rule set?",
                   _catalogue("W_LOADED-bar.warp.sync"), "§8.9.4's list; bar.warp.sync's description"),
    LitmusExercise("4c-W_LOADED-named-barrier", "The handoff with a named barrier before the arrive",
                   "Both lanes execute bar.sync 1 before lane 0 arrives.",
                   _catalogue("W_LOADED-bar.sync"), "§8.9.4 (bar.sync), §8.9.5 (cumulativity)"),
    LitmusExercise("4d-W_LOADED-all-lanes", "The fix", "Both lanes arrive, count 2.",
                   _catalogue("W_LOADED-all-lanes"), "mbarrier.try_wait, §8.9.4"),
    LitmusExercise("5-two-phases", "A two-stage pipeline reused",
                   "The producer stores 1, arrives on full, waits on empty, stores 2, arrives on full; the "
                   "consumer reads after each of its two waits on full. May both reads return 1?",
                   _catalogue("MP+mbarrier-two-phases"), "mbarrier phases (mbarrier.try_wait), §8.9.4, §8.10"),
    LitmusExercise("6a-K_CONSUMED-elected", "Write after read: one reader frees the buffer",
                   "Two readers read a buffer; only R0 arrives on empty (count 1); the producer waits and "
                   "overwrites. May R1 read the overwrite?",
                   _k_consumed(all_readers=False), "§8.8, §8.9.4, §8.7.1"),
    LitmusExercise("6b-K_CONSUMED-all-readers", "Write after read: every reader frees the buffer",
                   "Both readers arrive, count 2.", _k_consumed(all_readers=True),
                   "§8.8, §8.9.4, §8.10 (coherence, causality)"),
)


def answer(exercise: LitmusExercise) -> dict:
    """The checker's answer: per rule set the verdict, the axioms that rule the outcome out, and the races."""
    out = {}
    for rules, v in exercise.verdicts().items():
        out[rules] = {"verdict": v.verdict, "ruled_out_by": [a for a, _ in v.ruled_out_by],
                      "races": [f"{a} / {b}" for a, b in v.races]}
    return out
