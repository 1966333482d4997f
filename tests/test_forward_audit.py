"""racelab.experiments.fwd_racecheck: the all-lane transform of upstream's SM90 indexer forward, the predictions, the
compile of both variants for sm_90a on a CPU, the errors without a GPU, and the recorded H200 run read
back against the predictions."""

import lzma
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from racelab.core import provenance, store
from racelab.experiments import fwd_racecheck as fa
from racelab.readers import racecheck_log
from racelab.toolchain import wheels


@pytest.fixture(scope="module")
def source():
    return wheels.module_file(fa.RELEASE, fa.KERNEL_PATH).read_text()


def test_transform_touches_only_the_handoffs(source):
    after = fa.all_lanes_arrive(source)
    added = [line.strip() for line in fa.changed_lines(source, after)]
    assert sorted(added) == sorted([
        "cute.arch.mbarrier_init(mbar_Q0_ptr, 1 + 32)",
        "cute.arch.mbarrier_init(mbar_KV0_ptr, 1 + 32)",
        "cute.arch.mbarrier_init(mbar_KV1_ptr, 1 + 32)",
        "cute.arch.mbarrier_arrive(mbar_Q0_ptr)",
        "cute.arch.mbarrier_arrive(mbar_KV0_ptr)",
        "cute.arch.mbarrier_arrive(mbar_KV1_ptr)",
    ])
    removed = [line[2:].strip() for line in __import__("difflib").ndiff(source.splitlines(), after.splitlines())
               if line.startswith("- ")]
    # the two elected KV arrives (their `with elect_one` and the call), and the three init lines
    assert removed.count("with cute.arch.elect_one():") == 2 and len(removed) == 7
    # the Q0 arrive lands right before Q0's TMA, after the fence that follows _load_weights
    lines = after.splitlines()
    i = next(n for n, line in enumerate(lines) if line.strip() == "cute.arch.mbarrier_arrive(mbar_Q0_ptr)")
    assert lines[i - 1].strip() == "cute.arch.fence_view_async_shared()"
    assert lines[i + 1].strip().startswith("self._issue_tma(mQ_cur, sQ_0,")
    compile(after, "indexer_fwd_sm90.py", "exec")


def test_transform_refuses_what_it_does_not_recognise(source):
    with pytest.raises(fa.TransformError, match="Q0's init"):
        fa.all_lanes_arrive(fa.all_lanes_arrive(source))
    with pytest.raises(fa.TransformError, match="KV0's elected arrive"):
        fa.all_lanes_arrive(source.replace("cute.arch.mbarrier_arrive(mbar_KV0_ptr)\n", "pass\n"))


def test_cases_and_predictions():
    case = fa.Case.parse("fp8-qh32-sk512-release")
    assert (case.s_q, case.n_blocks, case.name) == (4, 8, "fp8-qh32-sk512-release")
    assert fa.predicted_bytes(case) == {"sW": 124 * 4, "sKScale": 2 * 62 * 4}
    assert fa.predicted_bytes(fa.Case("bf16", 64, 512)) == {"sW": 124 * 2}
    assert fa.predicted_bytes(fa.Case("fp8", 32, 512, "all-lanes")) == {"sW": 0, "sKScale": 0}
    assert fa.predicted_war_bytes(case) == 2 * 56 * 4 and fa.predicted_war_bytes(fa.Case("bf16", 64, 512)) == 0
    for bad in ("fp8-qh16-sk512-release", "bf16-qh64-sk100-release", "bf16-qh64-sk512-elected", "nonsense"):
        with pytest.raises(ValueError):
            fa.Case.parse(bad)


@pytest.mark.parametrize("variant", fa.VARIANTS)
def test_both_variants_compile_for_sm90a(variant):
    out = fa.compile_only(fa.Case("fp8", 32, 512, variant), keep=True)
    assert out["ok"] and out["cubin"][:4] == b"\x7fELF"
    inits = out["ptx"].count("mbarrier.init.shared")
    assert inits == 6  # Q0, Q1, KV0, KV1, KVEmpty0, KVEmpty1


