"""The rules the lint applies, as data: which accesses a rule tracks, which hazard it is about, the walker
that applies it and the reasons its hits carry. Both rules are one shape seen from the two sides of a
handoff: many lanes access shared memory, then one elected lane arrives on the mbarrier that hands the
buffer to the other side, and that arrive orders only its own thread's accesses.

`lint_paths` and `lint_source` apply several rules and return hit dicts that name their rule (`rule`);
the hit's other fields are `racelab.lint.ast_lint.Hit`'s, with `storers` and `store_lines` naming the
accessing lanes and lines (loads, for the load-side rule)."""

from dataclasses import dataclass
from pathlib import Path

from racelab.lint import ast_lint
from racelab.lint.ast_lint import COUNT_UNKNOWN, ELECTED, SYNCWARP, FunctionLint, LintError
from racelab.lint.load_lint import LOAD_ELECTED, LOAD_SYNCWARP, LoadLint


@dataclass(frozen=True)
class Rule:
    kind: str  # the name a hit records
    hazard: str  # "RAW" (the consumer may read before the stores) or "WAR" (the producer may overwrite before the loads)
    accesses: str  # what the many lanes do: "stores" or "loads"
    handoff: str  # the barrier the elected arrive is on, in words
    walker: type
    reasons: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{self.accesses}-side {self.hazard}"


STORE_RAW = Rule("store-raw", "RAW", "stores", "the barrier that publishes the stored data to its consumer",
                 FunctionLint, (ELECTED, SYNCWARP))
LOAD_WAR = Rule("load-war", "WAR", "loads", "the barrier that frees the buffer for its producer",
                LoadLint, (LOAD_ELECTED, LOAD_SYNCWARP))
RULES: dict[str, Rule] = {r.kind: r for r in (STORE_RAW, LOAD_WAR)}


def rule_of(reason: str) -> Rule:
    """The rule whose hits carry `reason` (with or without the unknown-count suffix)."""
    bare = reason.removesuffix(COUNT_UNKNOWN)
    for r in RULES.values():
        if bare in r.reasons:
            return r
    raise LintError(f"no rule gives the reason {reason!r}")


def pick(kinds=None) -> list[Rule]:
    """Rules by kind (all when `kinds` is empty); LintError for an unknown kind."""
    if not kinds:
        return list(RULES.values())
    unknown = [k for k in kinds if k not in RULES]
    if unknown:
        raise LintError(f"unknown rule {unknown[0]!r}; the rules are {', '.join(RULES)}")
    return [RULES[k] for k in kinds]


def tagged(rule: Rule, hits) -> list[dict]:
    return [{"rule": rule.kind, **h.to_dict()} for h in hits]


def lint_source(source: str, path: str = "<string>", rules=None) -> list[dict]:
    """Hit dicts of every rule over one file's text, each naming its rule."""
    return [d for r in rules or RULES.values() for d in tagged(r, ast_lint.lint_source(source, path, walker=r.walker))]


def lint_paths(paths, root: Path | None = None, rules=None) -> list[dict]:
    """Hit dicts of every rule over .py files and folders (as `ast_lint.lint_paths`), each naming its rule."""
    return [d for r in rules or RULES.values() for d in tagged(r, ast_lint.lint_paths(paths, root, walker=r.walker))]
