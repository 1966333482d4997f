"""A failure is a failure: a failed case makes `racelab real record` exit 1 and is recorded as failed with
no counts; `make live`'s orchestrator prints FAILED and exits non-zero while running the other steps; a
step killed on its timeout leaves nothing it started running. Fakes only (PATH first, a scratch store)."""

import json
import os
import sys
import time
from pathlib import Path

import pytest

from racelab.cli import live as live_cli
from racelab.cli import real as real_cli
from racelab.core import store
from racelab.experiments import registry
from racelab.experiments import real_racecheck as real
from racelab.toolchain import real_kernel, upstream

from fakes import B200, H200, fake_gpu, fake_sanitizer, forget_gpus
from fakes import script as _script


def _gone(pid: int, wait_s: float = 10.0) -> bool:
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.1)
    return False


@pytest.fixture
def b200(tool_dir, monkeypatch):
    """A fake B200 and a fake compute-sanitizer first on PATH; a scratch store."""
    fake_gpu(tool_dir, B200)
    fake_sanitizer(tool_dir)
    monkeypatch.setattr(upstream, "missing_compile_modules", lambda: [])
    monkeypatch.setattr(real_kernel, "fetch", lambda *a, **k: {})  # the launches below are fakes: nothing to fetch
    return tool_dir


def _fake_launches(monkeypatch):
    """release-1.27.0 launches print a launch JSON; 1.27.0-fix-reverted raises before any launch."""
    good = json.dumps({"finite": True, "d_index_q_sha256": "q", "d_weights_sha256": "w"})

    def launch_command(self, python=None):
        if self.variant == "release-1.27.0":
            return [sys.executable, "-c", f"print({good!r})"]
        return [sys.executable, "-c", "raise TypeError('grad_loss must be a torch.Tensor')"]

    monkeypatch.setattr(real.LiveCase, "launch_command", launch_command)


def test_a_case_whose_launch_raises_makes_record_exit_1(b200, tmp_path, monkeypatch, capsys):
    _fake_launches(monkeypatch)
    assert real_cli.main(["record", "--variants", "1.27.0-fix-reverted", "release-1.27.0"]) == 1
    err = capsys.readouterr().err
    assert "4 case(s) FAILED" in err and "hazard-one-cta-1.27.0-fix-reverted" in err
    rec = store.newest(real.EXPERIMENT, root=tmp_path / "results", include_failed=True)
    summary = rec.read_json("summary.json")
    assert summary["complete"] is False
    by_case = {c["case"]: c for c in summary["cases"]}
    assert all(c["status"] == "failed" for n, c in by_case.items() if n.endswith("fix-reverted"))
    assert all(c["status"] == "ok" for n, c in by_case.items() if n.endswith("release-1.27.0"))
    assert by_case["analysis-512-cta-1.27.0-fix-reverted"]["failure"] == "exit status 1"
    assert summary["arch"] == "sm100" and summary["handoff"] == "W_LOADED"

    assert set(real.run_failed_cases(summary)) == {n for n in by_case if n.endswith("fix-reverted")}


def test_a_case_that_prints_no_launch_result_is_failed(b200, tmp_path, monkeypatch):
    monkeypatch.setattr(real.LiveCase, "launch_command", lambda self, python=None: [sys.executable, "-c", "pass"])
    assert real_cli.main(["record", "--variants", "release-1.27.0"]) == 1
    rec = store.newest(real.EXPERIMENT, root=tmp_path / "results", include_failed=True)
    summary = rec.read_json("summary.json")
    assert {c["failure"] for c in summary["cases"]} == {"no launch result printed"}
    assert real.case_failure({"returncode": 0, "launch": {"finite": False}, "report": None}) == "non-finite outputs"
    assert real.case_failure({"returncode": 0, "launch": {"finite": True}, "report": None}) is None
    # under racecheck, non-finite outputs are a finding kept with the case, not a failed measurement
    under = {"returncode": 0, "report": "hazard", "parsed": {"records": 0},
             "launch": {"finite": False, "finite_outputs": {"d_index_q": True, "d_index_k": False}}}
    assert real.case_failure(under) is None and real.nonfinite_outputs(under["launch"]) == ["d_index_k"]


