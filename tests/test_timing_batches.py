"""Set-up batches (racelab.experiments.timing.runner.run_jobs with --set-up-batch) on the CPU with the fake worker: the
processes of a batch set up the GPU together, and only while no process measures; then they measure
one at a time. What the record and the report say of it."""

from types import SimpleNamespace

import pytest

from racelab import stats, vocab
from racelab.cli import timing as cli
from racelab.experiments.timing import backends, load, plan, record, report, runner
from racelab.experiments.timing import designs as timing_designs
from racelab.readers import samples


def batch_config(batch=4, launches=20, **fake):
    flags = ["--fake-effect", "all-lanes=0.2", "--fake-launch-sd", "0.3", "--fake-process-sd", "0.01"]
    for key, value in fake.items():
        flags += [f"--fake-{key.replace('_', '-')}", str(value)]
    return runner.WorkerConfig("fake", [vocab.TwinShape(512, work=400)], launches, 0.0, 0, fake_args=flags,
                               set_up_batch=batch, ready_timeout_s=60, run_timeout_s=60)


def jobs(pairs=4, seed=0):
    return timing_designs.make_jobs("ab", pairs, ("elected", "elected"), ("all-lanes", "all-lanes"), "alternate", seed=seed)


def spans(results, start, end):
    return [(r.data["times"][start], r.data["times"][end]) for r in results]


