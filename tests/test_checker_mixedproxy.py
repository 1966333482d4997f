"""The recorded comparison of the litmus checker with NVIDIA's mixed-proxy model (run checker-mixedproxy)
still holds for the checker as it is now: every recorded answer of the checker is today's, the model's answers
that differ are each re-answered by the fence reading, the tests are what the translator writes today, and the
model's files are recorded with their commit and sha256. CI does not run Alloy; `racelab model mixedproxy`
records a new run."""

import pytest

from racelab.core import store
from racelab.experiments import checker_mixedproxy
from racelab.model import checker, mixedproxy_text


@pytest.fixture(scope="module")
def recorded():
    run = store.newest(checker_mixedproxy.EXPERIMENT, gpu="cpu")
    return run, checker_mixedproxy.verdict_rows(run), run.read_json("summary.json"), run.read_json("tests.json")


def test_the_recorded_answers_are_the_current_checkers(recorded):
    run, rows, summary, tests = recorded
    compared = [r for r in rows if r["model"]]
    assert len(compared) == summary["compared"] and summary["by_source"]["atomics"] >= 300
    for r in compared:
        item = {**tests[f"{r['program']}:{r['command']}"], "program": r["program"], "command": r["command"]}
        if item["source"] == "suite":
            _, commands = mixedproxy_text.from_test(item["test"], r["program"])
            kind, cond, _, inline = next(c for c in commands if c[2] == r["command"])
            item.update(kind=kind, condition=cond, inline=inline)
        assert checker_mixedproxy.ours(item) == r["checker"], r["program"]
        assert r["sanity"] == "SAT", r["program"]  # each test has an instance without the axioms
    # both answers occur on the atomics: a translation that made every test SAT (or UNSAT) would not pass
    assert {r["model"] for r in compared if r["source"] == "atomics"} == {"SAT", "UNSAT"}


def test_every_disagreement_is_the_models_reading_of_fences(recorded):
    run, rows, summary, tests = recorded
    differ = [r for r in rows if r["agree"] == "False"]
    assert {f"{r['program']}:{r['command']}" for r in differ} == set(summary["disagree"])
    assert set(summary["explained_by_fences"]) == set(summary["disagree"])
    assert all(r["fences_as_the_model"] == r["model"] for r in differ)
    assert all("fence." in tests[f"{r['program']}:{r['command']}"]["litmus"] for r in differ)
    assert not [r for r in rows if r["source"] == "atomics" and r["agree"] != "True"]


def test_the_recorded_tests_are_todays_translation(recorded):
    run, rows, summary, tests = recorded
    generated = dict(mixedproxy_text.generated())
    for key, item in tests.items():
        if item["source"] == "atomics":
            name = key.rsplit(":", 1)[0]
            assert item["litmus"] == generated[name]
            program = checker.parse(item["litmus"], name)
            assert item["test"] == mixedproxy_text.test_text(program, "q")
    model = summary["model"]
    assert model["repository"] == "NVlabs/mixedproxy" and len(model["commit"]) == 40
    assert {"alloy/ptx.als", "src/litmus_parser.py"} <= set(model["files"])
    assert all(len(f["sha256"]) == 64 for f in model["files"].values())
    assert summary["alloy_jar"]["sha256"] and summary["lark"]
