"""The prose switches: with an SM100 run of the real kernel in the store, chapters 04 and 05 glue its numbers,
with PR #426's beside them labelled as reported; without one, they quote the PR, labelled so. The SM100 runs
here are synthetic and live in a scratch store (a copy of results/ plus them): the racecheck run is written
by hand with counts that differ from the PR's, the timing run by the fake timing backend."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fakes import B200, fake_gpu, forget_gpus
from racelab.book import glue_values
from racelab.core import store
from racelab.core.paths import repo_root
from racelab.experiments import real_racecheck
from racelab.vocab import PR_REPORTED

SYNTHETIC = {"one-cta": 600, "512-cta": 11, "multi-block": 17}  # not the PR's 620 / 12 / 18


def _synthetic_racecheck_run(root: Path) -> None:
    cases = []
    for variant in ("1.27.0-fix-reverted", "release-1.27.0"):
        for row in PR_REPORTED["racecheck"]:
            n = SYNTHETIC[row["shape"]] if variant.endswith("fix-reverted") else 0
            parsed = {"records": n if row["report"] == "hazard" else 0, "reports": n if row["report"] == "analysis" else 0,
                      "hazard_bytes": n if row["report"] == "hazard" else 0, "analysis_hazards": 0}
            cases.append({"case": f"{row['report']}-{row['shape']}-{variant}", "variant": variant, "shape": row["shape"],
                          "report": row["report"], "status": "ok", "returncode": 0, "timed_out": False,
                          "parsed": parsed, "launch": {"finite": True, "finite_outputs": {"d_index_q": True}}})
    with store.new_run(real_racecheck.EXPERIMENT, command=["synthetic"], root=root) as run:
        run.write_json("summary.json", {"experiment": real_racecheck.EXPERIMENT, "arch": "sm100",
                                        "handoff": "W_LOADED", "variants": ["1.27.0-fix-reverted", "release-1.27.0"],
                                        "labels": {}, "cases": cases, "failed_cases": [], "complete": True})


@pytest.fixture(scope="module")
def scratch_store(tmp_path_factory):
    root = tmp_path_factory.mktemp("store")
    results = root / "results"
    shutil.copytree(repo_root() / "results", results)
    fake_gpu(root, B200)
    saved = os.environ.get("PATH", "")
    os.environ["PATH"] = f"{root}:{saved}"
    forget_gpus()
    try:
        _synthetic_racecheck_run(results)
        done = subprocess.run([sys.executable, "-m", "racelab.cli", "timing", "real", "--backend", "fake",
                               "--pairs", "2", "--aa-groups", "1", "--aa-pairs", "4", "--launches", "20",
                               "--prefetch", "1", "--fake-effect", "release-1.27.0=0.5"],
                              capture_output=True, text=True, timeout=600,
                              env={**os.environ, "RACELAB_RESULTS": str(results)})
        assert done.returncode == 0, done.stderr[-2000:]
    finally:
        os.environ["PATH"] = saved
        forget_gpus()
    assert [p.name.endswith("-b200") for p in store.runs("real-timing", root=results)].count(True) == 1
    return results


def _glue(page: str, results: Path) -> dict:
    saved = os.environ.get("RACELAB_RESULTS")
    os.environ["RACELAB_RESULTS"] = str(results)
    try:
        return glue_values.execute(repo_root() / "notebooks" / page)
    finally:
        if saved is None:
            del os.environ["RACELAB_RESULTS"]
        else:
            os.environ["RACELAB_RESULTS"] = saved


def test_chapter_04_glues_the_sm100_run_and_labels_the_pr_as_reported(scratch_store):
    got = _glue("04-racecheck.md", scratch_store)
    assert got["real_one_cta_unpatched"] == "600" and got["real_one_cta_patched"] == "0"
    assert got["real_512_cta_unpatched"] == "11" and got["real_multi_block_unpatched"] == "17"
    assert got["pr_one_cta_unpatched"] == "620" and got["pr_multi_block_unpatched"] == "18"
    assert "measured on NVIDIA B200 by this book" in got["real_source"]
    assert "B200" not in got["sm90_gpu"] and ("H200" in got["sm90_gpu"] or "H100" in got["sm90_gpu"])  # the
    # sibling's figures still come from the SM90 runs


def test_chapter_04_without_an_sm100_run_quotes_the_pr(tmp_path):
    got = _glue("04-racecheck.md", repo_root() / "results")
    if "measured" in got["real_source"]:
        pytest.skip("an SM100 run is recorded in results/")
    assert got["real_one_cta_unpatched"] == got["pr_one_cta_unpatched"] == "620"
    assert "reported in PR #426" in got["real_source"]


def test_chapter_05_glues_the_sm100_timing_run(scratch_store):
    got = _glue("05-cost.md", scratch_store)
    assert "measured on NVIDIA B200 by this book" in got["real_timing_source"]
    assert got["sm100_t_pairs"] == "'2 A/B, 2 B/A and 4 A/A'"
    assert got["sm100_t_a"] == "'1.27.0-fix-reverted'" and got["sm100_t_b"] == "'release-1.27.0'"
    effect = float(json.loads(got["sm100_t_512_effect"].replace("'", '"')).rstrip("%"))
    assert 0.2 < effect < 0.8  # the fake backend's +0.5 %, through the whole chain
    assert got["pr_big"] != got["sm100_t_512_effect"]


def test_no_timing_run_in_results_was_made_by_the_fake_backend():
    """Pages take the newest timing run as a measurement: none in the project's store may be synthetic."""
    root = repo_root() / "results"
    plans = sorted(root.glob("*timing*/*/plan.json"))
    assert plans, "no timing run recorded"
    assert {json.loads(p.read_text())["backend"] for p in plans} <= {"twin", "real", "fwd", "sm100"}