def overlap(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def test_batch_bounds_hold_whole_pairs_and_end_at_stop_points():
    assert runner.batch_bounds(10, 4) == [(0, 4), (4, 8), (8, 10)]
    assert runner.batch_bounds(16, 8, stop_points=[4, 12]) == [(0, 4), (4, 12), (12, 16)]
    assert runner.batch_bounds(12, 4, stop_points=range(2, 12, 2)) == [(0, 4), (4, 8), (8, 12)]
    assert runner.batch_bounds(20, 8, stop_points=[4, 12, 20]) == [(0, 4), (4, 12), (12, 20)]
    assert runner.batch_bounds(0, 8) == []
    for odd in (0, 1, 3):
        with pytest.raises(ValueError):
            runner.batch_bounds(8, odd)


def test_a_batch_sets_up_together_while_no_process_measures(tmp_path):
    config = batch_config(batch=4, set_up_s=0.4, gpu_s=0.1)
    lines = []
    results = runner.run_jobs(jobs(4), config, tmp_path, prefetch=4, progress=lines.append)
    assert [(r.job.pair, r.job.slot) for r in results] == [(j.pair, j.slot) for j in jobs(4)]
    assert len({r.data["pid"] for r in results}) == 8 and [r.batch for r in results] == [f"{tmp_path.name}:0"] * 4 + [f"{tmp_path.name}:1"] * 4
    set_ups, measured = spans(results, "set_up", "set_up_done"), spans(results, "go", "done")
    # no process set up while any process measured, and no two processes measured at once
    assert not any(overlap(s, m) for s in set_ups for m in measured)
    for prev, nxt in zip(measured, measured[1:]):
        assert nxt[0] >= prev[1]
    # a batch's processes set up at the same time (0.4 s each, not 1.6 s one after another)
    assert all(overlap(set_ups[0], s) for s in set_ups[1:4])
    assert max(r.batch_set_up_s for r in results) < 1.2
    assert record.set_ups_during_measurement(results) == 0
    assert all(r.data["set_up_s"] >= 0.4 for r in results)
    assert len(lines) == 4 and lines[0].startswith("[ab pair   0] elected then all-lanes")


def test_the_overlap_count_sees_a_set_up_during_a_measurement():
    def proc(pid, go, done, set_up=None, cuda=False):
        times = {"start": 0.0, "ready": 1.0, "go": go, "done": done}
        if set_up:
            times.update(set_up=set_up[0], set_up_done=set_up[1])
        return SimpleNamespace(data={"pid": pid, "times": times, "cuda_initialized_before_go": cuda})

    clean = [proc(1, 5, 6, (2, 4)), proc(2, 6, 7, (2, 4))]
    assert record.set_ups_during_measurement(clean) == 0
    late = [proc(1, 5, 6, (2, 4)), proc(2, 7, 8, (5.5, 6.5))]
    assert record.set_ups_during_measurement(late) == 1
    # without set-up batches, a CUDA context before GO was made while importing, beside a measurement
    assert record.set_ups_during_measurement([proc(1, 0.5, 0.9), proc(2, 2, 3, cuda=True)]) == 1
    assert record.set_ups_during_measurement([proc(1, 0.5, 0.9), proc(2, 2, 3)]) == 0


def test_a_failed_process_runs_its_batch_again(tmp_path):
    marker = tmp_path / "failed-once"
    lines = []
    results = runner.run_jobs(jobs(4), batch_config(batch=4, fail_once=marker), tmp_path / "w", prefetch=2,
                              progress=lines.append)
    assert marker.exists() and [(r.job.pair, r.job.slot) for r in results] == [(j.pair, j.slot) for j in jobs(4)]
    assert any("set-up batch 0" in line and "running it again" in line for line in lines)
    assert len({r.data["pid"] for r in results}) == 8


def test_a_batch_that_keeps_failing_fails_the_run(tmp_path):
    with pytest.raises(samples.TimingError, match="exited with code|failed at"):
        runner.run_jobs(jobs(2), batch_config(batch=4, fail_once=tmp_path / "m"), tmp_path / "w", prefetch=0,
                        progress=lambda line: None, retries=0)


def test_a_deadline_stops_between_batches(tmp_path):
    ticks = iter(range(100))
    lines = []
    results = runner.run_jobs(jobs(6), batch_config(batch=4), tmp_path, prefetch=2, progress=lines.append,
                              stop_at=0.5, stop_points=range(2, 12, 2), clock=lambda: next(ticks))
    # the clock is read before the batches at jobs 4 and 8 (0 s, then 1 s): two batches ran, then it stopped
    assert [r.job.pair for r in results] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert any("stopping before job 8 of 12" in line for line in lines)


def test_set_up_before_go_then_measure(monkeypatch):
    """GpuBackend.set_up builds each shape, launches it once and starts CUPTI; measure then only warms up
    and profiles, and says that the shape was set up before GO."""
    import torch

    sessions, launched = [], []

    def fake_profile(fn, iterations, sync):
        start = len(launched)
        for _ in range(iterations):
            fn()
        sessions.append(iterations)
        return [samples.KernelEvent(n, 10 * i, 30_000) for i, n in enumerate(launched[start:])]

    monkeypatch.setattr(backends, "profile", fake_profile)
    monkeypatch.setattr(backends, "check_cupti", lambda: None)
    monkeypatch.setattr(torch.cuda, "synchronize", lambda: None)
    built = []

    class Backend(backends.GpuBackend):
        def build(self, variant, shape):
            built.append(shape.label)
            return backends.Subject(test=lambda: launched.append("twin_kernel"),
                                    control=lambda: launched.append("control_kernel"))

    shapes = [vocab.TwinShape(128), vocab.TwinShape(512)]
    backend = Backend(SimpleNamespace(warmup_min=2))
    backend.set_up("elected", shapes)
    assert sessions == [3] and built == [s.label for s in shapes]
    out = [backend.measure("elected", s, launches=5, warmup_s=0.0, seed=0) for s in shapes]
    assert sessions == [3, 5, 5] and built == [s.label for s in shapes]  # nothing built twice
    assert all(o["set_up_before_go"] and len(o["test_ns"]) == 5 for o in out)
    fresh = Backend(SimpleNamespace(warmup_min=2)).measure("elected", shapes[0], launches=5, warmup_s=0.0, seed=0)
    assert fresh["set_up_before_go"] is False


@pytest.mark.parametrize("batch", ["3", "-2", "1"])
def test_odd_batches_are_refused(batch, tmp_path, capsys):
    argv = ["record", "--backend", "fake", "--out", str(tmp_path / "o"), "--set-up-batch", batch]
    assert cli.main(argv) == 2
    assert "--set-up-batch" in capsys.readouterr().err


def test_record_with_set_up_batches(tmp_path, capsys):
    out = tmp_path / "run"
    argv = ["record", "--backend", "fake", "--out", str(out), "--design", "interleaved", "--pairs", "2",
            "--aa-pairs", "4", "--launches", "20", "--shape", "topk=512,work=400", "--set-up-batch", "4",
            "--prefetch", "4", "--target-us", "0"]
    assert cli.main(argv) == 0
    assert "(target <= 0.01%)" in capsys.readouterr().out  # the interleaved design's half-width target
    manifest = (out / "plan.json").read_text()
    import json

    manifest = json.loads(manifest)
    assert manifest["set_up_batch"] == 4 and manifest["set_ups_during_measurement"] == 0
    assert len(manifest["set_up_batches_s"]) == manifest["processes"] // 4
    assert manifest["processes_with_cuda_before_go"] == 0  # the fake backend makes no CUDA context
    rows = (out / "processes.csv").read_text().splitlines()
    assert rows[0].endswith("set_up_s,set_up_batch,exit_s,partner,partner_mean_ns,idle_before_ns,partner_idle_before_ns") and ",interleaved:0," in rows[1]
    text = report.cost_text(manifest)
    assert "set-up before GO in batches of up to 4 processes" in text and "WARNING" not in text
    assert "WARNING: 2 processes set up CUDA" in report.cost_text({**manifest, "set_ups_during_measurement": 2})
    summary = load.summarize_folder(out)
    assert summary.shapes["topk512-h64-cta132-w400"]["ab"].test.paired.pairs == 2


def test_null_groups_pool_only_runs_of_one_protocol():
    def summary(batch, groups, covered, pairs=4, launches=1000, shape="topk512"):
        manifest = {"launches_per_process": launches, "warmup_s": 0.2, "set_up_batch": batch}
        coverage = stats.Coverage(groups, covered, covered / groups, [SimpleNamespace(pairs=pairs)])
        return load.TimingSummary(manifest, {shape: {"aa": load.Arms(load.Arm(None, coverage), load.Arm(None))}}, {})

    runs = {"old": summary(0, 1, 1), "new1": summary(8, 20, 19), "new2": summary(8, 25, 23),
            "short": summary(8, 30, 30, pairs=2), "fewer": summary(8, 40, 38, launches=300)}
    pooled = load.pooled_coverage(runs, min_pairs=plan.NULL_MIN_PAIRS)
    assert pooled["groups"] == 45 and pooled["covered"] == 42
    assert pooled["protocol"] == "1000 launches, warm-up 0.2 s, set-up before GO, batches of 8"
    assert {r["run"]: r["counted"] for r in pooled["runs"]} == {"old": False, "new1": True, "new2": True,
                                                               "short": False, "fewer": False}
    assert load.pooling_protocol(runs["old"].manifest) == "1000 launches, warm-up 0.2 s, set-up after GO"


def _fake_interleaved(root, batch, seed, launches=20):
    argv = ["record", "--backend", "fake", "--design", "interleaved", "--pairs", "2", "--aa-pairs", "4",
            "--launches", str(launches), "--shape", "topk=512,work=400", "--seed", str(seed), "--target-us", "0",
            "--set-up-batch", str(batch)]
    assert cli.main(argv) == 0
    return argv


def test_process_spread_and_the_run_a_page_shows(tmp_path, monkeypatch, capsys):
    from racelab.book import cost
    from racelab.core import store
    from racelab.experiments import registry

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    _fake_interleaved(tmp_path, 4, 1, launches=24)
    _fake_interleaved(tmp_path, 0, 2)
    runs = store.all_runs(plan.INTERLEAVED_EXPERIMENT, "cpu", root=tmp_path / "results")
    assert len(runs) == 2
    # the newest run, unless a registry step's protocol id is one that another run recorded
    assert load.measured_run(plan.INTERLEAVED_EXPERIMENT, needs="cpu", backend="fake").id == runs[-1].id
    first = store.protocol_of(runs[0])
    assert first != store.protocol_of(runs[1])
    entry = registry.Step(plan.INTERLEAVED_EXPERIMENT, "cpu", ("racelab", "timing", "record"), "test",
                                protocol=first)
    monkeypatch.setattr(registry, "REGISTRY", (*registry.REGISTRY, entry))
    assert load.measured_run(plan.INTERLEAVED_EXPERIMENT, needs="cpu", backend="fake").id == runs[0].id
    # what decides is the protocol the run recorded, not the command line: the registry's command is not its
    assert " ".join(entry.command) != runs[0].provenance.get("command")

    frame = cost.spread_frame([(r, load.summarize_folder(r)) for r in runs])
    assert list(frame["run"]) == [r.id for r in runs] and set(frame["shape"]) == {"topk512-h64-cta132-w400"}
    assert list(frame["protocol"]) == ["24 launches, warm-up 0.2 s, set-up before GO, batches of 4",
                                       "20 launches, warm-up 0.2 s, set-up after GO"]
    # every process once, its spread around its own variant's mean (elected and all-lanes differ by 0.2%)
    assert list(frame["processes"]) == [16, 16] and list(frame["test df"]) == [14, 14]
    assert (frame["test spread %"] < 0.1).all() and (frame["control spread %"] < 0.1).all()
    contrast = cost.spread_contrast(frame, runs[0].id, runs[1].id, "test")
    ratio = contrast["topk512-h64-cta132-w400"]
    assert ratio["F"] == pytest.approx(ratio["ratio"] ** 2) and 0 < ratio["p"] <= 1 and ratio["df"] == (14, 14)
    assert cost.contrast_text(contrast).startswith(f"{ratio['ratio']:.2f} (F test p = ")
    assert cost.contrast_text({}) == "(not recorded)"


def test_variance_ratio_matches_scipy():
    from scipy import stats as sps

    from racelab import stats

    got = stats.variance_ratio(2.0, 10, 1.0, 20)
    assert got["F"] == 4.0 and got["p"] == pytest.approx(2 * sps.f.sf(4.0, 10, 20))
    assert stats.variance_ratio(1.0, 5, 1.0, 5)["p"] == pytest.approx(1.0)


def test_the_null_figure_draws_the_counted_groups_only():
    from racelab.book import cost

    def summary(batch, groups, pairs):
        results = [SimpleNamespace(pairs=pairs, delta_pct=0.01 * k, ci95_pct=0.05, covers_zero=True)
                   for k in range(groups)]
        coverage = stats.Coverage(groups, groups, 1.0, results)
        return load.TimingSummary({"launches_per_process": 1000, "warmup_s": 0.2, "set_up_batch": batch},
                                  {"topk512": {"aa": load.Arms(load.Arm(None, coverage), load.Arm(None))}}, {})

    fig = cost.plot_aa_runs({"old": summary(0, 7, 2), "new": summary(8, 3, 4)}, "title")
    ax = fig.axes[0]
    assert len(ax.containers) == 3  # one errorbar per counted group
    assert "3 of 3 counted" in ax.get_title()
    # three rows drawn (the counted run's), labelled with its place in the order given: run 2
    assert [t.get_text() for t in ax.texts] == ["run 2\ntopk512"]
