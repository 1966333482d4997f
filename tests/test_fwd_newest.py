"""The forward audit and the K-tail probe against the newest nvidia-cudnn-frontend release: the forward
transforms touch exactly their lines in every release from the audited one to the newest, their unified
diffs apply with `patch`, both variants compile for sm_90a with the CuTe DSL the newest release requires,
`record --release` reaches the worker and the summary (rehearsed with a fake sanitizer replaying recorded
logs), and the K-tail probe's upstream function is the same code in the newest release."""

import json
import lzma
import shutil
import subprocess
import sys

import pytest

from racelab.core import store
from racelab.experiments import fwd_racecheck as fa
from racelab.experiments import k_tail_probe
from racelab.lint.releases import RELEASES
from racelab.toolchain import sanitizer, transforms, wheels

NEWEST = RELEASES[-1]
AUDITED = (fa.RELEASE, NEWEST)


def _source(release):
    return wheels.module_file(release, fa.KERNEL_PATH).read_text()


def _numbers(source, pattern):
    import re
    return [i + 1 for i, line in enumerate(source.splitlines()) if re.match(pattern, line)]


@pytest.mark.parametrize("release", AUDITED)
def test_weights_transform_touches_q0_init_and_inserts_one_arrive(release):
    before = _source(release)
    after = transforms.fwd_weights_all_lanes(before)
    assert transforms.touched_lines(before, after) == _numbers(before, r"^\s*cute\.arch\.mbarrier_init\(mbar_Q0_ptr, 1\)")
    assert sorted(line.strip() for line in transforms.changed_lines(before, after)) == [
        "cute.arch.mbarrier_arrive(mbar_Q0_ptr)", "cute.arch.mbarrier_init(mbar_Q0_ptr, 1 + 32)"]
    assert len(after.splitlines()) == len(before.splitlines()) + 1


@pytest.mark.parametrize("release", AUDITED)
def test_scales_transform_touches_the_kv_inits_and_elected_arrives(release):
    before = _source(release)
    after = transforms.fwd_scales_all_lanes(before)
    arrives = _numbers(before, r"^\s*cute\.arch\.mbarrier_arrive\(mbar_KV[01]_ptr\)\s*$")
    inits = _numbers(before, r"^\s*cute\.arch\.mbarrier_init\(mbar_KV[01]_ptr, 2\)")
    assert len(arrives) == 2 and len(inits) == 2
    assert transforms.touched_lines(before, after) == sorted(inits + arrives + [a - 1 for a in arrives])
    assert sorted(line.strip() for line in transforms.changed_lines(before, after)) == sorted(
        [f"cute.arch.mbarrier_init(mbar_KV{s}_ptr, 1 + 32)" for s in (0, 1)]
        + [f"cute.arch.mbarrier_arrive(mbar_KV{s}_ptr)" for s in (0, 1)])


@pytest.mark.parametrize("release", AUDITED)
def test_readers_transform_touches_only_the_elected_kv_empty_arrives(release):
    before = _source(release)
    after = transforms.fwd_readers_all_lanes(before)
    arrives = _numbers(before, r"^\s*cute\.arch\.mbarrier_arrive\(mbar_KVEmpty[01]_ptr, arrive_count=32\)")
    assert len(arrives) == 4
    assert transforms.touched_lines(before, after) == sorted(arrives + [a - 1 for a in arrives])
    assert all("arrive_count" not in line for line in transforms.changed_lines(before, after))
    # the BF16 path's arrive_count=128 arrives and the init counts stay as shipped
    assert after.count("arrive_count=128") == before.count("arrive_count=128") == 2
    inits = r"^\s*cute\.arch\.mbarrier_init\(mbar_KVEmpty[01]_ptr, 256\)"
    assert len(_numbers(after, inits)) == len(_numbers(before, inits)) == 2
    compile(after, fa.KERNEL_FILE, "exec")
    with pytest.raises(transforms.TransformError, match="KVEmpty"):
        transforms.fwd_readers_all_lanes(after)