def test_the_orchestrator_prints_failed_and_exits_1_and_runs_the_rest(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # no nvidia-smi: the fake run records no GPU
    forget_gpus()
    failing = registry.Step("fails", "cpu", ("-c", "import sys; print('half way'); sys.exit(1)"), "fails")
    records = registry.Step("records", "cpu", (
        "-c", "from racelab.core import store\nwith store.new_run('records') as r: r.write_text('x.txt', 'x')"),
        "records a run")
    steps, _, rc = live_cli.orchestrate([failing, records], timeout_s=120, env=dict(os.environ))
    out = capsys.readouterr().out
    assert rc == 1
    assert "=== fails: FAILED (exit 1)" in out and "half way" in out
    assert "=== records: ok" in out
    assert [s["ok"] for s in steps] == [False, True] and steps[0]["returncode"] == 1
    assert len(store.runs("records", root=tmp_path / "results")) == 1
    forget_gpus()


def test_a_timed_out_step_leaves_no_sanitizer_behind(b200, tmp_path):
    """The step runs racecheck through racelab.toolchain.sanitizer (which starts compute-sanitizer in a
    session of its own); the fake sanitizer starts a child and sleeps. On the step's timeout both die."""
    pids = tmp_path / "pids"
    _script(b200, "compute-sanitizer", f'sleep 300 &\necho "$$ $!" > {pids}\nsleep 300\n')
    code = "from racelab.toolchain import sanitizer\nsanitizer.run_racecheck(['true'], timeout_s=300)"
    entry = registry.Step("sleepy", "cpu", ("-c", code), "a racecheck that never ends")
    step, done = live_cli.run_step(entry, timeout_s=4, env=dict(os.environ))
    assert step["timed_out"] and not step["ok"]
    sanitizer_pid, child_pid = (int(p) for p in pids.read_text().split())
    assert _gone(sanitizer_pid), f"compute-sanitizer {sanitizer_pid} outlived its step"
    assert _gone(child_pid), f"the sanitizer's child {child_pid} outlived its step"


@pytest.mark.parametrize("cap, runs, arch, words", [
    ((10, 0), True, "sm_100a", "B200"),
    ((10, 3), False, "sm_103a", "sm_100a cubin runs only on compute capability 10.0"),
    ((12, 0), False, None, "no tcgen05"),
    ((9, 0), False, None, "SM90"),
])
def test_one_compute_capability_policy(cap, runs, arch, words):
    support = upstream.arch_support(cap)
    assert (support.runs, support.arch) == (runs, arch) and words in support.reason


def test_a_b300_and_an_rtx_50_are_told_why(b200, monkeypatch):
    for line, words in (("NVIDIA B300, 10.3, 580.1, 275040 MiB", "sm_103a"),
                        ("NVIDIA GeForce RTX 5090, 12.0, 580.1, 32607 MiB", "no tcgen05")):
        fake_gpu(b200, line)
        with pytest.raises(real.LiveError, match=words):
            real_kernel.local_target()
        assert real_cli.main(["record"]) == 3


def test_a_recorder_case_that_did_not_finish_or_read_wrong_is_failed():
    from racelab.experiments.racecheck_cases import failed_cases
    ok = {"case": "a", "status": "ok", "parsed": {"records": 0}, "correct": True}
    assert failed_cases([ok]) == []
    assert failed_cases([{**ok, "status": "timeout"}]) == ["a: status timeout"]
    assert failed_cases([{**ok, "parsed": None, "parse_error": "bad line 3"}]) == ["a: log not read (bad line 3)"]
    assert failed_cases([{**ok, "correct": False}]) == ["a: wrong output"]


def test_a_racy_variant_reading_back_a_wrong_output_is_the_race_showing_and_nothing_else_is():
    """The K-tail probe's elected variant under racecheck read back 192 wrong elements once (exit 1 after its
    result line): kept as a measurement. The same from a variant that is not racy, or with the log unread, a
    timeout or no result line, fails."""
    from racelab.experiments.racecheck_cases import failed_cases, mark_race_in_output

    def entry(**changed):
        base = {"case": "a", "status": "failed", "returncode": 1, "timed_out": False, "parsed": {"records": 8128},
                "kernel_output": {"correct": False, "mismatches": 192}, "correct": False}
        return {**base, **changed}

    shown = mark_race_in_output(entry(), racy=True)
    assert shown["status"] == "ok" and shown["race_in_output"] and shown["returncode"] == 1
    assert failed_cases([shown]) == []
    assert failed_cases([mark_race_in_output(entry(), racy=False)]) == ["a: status failed; wrong output"]
    for bad in (entry(parsed=None, parse_error="cut"), entry(timed_out=True, status="timeout", returncode=None),
                entry(kernel_output=None), entry(returncode=-11)):
        marked = mark_race_in_output(bad, racy=True)
        assert not marked["race_in_output"] and failed_cases([marked]), bad
    right = mark_race_in_output(entry(status="ok", returncode=0, kernel_output={"correct": True}, correct=True), racy=True)
    assert right["status"] == "ok" and not right["race_in_output"] and failed_cases([right]) == []


def test_every_recorded_calibration_run_passes_its_own_failure_check():
    from racelab.core import store
    from racelab.experiments import calibration
    runs = store.all_runs(calibration.EXPERIMENT, "sm90")
    assert runs and all(calibration.failures(r) == [] for r in runs)


def test_an_h200_runs_the_sm90_sibling_through_the_same_driver(b200, tmp_path, monkeypatch):
    """On an SM90 GPU the same command records the SM90 kernel's variants (K_CONSUMED), labelled."""
    fake_gpu(b200, H200)
    good = json.dumps({"finite": True, "d_index_q_sha256": "q", "d_weights_sha256": "w"})
    seen = []

    def launch_command(self, python=None):
        seen.append((self.arch, self.variant))
        return [sys.executable, "-c", f"print({good!r})"]

    monkeypatch.setattr(real.LiveCase, "launch_command", launch_command)
    # the fake sanitizer reports no hazard at all, so the as-shipped kernel's multi-block case, where
    # K_CONSUMED's race shows, has none: the run is kept as one to look into, and the command fails
    assert real_cli.main(["record"]) == 1
    assert {a for a, _ in seen} == {"sm90"}
    assert {v for _, v in seen} == {"release-1.27.0", "1.27.0-k-consumed-all"}
    rec = store.newest(real.EXPERIMENT, root=tmp_path / "results", include_failed=True)
    # the fake sanitizer reports nothing: where K_CONSUMED's race shows, both report modes are to look into
    assert [w.split(":")[0] for w in rec.read_json("summary.json")["to_look_into"]] == [
        "analysis-multi-block-release-1.27.0", "hazard-multi-block-release-1.27.0"]
    summary = rec.read_json("summary.json")
    assert rec.id.endswith("-h200") and summary["arch"] == "sm90" and not real.run_failed_cases(summary)
    assert all("K_CONSUMED" in label for label in summary["labels"].values())
    assert real_cli.main(["record", "--variants", "1.27.0-fix-reverted"]) == 2  # the SM100 kernel's variant


def test_a_fake_timing_backend_never_writes_into_the_store(monkeypatch, capsys):
    from racelab.cli import timing as timing_cli
    from racelab.core.paths import repo_root
    monkeypatch.delenv("RACELAB_RESULTS", raising=False)
    before = sorted(p.name for p in (repo_root() / "results").iterdir())
    for cmd in (["real"], ["record"]):
        assert timing_cli.main([*cmd, "--backend", "fake"]) == 2
        assert "may not write under" in capsys.readouterr().err
        assert timing_cli.main([*cmd, "--backend", "fake", "--out", str(repo_root() / "results" / "x")]) == 2
    assert sorted(p.name for p in (repo_root() / "results").iterdir()) == before


def test_a_long_step_says_how_far_it_is_while_it_runs(tmp_path, monkeypatch, capsys):
    """make live is not silent while a step runs: every PROGRESS_S seconds a line names the step, the time
    elapsed, the time left by its estimate (a timing step's deadline here) and the last line the step printed
    (its own count of pairs done); the step's own output still follows, whole, when it ends."""
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setattr(live_cli, "PROGRESS_S", 0.3)
    code = ("import sys, time\nfor i in range(1, 5):\n    print(f'pair {i} of 4 done', flush=True)\n"
            "    time.sleep(0.35)\n")
    entry = registry.Step("progress", "cpu", ("-c", code, "--stop-after-s", "2"), "a timing step",
                          deadline="--stop-after-s")
    step, done = live_cli.run_step(entry, timeout_s=60, env=dict(os.environ))
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("  ... progress: ")]
    assert len(lines) >= 2, lines
    assert all(" elapsed" in ln and "left (estimate: its deadline)" in ln for ln in lines), lines
    assert any("| pair " in ln and " of 4 done" in ln for ln in lines), lines
    assert "pair 4 of 4 done" in done.stdout and step["returncode"] == 0


def test_a_progress_line_has_a_bar_only_on_a_terminal():
    plain = live_cli.progress_line("s", 30, 120, "run X", "pair 3 of 16", bar=False)
    barred = live_cli.progress_line("s", 30, 120, "run X", "pair 3 of 16", bar=True)
    assert "[" not in plain and "about 1.5 min left" in plain and plain.endswith("| pair 3 of 16")
    assert "[#####" in barred and " 25 %" in barred
    assert "past the estimate" in live_cli.progress_line("s", 200, 120, "run X", "", bar=False)
    assert "left" not in live_cli.progress_line("s", 30, None, "", "", bar=False)
