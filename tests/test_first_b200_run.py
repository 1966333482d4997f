"""A first run on a B200 cannot pass a wrong result: a zero-hazard unpatched racecheck run, a patched run with
hazards, a count far from the model's prediction, and NaN or never-written outputs all make the recorder
mark the run failed, the command exit 1, and the book pass over the run. Simulated: the sanitizer, the
launch and the replay worker are replaced by fakes; the recorders, the store and the CLI are the real ones."""

import json
from pathlib import Path

import pytest
import torch

from racelab.cli import real as cli_real
from racelab.core import proc, provenance, store
from racelab.experiments import real_numerics, real_racecheck
from racelab.experiments import sm90_numerics as nx
from racelab.experiments import racecheck_cases
from racelab.toolchain import real_kernel
from racelab.toolchain import sanitizer as racecheck_tool
from racelab.toolchain.sanitizer import SanitizerRun

B200 = {"name": "NVIDIA B200", "sm": 100, "compute_capability": "10.0", "driver": "580.65.06", "memory": "183359 MiB"}


def _case(variant, shape, got, report="hazard"):
    return {"case": f"{report}-{shape}-{variant}", "variant": variant, "shape": shape, "report": report,
            "status": "ok", "returncode": 0, "launch": {"finite": True}, "parsed": {"hazard_bytes": got}}


@pytest.mark.parametrize("cases, expect", [
    ([_case("1.27.0-fix-reverted", "one-cta", 620), _case("release-1.27.0", "one-cta", 0)], []),
    ([_case("1.27.0-fix-reverted", "one-cta", 0)], ["reported 0 hazard bytes"]),
    ([_case("release-1.27.0", "one-cta", 12)], ["closes the handoff, and racecheck reported 12"]),
    ([_case("1.27.0-fix-reverted", "one-cta", 100)], ["100 hazard bytes, against 620 predicted"]),
    ([_case("1.27.0-fix-reverted", "one-cta", 1300)], ["1,300 hazard bytes, against 620 predicted"]),
    ([_case("1.27.0-fix-reverted", "multi-block", 0)], ["reported 0 hazard bytes"]),
])
def test_the_sm100_gate(cases, expect):
    got = real_racecheck.implausible(real_kernel.SM100, cases)
    assert len(got) == len(expect) and all(e in g for e, g in zip(expect, got)), got


def _reports(variant, shape, got):
    return {**_case(variant, shape, None, report="analysis"), "parsed": {"reports": got}}


@pytest.mark.parametrize("cases, expect", [
    ([_reports("1.27.0-fix-reverted", "512-cta", 12), _reports("release-1.27.0", "512-cta", 0)], []),
    ([_reports("1.27.0-fix-reverted", "multi-block", 0)], ["analysis mode reported no error"]),
    ([_reports("release-1.27.0", "multi-block", 18)], ["closes the handoff, and racecheck's analysis mode reported 18"]),
])
def test_the_gate_reads_the_analysis_mode_too(cases, expect):
    """PR #426 reports 12 and 18 error reports in the default analysis mode before the fix and 0 after: a run
    whose racy variant reports none there, or whose fixed one reports any, is a run to look into."""
    got = real_racecheck.implausible(real_kernel.SM100, cases)
    assert len(got) == len(expect) and all(e in g for e, g in zip(expect, got)), got


def test_the_sm90_gate_knows_where_k_consumed_can_show():
    """One CTA never refills a K stage, so SM90's as-shipped kernel reports nothing there; at multi-block it must."""
    tgt = real_kernel.SM90
    assert real_racecheck.implausible(tgt, [_case("release-1.27.0", "one-cta", 0),
                                            _case("release-1.27.0", "multi-block", 113040),
                                            _case("1.27.0-k-consumed-all", "multi-block", 0)]) == []
    assert real_racecheck.implausible(tgt, [_case("release-1.27.0", "multi-block", 0)])


def test_every_recorded_h200_run_passes_the_gate():
    for rec in store.all_runs(real_racecheck.EXPERIMENT):
        summary = rec.read_json("summary.json")
        assert real_racecheck.implausible(real_kernel.target(summary["arch"]), summary["cases"]) == [], rec.id


@pytest.fixture
def simulated_b200(tmp_path, monkeypatch):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setattr(real_kernel, "local_target", lambda: (real_kernel.SM100, dict(B200)))
    monkeypatch.setattr(real_kernel, "fetch", lambda *a, **k: {})
    monkeypatch.setattr(provenance, "gpus", lambda: [dict(B200)])
    monkeypatch.setattr(provenance, "tool_versions", lambda: {"nvcc": None, "compute_sanitizer": None})
    return tmp_path / "results"


