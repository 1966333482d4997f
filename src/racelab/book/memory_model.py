"""Chapter 06's tables: the happens-before model's promise per program and rule set, the exhaustive
checker's verdicts on the litmus catalogue, racecheck's measured counts, the SASS before the arrive, and
where a recorded litmus binary's stores sit relative to its arrive."""

from __future__ import annotations

import re
from typing import Iterable

import pandas as pd

from racelab.core import store
from racelab.experiments import checker_alloy, litmus
from racelab.model import catalogue, checker, litmus_exercises
from racelab.model.happens_before import RULE_NAMES, RULES, Program, analyze
from racelab.model.programs import (CATALOGUE_VARIANTS, EXERCISES, calibration, program_by_name, sort_key,
                                    standard_programs)
from racelab.readers.sass_listing import LineType, instruction
from racelab.vocab import CalibrationVariant
from racelab.readers.sass_listing import parse as parse_sass

PTX_RULES = checker.RULE_SETS  # the rule sets both the checker and the happens-before model implement


def rules_table() -> pd.DataFrame:
    """The happens-before model's rule sets side by side: what each credits, and its one-line reading."""
    return pd.DataFrame([{"rule set": r.name, "bar.warp.sync": r.syncwarp,
                          "bar.sync with a thread count": r.counted_bar_sync, "MEMBAR credited": r.membar,
                          "release/acquire flags synchronize": r.release_acquire,
                          "async-proxy accesses checked": r.sees_async_proxy, "reading": r.summary}
                         for r in RULES.values()]).set_index("rule set")


def rule_set_table(programs: dict[str, Program] | None = None, rules: Iterable[str] = RULE_NAMES) -> pd.DataFrame:
    """Unordered bytes, program x rule set (default: V0-V7 and the twin unpatched / fixed)."""
    programs = programs if programs is not None else standard_programs()
    data = {name: {r: analyze(p, r).unordered_bytes for r in rules} for name, p in programs.items()}
    frame = pd.DataFrame.from_dict(data, orient="index")
    frame.index.name = "program"
    frame.columns.name = "rule set"
    return frame


def disagreements(table: pd.DataFrame) -> list[str]:
    """Rows of a :func:`rule_set_table` on which the rule sets do not all agree."""
    return [name for name, row in table.iterrows() if row.nunique() > 1]


def catalogue_table() -> pd.DataFrame:
    """The checker on every catalogue test and PTX rule set: verdict, expected verdict, source."""
    frame = pd.DataFrame(catalogue.run_catalogue())
    frame["as expected"] = frame["verdict"] == frame["expected"]
    return frame.set_index(["test", "rules"])


def catalogue_overview(cat: pd.DataFrame) -> pd.DataFrame:
    """The literature's tests of `catalogue_table()` (the W_LOADED family has its own table, the Hopper and
    Blackwell constructs theirs on the evidence page), one row a test:
    the verdict under each PTX rule set, whether both are the ones the cited sections predict, and whether
    some allowed execution has a data race (§8.7.1)."""
    groups = {t.name: t.group for t in catalogue.CATALOGUE}
    classic = cat[cat.index.get_level_values("test").map(groups) == "classic"]
    out = classic["verdict"].unstack("rules")[list(PTX_RULES)]
    out["as expected"] = classic["as expected"].groupby(level="test").all().map({True: "yes", False: "NO"})
    out["data race (ptx-formal)"] = classic.xs("ptx-formal", level="rules")["races"].map(
        {True: "in some execution", False: "none"})
    return out.loc[list(dict.fromkeys(classic.index.get_level_values("test")))].rename_axis(columns=None)


def _stale_read_verdicts() -> dict[str, dict[str, str]]:
    tests = catalogue.by_name()
    return {variant: {r: checker.check(tests[name].program(), r).verdict for r in PTX_RULES}
            for name, variant in CATALOGUE_VARIANTS.items()}


def w_loaded_table() -> pd.DataFrame:
    """The W_LOADED family: the checker's verdict on the stale read (lane 1's older value reaching the
    consumer) under both PTX rule sets, next to the happens-before model's unordered bytes for the
    calibration variant of the same shape."""
    tests = catalogue.by_name()
    rows = []
    for name, variant in CATALOGUE_VARIANTS.items():
        program = tests[name].program()
        row = {"test": name, "variant": variant, "what it does": calibration(variant).description}
        for r in PTX_RULES:
            row[f"checker: {r}"] = checker.check(program, r).verdict
        for r in PTX_RULES:
            row[f"model: {r} (bytes)"] = analyze(calibration(variant), r).unordered_bytes
        rows.append(row)
    return pd.DataFrame(rows).set_index("test")


