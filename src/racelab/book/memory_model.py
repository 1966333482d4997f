"""Chapter 06's tables: the happens-before model's promise per program and rule set, next to racecheck's
measured counts and the SASS before the arrive."""

from __future__ import annotations

from typing import Iterable

import pandas as pd

from racelab.model.core import RULE_NAMES, RULES, Program, analyze
from racelab.model.programs import program_by_name, sort_key, standard_programs


def rules_table() -> pd.DataFrame:
    """The rule sets side by side: what each credits, and its one-line reading."""
    return pd.DataFrame([{"rule set": r.name, "__syncwarp composes": r.syncwarp_composes,
                          "converged MEMBAR composes": r.membar_composes,
                          "async-proxy accesses checked": r.sees_async_proxy, "reading": r.summary}
                         for r in RULES.values()]).set_index("rule set")


def rule_set_table(programs: dict[str, Program] | None = None, rules: Iterable[str] = RULE_NAMES) -> pd.DataFrame:
    """Unordered bytes, program x rule set (default: V0-V5 and the twin unpatched / fixed)."""
    programs = programs if programs is not None else standard_programs()
    data = {name: {r: analyze(p, r).unordered_bytes for r in rules} for name, p in programs.items()}
    frame = pd.DataFrame.from_dict(data, orient="index")
    frame.index.name = "program"
    frame.columns.name = "rule set"
    return frame


def disagreements(table: pd.DataFrame) -> list[str]:
    """Rows of a :func:`rule_set_table` on which the rule sets do not all agree."""
    return [name for name, row in table.iterrows() if row.nunique() > 1]


def three_views(measured: dict[str, int], sass: dict[str, str]) -> pd.DataFrame:
    """The model's promise next to racecheck's measured hazards and the SASS before the arrive.

    ``measured`` and ``sass`` are keyed by program name (``V0``..``V5``, ``twin``, ``twin-fixed``,
    ``twin:TOPK:HEADS[:all]``); a program missing from one of them gets an empty cell.
    """
    rows = []
    for name in sorted(set(measured) | set(sass), key=sort_key):
        program = program_by_name(name)
        row = {"program": name, "what it does": program.description}
        for r in RULE_NAMES:
            row[f"model: {r}"] = analyze(program, r).unordered_bytes
        row["racecheck measured"] = measured.get(name)
        row["SASS before the arrive"] = sass.get(name, "")
        got = measured.get(name)
        row["racecheck model = measured"] = None if got is None else got == row["model: racecheck"]
        rows.append(row)
    return pd.DataFrame(rows).set_index("program")


__all__ = ["disagreements", "rule_set_table", "rules_table", "three_views"]