def test_a_bad_case_is_exit_2():
    proc = subprocess.run([*fa.WORKER, "--case", "bf16-qh12-sk512-release"], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2 and "qh must be one of" in proc.stderr


@pytest.mark.skipif(bool(provenance.gpus()), reason="a GPU is visible: the commands would run the kernel")
def test_without_a_gpu_the_commands_say_so():
    for argv in ([*fa.WORKER, "--case", "bf16-qh64-sk512-release"],
                 [sys.executable, "-m", "racelab.cli.fwd", "record"]):
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 3, proc.stderr
        assert "GPU" in proc.stderr or "CUDA" in proc.stderr


def test_store_lines_come_from_the_lint():
    sweep = store.newest("lint-releases", gpu="cpu")
    lines = fa.lint_store_lines(lint_hits=sweep.read_json("hits.json")[fa.RELEASE])
    assert lines == {"sW": {302, 304, 307, 309}, "sKScale": {327, 329}}


def _recorded():
    try:
        return store.newest(fa.EXPERIMENT, gpu="sm90")
    except store.StoreError:
        pytest.skip("no fwd-racecheck run recorded")


def test_recorded_run_matches_every_prediction():
    rec = _recorded()
    lines = fa.lint_store_lines(lint_hits=store.newest("lint-releases", gpu="cpu").read_json("hits.json")[fa.RELEASE])
    frame = fa.case_frame(rec, lines).set_index("case")
    assert frame["output matches torch"].all() and (frame["racecheck"] == "ok").all()
    for name, row in frame.iterrows():
        for buf in ("sW", "sKScale"):
            if f"{buf} predicted" in row and not pd.isna(row[f"{buf} predicted"]):
                assert row[f"{buf} RAW bytes"] == row[f"{buf} predicted"], (name, buf)
        assert row["WAR bytes"] == row["WAR predicted"] and row["other bytes"] == 0, name
    # the release cases race, the all-lane ones do not (RAW); the consumer-side WAR stays in both FP8 cases
    assert frame.loc["bf16-qh64-sk512-release", "sW RAW bytes"] > 0
    assert frame.loc["bf16-qh64-sk512-all-lanes", "hazard records"] == 0
    rows = fa.buffer_frame(rec, lines)
    raw = rows[rows["type"] == "RAW"]
    assert set(raw["case"]) == {"bf16-qh64-sk512-release", "fp8-qh32-sk512-release"}
    assert all("lanes 1-31" in t and "lanes 0" not in t.replace("lanes 0-3", "") for t in raw["storing threads"])


def test_a_truncated_log_is_refused(tmp_path):
    rec = _recorded()
    log = rec.path / "racecheck-bf16-qh64-sk512-release.log.xz"
    text = lzma.decompress(log.read_bytes())
    cut = tmp_path / "cut.log"
    cut.write_bytes(text[: len(text) // 2])
    with pytest.raises(racecheck_log.HazardLogError):
        fa.buffer_rows(cut, {"sW": {304}})


def test_glue_values_of_the_recorded_run():
    rec = _recorded()
    lines = fa.lint_store_lines(lint_hits=store.newest("lint-releases", gpu="cpu").read_json("hits.json")[fa.RELEASE])
    cases = fa.case_frame(rec, lines).set_index("case")
    values = fa.glue_values(cases)
    assert set(values) == {f"fwd_{n}" for n in fa.GLUE_NAMES}
    assert values["fwd_bf16_sw"] == values["fwd_bf16_sw_pred"] == fa.predicted_bytes(fa.Case("bf16", 64, 512))["sW"]
    assert values["fwd_fixed_raw"] == 0 and fa.matches_predictions(cases)


def test_a_log_is_parsed_once_for_both_frames(monkeypatch):
    rec = _recorded()
    lines = fa.lint_store_lines(lint_hits=store.newest("lint-releases", gpu="cpu").read_json("hits.json")[fa.RELEASE])
    fa._records.cache_clear()
    parsed = []
    real = racecheck_log.records_iter
    monkeypatch.setattr(racecheck_log, "records_iter", lambda path, *a, **k: parsed.append(path) or real(path, *a, **k))
    fa.case_frame(rec, lines)
    fa.buffer_frame(rec, lines)
    logs = [e["racecheck"]["log"] for e in rec.read_json("summary.json")["cases"].values() if e["racecheck"].get("log")]
    assert sorted(Path(p).name for p in parsed) == sorted(logs)


def test_a_failed_case_is_named_and_recorded_runs_have_none():
    from racelab.core import store
    from racelab.experiments import fwd_racecheck as fwd

    ok = {"plain": {"status": "ok", "result": {"ok": True}}, "racecheck": {"status": "ok", "parsed": {}}}
    summary = {"cases": {
        "a": ok,
        "b": {"plain": {"status": "ok", "result": {"ok": False}}, "racecheck": {"status": "ok", "parsed": {}}},
        "c": {"plain": {"status": "ok", "result": {"ok": True}}, "racecheck": {"status": "timeout"}},
        "d": {"plain": {"status": "timeout", "result": None}, "racecheck": {"status": "skipped"}}}}
    failed = fwd.failed_cases(summary)
    assert [f.split(":")[0] for f in failed] == ["b", "c", "d"]
    assert "wrong output" in failed[0] and "status timeout" in failed[1] and "status timeout" in failed[2]
    for run in store.all_runs(fwd.EXPERIMENT, include_failed=True):
        assert fwd.failed_cases(run.read_json("summary.json")) == []
