"""The book's findings come from one place and say no more than their evidence: racelab.book.findings makes
the intro's five findings and the Result boxes; every quoted interval is the conservative one of the run the
chapter names as its headline, quoted to the digits its half-width supports; phrases that once made the book
wrong do not return; notebooks stay thin."""

import ast
import re
from pathlib import Path

import pytest

from racelab.book import findings
from racelab.core import store
from racelab.experiments.timing import load
from racelab.stats import interval_digits, interval_text

ROOT = Path(__file__).resolve().parents[1]
TEXT_FILES = [ROOT / "README.md", *sorted((ROOT / "book").glob("*.md")), *sorted((ROOT / "notebooks").glob("*.md"))]


@pytest.fixture(scope="module")
def every():
    return findings.all_findings()


def test_five_findings_within_their_word_budgets(every):
    assert list(every) == ["racecheck", "sass", "cost", "hardware", "elsewhere"]
    for f in every.values():
        assert findings.words(f.bottom_line) <= findings.BOTTOM_LINE_WORDS, (f.key, f.bottom_line)
        assert findings.words(f.result) <= findings.RESULT_WORDS, (f.key, f.result)


def test_words_counts_what_a_reader_reads():
    assert findings.words("**620 → 0** byte hazards, `MEMBAR.ALL.CTA` [PR #426](https://x.y/z)") == 7


def test_the_quoted_cost_is_the_conservative_interval_of_the_headline_run(every):
    run = store.by_protocol(findings.COST_EXPERIMENT, "sm90", findings.COST_PROTOCOL)
    assert store.protocol_of(run) == findings.COST_PROTOCOL
    recomputed = {load.short(s): r for s, r in load.order_null(load.summarize_folder(run)).items()}
    head = every["cost"].values["headline"]
    assert head["run"] == run.id
    for shape, r in recomputed.items():
        assert r.conservative_half >= r.effect_half - 1e-12  # the larger of the two variances
        assert head[shape]["half"] == r.conservative_half and head[shape]["df"] == r.conservative_df
        text = interval_text(r.effect, r.conservative_half)
        assert head[shape]["text"] == text
    # the fix as compiled is one of the layouts, inside the range the bottom line leads with
    lo, hi = every["cost"].values["layouts"]["topk128"]["range"]
    assert lo <= head["topk128"]["effect"] <= hi


def test_the_cost_over_layouts_is_the_mixed_model_of_every_run_of_its_protocol(every):
    """The Result's averaged cost is the mixed model's over every layouts run of the registry's protocol, on
    separate machine starts; its per-offset deltas match a plain recomputation from the raw samples."""
    import math

    from racelab.experiments import registry
    from racelab.experiments.timing import layouts
    from racelab.readers import samples

    assert registry.by_name(findings.LAYOUTS_EXPERIMENT).protocol == findings.LAYOUTS_PROTOCOL
    over = every["cost"].values["layouts"]
    runs = findings.layout_runs()
    assert over["runs"] == [r.id for r in runs] and len(runs) >= 2
    assert over["starts"] == len({r.read_json("provenance.json")["boot_id"] for r in runs}) >= 2
    frame = layouts.builds_frame(runs)
    for key in ("topk128", "topk512"):
        got = over[key]
        model = layouts.fix_over_layouts(frame, got["shape"])
        assert model["converged"] and model["complete"] and model["pairs_per_offset"] >= 8
        assert got["text"] == interval_text(model["effect_pct"], model["half_pct"])
        # the Result gives the average as an upper bound (the 95 % interval's upper end) and the range first
        assert f"{model['hi_pct']:+.3f} %".replace("-", "\N{MINUS SIGN}") in every["cost"].bottom_line
        # offset 0, by hand: each process's mean of the fix over the bug's, over both runs
        deltas = []
        for run in runs:
            text = run.read_text(f"all-lanes-vs-elected-{got['shape']}.csv")
            for per in samples.parse_samples(text).by_pair.values():
                a, b = per["elected"], per["all-lanes"]
                deltas.append(100 * (math.fsum(b) / len(b) / (math.fsum(a) / len(a)) - 1))
        assert got["offsets"][0]["offset"] == 0 and got["offsets"][0]["n"] == len(deltas)
        assert abs(got["offsets"][0]["effect"] - math.fsum(deltas) / len(deltas)) < 1e-9
    lo, hi = over["topk128"]["range"]
    assert f"{lo:+.2f} %".replace("-", "\N{MINUS SIGN}") in every["cost"].bottom_line
    assert f"{hi:+.2f} %".replace("-", "\N{MINUS SIGN}") in every["cost"].bottom_line
    assert over["topk128"]["controls"][128]["text"] in every["cost"].rest  # the condition, with its control
    for word in ("Wald", "MixedLM", "Mixed model", "A/A", "machine start"):  # these belong to the evidence page
        assert word not in every["cost"].result


