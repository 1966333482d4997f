"""The litmus catalogue the checker answers: classic tests under the names the literature gives them, then
the constructs of Hopper and Blackwell kernels (atomics, cluster scope and barrier), then the W_LOADED handoff
family (two storing lanes of the load warp, one consumer thread), each with the verdict the PTX rules predict
and the section or paper it comes from. The programs are files (`litmus/catalogue/*.litmus`) with a verdict
table beside them (`litmus/catalogue.csv`), as herdtools7 and NVlabs/mixedproxy keep their tests.

Sections are those of the PTX ISA, chapter 8 (memory consistency model); "ASPLOS'19" is Lustig,
Sahasrabuddhe and Giroux, *A Formal Analysis of the NVIDIA PTX Memory Consistency Model*."""

import csv
from dataclasses import dataclass
from pathlib import Path

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


LITMUS = Path(__file__).resolve().parent / "litmus"  # the programs as files, and their verdict tables


def _read() -> tuple[Test, ...]:
    """The catalogue from `litmus/catalogue.csv` (one row a test: name, group, the verdict each rule set is
    expected to give, the source it rests on), each program in `litmus/catalogue/NAME.litmus`."""
    with open(LITMUS / "catalogue.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return tuple(Test(r["name"], {rules: r[rules] for rules in RULE_SETS}, r["source"],
                      (LITMUS / "catalogue" / f"{r['name']}.litmus").read_text(encoding="utf-8"), r["group"])
                 for r in rows)


CATALOGUE = _read()


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
