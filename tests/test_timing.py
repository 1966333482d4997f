"""racelab.experiments.timing and racelab.experiments.sm90_numerics on the CPU: the runner's process pairing,
ordering, CSVs and progress with the fake worker; CUPTI event handling on synthetic events; the plan; the
SM100 path up to the launch; the numerics table from output tensors; chapter 05's values."""

import json
import math
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from racelab import stats, vocab
from racelab.toolchain import inputs
from racelab.core import store
from racelab.book import cost
from racelab.cli import numerics as numerics_cli
from racelab.cli import pairs as pairs_cli
from racelab.cli import timing as cli
from racelab.experiments import sm90_numerics as numerics
from racelab.experiments.timing import backends, load, plan, record, report, runner, twin
from racelab.experiments.timing import designs as timing_designs
from racelab.readers import samples


def fake_config(shapes=None, launches=40, **fake):
    flags = ["--fake-effect", "all-lanes=0.2", "--fake-launch-sd", "0.3", "--fake-process-sd", "0.01"]
    for key, value in fake.items():
        flags += [f"--fake-{key.replace('_', '-')}", str(value)]
    return runner.WorkerConfig("fake", shapes or [vocab.TwinShape(128, work=1000), vocab.TwinShape(512, work=400)],
                               launches, 0.0, 0, fake_args=flags, ready_timeout_s=60, run_timeout_s=60)


# ---- jobs and their order ------------------------------------------------------------------------

def test_make_jobs_orders():
    A, B = ("elected", "elected"), ("all-lanes", "all-lanes")
    ab = timing_designs.make_jobs("ab", 3, A, B, "ab", seed=1)
    assert [(j.pair, j.slot, j.label, j.role) for j in ab[:2]] == [(0, 0, "elected", "a"), (0, 1, "all-lanes", "b")]
    assert all(j.label == "elected" for j in ab if j.slot == 0)
    ba = timing_designs.make_jobs("ba", 3, A, B, "ba", seed=1)
    assert all(j.label == "all-lanes" for j in ba if j.slot == 0)
    alt = timing_designs.make_jobs("x", 4, A, B, "alternate", seed=1)
    assert [j.label for j in alt if j.slot == 0] == ["elected", "all-lanes"] * 2
    r1 = timing_designs.make_jobs("aa", 40, A, B, "random", seed=7)
    r2 = timing_designs.make_jobs("aa", 40, A, B, "random", seed=7)
    r3 = timing_designs.make_jobs("aa", 40, A, B, "random", seed=8)
    firsts = [j.label for j in r1 if j.slot == 0]
    assert firsts == [j.label for j in r2 if j.slot == 0]          # seeded: reproducible
    assert firsts != [j.label for j in r3 if j.slot == 0]          # and the seed matters
    assert 8 < firsts.count("elected") < 32                         # both orders occur
    assert len({j.seed for j in r1}) == len(r1)                     # every process its own seed
    with pytest.raises(ValueError):
        timing_designs.make_jobs("x", 1, A, B, "sideways", seed=0)


# ---- the runner with the fake worker -------------------------------------------------------------

def test_runner_pairs_fresh_processes_in_order(tmp_path):
    config = fake_config()
    jobs = timing_designs.make_jobs("ab", 3, ("elected", "elected"), ("all-lanes", "all-lanes"), "alternate", seed=3)
    lines = []
    results = runner.run_jobs(jobs, config, tmp_path / "w", prefetch=2, progress=lines.append)
    # one fresh process per job, run in the jobs' order
    assert [(r.job.pair, r.job.slot, r.job.label) for r in results] == [(j.pair, j.slot, j.label) for j in jobs]
    assert len({r.data["pid"] for r in results}) == len(jobs)
    for r in results:
        assert r.data["variant"] == r.job.variant
        assert [s["shape"] for s in r.data["shapes"]] == ["topk128-h64-cta132-w1000", "topk512-h64-cta132-w400"]
        assert all(len(s["test_ns"]) == 40 and len(s["control_ns"]) == 40 for s in r.data["shapes"])
        assert r.data["times"]["ready"] <= r.data["times"]["go"] <= r.data["times"]["done"]
    # no two processes measured at once: each GO came after the previous process finished
    for prev, nxt in zip(results, results[1:]):
        assert nxt.data["times"]["go"] >= prev.data["times"]["done"]
    # one progress line per pair, naming the order and the GPU time
    assert len(lines) == 3
    assert lines[0].startswith("[ab pair   0] elected then all-lanes")
    assert lines[1].startswith("[ab pair   1] all-lanes then elected")
    assert "all-lanes vs elected" in lines[0] and "GPU " in lines[0] and "total" in lines[0]


def test_prefetched_processes_import_while_the_previous_one_runs(tmp_path):
    config = fake_config(import_s=0.6, gpu_s=0.3, launches=20)
    jobs = timing_designs.make_jobs("ab", 2, ("elected", "elected"), ("all-lanes", "all-lanes"), "ab", seed=0)
    results = runner.run_jobs(jobs, config, tmp_path, prefetch=3, progress=lambda line: None)
    # every later process was started before its predecessor got GO, so it imported while that one ran
    for prev, nxt in zip(results, results[1:]):
        assert nxt.data["times"]["spawned"] < prev.data["times"]["go"] < prev.data["times"]["done"]
    assert len({r.data["pid"] for r in results}) == len(jobs)


def test_sample_rows_and_csvs_round_trip_through_pairs(tmp_path):
    config = fake_config(launches=30)
    jobs = timing_designs.make_jobs("ab", 4, ("elected", "elected"), ("all-lanes", "all-lanes"), "ab", seed=0)
    results = runner.run_jobs(jobs, config, tmp_path, prefetch=2, progress=lambda line: None)
    label = config.shapes[0].label
    text = samples.samples_csv(record.sample_rows(results, label, "test"))
    assert text.splitlines()[0] == "pair,variant,launch,ns"
    assert len(text.splitlines()) == 1 + 8 * 30
    res = stats.paired(samples.parse_samples(text), "elected", "all-lanes")
    assert res.pairs == 4 and 0.1 < res.delta_pct < 0.3           # the fake +0.2% effect
    ctl = stats.paired(samples.parse_samples(samples.samples_csv(record.sample_rows(results, label, "control"))),
                       "elected", "all-lanes")
    assert abs(ctl.delta_pct) < 0.1                                  # the control is untouched
    rows = list(record.process_rows(results))
    assert len(rows) == 8 * 2 and len(rows[0]) == len(record.PROCESS_COLUMNS)
    by_shape = record.gpu_seconds_by_shape(results)
    assert set(by_shape) == {s.label for s in config.shapes}
    assert sum(by_shape.values()) == pytest.approx(sum(r.data["gpu_s"] for r in results), rel=1e-6)


