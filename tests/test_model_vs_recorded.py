"""The model's `racecheck` rule set must reproduce every racecheck count recorded in the book: the
calibration variants, on which it is fitted, and the twin's hazard-mode runs, which it predicts out of
sample (analysis mode: n_CTA times the one-CTA count)."""

import pytest

from racelab.core import store
from racelab.experiments import calibration
from racelab.model import happens_before as model
from racelab.model import programs
from racelab.readers import racecheck_log
from racelab.vocab import ArriveMode, Experiment

# Read when the tests are collected, so that every recorded case is a test of its own.
TWIN_RUN = store.newest(Experiment.TWIN_RACECHECK, "sm90")
TWIN_CASES = TWIN_RUN.read_json("summary.json")["cases"]


def test_calibration_counts_match_the_model():
    run = store.newest(calibration.EXPERIMENT, "sm90|sm100")
    table = calibration.table(run)
    assert len(table.index) > 0
    for variant in table.index:
        predicted = model.analyze(programs.calibration(variant), "racecheck").unordered_bytes
        assert predicted == table.loc[variant, "hazards"], variant


def test_the_twin_run_records_cases():
    assert TWIN_CASES, f"{TWIN_RUN.experiment}/{TWIN_RUN.id} records no cases"


@pytest.mark.parametrize("case", TWIN_CASES, ids=[case["case"] for case in TWIN_CASES])
def test_twin_counts_match_the_model(case):
    with TWIN_RUN.open_stream(case["log"]) as stream:
        report = racecheck_log.parse(stream)
    program = programs.twin(case["topk"], case["heads"], arrive=ArriveMode.parse(case["arrive"]))
    per_cta = model.analyze(program, "racecheck").unordered_bytes
    assert report.hazard_bytes == per_cta * case["ctas"], case["case"]
