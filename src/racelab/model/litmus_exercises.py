"""A graded path of litmus exercises for teaching the PTX memory model with `racelab model check`: for each,
the reader predicts which values a read may return, checks the program, and explains the verdict by the
section or axiom it rests on. The answers are not written here: the checker computes them (verdict per rule
set, the axiom of §8.10 that forbids an outcome, the data races of §8.7.1), and the tests hold the
expected verdicts (tests/test_checker_semantics.py). The path is data: `litmus/graded.csv` beside the catalogue's
files (racelab.model.catalogue)."""

import csv
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


def _read() -> tuple[LitmusExercise, ...]:
    """The path from `litmus/graded.csv` (one row an exercise: key, title, question, its program's file under
    `litmus/`, the sections its explanation needs); a program the catalogue holds is named by its catalogue file,
    not copied."""
    with open(catalogue.LITMUS / "graded.csv", newline="", encoding="utf-8") as f:
        return tuple(LitmusExercise(r["key"], r["title"], r["question"],
                                    (catalogue.LITMUS / r["program"]).read_text(encoding="utf-8"), r["rests_on"])
                     for r in csv.DictReader(f))


PATH = _read()


def answer(exercise: LitmusExercise) -> dict:
    """The checker's answer: per rule set the verdict, the axioms that rule the outcome out, and the races."""
    out = {}
    for rules, v in exercise.verdicts().items():
        out[rules] = {"verdict": v.verdict, "ruled_out_by": [a for a, _ in v.ruled_out_by],
                      "races": [f"{a} / {b}" for a, b in v.races]}
    return out


def kernel_exercise_programs() -> dict[str, str]:
    """The kernel exercises A-G (racelab.model.programs.EXERCISES) as litmus programs the lab runs: two storing
    lanes stand for the warp, as in the catalogue's W_LOADED family (`litmus/kernel-exercises.csv`: key, the
    program's file under `litmus/`)."""
    with open(catalogue.LITMUS / "kernel-exercises.csv", newline="", encoding="utf-8") as f:
        return {r["key"]: (catalogue.LITMUS / r["program"]).read_text(encoding="utf-8") for r in csv.DictReader(f)}