def test_gpu_time_per_shape_leaves_the_start_up_out():
    """A process's first shape also pays for the CUDA context, the compiles and the first profiler session:
    per shape, only its warm-up and profiled launches count; the rest is the processes' start-up."""
    def proc(first_shape_s):
        return SimpleNamespace(data={"gpu_s": first_shape_s + 0.5 + 0.2, "shapes": [
            {"shape": "a", "shape_s": first_shape_s, "warmup_s": 0.2, "profile_s": 0.3},
            {"shape": "b", "shape_s": 0.5, "warmup_s": 0.2, "profile_s": 0.25}]})
    results = [proc(4.0), proc(3.0)]
    assert record.gpu_seconds_by_shape(results) == pytest.approx({"a": 1.0, "b": 0.9})
    assert record.gpu_startup_seconds(results) == pytest.approx(4.7 + 3.7 - 1.9)


def test_a_failed_worker_reruns_its_pair(tmp_path):
    marker = tmp_path / "failed-once"
    config = fake_config(launches=10, fail_once=marker)
    jobs = timing_designs.make_jobs("ab", 2, ("elected", "elected"), ("all-lanes", "all-lanes"), "ab", seed=0)
    lines = []
    results = runner.run_jobs(jobs, config, tmp_path / "w", prefetch=1, progress=lines.append)
    assert marker.exists()
    assert [(r.job.pair, r.job.slot) for r in results] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert any("failed" in line and "retrying" in line for line in lines)


def test_missing_cupti_stops_everything(tmp_path):
    config = fake_config(launches=10)
    config.fake_args.append("--fake-no-cupti")
    jobs = timing_designs.make_jobs("ab", 2, ("elected", "elected"), ("all-lanes", "all-lanes"), "ab", seed=0)
    with pytest.raises(samples.CuptiUnavailable, match="no CUDA kernel activity"):
        runner.run_jobs(jobs, config, tmp_path, prefetch=2, progress=lambda line: None)


def test_worker_protocol_and_bad_shape(tmp_path):
    out = tmp_path / "w.json"
    cmd = [sys.executable, "-m", "racelab.experiments.timing.worker", "--backend", "fake", "--variant", "elected",
           "--shape", "topk=128,work=10", "--launches", "12", "--out", str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=runner.worker_env(), timeout=60)
    assert proc.returncode == 0, proc.stderr
    kinds = [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("RACELAB ")]
    assert kinds == ["READY", "DONE"]
    data = json.loads(out.read_text())
    assert data["shapes"][0]["shape"] == "topk128-h64-cta132-w10" and len(data["shapes"][0]["test_ns"]) == 12
    bad = subprocess.run(cmd[:-4] + ["--shape", "topk=zero", "--out", str(out)], capture_output=True, text=True,
                         env=runner.worker_env(), timeout=60)
    assert bad.returncode == 2 and "is not an integer" in bad.stdout


# ---- the whole record, into the store --------------------------------------------------------------

