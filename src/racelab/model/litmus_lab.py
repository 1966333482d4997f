"""What the litmus lab page (book/litmus-lab.md) asks of the checker, in the browser (Pyodide) or here: one
program checked under every rule set, as plain data the page renders. Pure Python on the standard library,
so that the page can load it together with the checker and the catalogue."""

import json

from racelab.model.litmus_text import item_text
from racelab.model import catalogue, checker, litmus_exercises


def catalogue_programs() -> dict[str, str]:
    """{test name: litmus text} of the checker's catalogue, for the page's menu."""
    return {t.name: t.text.strip() + "\n" for t in catalogue.CATALOGUE}


def graded_programs() -> list[dict]:
    """The graded path (racelab.model.litmus_exercises), for the page's predict-then-check menu: key, title,
    question and program of each exercise; the answers are the checker's, computed when a program is checked."""
    return [{"key": e.key, "title": e.title, "question": e.question, "text": e.text.strip() + "\n"}
            for e in litmus_exercises.PATH]


def run(text: str) -> dict:
    """The program's verdict, allowed outcomes and races under each rule set, and an execution with its
    condition drawn as Graphviz text (Checker.dot); or {"error": ...} naming the line it cannot read."""
    try:
        program = checker.parse(text, "lab")
    except checker.LitmusError as err:
        return {"error": str(err)}
    out = {"name": program.name, "condition": " /\\ ".join(item_text(*i) for i in program.condition),
           "filter": " /\\ ".join(item_text(*i) for i in program.filter), "rules": []}
    for rules in checker.RULE_SETS:
        verdict = checker.check(program, rules)
        c = checker.Checker(program, rules)
        x, why = c.condition_execution()
        state = "allowed" if x is not None and why is None else f"ruled out by {why}" if x is not None else ""
        out["rules"].append({
            "rules": rules, "verdict": verdict.verdict,
            "outcomes": [" ".join(f"{t}:{r}={v}" for t, r, v in o) for o in verdict.outcomes],
            "races": [f"{a}  <->  {b}" for a, b in verdict.races],
            "ruled_out_by": [a for a, _ in verdict.ruled_out_by],
            "state": state,  # the page titles the graph with the verdict; the graph itself carries no title
            "dot": c.dot(x) if x is not None else ""})
    return out


def run_json(text: str) -> str:
    return json.dumps(run(text))
