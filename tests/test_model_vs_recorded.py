"""The model's `racecheck` rule set must predict every racecheck count recorded in the book: the
calibration variants and the twin's hazard-mode runs (analysis mode: n_CTA times the one-CTA count)."""

import pytest

from racelab.experiments import calibration
from racelab.readers import racecheck_log as hazards
from racelab.model import core as model
from racelab.core import store


def test_calibration_counts_match_the_model():
    run = store.newest(calibration.EXPERIMENT, "sm90|sm100")
    table = calibration.table(run)
    for variant in table.index:
        predicted = model.analyze(model.calibration(variant), "racecheck").unordered_bytes
        assert predicted == table.loc[variant, "hazards"], variant


def _twin_cases():
    run = store.newest("twin-racecheck", "sm90")
    return run, run.read_json("summary.json")["cases"]


@pytest.mark.parametrize("index", range(10))
def test_twin_counts_match_the_model(index):
    run, cases = _twin_cases()
    if index >= len(cases):
        pytest.skip("fewer cases recorded")
    case = cases[index]
    with run.open_stream(case["log"]) as stream:
        report = hazards.parse(stream)
    arrive = "elected" if case["arrive"] == "elected" else "all"
    per_cta = model.analyze(model.twin(case["topk"], case["heads"], arrive=arrive), "racecheck").unordered_bytes
    assert report.hazard_bytes == per_cta * case["ctas"], case["case"]