def test_record_fake_into_the_store(tmp_path, monkeypatch, capsys):
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    argv = ["record", "--backend", "fake", "--pairs", "4", "--aa-groups", "4", "--aa-pairs", "2", "--launches", "30",
            "--fake-effect", "all-lanes=0.2", "--shape", "topk=128,work=1000", "--shape", "topk=512,work=5000"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    rec = store.newest("twin-timing", gpu="cpu", root=tmp_path / "results")
    manifest = rec.read_json("plan.json")
    # topk=512 at work=5000 takes 250 us in the fake (> 60 us): its work was rescaled towards 30 us
    assert manifest["rescaled"] and manifest["shapes"] == ["topk128-h64-cta132-w1000", "topk512-h64-cta132-w601"]
    assert [e["name"] for e in manifest["experiments"]] == ["ab", "ba", "aa"]
    ab, ba, aa = manifest["experiments"]
    assert all(p["first"] == "elected" for p in ab["pairs"]) and all(p["first"] == "all-lanes" for p in ba["pairs"])
    assert aa["a"] == "elected-A1" and aa["groups"] == [[0, 1], [2, 3], [4, 5], [6, 7]]
    files = set(rec.files())
    for shape in manifest["shapes"]:
        for exp in ("ab", "ba", "aa"):
            assert f"{exp}-{shape}.csv.xz" in files and f"{exp}-{shape}-control.csv.xz" in files
    assert {"plan.json", "processes.csv", "summary.json", "table.txt", "provenance.json"} <= files
    summary = load.summarize_folder(rec)
    t = summary.shapes[manifest["shapes"][0]]
    assert t["ab"].test.paired.pairs == 4 and t["aa"].test.coverage.groups == 4
    assert 0.1 < t["ab"].test.paired.delta_pct < 0.3
    # the printed table and the progress
    assert "A/A CI covers 0" in out and "[ab pair   3]" in out and "recorded twin-timing/" in out
    assert "GPU time for the shape" in out
    # racelab pairs reads a recorded (compressed) CSV as it is
    assert pairs_cli.main([str(rec.path / f"ab-{manifest['shapes'][0]}.csv.xz"), "--a", "elected", "--b", "all-lanes",
                       "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pairs"] == 4
    # the summary command replays the same table
    assert cli.main(["summary", str(rec.path)]) == 0
    assert report.format_table(summary) in capsys.readouterr().out
    # chapter 05's values from such a run
    glued = cost.timing_glue(summary)
    ab = t["ab"].test.paired
    assert glued["cost_topk128_ab_pairs"] == "4" and glued["cost_aa_groups"] == "4"
    assert glued["cost_topk128_ab_ci"] == f"{ab.ci95_pct:.3f}%" and glued["cost_topk128_ab_delta"].startswith("+")
    assert glued["cost_topk512_shape"] == "topk=512, heads=64, n_cta=132, work=601"
    assert glued["cost_processes"] == str(2 * (4 + 4 + 4 * 2))
    # of 4 true 95% intervals, all 4 cover 0 with probability 0.95**4 = 81%, at least 3 with 99%
    assert (glued["cost_aa_range"], glued["cost_aa_range_prob"]) == ("3 to 4 of 4", "99%")
    used, in_notebook = _chapter_05_names()
    missing = {n for n in used if n.startswith("cost_")} - set(glued) - in_notebook
    assert not missing, missing


def _numerics_result():
    """A synthetic sm90-numerics result: two twin shapes, five replays per series."""
    import torch

    torch.manual_seed(0)
    out = torch.randn(132, 200)
    twin_outputs = {s.label: {"elected": [out] * 2, "all-lanes": [out] * 2} for s in plan.TWIN_SHAPES}
    k = torch.randn(3, 2048, 128)
    reps = [{"d_index_q": out.bfloat16(), "d_weights": out[0], "d_index_k": k * (1 + 1e-7 * i)} for i in range(5)]
    reps16 = [{**r, "d_index_k": r["d_index_k"].bfloat16()} for r in reps]
    return {"twin": numerics.twin_table(twin_outputs), "upstream_fp32": numerics.replay_table(reps),
            "upstream_bf16": numerics.replay_table(reps16),
            "upstream_meta": {"shape": "b3-sq64-skv2048-topk512", "shape_args": "b=3,s_q=64", "cudnn_version": "1.27.0"}}


def _chapter_05_names() -> tuple[set[str], set[str]]:
    """(every {glue:text} name in chapter 05's prose, every name its own code glues literally)."""
    import re

    text = (Path(__file__).resolve().parents[1] / "notebooks" / "05-cost.md").read_text()
    return set(re.findall(r"\{glue:text\}`([^`:]+)", text)), set(re.findall(r'glue\(\s*"(\w+)"', text))


def test_every_name_chapter_05_glues_is_made():
    """Each {glue:text} name in chapter 05's prose is made by racelab.book.cost or by a glue() call of the
    chapter's own code (where the sentences are built); the cost_* names of a timing run are checked with
    one in test_record_fake_into_the_store."""
    from racelab.book import cost_story, real_alignments, real_results, variants

    used, in_notebook = _chapter_05_names()
    in_notebook |= set(cost_story.prose_values(None)) | set(cost_story.sm100_values(None))
    numbers = cost.numerics_glue(_numerics_result())
    assert numbers["num_twin_identical"] == "2 of 2" and numbers["num_fp32_d_index_k_identical"] == "1 of 5"
    assert numbers["num_fp32_d_index_q_distinct"] == "1" and numbers["num_shape"] == "b=3, s_q=64"
    missing = ({n for n in used if not n.startswith("cost_")} - set(numbers) - set(cost.reported_glue())
               - set(cost.interleaved_glue(None)) - set(variants.layout_glue(None))
               - set(variants.alternatives_glue(None)) - set(real_results.real_layouts_glue([])) - in_notebook
               - set(real_alignments.chapter_glue([]))
               - {n for arch in ("sm90", "sm100") for n in {**real_results.timing_glue(None, arch),
                                                             **real_results.numerics_glue(None, arch)}})
    assert not missing, missing
    assert {"c_launches", "c_pad16_128", "real_timing_source"} <= in_notebook


def test_record_reports_missing_cupti(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    argv = ["record", "--backend", "fake", "--pairs", "2", "--launches", "10", "--fake-no-cupti"]
    assert cli.main(argv) == 3
    assert "CUPTI unavailable" in capsys.readouterr().err
    assert not (tmp_path / "results" / "twin-timing").exists() or not any(
        p for p in (tmp_path / "results" / "twin-timing").iterdir() if not p.name.startswith("."))


@pytest.mark.parametrize("argv, reason", [
    (["record", "--a", "elected", "--b", "elected"], "must differ"),
    (["record", "--a", "elected", "--b", "sideways"], "variants must be among"),
    (["record", "--shape", "topk=12x"], "is not an integer"),
    (["record", "--shape", "heads=64"], "lacks topk"),
    (["record", "--launches", "3"], "--launches must be >= 10"),
])
def test_record_bad_arguments(argv, reason, capsys):
    assert cli.main(argv) == 2
    assert reason in capsys.readouterr().err


# ---- CUPTI events (synthetic) ----------------------------------------------------------------------

class _Ev:
    def __init__(self, name, start, dur, kind="kernel", device="cuda"):
        from torch.autograd import DeviceType

        self._n, self._s, self._d, self._k = name, start, dur, kind
        self._dev = DeviceType.CUDA if device == "cuda" else DeviceType.CPU

    def name(self):
        return self._n

    def start_ns(self):
        return self._s

    def duration_ns(self):
        return self._d

    def activity_type(self):
        return self._k

    def device_type(self):
        return self._dev


def _prof(events):
    return SimpleNamespace(profiler=SimpleNamespace(kineto_results=SimpleNamespace(events=lambda: events)))


def test_kernel_events_keep_device_kernels_only_in_start_order():
    evs = [_Ev("k2", 300, 5), _Ev("k1", 100, 7), _Ev("Memcpy DtoD", 200, 3, "gpu_memcpy"),
           _Ev("cudaLaunchKernel", 50, 2, "cuda_runtime", "cpu"), _Ev("aten::mul", 10, 1, "cpu_op", "cpu")]
    got = samples.kernel_events(_prof(evs))
    assert [(e.name, e.start_ns, e.dur_ns) for e in got] == [("k1", 100, 7), ("k2", 300, 5)]


def test_pick_name_and_split_events():
    evs = [samples.KernelEvent(n, i, d) for i, (n, d) in enumerate(
        [("twin", 30), ("ctl", 35), ("twin", 31), ("ctl", 36), ("memset_like", 1)])]
    assert samples.pick_name(evs) == "ctl"  # most device time
    assert samples.pick_name(evs, "twi") == "twin"
    with pytest.raises(samples.TimingError, match="no test kernel matching 'gemm'"):
        samples.pick_name(evs, "gemm", "test")
    test, ctl, other = samples.split_events(evs, "twin", "ctl", 2)
    assert (test, ctl, other) == ([30, 31], [35, 36], {"memset_like": 1})
    with pytest.raises(samples.TimingError, match="expected 3 launches of the test kernel"):
        samples.split_events(evs, "twin", "ctl", 3)
    same = [samples.KernelEvent("k", i, 10 + i) for i in range(4)]
    assert samples.split_events(same, "k", "k", 2)[:2] == ([10, 12], [11, 13])  # alternate by start


# ---- planning --------------------------------------------------------------------------------------

def test_make_plan():
    roomy = plan.make_plan(330, 1.5)   # 220 processes: A/A groups of 3, A/B at least 12
    assert (roomy.aa_groups, roomy.aa_pairs_per_group) == (20, 3) and roomy.ab_pairs >= 12
    assert roomy.processes <= 220
    tight = plan.make_plan(330, 2.5)   # 132 processes: groups of 2
    assert (tight.aa_groups, tight.aa_pairs_per_group) == (20, 2) and tight.ab_pairs >= 8
    assert tight.processes <= 132
    short = plan.make_plan(330, 5.0)   # 66 processes: 8 + 8 pairs, fewer A/A groups
    assert (short.ab_pairs, short.ba_pairs, short.aa_pairs_per_group) == (8, 8, 2)
    assert short.aa_groups == (66 - 32) // 4 and short.processes <= 66
    capped = plan.make_plan(10_000, 1.0)
    assert capped.ab_pairs == 32
    with pytest.raises(ValueError):
        plan.make_plan(0, 1)


def test_rescale_work():
    shapes = [vocab.TwinShape(128, work=1000), vocab.TwinShape(512, work=100)]
    means = {shapes[0].label: 30_000.0, shapes[1].label: 5_000.0}
    new = plan.rescale_work(shapes, means, target_us=30)
    assert new[0] == shapes[0] and new[1].work == 600


def test_shapes_parse_and_label():
    s = vocab.TwinShape.parse("topk=512, work=384")
    assert s == vocab.TwinShape(512, 64, 132, 384) and vocab.TwinShape.parse(s.as_arg()) == s
    u = plan.parse_shape("b=3,s_q=64,s_kv=2048,topk=512")
    assert isinstance(u, vocab.UpstreamShape) and u.label == "b3-sq64-skv2048-topk512"
    for bad in ("topk=0", "topk=1,colour=3", "topk"):
        with pytest.raises(ValueError):
            vocab.TwinShape.parse(bad)


def test_aa_coverage_and_resampled_coverage():
    rng = np.random.default_rng(0)
    rows = []
    for p in range(60):
        base = 30_000 * (1 + 1e-4 * rng.standard_normal())
        rows += [(p, "A1", 0, base * (1 + 2e-4 * rng.standard_normal())), (p, "A2", 0, base * (1 + 2e-4 * rng.standard_normal()))]
    text = samples.samples_csv(rows)
    parsed = samples.parse_samples(text)
    cov = stats.aa_coverage(parsed, "A1", "A2", [list(range(g * 3, g * 3 + 3)) for g in range(20)])
    assert cov.groups == 20 and 15 <= cov.covered <= 20 and cov.coverage == cov.covered / 20
    assert [r.pairs for r in cov.results] == [3] * 20
    res = stats.resampled_coverage(stats.paired(parsed, "A1", "A2"), 12, reps=500)
    assert res.pool == 60 and res.reps == 500 and 0.85 < res.coverage <= 1.0 and res.coverage == res.covered / 500
    assert list(res.as_dict()) == ["size", "reps", "covered", "coverage", "pool", "seed"]
    # a pool smaller than the size asked for gives no estimate, and says so
    small = stats.resampled_coverage(stats.paired(parsed, "A1", "A2"), 61)
    assert small.reps == 0 and math.isnan(small.coverage) and small.as_dict().keys() == {"size", "reps", "coverage", "pool"}


def _pr_figures() -> set[float]:
    """Every non-integer figure PR #426 reports (timing and numerics), and its ~74 ns."""
    found = set()

    def walk(value):
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, float) and (not value.is_integer() or value >= 10):
            found.add(abs(value))

    walk({k: vocab.PR_REPORTED[k] for k in ("timing", "numerics")})
    return found


def _code_constants(source: str):
    import ast

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            yield abs(node.value)


def test_no_copy_of_the_pr_figures_outside_vocab():
    """The PR's figures are literals in racelab.vocab.PR_REPORTED and nowhere else in the package or in
    the notebooks' code cells: everything else reads them from there."""
    import jupytext

    figures = _pr_figures()
    assert {0.014, 0.218, 0.204, 34.1, 74.0, 4.0e-6, 4.1e-6} <= figures  # the walk sees them
    root = Path(__file__).resolve().parents[1]
    copies = []
    for path in sorted((root / "src" / "racelab").rglob("*.py")):
        if path.name == "vocab.py" and path.parent.name == "racelab":
            continue
        copies += [f"{path}: {c}" for c in _code_constants(path.read_text()) if c in figures]
    for nb in sorted((root / "notebooks").glob("*.md")):
        for cell in jupytext.read(nb).cells:
            if cell.cell_type == "code":
                code = "\n".join(line for line in cell.source.splitlines() if not line.startswith(("%", "!")))
                copies += [f"{nb}: {c}" for c in _code_constants(code) if c in figures]
    assert not copies, copies


def test_reported_values_read_the_one_place(monkeypatch):
    """Chapter 05's PR values and table follow racelab.vocab.PR_REPORTED: change it, and they change."""
    import copy

    changed = copy.deepcopy(vocab.PR_REPORTED)
    changed["timing"]["b3-sq64-skv2048-topk512"].update(delta_pct=-1.5, ci95_pct=0.25, delta_ns=512.0, kernel_us=7.5)
    changed["numerics"]["d_index_k_max_rel_dev"]["patched"] = 3.0e-3
    monkeypatch.setattr(cost, "PR_REPORTED", changed)
    glued = cost.reported_glue()
    assert glued["pr_big"] == "\N{MINUS SIGN}1.500% ± 0.250%" and glued["pr_big_ns"] == "~+512 ns on 7.5 µs"
    assert glued["pr_dik_patched"] == "3.0e-03"
    table = cost.reported_frame()
    assert table.loc[("b=3, s_q=64, s_kv=2048, topk=512", "kernel_gemm"), "delta (%)"] == -1.5


def test_reported_delta_ns_agrees_with_its_percentage():
    big = vocab.PR_REPORTED["timing"]["b3-sq64-skv2048-topk512"]
    # +0.218% of 34.1 us is the "~+74 ns" the PR states
    assert big["delta_pct"] / 100 * big["kernel_us"] * 1000 == pytest.approx(big["delta_ns"], abs=1)


# ---- SM100: up to the launch ------------------------------------------------------------------------

def test_real_refuses_without_a_gpu_that_runs_it(monkeypatch, capsys):
    from racelab.toolchain import real_kernel

    def absent():
        raise real_kernel.RealKernelError("sm_120 (consumer/workstation Blackwell) has no tcgen05")
    monkeypatch.setattr(real_kernel, "local_target", absent)
    assert cli.main(["real"]) == 3
    assert "no tcgen05" in capsys.readouterr().err


def test_real_command_lines_and_shapes(tmp_path):
    args = SimpleNamespace(shape=None, backend=None, launches=200, warmup_s=0.2, warmup_min=50)
    config = cli.build_config(args, "real")
    assert config.backend == "real"
    assert [s.label for s in config.shapes] == ["b1-sq1-skv2048-topk128", "b3-sq64-skv2048-topk512"]
    p = plan.Plan(cli.REAL_PAIRS, cli.REAL_PAIRS, 8, 4, 3.0, 330, design="interleaved")
    jobs, exps = timing_designs.INTERLEAVED.schedule(p, 426, "release-1.27.0", "1.27.0-k-consumed-all")
    assert [e.name for e in exps] == ["ab", "ba", "aa"]
    assert len(jobs) == p.processes == 2 * (16 + 16 + 32)
    argv = config.argv(jobs[0], tmp_path / "x.json", 123.0)
    assert argv[:3] == [sys.executable, "-m", "racelab.experiments.timing.worker"]
    assert argv[argv.index("--backend") + 1] == "real"
    shapes = [argv[i + 1] for i, a in enumerate(argv) if a == "--shape"]
    assert shapes == ["b=1,s_q=1,s_kv=2048,topk=128,heads=64,dim=128", "b=3,s_q=64,s_kv=2048,topk=512,heads=64,dim=128"]
    assert "--wait-go" in argv
    assert {j.variant for j in jobs} == {"release-1.27.0", "1.27.0-k-consumed-all"}


def test_real_takes_the_kernel_s_variants_moved_and_nothing_else(monkeypatch, capsys):
    from racelab.toolchain import real_kernel

    monkeypatch.setattr(real_kernel, "local_target", lambda: (real_kernel.SM90, {"sm": 90}))
    from racelab.experiments import code_layout

    asked, gated = [], []
    monkeypatch.setattr(cli, "record", lambda args, argv, *a, **k: asked.append((args.a, args.b)) or 0)
    monkeypatch.setattr(code_layout, "gate", lambda kernel, variants, shapes: gated.append((kernel, shapes)))
    assert cli.main(["real", "--a", "1.27.0-pad48", "--b", "1.27.0-k-consumed-all+pad48"]) == 0
    assert asked == [("1.27.0-pad48", "1.27.0-k-consumed-all+pad48")]
    assert gated == [("sm90", ["topk=128", "topk=512"])]  # every moved build checked in the SASS first
    assert cli.main(["real", "--a", "1.27.0-pad48", "--b", "1.27.0-fix-reverted+pad48"]) == 2
    assert "each may carry '+padN'" in capsys.readouterr().err

    def not_layout_only(kernel, variants, shapes):
        raise code_layout.PaddedBuildError("1.27.0-pad48 at topk=128 is not its natural build moved")
    monkeypatch.setattr(code_layout, "gate", not_layout_only)
    assert cli.main(["real", "--a", "1.27.0-pad48", "--b", "1.27.0-k-consumed-all+pad48"]) == 2
    assert "no layout control" in capsys.readouterr().err and len(asked) == 1


def test_upstream_inputs_have_the_wrappers_shapes():
    shape = vocab.UpstreamShape(b=3, s_q=64, s_kv=2048, topk=512)
    x = inputs.upstream_inputs(shape, seed=1, device="cpu")
    want = vocab.upstream_input_shapes(shape)
    assert set(x) == set(want)
    for name, (dims, dtype) in want.items():
        assert tuple(x[name].shape) == dims and str(x[name].dtype) == f"torch.{dtype}", name
    idx = x["topk_indices"]
    assert int(idx.min()) >= 0 and int(idx.max()) < 2048
    assert all(len(set(row.tolist())) == 512 for row in idx.reshape(-1, 512)[:5])  # distinct per query
    assert float((x["attn_score"].sum(-1) - 1).abs().max()) < 1e-5
    again = inputs.upstream_inputs(shape, seed=1, device="cpu")
    assert numerics.digest(again["index_q"]) == numerics.digest(x["index_q"])
    with pytest.raises(vocab.VocabError, match="multiple of block_I"):
        inputs.upstream_inputs(vocab.UpstreamShape(b=1, s_q=1, s_kv=256, topk=100))


def test_real_loader_builds_the_subject_up_to_the_launch():
    """In a fresh interpreter (as the worker): load fix-reverted from the 1.27.0 wheel, check the wrapper's
    factory is the transformed module's, and build the subject on CPU tensors without launching."""
    from racelab.toolchain import wheels

    try:
        wheels.extracted("1.27.0")
    except Exception as err:  # noqa: BLE001
        pytest.skip(f"nvidia-cudnn-frontend 1.27.0 wheel unavailable: {err}")
    code = r"""
import json, sys
from racelab.experiments.timing import plan, real as upstream
from racelab.toolchain import real_kernel
tgt = real_kernel.SM100
loaded = real_kernel.load_wrapper(tgt, "1.27.0-fix-reverted")  # kept: leaving it restores sys.modules
api, desc = loaded.__enter__()
mod = sys.modules[api.indexer_backward_sm100.__module__]
src = open(mod.__file__).read()
sub = upstream.upstream_subject(api, desc, tgt, plan.REAL_SHAPES[1], device="cpu")
import torch
print(json.dumps({"release": desc["release"], "module": api.indexer_backward_sm100.__module__,
                  "reverted_init": "mbarrier_init(mbar + MBAR_W_LOADED, 1)" in src,
                  "cudnn": sys.modules["cudnn"].__version__, "test_match": sub.test_match,
                  "control_match": sub.control_match, "cuda_init": torch.cuda.is_initialized()}))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=runner.worker_env(),
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["release"] == "1.27.0" and got["cudnn"] == "1.27.0"
    assert got["module"] == real_kernel_module()
    assert got["reverted_init"] and not got["cuda_init"]
    assert (got["test_match"], got["control_match"]) == ("kernel_gemm", "score_grad")


def real_kernel_module():
    from racelab.toolchain import real_kernel
    return real_kernel.SM100.kernel_module


# ---- numerics: outputs -> table ---------------------------------------------------------------------

def test_digest_depends_on_bytes_dtype_and_shape():
    import torch

    a = torch.arange(6, dtype=torch.float32)
    assert numerics.digest(a) == numerics.digest(a.clone())
    assert numerics.digest(a) != numerics.digest(a.reshape(2, 3))
    assert numerics.digest(a) != numerics.digest(a.to(torch.float64))
    b = a.clone()
    b[3] = float(np.nextafter(np.float32(3), np.float32(4)))  # one ulp
    assert numerics.digest(a) != numerics.digest(b)
    assert len(numerics.digest(a.to(torch.bfloat16))) == 64


def test_rel_dev():
    ref = np.array([1.0, -2.0, 0.0, 4.0], dtype=np.float32)
    x = ref.copy()
    x[1] = -2.0 * (1 + 1e-6)
    d = numerics.rel_dev(ref, x)
    assert d["max_rel_dev"] == pytest.approx(1e-6, rel=0.2)
    assert d["max_rel_dev_normwise"] == pytest.approx(0.5e-6, rel=0.2)
    assert d["elements_differing"] == 1
    x[2] = 1e-9  # a zero that moved
    assert numerics.rel_dev(ref, x)["max_rel_dev"] == math.inf
    assert numerics.rel_dev(ref, ref)["max_rel_dev"] == 0.0


def test_replay_table():
    import torch

    torch.manual_seed(0)
    q = torch.randn(2, 3).to(torch.bfloat16)
    w = torch.randn(4)
    k0 = torch.randn(5, 2)
    replays = []
    for i in range(4):
        k = k0.clone()
        k[0, 0] *= 1 + 2e-6 * i  # atomics reorder: a tiny drift
        replays.append({"d_index_q": q.clone(), "d_weights": w.clone(), "d_index_k": k})
    replays[2]["d_weights"] = w + 1  # one replay's exact output differs
    table = numerics.replay_table(replays)
    s = table["summary"]
    assert s["replays"] == 4
    assert s["d_index_q"]["distinct_sha256"] == 1 and s["d_index_q"]["identical_to_first"] == 4
    assert s["d_weights"]["distinct_sha256"] == 2 and s["d_weights"]["identical_to_first"] == 3
    assert s["d_index_k"]["identical_to_first"] == 1
    assert s["d_index_k"]["max_rel_dev"] == pytest.approx(6e-6, rel=0.05)
    assert [r["replay"] for r in table["rows"]] == [0, 1, 2, 3]
    assert s["d_index_q"]["nonfinite_max"] == 0
    nan = [{**r, "d_index_q": torch.full((2, 3), float("nan")).to(torch.bfloat16)} for r in replays]
    assert numerics.replay_table(nan)["summary"]["d_index_q"]["nonfinite_max"] == 6
    assert table["rows"][0]["d_index_k_max_rel_dev"] == 0.0
    csv_text = numerics.replay_rows_csv(table)
    assert csv_text.splitlines()[0].startswith("replay,d_index_q_sha256,d_index_q_nonfinite,d_weights_sha256,")
    text = numerics.format_tables({"twin": {}, "upstream_fp32": table,
                                   "upstream_meta": {"shape": "b3-sq64-skv2048-topk512"}})
    assert "d_weights  distinct sha256 2, identical to replay 0: 3/4" in text
    assert f"d_index_k  identical to replay 0: 1/4, max rel. deviation {s['d_index_k']['max_rel_dev']:.2e}" in text


def test_twin_table():
    import torch

    out = torch.arange(12, dtype=torch.float32).reshape(2, 6)
    same = {"s": {"elected": [out.clone(), out.clone()], "all-lanes": [out.clone()],
                  "elected:correct": [True, True], "all-lanes:correct": [True]}}
    t = numerics.twin_table(same)["s"]
    assert t["identical_across_variants"] and t["variants"]["elected"]["launches"] == 2
    assert t["variants"]["elected"]["sha256"] == t["variants"]["all-lanes"]["sha256"]
    diff = out.clone()
    diff[1, 1] = -1
    t2 = numerics.twin_table({"s": {"elected": [out], "all-lanes": [diff], "all-lanes:correct": [False]}})["s"]
    assert not t2["identical_across_variants"] and not t2["variants"]["all-lanes"]["correct"]
    text = numerics.format_tables({"twin": {"s": t2}})
    assert "NO" in text


def test_numerics_record_refuses_without_sm90(capsys):
    assert numerics_cli.main(["record"]) == 3
    assert "needs an SM90 GPU" in capsys.readouterr().err


# ---- the twin: compiled before GO, checked after ---------------------------------------------------

class _StubLaunch:
    def __init__(self, correct):
        self.correct, self.calls, self.compile_s = correct, 0, 0.0

    def __call__(self):
        self.calls += 1

    def check(self):
        return {"correct": self.correct}

    def describe(self):
        return {"kernel": "stub"}


def _stub_twin(correct_when_precompiled):
    module = SimpleNamespace(_compiled={}, made=[])

    def timed_launcher(topk, heads, n_cta, work, arrive, pad=0):
        launch = _StubLaunch(correct_when_precompiled if module._compiled else True)
        module.made.append((dict(module._compiled), launch))
        return launch

    module.timed_launcher = timed_launcher
    module.control_launcher = lambda: _StubLaunch(True)
    return module


def test_twin_subject_uses_a_checked_precompiled_kernel():
    module = _stub_twin(correct_when_precompiled=True)
    sub = twin.twin_subject(module, "elected", vocab.TwinShape(128, work=8), ("KEY", "fn", 1.5, {"pad": 0}))
    assert sub.meta["precompiled"] and sub.meta["precompile_s"] == 1.5 and sub.meta["code"] == {"pad": 0}
    assert module._compiled == {"KEY": "fn"} and len(module.made) == 1 and sub.test.calls == 1


def test_twin_subject_falls_back_when_the_precompiled_kernel_is_wrong():
    module = _stub_twin(correct_when_precompiled=False)
    sub = twin.twin_subject(module, "all-lanes", vocab.TwinShape(128, work=8), ("KEY", "fn", 1.5, {"pad": 0}))
    assert not sub.meta["precompiled"] and "wrong result" in sub.meta["precompile_error"]
    assert module._compiled == {} and len(module.made) == 2  # rebuilt, compiling as the twin does


def test_precompile_twin_matches_the_twins_compile_key(monkeypatch):
    """On the CPU, with the arch the H200 would report: the key is the one _Launch looks up."""
    try:
        module = twin.load_twin_module()
    except Exception as err:  # noqa: BLE001
        pytest.skip(f"twin not importable: {err}")
    shape = vocab.TwinShape(128, work=4)
    got = twin.precompile_twin(module, "elected", [shape], arch="sm_90a")
    key, fn, seconds, code = got[shape]
    assert key == module.CompileKey(128, 64, module.Handoff.ELECTED, 4, "sm_90a", False, module.fingerprint(), 0)
    assert key == module.launch_key(128, 64, "elected", 4, "sm_90a", 0)
    assert callable(fn) and seconds > 0 and code["pad"] == 0 and len(code["read_loop_heads"]) == 2
    monkeypatch.setattr(twin, "gpu_arch_without_cuda", lambda: None)
    assert twin.precompile_twin(module, "elected", [shape]) == {}  # no GPU: nothing precompiled


# ---- the notebook -----------------------------------------------------------------------------------

def test_pages_raise_a_clear_error_without_a_run(tmp_path, monkeypatch):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "empty"))
    with pytest.raises(RuntimeError, match=r"no recorded 'twin-timing' run .*`racelab timing record --budget-s 330`"):
        load.recorded_run("twin-timing", needs="sm90")
    with pytest.raises(RuntimeError, match="`racelab numerics record`"):
        load.recorded_run("sm90-numerics", needs="sm90")
    assert store.newest_or_none("real-timing", "sm100") is None


def test_coverage_range():
    assert stats.coverage_range(20) == (18, pytest.approx(0.9245, abs=1e-4))
    for n in (1, 3, 10, 29, 60):
        k, p = stats.coverage_range(n)
        # against the binomial tail summed term by term
        tail = [sum(math.comb(n, j) * 0.95 ** j * 0.05 ** (n - j) for j in range(i, n + 1)) for i in range(n + 1)]
        assert p == pytest.approx(tail[k], rel=1e-9) and tail[k] >= 0.9
        assert k == n or tail[k + 1] < 0.9  # the largest such k


def test_gpu_measure_loop_with_a_stub_profiler(monkeypatch):
    """The GPU backend's loop, with CUPTI replaced by a recorder: one warm-up session, then one timed
    session whose events are split by position (twin: test then control) or by name (upstream)."""
    import torch

    launched = []
    sessions = []

    def fake_profile(fn, iterations, sync):
        start = len(launched)
        for _ in range(iterations):
            fn()
        sessions.append(iterations)
        names = launched[start:]
        return [samples.KernelEvent(n, 10 * i, 30_000 + i if n.startswith("twin") else 35_000) for i, n in enumerate(names)]

    monkeypatch.setattr(backends, "profile", fake_profile)
    monkeypatch.setattr(backends, "check_cupti", lambda: None)
    monkeypatch.setattr(torch.cuda, "synchronize", lambda: None)

    class Backend(backends.GpuBackend):
        def build(self, variant, shape):
            return backends.Subject(test=lambda: launched.append("twin_kernel_xyz"),
                                  control=lambda: launched.append("vectorized_elementwise_kernel"), meta={"m": 1})

    backend = Backend(SimpleNamespace(warmup_min=5))
    out = backend.measure("elected", vocab.TwinShape(128), launches=7, warmup_s=0.0, seed=0)
    assert (out["test_name"], out["control_name"]) == ("twin_kernel_xyz", "vectorized_elementwise_kernel")
    assert len(out["test_ns"]) == len(out["control_ns"]) == 7 and out["warmup_launches"] == 5 and out["m"] == 1
    assert sessions == [3, 7]  # CUPTI warm-up session, then the timed one
    backend.measure("elected", vocab.TwinShape(512), launches=4, warmup_s=0.0, seed=0)
    assert sessions == [3, 7, 4]  # the warm-up session happens once per process

    class Upstream(backends.GpuBackend):
        def build(self, variant, shape):
            def call():
                launched.extend(["fill", "kernel_cutlass_kernel_score_grad_0", "kernel_cutlass_kernel_gemm_0", "copy"])
            return backends.Subject(test=call, test_match="kernel_gemm", control_match="score_grad")

    out = Upstream(SimpleNamespace(warmup_min=1)).measure("patched", plan.REAL_SHAPES[0], 6, 0.0, 0)
    assert out["test_name"] == "kernel_cutlass_kernel_gemm_0" and len(out["control_ns"]) == 6
    assert out["other_kernels"] == {"fill": 6, "copy": 6}


class _Ticks:
    """A clock that advances one second each time it is read."""

    def __init__(self):
        self.now = -1.0

    def __call__(self):
        self.now += 1.0
        return self.now


def test_aa_deadline_keeps_whole_groups(tmp_path, monkeypatch, capsys):
    """--aa-stop-after-s: A/B and B/A finish; A/A stops at a group boundary and records the finished groups.
    The clock is read at the start and before each A/A group after the first: at 3.5 s, groups 0-3 run."""
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    argv = ["record", "--backend", "fake", "--experiment", plan.NULL_EXPERIMENT, "--pairs", "2",
            "--aa-groups", "30", "--aa-pairs", "2", "--launches", "20", "--prefetch", "1",
            "--shape", "topk=128,work=1000", "--aa-stop-after-s", "3.5"]
    assert cli.main(argv, clock=_Ticks()) == 0
    out = capsys.readouterr().out
    rec = store.newest(plan.NULL_EXPERIMENT, gpu="cpu", root=tmp_path / "results")
    manifest = rec.read_json("plan.json")
    aa = next(e for e in manifest["experiments"] if e["name"] == "aa")
    done = manifest["plan"]["aa_groups"]
    assert manifest["aa_groups_planned"] == 30 and done == 4 and len(aa["groups"]) == 4
    assert "deadline reached: stopping before job 16 of 120" in out and "4 of 30 planned groups" in out
    # every kept group is whole, and the samples hold exactly the kept pairs
    kept = sorted(p for g in aa["groups"] for p in g)
    assert kept == list(range(8)) and sorted(p["pair"] for p in aa["pairs"]) == kept
    summary = load.summarize_folder(rec)
    shape = manifest["shapes"][0]
    assert summary.shapes[shape]["aa"].test.coverage.groups == 4
    assert summary.shapes[shape]["ab"].test.paired.pairs == 2


def test_pooled_coverage_counts_every_group_of_every_run(tmp_path, monkeypatch, capsys):
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    for seed in ("1", "2"):
        argv = ["record", "--backend", "fake", "--experiment", plan.NULL_EXPERIMENT, "--pairs", "2",
                "--aa-groups", "5", "--aa-pairs", "2", "--launches", "20", "--shape", "topk=128,work=1000",
                "--seed", seed]
        assert cli.main(argv) == 0
    runs = store.all_runs(plan.NULL_EXPERIMENT, "cpu", root=tmp_path / "results")
    assert len(runs) == 2
    summaries = {r.id: load.summarize_folder(r) for r in runs}
    pooled = load.pooled_coverage(summaries)
    per = [s.shapes["topk128-h64-cta132-w1000"]["aa"].test.coverage for s in summaries.values()]
    assert pooled["groups"] == 10 and pooled["covered"] == sum(c.covered for c in per)
    assert [r["pairs per group"] for r in pooled["runs"]] == [2, 2]
    assert pooled["expected_at_least"] == stats.coverage_range(10)[0]
    # groups of two pairs do not count where four are asked for: listed, not counted
    strict = load.pooled_coverage(summaries, min_pairs=plan.NULL_MIN_PAIRS)
    assert strict["groups"] == 0 and [r["counted"] for r in strict["runs"]] == [False, False]
    fig = cost.plot_aa_runs(summaries, "the title")
    # the figure's title counts what the chapter counts: groups of at least NULL_MIN_PAIRS pairs
    title = fig.axes[0].get_title()
    assert "0 of 0 counted" in title and title.startswith("the title\n")
    assert len(fig.axes[0].lines) >= 10  # with no group counted, every group is drawn


def test_target_misses_names_every_experiment_that_missed():
    from types import SimpleNamespace as NS

    def exp(ci):
        return load.Arms(load.Arm(NS(ci95_pct=ci)), load.Arm(NS(ci95_pct=0.0)))

    summary = load.TimingSummary({}, {"topk128-h64": {"ab": exp(0.01), "ba": exp(0.015)},
                                      "topk512-h64": {"ab": exp(0.01), "ba": exp(0.043)}},
                                 {"topk128-h64": 250.0, "topk512-h64": 20.0})
    assert load.target_misses(summary, 0.02, 300.0) == (
        4, [{"experiment": "ba", "shape": "topk512", "ci95_pct": 0.043, "gpu_s": None}])
    summary.shapes["topk512-h64"]["ba"] = exp(0.01)
    assert load.target_misses(summary, 0.02, 300.0) == (4, [])
    summary.gpu_s["topk128-h64"] = 400.0
    assert load.target_misses(summary, 0.02, 300.0)[1] == [
        {"experiment": "ab", "shape": "topk128", "ci95_pct": None, "gpu_s": 400.0},
        {"experiment": "ba", "shape": "topk128", "ci95_pct": None, "gpu_s": 400.0}]
    cells, missed = load.target_misses(summary, 0.001, 300.0)
    assert len(missed) == cells == 4


def test_the_real_kernel_over_code_layouts_rehearsed(tmp_path, monkeypatch):
    """`racelab timing real --offsets`: one run per offset into real-timing-layouts, both variants moved by it;
    the mixed model's average over offsets recovers the fake effect; bad offsets are refused."""
    from racelab.core import store
    from racelab.experiments.timing import layouts

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    b = "1.27.0-k-consumed-all"
    effects = [f"--fake-effect={b}{'+pad' + str(o) if o else ''}=0.5" for o in (0, 48)]
    argv = ["real", "--backend", "fake", "--a", "release-1.27.0", "--b", b, "--offsets", "0,48", "--pairs", "3",
            "--aa-groups", "1", "--aa-pairs", "4", "--launches", "20", "--warmup-s", "0", "--fake-process-sd", "0.05",
            "--fake-launch-sd", "0.02", *effects]
    assert cli.main(argv) == 0
    runs = store.candidates(plan.REAL_LAYOUTS_EXPERIMENT, "cpu", root=tmp_path / "results", log=False)
    assert sorted(r.read_json("plan.json")["variants"]["b"] for r in runs) == [b, b + "+pad48"]
    frame = layouts.real_pairs(runs)
    assert sorted(frame["offset"].unique()) == [0, 48] and set(frame["order"]) == {"ab", "ba"}
    got = layouts.real_fix_over_layouts(runs, frame["shape"].iloc[0])
    assert got["df"] == got["pairs"] - 2 and got["starts"] == 1 and len(got["offsets"]) == 2
    assert abs(got["effect_pct"] - 0.5) <= got["half_pct"] + 0.05
    import statistics
    from scipy import stats as sps
    means = [o["effect"] for o in got["offsets"]]  # the offsets as a sample of layouts: t over their means, 1 df
    assert got["layout_df"] == 1 and got["layout_effect_pct"] == pytest.approx(statistics.fmean(means))
    assert got["layout_half_pct"] == pytest.approx(sps.t.ppf(0.975, 1) * statistics.stdev(means) / 2 ** 0.5)
    from racelab.book import real_results
    table = real_results.real_layout_table(runs)
    assert len(table) == 2 and set(table["offsets (B)"]) == {"0, 48"} and set(table["df (layouts)"]) == {1} and set(table["pairs"]) == {12}  # 3 A/B + 3 B/A at each of two offsets
    assert real_results.real_layout_runs(tmp_path / "results") == []  # a rehearsal is never a measurement
    for bad in ("0,24", "0,0", "128"):
        assert cli.main([*argv[:7], "--offsets", bad, *argv[9:]]) == 2
    assert cli.main([*argv[:3], "--a", "1.27.0-pad16", *argv[5:]]) == 2


def test_the_alignments_design_in_one_randomised_run_with_its_placebo(tmp_path, monkeypatch):
    """`racelab timing real --alignments`: one run (arms order, two processes a pair) of the fix against the bug at
    every offset 0-112, the placebo (the bug moved 128 bytes further) at every offset and the bug moved 16
    bytes; the fix's fake effect is recovered at every offset, the placebo's interval covers 0, and the order of
    the pairs mixes the offsets (not one offset after another)."""
    from racelab.core import store
    from racelab.experiments.timing import layouts

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    fix, bug = "release-1.27.0", "1.27.0-fix-reverted"
    pairs = plan.real_alignment_comparisons(bug, fix)
    assert len(pairs) == 17 and pairs[0] == (fix, bug) and pairs[8] == (bug + "+pad128", bug)
    assert pairs[15] == (bug + "+pad240", bug + "+pad112") and pairs[16] == (bug + "+pad16", bug)
    effects = [f"--fake-effect={b}=0.5" for b, _ in pairs[:8]]  # every fix build 0.5 % slower than its bug
    argv = ["real", "--alignments", "--backend", "fake", "--a", bug, "--b", fix, "--shape",
            "b=1,s_q=1,s_kv=2048,topk=128", "--launches", "20", "--warmup-s", "0", "--fake-process-sd", "0.02",
            "--fake-launch-sd", "0.01", *effects]
    assert cli.main(argv) == 0
    runs = store.candidates(plan.REAL_ALIGNMENTS_EXPERIMENT, "cpu", root=tmp_path / "results", log=False)
    assert len(runs) == 1
    manifest = runs[0].read_json("plan.json")
    assert [tuple(c) for c in manifest["plan"]["comparisons"]] == [tuple(c) for c in pairs]
    of_pair = {p["pair"]: e["name"] for e in manifest["experiments"] for p in e["pairs"] if e["name"] != "aa"}
    first_round = [of_pair[k] for k in sorted(of_pair)][:17]
    assert len(set(first_round)) == 17  # each round holds one pair of every comparison, in a drawn order
    assert first_round != [f"{b}-vs-{a}" for b, a in pairs]
    got = layouts.real_alignments(runs, layouts.alignment_pairs(runs)["shape"].iloc[0])
    assert len(got["fix"]["offsets"]) == 8 and len(got["placebo"]["offsets"]) == 8
    assert all(abs(o["effect"] - 0.5) < 0.2 for o in got["fix"]["offsets"])
    assert abs(got["fix"]["effect_pct"] - 0.5) <= got["fix"]["half_pct"] + 0.05
    assert got["placebo_covers_zero"] and got["layout_16"]["n"] == 4
    from racelab.book import real_alignments  # what the pages glue from such a run
    found = real_alignments.fits(runs)
    assert [f["shape"] for f in found] == [got["shape"]] and found[0]["runs"] == [runs[0].id]
    said = real_alignments.glue(found)
    assert said["ra_128"] in said["ra_sentence"] and "every placebo interval covers 0" in said["ra_sentence"]
    assert len(real_alignments.table(found)) == 1 and len(real_alignments.offsets_table(found)) == 8
    assert real_alignments.glue([])["ra_recorded"] == "no"
    assert cli.main([*argv, "--offsets", "0,16"]) == 2  # two designs at once
    assert cli.main([*argv[:5], "--a", bug + "+pad16", *argv[7:]]) == 2  # a moved variant is refused


def test_every_backend_name_resolves_to_its_class():
    """The worker imports a backend by name (worker.BACKENDS), only its own module; an unknown name is refused."""
    from racelab.experiments.timing import worker

    assert {n: worker.backend_class(n).__name__ for n in worker.BACKEND_NAMES} == {
        "fake": "FakeBackend", "fwd": "FwdBackend", "real": "UpstreamBackend", "twin": "TwinBackend"}
    with pytest.raises(ValueError, match="backend must be one of"):
        worker.backend_class("cpu")