def test_the_composed_transform_is_the_audited_one_and_the_variants_compose():
    before = _source(NEWEST)
    assert fa.all_lanes_arrive(before) == transforms.fwd_scales_all_lanes(transforms.fwd_weights_all_lanes(before))
    both = fa.variant_source(before, "all-lanes-readers")
    assert both == transforms.fwd_readers_all_lanes(fa.all_lanes_arrive(before))
    assert fa.variant_source(before, "release") is before
    with pytest.raises(ValueError):
        fa.variant_source(before, "nonsense")


@pytest.mark.skipif(shutil.which("patch") is None, reason="no patch(1)")
@pytest.mark.parametrize("name", sorted(transforms.FWD_TRANSFORMS))
def test_each_diff_applies_to_the_wheels_file(tmp_path, name):
    before = _source(NEWEST)
    after = transforms.FWD_TRANSFORMS[name](before)
    diff = transforms.unified_diff(before, after, "python/" + fa.KERNEL_PATH)
    target = tmp_path / "python" / fa.KERNEL_PATH
    target.parent.mkdir(parents=True)
    target.write_text(before)
    done = subprocess.run(["patch", "-p1", "--quiet"], input=diff, text=True, cwd=tmp_path, capture_output=True)
    assert done.returncode == 0, done.stderr
    assert target.read_text() == after
    assert transforms.unified_diff(before, before, "x") == ""


def test_cases_and_predictions_of_the_readers_variant():
    case = fa.Case.parse("fp8-qh32-sk512-all-lanes-readers")
    assert case.variant == "all-lanes-readers" and case.name == "fp8-qh32-sk512-all-lanes-readers"
    assert fa.predicted_bytes(case) == {"sW": 0, "sKScale": 0} and fa.predicted_war_bytes(case) == 0
    assert fa.predicted_war_bytes(fa.Case("fp8", 32, 512, "all-lanes")) == 2 * 56 * 4
    names = [c.name for c in fa.default_cases()]
    assert names == ["bf16-qh64-sk512-release", "bf16-qh64-sk512-all-lanes", "fp8-qh32-sk512-release",
                     "fp8-qh32-sk512-all-lanes", "fp8-qh32-sk512-all-lanes-readers"]


@pytest.mark.parametrize("variant", fa.VARIANTS)
def test_the_newest_release_compiles_with_the_dsl_it_requires(variant):
    """racelab fwd compile in a fresh process, with nvidia-cutlass-dsl 4.8.1 (1.32.0 requires >= 4.8.0)."""
    from racelab.toolchain import upstream
    try:
        upstream.dsl_paths("4.8.1")
    except upstream.UpstreamError as err:
        pytest.skip(f"nvidia-cutlass-dsl 4.8.1 cannot be installed here: {err}")
    done = subprocess.run([sys.executable, "-m", "racelab.cli.fwd", "compile", "--case", f"fp8-qh32-sk512-{variant}", "--release", NEWEST,
                           "--dsl", "4.8.1"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["ok"] and out["dsl"] == "4.8.1" and "/dsl/4.8.1/" in out["cutlass_file"]


def _replayed_log(case_name: str) -> bytes:
    """A recorded log of the same precision and producer variant (the fake sanitizer's output)."""
    from racelab.core.paths import repo_root
    rec = store.newest(fa.EXPERIMENT, gpu="sm90", root=repo_root() / "results")
    name = case_name.replace("all-lanes-readers", "all-lanes")
    return lzma.decompress((rec.path / f"racecheck-{name}.log.xz").read_bytes())


def test_record_with_a_release_reaches_the_worker_and_the_summary(tmp_path, monkeypatch):
    from racelab.experiments import lint_releases
    hits = lint_releases.recorded().read_json("hits.json")[NEWEST]
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path))
    seen = []
    monkeypatch.setattr(sanitizer, "preflight", lambda require_sm=None: {"name": "fake H200", "sm": 90})

    def plain(cmd, timeout_s):
        seen.append(cmd)
        return sanitizer.SanitizerRun(cmd, None, 0, False, 0.1, b"", json.dumps({"ok": True}) + "\n", "", timeout_s)

    def checked(cmd, report, timeout_s):
        seen.append(cmd)
        return sanitizer.SanitizerRun(cmd, report, 0, False, 0.1, _replayed_log(cmd[-1]), "", "", timeout_s)

    monkeypatch.setattr(sanitizer, "run_plain", plain)
    monkeypatch.setattr(sanitizer, "run_racecheck", checked)
    rec = fa.record(release=NEWEST, jobs=1, log=lambda s: None, command=["racelab", "fwd", "record"])
    assert all(cmd[cmd.index("--release") + 1] == NEWEST for cmd in seen) and len(seen) == 10
    assert fa.run_release(rec) == NEWEST
    frame = fa.case_frame(rec, fa.lint_store_lines(lint_hits=hits)).set_index("case")
    assert frame.loc["fp8-qh32-sk512-release", "sKScale RAW bytes"] == frame.loc["fp8-qh32-sk512-release",
                                                                                 "sKScale predicted"]
    assert frame.loc["fp8-qh32-sk512-all-lanes-readers", "WAR predicted"] == 0


