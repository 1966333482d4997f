"""Every timing design, end to end on the fake backend: one test, parametrised over
racelab.experiments.timing.designs.DESIGNS, so a new design is one class and this test covers it."""

import json

import pytest

from racelab import vocab
from racelab.experiments.timing import designs, load, plan, record, runner


def _config():
    flags = ["--fake-effect", "all-lanes=0.2", "--fake-launch-sd", "0.3", "--fake-process-sd", "0.01"]
    return runner.WorkerConfig("fake", [vocab.TwinShape(512, work=400)], 20, 0.0, 0, fake_args=flags,
                               ready_timeout_s=60, run_timeout_s=60)


@pytest.mark.parametrize("design", list(designs.DESIGNS.values()), ids=list(designs.DESIGNS))
def test_every_design_runs_the_fake_backend_end_to_end(design, tmp_path):
    comparisons = (("all-lanes", "elected"), ("bar-sync", "elected")) if design.by_comparisons else ()
    groups, k = design.aa_defaults(2, 1, None)
    the_plan = plan.Plan(2, 2, groups, k, 0.0, 0.0, design=design, comparisons=comparisons)
    manifest = record.run_experiment(_config(), tmp_path, a_variant="elected", b_variant="all-lanes", budget_s=1.0,
                                     seed=7, prefetch=1, plan=the_plan, prime_first=False, progress=lambda _: None)
    assert manifest["design"] == design.name and json.loads((tmp_path / "plan.json").read_text()) == json.loads(json.dumps(manifest))
    assert manifest["processes"] == the_plan.processes                     # the design counts its processes
    _, planned = design.schedule(the_plan, 7, "elected", "all-lanes")
    assert [e["name"] for e in manifest["experiments"]] == [c.name for c in planned]
    assert ("order" in manifest) is design.one_order and ("comparisons" in manifest) is design.by_comparisons
    summary = load.summarize_folder(tmp_path)
    shape = vocab.TwinShape(512, work=400).label
    for c in planned:                                                      # every comparison's samples read back
        assert summary.shapes[shape][c.name].test.paired.pairs == c.pairs
    with pytest.raises(ValueError, match="no timing design"):
        designs.design_named("sideways")