def test_the_real_kernel_over_layouts_agrees_with_each_runs_own_summary():
    """The fit over code offsets (from the runs' raw CSVs) against what each run's recorder wrote in its
    summary.json: each offset's effect is the mean of its A/B and B/A pair deltas there, and with equal pairs at
    every offset the sum-coded fit's intercept and the over-layouts mean are the mean of the offsets' effects."""
    import statistics

    from racelab.book import real_results
    from racelab.experiments import code_layout

    runs = real_results.real_layout_runs()
    if not runs:
        pytest.skip("no real-timing-layouts run is recorded")
    fits = {f["shape"]: f for f in real_results.real_layout_fits(runs)}
    for shape, fit in fits.items():
        own = {}
        for run in runs:
            offset = code_layout.split("sm90", run.read_json("plan.json")["variants"]["a"])[1]
            arms = run.read_json("summary.json")["shapes"][shape]
            deltas = [p["delta_pct"] for arm in ("ab", "ba") for p in arms[arm]["test"]["paired"]["per_pair"]]
            own.setdefault(offset, []).extend(deltas)
        assert sorted(own) == [o["offset"] for o in fit["offsets"]]
        for o in fit["offsets"]:
            assert o["effect"] == pytest.approx(statistics.fmean(own[o["offset"]]), abs=1e-9)
            assert o["n"] == len(own[o["offset"]])
        means = [statistics.fmean(v) for v in own.values()]
        assert fit["effect_pct"] == pytest.approx(statistics.fmean(means), abs=1e-9)
        assert fit["layout_effect_pct"] == pytest.approx(statistics.fmean(means), abs=1e-9)
    glue = real_results.real_layouts_glue(runs)
    # the chapter leads with the range alone; the fits, with what they do not measure, are the evidence page's
    assert glue["rl_128_range"] in glue["rl_sentence"] and glue["rl_512_range"] in glue["rl_sentence"]
    assert glue["rl_128"] not in glue["rl_sentence"] and "excludes zero" not in glue["rl_sentence"]
    assert glue["rl_128"] in glue["rl_fit_sentence"] and glue["rl_512_sample"] in glue["rl_fit_sentence"]
    assert "excludes zero" not in glue["rl_fit_sentence"]


def test_the_numerics_verdict_is_computed_from_the_run(tmp_path, monkeypatch):
    """Whether the candidate's outputs stay within the baseline's own replay-to-replay spread is read from the
    run: a d_index_q that never varied must not differ, d_index_k may not differ in more elements or by more.
    One comparison a run, so the verdict also says how many recorded runs of the same two variants stay within,
    naming each that does not."""
    from racelab.book import real_results
    from racelab.experiments import real_numerics

    fake_gpu(tmp_path)
    monkeypatch.setenv("PATH", f"{tmp_path}:{os.environ['PATH']}")
    forget_gpus()
    results = tmp_path / "results"

    def record(dq_vs, dk_vs, dk_rel_vs, variants=("a", "b")):
        per = {"d_index_q": {"distinct_sha256": 1}, "d_weights": {"distinct_sha256": 2},
               "d_index_k": {"distinct_sha256": 30, "max_rel_dev_normwise": 1e-7,
                             "from_first": {"elements_differing": 100, "max_ulps": 10}}}
        across = {"d_index_q": {"elements_differing": dq_vs, "elements": 1000},
                  "d_weights": {"elements_differing": 1, "elements": 10},
                  "d_index_k": {"elements_differing": dk_vs, "elements": 1000, "max_ulps": 5,
                                "max_rel_normwise": dk_rel_vs}}
        with store.new_run(real_numerics.EXPERIMENT, command=["synthetic"], root=results) as run:
            run.write_json("summary.json", {"experiment": real_numerics.EXPERIMENT, "variants": list(variants),
                                            "replays": 30, "per_variant": {"multi-block": {variants[0]: per}},
                                            "across_variants": {"multi-block": {variants[1]: across}}})
        return store.newest(real_numerics.EXPERIMENT, "sm90", root=results)

    try:
        first = record(0, 50, 1e-7)
        assert real_results.numerics_glue(first, "sm90")["sm90_num_verdict"] == (
            "within the spread of the shipped kernel's own replays")
        second = record(3, 150, 2e-7)
        out = real_results.numerics_glue(second, "sm90")["sm90_num_verdict"]
        assert out.startswith("outside") and "d_index_q" in out and "elements differing" in out and "norm-wise" in out
        assert f"of the 2 recorded runs of these two variants, 1 stays within it and 1 does not ({second.id}:" in out
        record(0, 50, 1e-7, variants=("a", "c"))  # other variants: not counted
        third = record(0, 50, 1e-7)
        out = real_results.numerics_glue(third, "sm90")["sm90_num_verdict"]
        assert out.startswith("within") and "of the 3 recorded runs of these two variants, 2 stay within it" in out
        assert real_results.spread_over_runs({"x": [], "y": []}) == "all 2 recorded runs of these two variants stay within it"
    finally:
        forget_gpus()


