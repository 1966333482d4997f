"""The twin's other handoffs and code layouts: the vocabulary, the builds' SASS (compiled here for sm_90a),
the model's verdicts, the arms design of the timing runner (with the fake backend, into a scratch store),
and chapter 05's values with and without a recorded run."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from racelab.experiments.timing import load, plan
from racelab.experiments.timing import designs as timing_designs
from racelab.vocab import TwinCodeLayout, TwinHandoff, VocabError, twin_variant, twin_variant_name
from test_twin import fake_h200  # noqa: F401  (the stand-in H200 and sanitizer)

REPO = Path(__file__).resolve().parents[1]


def test_handoff_vocabulary():
    assert [h.count for h in TwinHandoff] == [1, 32, 1, 1, 1, 32, 1]
    assert [h.fence for h in TwinHandoff] == [True, True, True, True, True, False, False]
    assert TwinHandoff.parse("all") is TwinHandoff.ALL_LANES and TwinHandoff.parse("bar_sync") is TwinHandoff.BAR_SYNC
    assert twin_variant("elected+pad16") == (TwinHandoff.ELECTED, TwinCodeLayout.PAD16)
    assert twin_variant("syncwarp") == (TwinHandoff.SYNCWARP, TwinCodeLayout.NATURAL)
    assert twin_variant_name("all-lanes", "aligned") == "all-lanes+aligned"
    assert twin_variant_name("elected") == "elected"
    assert twin_variant("all-lanes+pad128") == (TwinHandoff.ALL_LANES, TwinCodeLayout.PAD128)
    assert [TwinCodeLayout.shifted(o).value for o in (0, 16, 112)] == ["natural", "pad16", "pad112"]
    assert TwinCodeLayout.ALIGNED.shift_bytes is None
    for bad in ("elected+pad24", "elected+pad144", "sometimes", "elected+"):
        with pytest.raises(VocabError):
            twin_variant(bad)


def test_layouts_design_pairs_every_offset_in_one_process_each():
    comparisons = plan.layout_comparisons()
    assert comparisons[0] == ("all-lanes", "elected") and comparisons[7] == ("all-lanes+pad112", "elected+pad112")
    assert comparisons[8:] == (("elected+pad128", "elected"), ("elected+pad16", "elected"))
    p = plan.Plan(2, 2, 3, 4, 0.0, 0.0, design=timing_designs.LAYOUTS, comparisons=comparisons)
    jobs, exps = timing_designs.LAYOUTS.schedule(p, 431)
    assert len(jobs) == p.processes == 10 * 4 + 12 and all(j.whole_pair for j in jobs)
    by_name = {e.name: e for e in exps}
    for b, a in comparisons:  # two pairs with A first, two with B first, each process both builds
        mine = by_name[timing_designs.comparison_name(b, a)].jobs
        assert sorted(j.variant for j in mine) == sorted([f"{a}|{b}"] * 2 + [f"{b}|{a}"] * 2)
    aa = by_name["aa"]
    assert aa.groups == tuple(tuple([j.pair for j in aa.jobs][g * 4:(g + 1) * 4]) for g in range(3))
    assert {j.variant for j in aa.jobs} == {"elected|elected"}
    again, _ = timing_designs.LAYOUTS.schedule(p, 431)
    assert [j.variant for j in again] == [j.variant for j in jobs]


def test_layouts_cli_rejects_offsets_off_the_grid(capsys):
    from racelab.cli import timing

    assert timing.main(["layouts", "--backend", "fake", "--offsets", "0,24", "--out", "/tmp/x"]) == 2
    assert "multiples of 16" in capsys.readouterr().err
    assert timing.main(["layouts", "--backend", "fake", "--aa-pairs", "2", "--out", "/tmp/x"]) == 2


def test_arms_order_is_seeded_balanced_and_complete():
    p = plan.Plan(2, 2, 1, 4, 0.0, 0.0, design="arms", comparisons=plan.ARMS_COMPARISONS)
    jobs, exps = timing_designs.ARMS.schedule(p, 426)
    assert len(jobs) == p.processes == 2 * (8 * 4 + 4)
    again, _ = timing_designs.ARMS.schedule(p, 426)
    other, _ = timing_designs.ARMS.schedule(p, 427)
    assert [(j.comparison, j.label) for j in again] == [(j.comparison, j.label) for j in jobs]
    assert [(j.comparison, j.label) for j in other] != [(j.comparison, j.label) for j in jobs]
    assert [j.pair for j in jobs] == [k // 2 for k in range(len(jobs))]
    for exp in exps:
        firsts = [j for j in exp.jobs if j.slot == 0]
        if exp.name == "aa":
            assert len(firsts) == 4 and {j.label for j in firsts} == {"elected-A1", "elected-A2"}
            continue
        assert sorted(j.order for j in firsts) == ["AB", "AB", "BA", "BA"]
        for j in firsts:
            assert j.label == (exp.a if j.order == "AB" else exp.b)
    # the comparisons are not run in blocks: some comparison's pairs are separated by others
    names = [j.comparison for j in jobs if j.slot == 0]
    assert any(names[k] != names[k + 1] for k in range(len(names) - 1))
    assert plan.ARMS_COMPARISONS[0] == ("all-lanes", "elected")
    assert all(plan.is_twin_variant(v) for c in plan.ARMS_COMPARISONS for v in c)


def _fake_run(tmp_path, extra=()):
    env = {**os.environ, "RACELAB_RESULTS": str(tmp_path / "store"), "PYTHONPATH": str(REPO / "src")}
    cmd = [sys.executable, "-m", "racelab.cli.timing", "variants", "--backend", "fake", "--pairs", "2",
           "--aa-pairs", "4", "--launches", "20", "--prefetch", "2", "--fake-effect", "all-lanes=2",
           "--fake-effect", "elected+pad16=0.5", "--compare", "all-lanes:elected", "--compare", "elected+pad16:elected",
           "--shape", "topk=128,heads=64,n_cta=132,work=1024", "--shape", "topk=512,heads=64,n_cta=132,work=384",
           "--shape", "topk=128,heads=64,n_cta=132,work=256", *extra]
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600, cwd=tmp_path)


def test_fake_variants_run_records_into_the_scratch_store(tmp_path):
    from racelab.core import store

    done = _fake_run(tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "recorded twin-timing-variants/" in done.stdout
    runs = store.all_runs(plan.VARIANTS_EXPERIMENT, gpu="cpu", root=tmp_path / "store")
    assert len(runs) == 1
    run = runs[0]
    manifest = run.read_json("plan.json")
    assert manifest["design"] == "arms" and manifest["prime"]["skipped"]
    assert manifest["comparisons"] == [["all-lanes", "elected"], ["elected+pad16", "elected"]]
    assert {e["name"] for e in manifest["experiments"]} == {"all-lanes-vs-elected", "elected+pad16-vs-elected", "aa"}
    rows = run.read_text("processes.csv").splitlines()
    assert len(rows) == 1 + 3 * 2 * (2 * 4 + 4)  # one row per process and shape
    summary = load.summarize_folder(run)
    per = load.arms_effects(summary)
    fix = {shape: next(r for r in rs if r["comparison"] == "all-lanes-vs-elected") for shape, rs in per.items()}
    for row in fix.values():  # the fake's 2% effect, within its pooled interval's reach
        assert abs(row["effect"] - 2.0) < 0.5 and row["pooled_half"] > 0 and row["a_first"] == row["b_first"] == 2
    aa = next(r for r in per["topk128-h64-cta132-w1024"] if r["comparison"] == "aa")
    assert aa["pairs"] == 4 and abs(aa["effect"]) < 0.5
    # a rehearsal is never a measurement: the chapter's lookup passes over it
    os.environ["RACELAB_RESULTS"], old = str(tmp_path / "store"), os.environ.get("RACELAB_RESULTS")
    try:
        assert load.measured_run(plan.VARIANTS_EXPERIMENT, needs="cpu", backend="twin") is None
        assert load.measured_run(plan.VARIANTS_EXPERIMENT, needs="cpu", backend="fake") is not None
    finally:
        if old is None:
            del os.environ["RACELAB_RESULTS"]
        else:
            os.environ["RACELAB_RESULTS"] = old
    # the book's values glue from it
    from racelab.book import variants

    glue = variants.layout_glue(summary)
    assert abs(float(glue["lay_natural"].split("%")[0]) - 2.0) < 0.5 and " ± " in glue["lay_natural"]
    assert glue["lay_sweep_work_lo"] == "256" and glue["lay_sweep_work_hi"] == "1024"
    assert glue["lay_pad16"] != variants.NOT_MEASURED and glue["lay_aligned"] == variants.NOT_MEASURED
    frame = variants.variants_frame(summary, None, verdicts={})
    assert set(frame["topk"]) == {128, 512}
    assert variants.plot_forest(summary).alt_text


def test_fake_backend_never_writes_into_results(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    env.pop("RACELAB_RESULTS", None)
    done = subprocess.run([sys.executable, "-m", "racelab.cli.timing", "variants", "--backend", "fake"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "may not write under" in done.stderr and "RACELAB_RESULTS" in done.stderr


def test_chapter_values_without_a_run_say_not_measured():
    from racelab.book import variants

    glue = variants.layout_glue(None)
    assert all(v == variants.NOT_MEASURED for k, v in glue.items() if k not in ("lay_pr", "lay_sweep_plan"))
    assert "0.218" in glue["lay_pr"] and glue["lay_sweep_plan"] == "256, 1024 and 4096"
    alt = variants.alternatives_glue(None)
    assert alt and all(v == variants.NOT_MEASURED for v in alt.values())
    frame = variants.variants_frame(None, None, verdicts={})
    assert (frame["Δ kernel ± 95% (pooled)"] == variants.NOT_MEASURED).all()
    assert variants.handoff_sass(None) == {}


def test_model_verdicts_of_each_handoff():
    from racelab.experiments.twin_racecheck import handoff_verdicts

    v = handoff_verdicts(128, 64)
    formal = {h: per["ptx-formal"]["verdict"] for h, per in v.items()}
    assert formal == {"elected": "race", "all-lanes": "clean", "bar-sync": "clean", "syncwarp": "race",
                      "lane-flags": "clean", "all-lanes-no-fence": "clean", "bulk-copy": "not modelled"}
    assert v["syncwarp"]["ptx+warpsync"]["verdict"] == "clean"
    assert v["elected"]["racecheck"]["unordered_bytes"] == 620
    assert v["bar-sync"]["racecheck"]["unordered_bytes"] == 620  # racecheck gives a counted bar.sync no credit
    assert v["lane-flags"]["racecheck"]["unordered_bytes"] == 620 + 31 * 4  # ... nor the flags themselves


def test_alternative_racecheck_cases():
    from racelab.experiments import twin_racecheck as twin

    cases = twin.alternative_cases()
    assert len(cases) == 2 * len(TwinHandoff) and {c.report for c in cases} == {"hazard"} and {c.ctas for c in cases} == {1}
    assert "hazard-topk512-heads64-ctas1-bulk-copy" in {c.name for c in cases}
    assert cases[2].kernel_args()[-2:] == ["--arrive", "bar-sync"]


# ------------------------------------------------------------------ builds (CPU compile for sm_90a)

@pytest.fixture(scope="module")
def layout():
    pytest.importorskip("cutlass")
    from racelab.experiments import twin_layout
    from racelab.toolchain import nvidia

    try:
        nvidia.nvdisasm_path()
    except nvidia.ToolMissing:
        pytest.skip("no nvdisasm")
    return twin_layout


def test_padded_and_aligned_builds_land_as_intended(layout):
    pad16 = layout.build_report("elected+pad16", 128, 64, 1024)
    assert pad16["pad"] == 1 and pad16["verify"]["ok"], pad16["verify"]
    assert pad16["verify"]["shift_bytes"] == [16] * len(pad16["natural"]["read_loop_heads"])
    for variant in ("elected+aligned", "all-lanes+aligned"):
        r = layout.build_report(variant, 128, 64, 1024)
        assert r["verify"]["ok"], r["verify"]
        assert r["code"]["first_read_loop"] % 128 == 0 and r["code"]["pads"] == r["pad"]
        assert r["code"]["read_loop_heads_mod_128"][0] == 0
    natural = layout.code_summary(layout.sass("elected", 128, 64, 1024))
    assert natural["pads"] == 0 and len(natural["read_loop_heads"]) == 2
    # the layouts design's widest move: eight no-ops, every read loop 128 bytes on, nothing else added
    far = layout.build_report("all-lanes+pad128", 128, 64, 1024)
    assert far["pad"] == 8 and far["verify"]["ok"] and far["verify"]["checks"]["only_pads_added"], far["verify"]
    assert far["code"]["read_loop_heads_mod_128"] == far["natural"]["read_loop_heads_mod_128"]


def test_handoff_builds_differ_where_they_should(layout):
    code = {h: layout.code_summary(layout.sass(h, 128, 64, 1024)) for h in
            ("elected", "all-lanes-no-fence", "bar-sync", "bulk-copy", "lane-flags")}
    assert code["elected"]["ordering"]["MEMBAR"] == 1 and code["elected"]["ordering"]["FENCE.VIEW.ASYNC"] == 2
    # without the fence, its MEMBAR goes too (the init's FENCE.VIEW.ASYNC stays)
    assert code["all-lanes-no-fence"]["ordering"]["MEMBAR"] == 0
    assert code["all-lanes-no-fence"]["ordering"]["FENCE.VIEW.ASYNC"] == 1
    assert code["bar-sync"]["ordering"]["BAR.SYNC"] == code["elected"]["ordering"]["BAR.SYNC"] + 1
    assert code["bulk-copy"]["ordering"]["UBLKCP"] == 2
    assert not any(" STS" in f" {line.split('*/ ')[1]}" for line in code["bulk-copy"]["handoff_sass"])
    assert code["lane-flags"]["ordering"]["MEMBAR"] == 2  # the fence's, and the release store's


def test_timing_backend_reads_the_code_of_the_build_it_times(layout):
    from racelab.experiments.timing.twin import load_twin_module, precompile_twin
    from racelab.vocab import TwinShape

    shape = TwinShape(128, 64, 132, 1024)
    out = precompile_twin(load_twin_module(), "all-lanes+aligned", [shape], arch="sm_90a")
    key, _, _, code = out[shape]
    assert code["pad"] == key.pad > 0 and code["first_read_loop"] % 128 == 0 and code["verify"]["ok"]
    assert json.loads(json.dumps(code)) == code  # goes into the worker's JSON as it is


def test_alternatives_racecheck_record_gates_the_timing_run(fake_h200, monkeypatch, capsys):
    """`racelab twin record --alternatives` (a stand-in sanitizer writes each case's log) records one run of
    14 hazard-mode cases without the in-process plain runs; `timing variants --after-racecheck` keeps every
    comparison whose handoffs passed, and the chapter reads the hazards beside each handoff."""
    from racelab.book import variants
    from racelab.cli import timing as timing_cli
    from racelab.cli import twin as twin_cli
    from racelab.core import store
    from racelab.experiments import twin_racecheck as twin

    from test_twin import FakeKernel

    monkeypatch.setattr(twin, "kernel_module", lambda: FakeKernel)
    FakeKernel.calls.clear()
    assert twin_cli.main(["record", "--alternatives", "--no-sass", "--jobs", "3"]) == 0
    assert FakeKernel.calls == []  # no plain run in this process: a hanging handoff could not stop the record
    run = store.newest(twin.ALTERNATIVES_EXPERIMENT, gpu="sm90", root=fake_h200)
    assert len(run.read_json("summary.json")["cases"]) == 14
    hazards = variants.racecheck_hazards(run)
    assert hazards[("bar-sync", 128)]["hazard_bytes"] == 620 and hazards[("all-lanes", 512)]["hazard_bytes"] == 0
    kept, problem = timing_cli._racecheck_gate(list(plan.ARMS_COMPARISONS))
    assert problem is None and kept == list(plan.ARMS_COMPARISONS)
    frame = variants.correctness_frame(run, variants.model_verdicts((128,)))
    assert len(frame) == len(TwinHandoff) and (frame["output correct"] == True).all()  # noqa: E712
    assert twin_cli.main(["record", "--alternatives", "--readers", "2"]) == 2


def test_cli_code_prints_where_a_build_lands(layout, capsys):
    from racelab.cli import twin as twin_cli

    assert twin_cli.main(["code", "elected+pad16", "--work", "64"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["pad"] == 1 and report["verify"]["checks"]["moved_16"]
    assert twin_cli.main(["code", "elected+pad24"]) == 2


def test_a_deadline_keeps_whole_rounds_of_every_comparison(tmp_path, monkeypatch, capsys):
    """With --stop-after-s, no pair starts after the deadline (a clock that advances one second per look):
    the comparisons keep about as many pairs each, of both orders, and the manifest says what was planned."""
    from racelab.cli import timing as timing_cli
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "store"))
    ticks = iter(range(10_000))
    code = timing_cli.main(["variants", "--backend", "fake", "--pairs", "2", "--aa-pairs", "4", "--launches", "20",
                            "--prefetch", "2", "--compare", "all-lanes:elected", "--compare", "bar-sync:elected",
                            "--shape", "topk=128,heads=64,n_cta=132,work=1024", "--stop-after-s", "7"],
                           clock=lambda: float(next(ticks)))
    assert code == 0, capsys.readouterr().err
    run = store.all_runs(plan.VARIANTS_EXPERIMENT, gpu="cpu", root=tmp_path / "store")[-1]
    manifest = run.read_json("plan.json")
    planned = manifest["plan_planned"]
    assert planned["ab_pairs"] == 2 and planned["comparisons"] == [["all-lanes", "elected"], ["bar-sync", "elected"]]
    done = {e["name"]: e["pairs"] for e in manifest["experiments"]}
    assert sum(len(p) for p in done.values()) < 2 * 4 + 4  # cut short
    kept = [len(done[n]) for n in done if n != "aa"]
    assert kept and max(kept) - min(kept) <= 1 and min(kept) >= 2


def test_a_padded_build_that_did_not_move_is_never_timed(monkeypatch):
    """variant_code refuses a padded build whose read loops did not move by its layout's offset (the worker
    then fails, and nothing is recorded)."""
    from racelab.experiments import twin_layout
    from racelab.experiments.timing import twin as twin_backend
    from racelab.vocab import TwinShape

    class FakeModule:
        def compile_only(self, topk, heads, handoff, work, arch, keep=False, pad=0):
            return {"cubin": pad, "compiled": object()}

    def summary(cubin):  # the padded build's loops sit where the natural build's do
        return {"read_loop_heads": ["0x0560"], "first_read_loop": 0x560, "pads": cubin,
                "read_loop_heads_mod_128": [96]}

    monkeypatch.setattr(twin_layout, "sass_of_cubin", lambda cubin: cubin)
    monkeypatch.setattr(twin_layout, "code_summary", summary)
    with pytest.raises(twin_layout.LayoutError, match="did not land"):
        twin_backend.variant_code(FakeModule(), "elected+pad48", TwinShape(128, 64, 132, 1024), "sm_90a")