def test_runs_by_release_names_the_recorded_release():
    found = fa.runs_by_release()
    if not found:
        pytest.skip("no fwd-racecheck run recorded")
    assert fa.RELEASE in found and all(fa.run_release(r) == rel for rel, r in found.items())


def test_the_probe_mirrors_the_same_function_in_the_newest_release():
    old = k_tail_probe.upstream_tail(k_tail_probe.upstream_source(fa.RELEASE))
    new = k_tail_probe.upstream_tail(k_tail_probe.upstream_source(NEWEST))
    assert old["ast_sha256"] == new["ast_sha256"] and old["first_line"] != new["first_line"]
    assert k_tail_probe.mirrors(NEWEST)["release"] == NEWEST
    with pytest.raises(ValueError):
        k_tail_probe.upstream_tail("x = 1\n")
    from racelab.book.reports import store_side
    named = store_side.k_tail_runs_by_release()
    assert None not in named and all(rel in RELEASES and k_tail_probe.run_release(r) == rel for rel, r in named.items())


def test_the_cli_passes_the_release(monkeypatch):
    from racelab.cli import k_tail
    got = {}
    monkeypatch.setattr(k_tail_probe, "record", lambda **kw: got.update(kw) or (_ for _ in ()).throw(
        sanitizer.RacecheckError("stop here")))
    assert k_tail.main(["record", "--release", NEWEST]) == 3 and got["release"] == NEWEST
    assert sys.modules["racelab.cli.k_tail"] is k_tail


def test_an_installed_newest_release_loads_once_per_process():
    """Where the release is the importable package (a GPU machine without the wheel cache), its interface
    loads with the native module initialised once: 1.32.0's bindings refuse a second initialisation."""
    from racelab.toolchain import upstream
    try:
        paths = upstream.dsl_paths("4.8.1")
    except upstream.UpstreamError as err:
        pytest.skip(f"nvidia-cutlass-dsl 4.8.1 cannot be installed here: {err}")
    site = wheels.extracted(NEWEST)
    script = ("import sys; sys.path[:] = [p for p in sys.path if 'nvidia_cutlass_dsl' not in p]; "
              f"sys.path[:0] = {paths!r}; "
              "from racelab.experiments import fwd_racecheck as fa; "
              f"assert fa.installed_release() == {NEWEST!r}; "
              f"cm = fa.load_interface(fa.Case('fp8', 32, 512, 'all-lanes-readers'), {NEWEST!r}); "
              "iface = cm.__enter__(); print(iface.__file__)")
    import os
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().startswith(str(site))