def test_a_hazard_count_over_runs_is_a_range_where_the_runs_differ(monkeypatch):
    """Chapter 04 gives the SM90 kernel's multi-block count with what every recorded run measured: racecheck's
    count there differs from run to run, so one run's number alone would look like a reproduction failure."""
    from racelab.book import real_results

    counts = {"r1": {("v", "s", "hazard"): {"records": 5000}}, "r2": {("v", "s", "hazard"): {"records": 7000}},
              "r3": {}}
    monkeypatch.setattr(real_results, "racecheck_counts", lambda run: counts[run])
    assert real_results.over_runs(["r1", "r2", "r3"], "v", "s", "hazard") == "5,000 to 7,000 in the 2 recorded runs"
    assert real_results.over_runs(["r1", "r1"], "v", "s", "hazard") == "the same in all 2 recorded runs"
    assert real_results.over_runs(["r1", "r3"], "v", "s", "hazard") == "one recorded run"
    assert real_results.over_runs(["r3"], "v", "s", "hazard") == real_results.NOT_RECORDED


def test_the_layout_sentence_names_every_gpu_it_pools(monkeypatch):
    """Runs of the layout design made on two kinds of SM90 GPU are pooled by the fit; the sentence and the band
    name both GPUs, not the first run's alone."""
    from racelab.book import real_results
    from racelab.core.provenance import gpu_model, gpu_models

    runs = real_results.real_layout_runs()
    if len(runs) < 2:
        pytest.skip("fewer than two real-timing-layouts runs are recorded")

    class MadeOnH100:  # a recorded run, as if an H100 had made it
        def __init__(self, run):
            self._run = run

        @property
        def provenance(self):
            return {**self._run.provenance, "gpu": {**self._run.provenance["gpu"], "name": "NVIDIA H100 80GB HBM3"}}

        def __getattr__(self, name):
            return getattr(self._run, name)

    fits = real_results.real_layout_fits(runs)
    monkeypatch.setattr(real_results, "real_layout_fits", lambda runs=None: fits)
    glue = real_results.real_layouts_glue([runs[0], *(MadeOnH100(r) for r in runs[1:])])
    both = " and ".join(dict.fromkeys([gpu_model(runs[0].gpu_name), "H100"]))  # "H200 and H100" today
    assert glue["rl_gpu"] == both and both in glue["rl_sentence"] and both in glue["rl_band"]
    assert real_results.real_layouts_glue(runs)["rl_gpu"] == gpu_models(runs)


def test_a_b200_timing_far_from_the_pr_and_the_layout_band_is_flagged():
    """A B200 timing whose interval misses PR #426's and whose effect is outside the twin's layout range is
    flagged "to look into" beside the PR's figure; one inside either is not."""
    import pandas as pd

    from racelab.book import cost_story, findings

    band = findings.layouts_headline()["topk128"]["range"]
    far = pd.DataFrame([{"shape": "b=1, s_q=1, topk=128", "effect %": band[1] + 3.0, "± conservative %": 0.05}])
    near = pd.DataFrame([{"shape": "b=1, s_q=1, topk=128", "effect %": -0.010, "± conservative %": 0.02}])
    inside = pd.DataFrame([{"shape": "b=1, s_q=1, topk=128", "effect %": band[1] - 0.01, "± conservative %": 0.01}])
    (flag,) = cost_story.timing_flags(far)
    assert "outside PR #426's −0.014 % ± 0.017 %" in flag and "code layout alone gives the twin" in flag
    assert cost_story.timing_flags(near) == [] and cost_story.timing_flags(inside) == []
