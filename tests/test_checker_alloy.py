"""The recorded comparison of the litmus checker with NVIDIA's ptx.als (run checker-alloy) still holds for
the checker as it is now: every compared program's recorded Alloy verdict is the current checker's, the
queries are what the translator writes today, and what was left out is left out for the reason given.
CI does not run Alloy; `racelab model alloy` records a new run."""

import json

import pytest

from racelab.core import store
from racelab.experiments import checker_alloy
from racelab.model import alloy_text, catalogue, checker


@pytest.fixture(scope="module")
def recorded():
    run = store.newest(checker_alloy.EXPERIMENT, gpu="cpu")
    return run, checker_alloy.verdict_rows(run), run.read_json("summary.json")


def test_the_recorded_alloy_verdicts_are_the_current_checkers(recorded):
    run, rows, summary = recorded
    texts = run.read_json("programs.json")
    compared = [r for r in rows if r["alloy"]]
    assert len(compared) == summary["compared"] and summary["by_source"]["generated"] >= 300
    assert not summary["disagree"] and all(r["agree"] == "True" for r in compared)
    for r in compared:
        program = checker.parse(texts[r["program"]]["text"], r["program"])
        assert checker.check(program, "ptx-formal").verdict == r["alloy"], r["program"]
    # both answers occur: a translation that made every query SAT (or UNSAT) would not pass
    assert {r["alloy"] for r in compared} == {"allowed", "forbidden"}


def test_the_recorded_queries_are_todays_translation(recorded):
    run, rows, summary = recorded
    assert run.read_text("queries.als") == checker_alloy.queries_text(checker_alloy.programs())
    assert {r["program"] for r in rows} == {t.name for t in catalogue.CATALOGUE} | {n for n, _ in alloy_text.generated()}
    for r in rows:
        if r["not_compared"]:
            program = catalogue.by_name()[r["program"]].program()
            assert alloy_text.not_translatable(program) == r["not_compared"]
    model = summary["model"]
    assert model["repository"] == "NVlabs/ptxmemorymodel" and len(model["commit"]) == 40
    assert set(model["files"]) == {"ptx.als", "util.als"} and summary["alloy_jar"]["sha256"]


def test_a_translation_fixes_the_program_and_asks_for_its_condition():
    mp = catalogue.by_name()["MP+rel-acq"].program() if "MP+rel-acq" in catalogue.by_name() else \
        checker.parse(alloy_text.program_text("MP", ("rel-acq", "rel-acq"), "cta", True))
    text = alloy_text.predicate(mp, "q")
    assert "in Release" in text and "in Acquire" in text and "ptx_mm" in text
    assert "no rf." in text  # the read of 0 reads the initial state
    warp = checker.parse("thread A warp=0\n st.weak x 1\n bar.warp.sync\nthread B warp=0\n bar.warp.sync\n"
                         " r0 = ld.weak x\nexists: B:r0=0\n")
    assert alloy_text.not_translatable(warp) == alloy_text.SEMANTICS_OUTSIDE["warp"]
    assert json.dumps(alloy_text.generated()[:1])  # the generated programs parse as litmus text
    assert all(checker.parse(t, n) for n, t in alloy_text.generated()[:20])