def test_intro_and_result_boxes_glue_the_findings():
    intro = (ROOT / "book" / "intro.md").read_text()
    for key in ("racecheck", "sass", "cost", "hardware", "elsewhere"):
        assert f"{{glue:md}}`finding_{key}`" in intro
    for chapter, key in (("03-sass", "sass"), ("04-racecheck", "racecheck"), ("05-cost", "cost"),
                         ("06-memory-model", "hardware"), ("07-elsewhere", "elsewhere")):
        text = (ROOT / "notebooks" / f"{chapter}.md").read_text()
        box = re.search(r":::\{admonition\} Result\n:class: [^\n]*\n(.*?)\n:::", text, re.S).group(1)
        assert box.strip() == f"{{glue:md}}`result_{key}`", chapter
    for chapter in ("02-calibration", "03-sass", "04-racecheck", "05-cost", "06-memory-model", "07-elsewhere",
                    "08-reports", "91-reproduce", "90-provenance"):
        assert f"notebooks/{chapter}" in intro or f"../notebooks/{chapter}" in intro, f"intro omits {chapter}"


@pytest.mark.parametrize("half, digits", [(0.0052, 3), (0.0197, 3), (0.216, 1), (0.074, 2), (0.054, 2),
                                          (1.4, 1), (12.0, 0)])
def test_no_plus_minus_finer_than_the_half_width(half, digits):
    assert interval_digits(half) == digits


def test_interval_text_rounds_the_effect_with_its_half_width():
    assert interval_text(2.16477, 0.0052245) == "+2.165 % ± 0.005 %"
    assert interval_text(1.4e-5, 0.0061) == "0.000 % ± 0.006 %"
    assert interval_text(-0.5902, 0.0741) == "\N{MINUS SIGN}0.59 % ± 0.07 %"
    with pytest.raises(ValueError):
        interval_text(1.0, 0.0)
    with pytest.raises(ValueError):
        interval_text(1.0, float("nan"))


# Phrases that made the book wrong: an arrive that releases only its own thread's accesses (a release is
# cumulative), MEMBAR semantics stated as fact, a racy read that can never tear, words about how the book was
# made, and statements that later runs made stale.
GONE = [
    (r"releases only the arriving thread", "a release is cumulative (§8.9.5)"),
    (r"orders only the arriving thread", "a release is cumulative (§8.9.5)"),
    (r"own loads and nothing else", "a release is cumulative (§8.9.5)"),
    (r"never an invented value", "a weak racy read may tear"),
    (r"completes each lane's store", "MEMBAR semantics are assumed, not documented"),
    (r"the race\s+the model allows is real", "the diverging litmus shows missing synchronization"),
    (r"search index", "words about how the book was made"),
    (r"no public address", "words about how the book was made"),
    (r"Chapter \{doc\}", "renders as 'Chapter <title>'"),
    (r"did not isolate it", "stale: the layout experiment isolates it"),
    (r"code layout is not tested", "stale: chapter 05 tests it"),
    (r"(?<!orange-)red dashed", "the race lines are orange-red"),
    (r"morally strong \(PTX ISA §8\.7\.1\)", "the definition is in §8.7"),
]


@pytest.mark.parametrize("pattern, why", GONE)
def test_phrase_does_not_return(pattern, why):
    hits = [f"{p.relative_to(ROOT)}:{n}" for p in TEXT_FILES
            for n, line in enumerate(p.read_text().splitlines(), 1) if re.search(pattern, line, re.I)]
    hits += [f"{p.relative_to(ROOT)}" for p in (ROOT / "src" / "racelab").rglob("*.py")
             if re.search(pattern, p.read_text(), re.I)]
    assert not hits, f"{why}: {hits}"


def _cells(text: str) -> list[tuple[int, list[str]]]:
    """Every code cell of a MyST notebook: (its fence's line number, its code lines without options or front
    matter)."""
    lines, cells, inside = text.splitlines(), [], False
    for i, line in enumerate(lines):
        if line.startswith("```{code-cell}"):
            inside, start = True, i
        elif inside and line.startswith("```"):
            inside = False
            body = [x for x in lines[start + 1:i] if not x.startswith(":")]
            if body and body[0].strip() == "---":
                body = body[body.index("---", 1) + 1:] if "---" in body[1:] else body
            cells.append((start + 1, body))
    return cells


def _code_cells(text: str):
    return [(line, len(body)) for line, body in _cells(text)]


@pytest.mark.parametrize("path", [p for p in TEXT_FILES if p.parent.name in ("notebooks", "book")],
                         ids=lambda p: p.name)