def _racecheck_with(monkeypatch, hazard_bytes: dict):
    """The sanitizer replaced: every case exits 0 with a launch line; the log parses to `hazard_bytes[variant]`."""
    monkeypatch.setattr(racecheck_tool, "find_sanitizer", lambda: Path("/fake/compute-sanitizer"))
    launch = json.dumps({"finite": True, "finite_outputs": {}}) + "\n"

    def run(cmd, report=None, timeout_s=None, env=None):
        return SanitizerRun(list(cmd), report or "plain", 0, False, 0.1, b"fake log " + " ".join(cmd).encode(),
                            launch, "", timeout_s or 0)

    monkeypatch.setattr(racecheck_tool, "run_racecheck", lambda cmd, report, timeout_s, env: run(cmd, report))
    monkeypatch.setattr(racecheck_tool, "run_plain", lambda cmd, timeout_s, env: run(cmd))

    def parsed(stored, truncated):
        text = Path(stored).read_bytes().decode(errors="replace") if Path(stored).suffix != ".xz" else ""
        variant = next((v for v in hazard_bytes if v in str(stored) or v in text), None)
        return {"parsed": {"hazard_bytes": hazard_bytes.get(variant, 0)}}

    monkeypatch.setattr(racecheck_cases, "parsed_entry", parsed)


def test_a_zero_hazard_unpatched_run_exits_1_and_is_not_a_result(simulated_b200, monkeypatch, capsys):
    _racecheck_with(monkeypatch, {"1.27.0-fix-reverted": 0, "release-1.27.0": 0})
    assert cli_real.main(["record", "--only", "hazard-one-cta"]) == 1
    err = capsys.readouterr().err
    assert "FAILED, a run to look into" in err and "reported 0 hazard bytes" in err
    (run_dir,) = store.runs(real_racecheck.EXPERIMENT, root=simulated_b200)
    summary = json.loads((run_dir / "summary.json").read_text())
    assert summary["complete"] is False and summary["to_look_into"]
    assert store.newest_or_none(real_racecheck.EXPERIMENT, "sm100", root=simulated_b200) is None


def test_a_plausible_b200_run_is_a_result(simulated_b200, monkeypatch):
    _racecheck_with(monkeypatch, {"1.27.0-fix-reverted": 620, "release-1.27.0": 0})
    assert cli_real.main(["record", "--only", "hazard-one-cta"]) == 0
    assert store.newest_or_none(real_racecheck.EXPERIMENT, "sm100", root=simulated_b200) is not None


def _replays(dq_fill=None, dk_zero=False):
    torch.manual_seed(0)
    reps = []
    for _ in range(3):
        out = {"d_index_q": torch.randn(4, 8), "d_weights": torch.randn(8), "d_index_k": torch.randn(2, 8)}
        if dq_fill is not None:
            out["d_index_q"] = torch.full((4, 8), dq_fill)
        if dk_zero:
            out["d_index_k"] = torch.zeros(2, 8)
        reps.append(out)
    return reps


def test_output_problems_name_nan_and_never_written_outputs():
    assert nx.output_problems(nx.replay_table(_replays())["summary"]) == []
    assert nx.output_problems(nx.replay_table(_replays(dq_fill=float("nan")))["summary"]) == [
        "d_index_q holds 32 non-finite elements"]
    assert nx.output_problems(nx.replay_table(_replays(dk_zero=True))["summary"]) == [
        "d_index_k is zero everywhere (never written?)"]


@pytest.mark.parametrize("bad", ["nan", "zero"])
def test_a_nan_numerics_run_exits_1_and_is_not_a_result(simulated_b200, monkeypatch, capsys, bad):
    real_run = proc.run

    def worker(cmd, timeout_s=None, env=None, **kw):
        if "--out" not in cmd:
            return real_run(cmd, timeout_s=timeout_s, env=env, **kw)
        out = Path(cmd[cmd.index("--out") + 1])
        variant, shape = cmd[cmd.index("--variant") + 1], cmd[cmd.index("--shape") + 1]
        reps = _replays(dq_fill=float("nan") if bad == "nan" and variant == "release-1.27.0" else None,
                        dk_zero=bad == "zero" and variant == "release-1.27.0")
        table = nx.replay_table(reps)
        torch.save(reps[0], out / f"first-{variant}-{shape}.pt")
        (out / f"replays-{variant}-{shape}.json").write_text(json.dumps(nx.jsonable(
            {"variant": variant, "shape": shape, "summary": table["summary"], "rows": table["rows"]})))
        return proc.Finished(tuple(cmd), 0, False, 0.1, "", "", 1, timeout_s)

    monkeypatch.setattr(real_numerics.proc, "run", worker)
    assert cli_real.main(["numerics", "--replays", "3"]) == 1
    err = capsys.readouterr().err
    assert "FAILED" in err and "release-1.27.0" in err
    assert store.newest_or_none(real_numerics.EXPERIMENT, "sm100", root=simulated_b200) is None