def w_loaded_view(table: pd.DataFrame) -> pd.DataFrame:
    """`w_loaded_table` as the chapter shows it: one row per calibration variant, the checker's verdicts and
    the model's unordered bytes each under a header of their own, one column per rule set."""
    by_variant = table.reset_index().set_index("variant")
    columns = {("", "what it does"): by_variant["what it does"]}
    columns.update({("checker", r): by_variant[f"checker: {r}"] for r in PTX_RULES})
    columns.update({("model, bytes", r): by_variant[f"model: {r} (bytes)"] for r in PTX_RULES})
    return pd.DataFrame(columns)


def three_views(measured: dict[str, int], sass: dict[str, str]) -> pd.DataFrame:
    """The model's promise and the checker's verdict next to racecheck's measured hazards and the SASS
    before the arrive.

    ``measured`` and ``sass`` are keyed by program name (``V0``..``V7``, ``twin``, ``twin-fixed``,
    ``twin:TOPK:HEADS[:all]``); a program missing from one of them gets an empty cell. The checker's columns
    hold the verdict on a stale read for the variants that have a catalogue test of the same shape.
    """
    verdicts = _stale_read_verdicts()
    rows = []
    for name in sorted(set(measured) | set(sass), key=sort_key):
        program = program_by_name(name)
        row = {"program": name, "what it does": program.description}
        for r in PTX_RULES:
            row[f"checker: {r}"] = verdicts.get(name, {}).get(r, "")
        for r in RULE_NAMES:
            row[f"model: {r}"] = analyze(program, r).unordered_bytes
        row["racecheck measured"] = measured.get(name)
        row["SASS before the arrive"] = sass.get(name, "")
        got = measured.get(name)
        row["racecheck model = measured"] = None if got is None else got == row["model: racecheck"]
        rows.append(row)
    return pd.DataFrame(rows).set_index("program")


# ---------------------------------------------------------------------------------------------- litmus SASS

_FUNCTION = re.compile(r"^\s*Function\s*:\s*(?P<name>\S+)\s*$")
_RECONVERGE = ("BSYNC", "WARPSYNC")


def litmus_functions(sass_text: str) -> dict[str, list]:
    """A listing of the litmus binary (cuobjdump's ``Function :`` blocks, or nvdisasm's sections):
    function name -> its instructions."""
    if not any(_FUNCTION.match(line) for line in sass_text.splitlines()[:50]):
        return dict(parse_sass(sass_text).functions)
    out: dict[str, list] = {}
    current = None
    for lineno, line in enumerate(sass_text.splitlines(), 1):
        if m := _FUNCTION.match(line):
            current = m["name"]
            out[current] = []
        elif current is not None and (m := LineType.INSTRUCTION.regex.match(line)):
            out[current].append(instruction(m, current, lineno))
    return out


LEADERS = {"lane0": 0, "elect": 1, "diverge": 2, "diverge-forced": 3}  # mp_mbarrier<variant, leader>'s second
# template argument (recorded runs before the diverging configurations spelled elect/lane0 as a bool)


def _litmus_signal(sass_text: str, variant: int, leader: str) -> tuple[str, list, int]:
    """(function name, its instructions, index of the SYNCS.ARRIVE right after the producer's shared stores)
    of ``mp_mbarrier<variant, leader>`` in a litmus listing."""
    functions = litmus_functions(sass_text)
    tag = re.compile(rf"mp_mbarrierILi{variant}EL[bi]{LEADERS[leader]}E")
    names = [n for n in functions if tag.search(n)]
    if len(names) != 1:
        raise ValueError(f"expected one mp_mbarrier<{variant}, {leader}> in the listing, found {names}")
    insns = functions[names[0]]
    arrives = [i for i, x in enumerate(insns) if x.opcode.startswith("SYNCS.ARRIVE")
               and any(y.base == "STS" for y in insns[max(0, i - 16):i])]
    if not arrives:
        raise ValueError(f"{names[0]}: no SYNCS.ARRIVE right after shared stores")
    return names[0], insns, arrives[-1]