def test_notebooks_are_thin(path):
    big = [(line, n) for line, n in _code_cells(path.read_text()) if n > 30]
    assert not big, f"{path.name}: code cells over 30 lines at {big}"
    # a section takes its inputs as arguments and returns its outputs: no cell hands a module its namespace
    assert "globals()" not in path.read_text(), f"{path.name} passes globals() to a function"


def _cell_sources(text: str) -> list[str]:
    """The code of every code cell of a MyST notebook (its options and front matter left out)."""
    return ["\n".join(body) for _, body in _cells(text)]


# What a code cell may hold: imports, calls (a result shown or glued) and names bound to a call's result.
# Prose built in an f-string, arithmetic, comparisons, conditions, loops and definitions belong in racelab.book.
_CELL_LOGIC = (ast.JoinedStr, ast.BinOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Lambda, ast.For, ast.While,
               ast.ListComp, ast.DictComp, ast.SetComp, ast.GeneratorExp)


def cell_logic(source: str) -> list[str]:
    """What a code cell holds beyond imports, calls and names bound to calls (by syntax tree, not line count)."""
    tree = ast.parse(source)
    found = [type(st).__name__ for st in tree.body if not (
        isinstance(st, (ast.Import, ast.ImportFrom))
        or (isinstance(st, ast.Expr) and isinstance(st.value, (ast.Call, ast.Name, ast.Attribute)))
        or (isinstance(st, ast.Assign) and isinstance(st.value, (ast.Call, ast.Name, ast.Attribute, ast.Subscript))))]
    return found + [type(n).__name__ for n in ast.walk(tree) if isinstance(n, _CELL_LOGIC)]


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.md")) + sorted((ROOT / "book").glob("*.md")),
                         ids=lambda p: p.name)
def test_cells_only_import_call_and_show(path):
    logic = [x for cell in _cell_sources(path.read_text()) for x in cell_logic(cell)]
    assert not logic, f"{path.name}: its cells hold logic that belongs in racelab.book: {logic}"


def test_the_cell_rule_can_fail():
    assert cell_logic("from racelab.book import cost\nx = cost.values()\nx") == []
    assert set(cell_logic('glue("a", f"{x:.1f} %", display=False)')) == {"JoinedStr"}
    assert cell_logic("for k, v in d.items():\n    glue(k, v)") == ["For", "For"]
    assert cell_logic("y = x * 2") == ["Assign", "BinOp"]


def test_the_headline_protocol_is_the_registry_steps():
    """Chapter 05's headline run and the evidence page's pooled runs are chosen by the protocol id a run
    recorded; the id chapter 05 names is the one make live's step records, so a new make-live run replaces
    the headline."""
    from racelab.experiments import registry
    from racelab.experiments.timing import load

    assert findings.COST_PROTOCOL in registry.protocols(findings.COST_EXPERIMENT, "sm90")
    _, current = load.current_runs(findings.COST_EXPERIMENT, "sm90", "twin")
    assert findings.cost_headline()["run"] == current[-1].id


@pytest.mark.parametrize("name, model", [("NVIDIA H100 80GB HBM3", "H100"), ("NVIDIA H200", "H200"),
                                         ("NVIDIA B200", "B200"), (None, "CPU")])
def test_gpu_model_is_what_prose_calls_the_gpu(name, model):
    from racelab.core.provenance import gpu_model

    assert gpu_model(name) == model


@pytest.fixture
def fresh_findings():
    cached = (findings.headline_run, findings.cost_headline, findings.layout_headline, findings.layouts_headline,
              findings._open_reports)
    for f in cached:
        f.cache_clear()
    yield
    for f in cached:
        f.cache_clear()


def test_findings_name_the_gpu_their_runs_were_made_on(monkeypatch, fresh_findings):
    """The intro and the Result boxes say which GPU measured a stand-in figure from the runs they quote: were
    every run made on another SM90 GPU (named here "H222"), every finding would name that one and no other."""
    recorded = store.RecordedRun.provenance.func

    def elsewhere(run):
        prov = recorded(run)
        return {**prov, "gpu": {**prov["gpu"], "name": "NVIDIA H222"}} if prov.get("gpu") else prov

    before = {k: f.bottom_line for k, f in findings.all_findings().items()}
    for f in (findings.cost_headline, findings.layouts_headline, findings._open_reports):
        f.cache_clear()
    monkeypatch.setattr(store.RecordedRun, "provenance", property(elsewhere))
    after = {k: f.bottom_line for k, f in findings.all_findings().items()}
    for key in ("racecheck", "cost", "hardware", "elsewhere"):
        assert "H200" in before[key] or "H100" in before[key], before[key]
        assert "H222" in after[key] and "H200" not in after[key] and "H100" not in after[key], after[key]
        assert after[key] == before[key].replace("H200", "H222").replace("H100", "H222")