def litmus_store_windows(sass_text: str, configs: Iterable[tuple[str, int, str]]) -> pd.DataFrame:
    """:func:`litmus_store_window` for (config, variant number, leader) triples, one row each."""
    rows = []
    for config, variant, leader in configs:
        w = litmus_store_window(sass_text, variant, leader)
        rows.append({"config": config, "reconverges": f"{w['reconverge_text']} {w['reconverge']:#06x}",
                     "ELECT": "" if w["elect"] is None else f"{w['elect']:#06x}",
                     "stores": f"{w['stores']} STS {w['first_store']:#06x}-{w['last_store']:#06x}",
                     "arrive": f"{w['arrive_text'].split(' SYNCS')[0] if w['arrive_text'].startswith('@') else ''} "
                               f"SYNCS.ARRIVE {w['arrive']:#06x}".strip(),
                     "branches between": w["branches_between"]})
    return pd.DataFrame(rows).set_index("config")


def litmus_store_window(sass_text: str, variant: int, leader: str) -> dict:
    """Where the producer's data stores sit in ``mp_mbarrier<variant, leader>``: the signalling
    ``SYNCS.ARRIVE``, the shared stores just before it, the last reconvergence (``BSYNC``/``WARPSYNC``)
    and ``ELECT`` before those stores, and how many branches lie between that reconvergence and the arrive
    (none: every lane runs the stores as the same instructions, before the arrive)."""
    name, insns, at = _litmus_signal(sass_text, variant, leader)
    last = max(i for i in range(at) if insns[i].base == "STS")
    first = last
    while first > 1 and (insns[first - 1].base == "STS" or insns[first - 2].base == "STS"):
        first -= 1
    stores = [x for x in insns[first:last + 1] if x.base == "STS"]
    before = insns[:insns.index(stores[0])]
    converge = next(x for x in reversed(before) if x.base in _RECONVERGE)
    elect_insn = next((x for x in reversed(before) if x.base == "ELECT"), None)
    span = insns[insns.index(converge) + 1:at]
    return {"function": name, "arrive": insns[at].address, "arrive_text": insns[at].text,
            "stores": len(stores), "first_store": stores[0].address, "last_store": stores[-1].address,
            "reconverge": converge.address, "reconverge_text": converge.opcode,
            "elect": None if elect_insn is None else elect_insn.address,
            "branches_between": sum(1 for x in span if x.base in ("BRA", "BRX", "EXIT"))}


__all__ = ["LEADERS", "PTX_RULES", "catalogue_table", "disagreements", "litmus_diverge_layout", "litmus_functions",
           "litmus_store_window",
           "litmus_store_windows", "rule_set_table", "rules_table", "three_views", "w_loaded_table"]


def litmus_diverge_layout(sass_text: str, variant: int = 0, leader: str = "diverge") -> dict:
    """Where a diverging producer's code sits in ``mp_mbarrier<variant, leader>``: the convergence region
    opened before the lane test (``BSSY``), the predicated branch that splits lane 0 from lanes 1-31, the
    two sides' shared stores, lane 0's arrive, and the ``BSYNC`` that closes the region. ``reconverged`` is
    whether that region closes between the branch and the arrive (it does not, when lanes 1-31's stores are
    instructions of their own that can issue after the arrive)."""
    name, insns, at = _litmus_signal(sass_text, variant, leader)

    def store_run(end: int) -> list[int]:
        """Indices of the run of STS (with at most one other instruction between two) ending at `end`."""
        run = [end]
        k = end - 1
        while k >= 0 and (insns[k].base == "STS" or (k > 0 and insns[k - 1].base == "STS")):
            if insns[k].base == "STS":
                run.insert(0, k)
            k -= 1
        return run

    own = store_run(max(i for i in range(at) if insns[i].base == "STS"))
    others = store_run(max(i for i in range(own[0]) if insns[i].base == "STS"))

    def closing(i: int) -> int | None:
        """The BSYNC that closes the convergence region the BSSY at `i` opens."""
        register = insns[i].text.split()[1].rstrip(",")
        return next((k for k in range(i + 1, len(insns)) if insns[k].base == "BSYNC"
                     and insns[k].text.split()[1].rstrip(" ;") == register), None)

    # the region that holds both sides: the last one opened before lanes 1-31's stores that is still open
    # after the stores of lane 0 (a region closed before them is a loop of one side only)
    regions = [i for i in range(others[0]) if insns[i].base == "BSSY" and (closing(i) or 0) > own[-1]]
    if not regions:
        raise ValueError(f"{name}: no convergence region holds both sides of the lane test")
    region = regions[-1]
    close = closing(region)
    branch = next(i for i in range(region + 1, others[0]) if insns[i].base == "BRA" and insns[i].predicate)
    return {"function": name, "region": insns[region].address, "branch": insns[branch].address,
            "branch_text": insns[branch].text.rstrip(" ;"),
            "other_lanes_stores": (insns[others[0]].address, insns[others[-1]].address, len(others)),
            "lane0_stores": (insns[own[0]].address, insns[own[-1]].address, len(own)),
            "arrive": insns[at].address, "reconverge": insns[close].address,
            "reconverged": close < at}


def kernel_exercises_markdown(lab: str = "../book/litmus-lab.html") -> str:
    """The questions of the kernel exercises (racelab.model.programs.EXERCISES), numbered, as Markdown, each with
    a link that opens its litmus form in the lab (the program in the address, as the lab writes it there)."""
    from urllib.parse import quote

    forms = litmus_exercises.kernel_exercise_programs()
    return "\n".join(f"{n}. **{e.key}: {e.title}.** {e.question}"
                     + (f' <a href="{lab}#p={quote(forms[e.key], safe="")}">In the lab</a>.' if e.key in forms else "")
                     for n, e in enumerate(EXERCISES, 1))


def kernel_exercise_answers() -> tuple[pd.DataFrame, str]:
    """The happens-before model's answers to the kernel exercises: (verdict per exercise and rule set, the
    explanations as Markdown, each with the fixed program's verdict and unordered bytes where it has one)."""
    verdicts = pd.DataFrame({e.key: {r: analyze(e.program, r).verdict for r in RULE_NAMES} for e in EXERCISES}).T
    verdicts.index.name = "exercise"
    lines = []
    for e in EXERCISES:
        line = f"- **{e.key}.** {e.explanation}"
        if e.fixed is not None:
            fixed = analyze(e.fixed, "ptx-formal")
            line += f" Fixed ({e.fixed.description}): {fixed.verdict}, {fixed.unordered_bytes} unordered bytes."
        lines.append(line)
    return verdicts, "\n".join(lines)


def teachers_edition_values() -> dict:
    """The teacher's edition's Result box: how many kernel exercises race under ptx-formal, and how many litmus
    programs of the graded path allow the outcome they ask about (ptx-formal)."""
    verdicts, _ = kernel_exercise_answers()
    answers = [litmus_exercises.answer(e)["ptx-formal"]["verdict"] for e in litmus_exercises.PATH]
    return {"te_kernels": str(len(verdicts)), "te_kernel_races": str(int((verdicts["ptx-formal"] == "race").sum())),
            "te_litmus": str(len(answers)), "te_allowed": str(answers.count("allowed"))}


def litmus_path_markdown() -> tuple[str, str]:
    """The graded litmus path (racelab.model.litmus_exercises) as (questions, answers) Markdown: each
    exercise's question and program; then the checker's answer per rule set, the axiom that forbids the
    outcome, and the data races (§8.7.1) of the allowed executions."""
    questions, answers = [], []
    for e in litmus_exercises.PATH:
        questions.append(f"**{e.key}. {e.title}.** {e.question}\n\n```text\n{e.text.strip()}\n```")
        lines = []
        for rules, got in litmus_exercises.answer(e).items():
            why = (f", ruled out by the {' and the '.join(got['ruled_out_by'])} axiom of §8.10"
                   if got["ruled_out_by"] else "")
            races = ("; races: " + "; ".join(f"`{r}`" for r in got["races"])) if got["races"] else "; race-free"
            lines.append(f"`{rules}`: {got['verdict']}{why}{races}")
        answers.append(f"- **{e.key}** (rests on {e.rests_on}): " + " — ".join(lines))
    return "\n\n".join(questions), "\n".join(answers)


def alloy_comparison():
    """The newest checker-alloy run (the checker against NVlabs' ptx.als): (its glue values, its verdict
    table), or (values saying it is not recorded, None)."""
    import pandas as pd

    run = store.newest_or_none(checker_alloy.EXPERIMENT, gpu="cpu")
    if run is None:
        return {"alloy_compared": "no", "alloy_agree": "none", "alloy_generated": "no",
                "alloy_commit": "(not recorded)"}, None
    s = run.read_json("summary.json")
    values = {"alloy_compared": str(s["compared"]), "alloy_agree": str(s["agree"]),
              "alloy_generated": str(s["by_source"]["generated"]), "alloy_catalogue": str(s["by_source"]["catalogue"]),
              "alloy_commit": s["model"]["commit"][:10], "alloy_run": run.id,
              "alloy_not_compared": "; ".join(f"{why} ({n})" for why, n in s["not_compared"].items())}
    frame = pd.DataFrame(checker_alloy.verdict_rows(run))[["source", "program", "checker", "alloy", "agree",
                                                          "not_compared"]]
    return values, frame


def mixedproxy_comparison():
    """The newest checker-mixedproxy run (the checker against NVlabs' mixed-proxy model): (its glue values,
    its answer table), or (values saying it is not recorded, None)."""
    import pandas as pd
    from IPython.display import Markdown

    from racelab.experiments import checker_mixedproxy

    run = store.newest_or_none(checker_mixedproxy.EXPERIMENT, gpu="cpu")
    if run is None:
        return {"mp_run": "(not recorded)", "mp_compared": "no", "mp_agree": "none", "mp_disagree": "0",
                "mp_explained": "0", "mp_unexplained": "none", "mp_commit": "(not recorded)", "mp_atomics": "no",
                "mp_suite": "no", "mp_plain": "no", "mp_catalogue": "no", "mp_suite_not": "0",
                "mp_atomics_agree": "none", "mp_own_test": Markdown("")}, None
    s = run.read_json("summary.json")
    rows = checker_mixedproxy.verdict_rows(run)
    explained = set(s["explained_by_fences"])
    unexplained = [d for d in s["disagree"] if d not in explained]
    atomics = [r for r in rows if r["source"] == "atomics" and r["model"]]
    values = {"mp_run": run.id, "mp_commit": s["model"]["commit"][:10], "mp_compared": str(s["compared"]),
              "mp_agree": str(s["agree"]), "mp_disagree": str(len(s["disagree"])), "mp_explained": str(len(explained)),
              "mp_unexplained": ", ".join(unexplained) or "none",
              "mp_suite": str(s["by_source"]["suite"]), "mp_atomics": str(s["by_source"]["atomics"]),
              "mp_plain": str(s["by_source"]["plain"]), "mp_catalogue": str(s["by_source"]["catalogue"]),
              "mp_suite_not": str(sum(1 for r in rows if r["source"] == "suite" and r["not_compared"])),
              "mp_atomics_agree": f"{sum(r['agree'] == 'True' for r in atomics)} of {len(atomics)}",
              "mp_own_test": Markdown(
                  "One of them is the model's own test of the pattern (`Release_acquire_pattern`: a release store "
                  "and a relaxed store, read by a relaxed load and `fence.acq_rel`), which its suite expects to be "
                  "permitted." if "Release_acquire_pattern:my_test" in explained else "")}
    frame = pd.DataFrame(rows)[["source", "program", "command", "checker", "model", "agree", "fences_as_the_model",
                                "not_compared"]]
    return values, frame


# (configuration, calibration variant number, leader) of the litmus run's converged configurations
LITMUS_CONVERGED = tuple((c, CalibrationVariant[litmus.CONFIGS[c][0]].number, litmus.leader_of(c))
                         for c in litmus.CONVERGED)


def litmus_converged(run, litmus: pd.DataFrame) -> tuple[list, pd.DataFrame | None]:
    """The converged configurations a litmus run recorded (of LITMUS_CONVERGED) and their store windows
    (litmus_store_windows over the run's SASS), or ([], None)."""
    converged = [c for c in LITMUS_CONVERGED if c[0] in litmus.index]
    if not converged:
        return [], None
    return converged, litmus_store_windows(run.read_text("mp_mbarrier.sass"), converged)


def teachers_edition_page() -> tuple[pd.DataFrame, dict]:
    """The teacher's edition: the kernel exercises' verdicts (a table) and every value it glues (the Result
    box's counts, the kernel solutions, the litmus answers and the slides' links)."""
    from IPython.display import Markdown

    from racelab.book import slides

    verdicts, solutions = kernel_exercise_answers()
    return verdicts, {**teachers_edition_values(), "kernel_solutions": Markdown(solutions),
                      "litmus_answers": Markdown(litmus_path_markdown()[1]),
                      "slide_links": Markdown(slides.links_markdown())}
