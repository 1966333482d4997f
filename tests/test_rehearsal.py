"""The dress rehearsal of `make live`'s real-kernel steps: upstream's real host code up to the kernel launch, with
the tools found on PATH (fakes here), a scratch store, and one compute-capability policy."""

import json
import sys
import os
from pathlib import Path

import pytest

from racelab.cli import rehearse as cli
from racelab.core.paths import cache_dir, results_dir
from fakes import B200, fake_gpu, script
from racelab.experiments import rehearsal
from racelab.vocab import PR_SHAPES, upstream_input_shapes


@pytest.fixture
def fake_tools(tool_dir, monkeypatch):
    """A sanitizer that runs the command's last word (and names its version), an nvcc that writes the file -o
    names, torch seeing the GPU, and `gpu(line)`: what nvidia-smi reports (a B200 to start)."""
    script(tool_dir, "compute-sanitizer",
           '[ "$1" = "--version" ] && { echo "NVIDIA (R) Compute Sanitizer Version 2026.2.0.0"; exit 0; }\n'
           'exec "${@: -1}"\n')
    script(tool_dir, "nvcc", 'prev=; for a; do [ "$prev" = "-o" ] && : > "$a"; prev=$a; done\n'
                             'echo "Cuda compilation tools, release 13.0"\n')
    monkeypatch.setattr(rehearsal, "torch_cuda", lambda: (True, "13.0"))
    fake_gpu(tool_dir, B200)
    return lambda line: fake_gpu(tool_dir, line)


def _results_listing():
    root = results_dir()
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")) if root.exists() else []


def _cached_wheel(release):
    return any((cache_dir() / "wheels" / f"nvidia-cudnn-frontend-{release}").glob("*.whl"))


def test_the_recorder_keeps_compiles_and_launches():
    rec = rehearsal.LaunchRecorder()
    kernel = type(rehearsal.kernel_class("sm100"), (), {})()
    kernel.topk = 128
    launch = rec.compile(kernel, "x", options="--gpu-arch sm_100a")
    assert rec.reached() is None
    import torch
    launch(torch.zeros(2, 3, dtype=torch.bfloat16), 1.5)
    assert rec.compiles[0]["settings"] == {"topk": 128} and rec.compiles[0]["options"] == "--gpu-arch sm_100a"
    assert rec.reached()["args"] == [{"shape": [2, 3], "dtype": "bfloat16"}, {"value": 1.5}]


@pytest.mark.parametrize("line, words", [("NVIDIA B300, 10.3, 580.1, 275040 MiB", "sm_100a cubin runs only"),
                                         ("NVIDIA RTX PRO 6000, 12.0, 580.1, 97887 MiB", "no tcgen05")])
def test_a_gpu_the_policy_refuses_reaches_nothing(fake_tools, capsys, line, words):
    fake_tools(line)
    report = rehearsal.rehearse(["release-1.27.0"], ["real-racecheck"], compile_kernels=False)
    assert not report["ok"] and report["tools"]["runs"] is False
    assert all(not c["reached"] and words in c["error"] for c in report["cases"]) and len(report["cases"]) == 4
    assert cli.main(["sm100", "--variant", "release-1.27.0", "--step", "real-racecheck"]) == 1
    assert words in capsys.readouterr().out


def test_the_rehearsal_covers_every_sm100_step_of_make_live():
    assert rehearsal.sm100_steps() == list(rehearsal.STEPS)


def test_bad_arguments_exit_2():
    assert cli.main(["sm100", "--variant", "release-1.27"]) == 2
    assert cli.main(["sm100", "--step", "sm100-numerics"]) == 2
    assert cli.main(["sm90", "--variant", "1.27.0-fix-reverted"]) == 2
    assert cli.main(["sm80"]) == 2


@pytest.mark.skipif(not _cached_wheel("1.27.0"), reason="downloads the 1.27.0 wheel (see the slow variant)")
def test_racecheck_cases_reach_the_launch_with_the_wrappers_shapes(fake_tools, tmp_path):
    before = _results_listing()
    report = rehearsal.rehearse(["1.27.0-fix-reverted"], ["real-racecheck"], compile_kernels=False)
    assert _results_listing() == before  # a scratch store: nothing under results/
    assert report["ok"], [c.get("error") for c in report["cases"]]
    assert report["tools"]["compute_sanitizer"] == str(tmp_path / "bin" / "compute-sanitizer")
    assert len(report["cases"]) == 4
    compiled = set()
    for case in report["cases"]:
        gemm = next(x for x in case["launches"] if x["kernel"] == rehearsal.kernel_class("sm100"))
        want = upstream_input_shapes(PR_SHAPES[case["shape"]])
        got = [(tuple(a["shape"]), a["dtype"]) for a in gemm["args"][:3]]
        assert got == [want["index_q"], want["weights"], want["index_k"]]
        assert (tuple(gemm["args"][7]["shape"]), gemm["args"][7]["dtype"]) == want["topk_indices"]
        for built in (x for x in case["compiles"] if x["kernel"] == rehearsal.kernel_class("sm100")):
            assert "--gpu-arch sm_100a" in built["options"] and "--enable-tvm-ffi" in built["options"]
            assert built["settings"]["topk"] == PR_SHAPES[case["shape"]].topk
            compiled.add(case["shape"])
        if "hazard" in case["case"] or "analysis" in case["case"]:
            assert case["command"].startswith(str(tmp_path / "bin" / "compute-sanitizer") + " --tool racecheck")
    # one compile per compile key: 512-cta reuses one-cta's kernel (upstream keys on heads, dim, topk, block_I)
    assert compiled == {"one-cta", "multi-block"}


@pytest.mark.skipif(not _cached_wheel("1.27.0"), reason="needs the 1.27.0 wheel in the cache")
def test_the_sm90_sibling_is_rehearsed_through_the_same_steps(fake_tools):
    """The steps an H200 runs (the same driver, IndexerBackwardSm90) reach its launch for both variants."""
    fake_tools("NVIDIA H200, 9.0, 580.159.04, 143771 MiB")
    report = rehearsal.rehearse(None, ["real-racecheck", "real-numerics"], arch="sm90", compile_kernels=False)
    assert report["ok"], [(c["case"], c.get("error")) for c in report["cases"] if not c["reached"]]
    assert {c["variant"] for c in report["cases"]} == {"release-1.27.0", "1.27.0-k-consumed-all",
                                                       "1.27.0-dk-staging-barriers",
                                                       "1.27.0-k-consumed-all+dk-staging-barriers"}
    for case in report["cases"]:
        assert any(x["kernel"] == "IndexerBackwardSm90" for x in case["launches"])


def test_a_dsl_that_cannot_be_imported_is_not_reached(fake_tools, tmp_path, monkeypatch):
    """release-1.26.0 pins DSL 4.5.0: with a cache that lacks it, every case says so and nothing is faked."""
    if not _cached_wheel("1.26.0"):
        pytest.skip("the 1.26.0 wheel is not cached")
    cache = tmp_path / "cache"
    cache.mkdir()
    os.symlink(cache_dir() / "wheels", cache / "wheels")
    monkeypatch.setenv("RACELAB_CACHE", str(cache))
    report = rehearsal.rehearse(["release-1.26.0"], ["real-racecheck"], compile_kernels=False)
    assert not report["ok"]
    assert all(not c["reached"] and "nvidia-cutlass-dsl 4.5.0 is not installed" in c["error"] for c in report["cases"])


@pytest.mark.slow
def test_every_variant_and_step_from_the_cli(fake_tools, capsys):
    """What CI runs: all three variants through both steps (downloads wheels and needs DSL 4.5.0 in the cache)."""
    rc = cli.main(["sm100", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert {c["variant"] for c in report["cases"]} == {"1.27.0-fix-reverted", "release-1.27.0", "release-1.26.0"}
    assert {c["step"] for c in report["cases"]} == set(rehearsal.STEPS)
    assert rc == (0 if report["ok"] else 1)
    assert report["ok"], ([(c["case"], c.get("error")) for c in report["cases"] if not c["reached"]],
                          report["not_ready"])
    # each variant's kernel compiled for the B200's architecture, not only reached
    assert {c["variant"] for c in report["compiles"]} == {"1.27.0-fix-reverted", "release-1.27.0", "release-1.26.0"}
    assert all("sm_100a" in c["options"] and not c.get("error") for c in report["compiles"]), report["compiles"]


@pytest.mark.parametrize("tool", ["compute-sanitizer", "nvcc"])
def test_a_missing_tool_is_not_ready(fake_tools, tmp_path, tool):
    """Every case may reach the launch, but without the sanitizer (racecheck) or nvcc (calibration) make live
    cannot run its steps: the rehearsal says so and is not ok."""
    (tmp_path / "bin" / tool).unlink()
    report = rehearsal.rehearse(["1.27.0-fix-reverted"], ["real-racecheck"], compile_kernels=False)
    assert all(c["reached"] for c in report["cases"])
    assert not report["ok"] and any(w.startswith(tool) for w in report["not_ready"]), report["not_ready"]


@pytest.mark.skipif(not _cached_wheel("1.27.0"), reason="needs the 1.27.0 wheel in the cache")
def test_the_old_calling_convention_is_caught(fake_tools):
    """The bug the rehearsal exists for: the 1.26.0 convention (grad_loss=1.0, a float) on 1.27.0 code stops
    in upstream's api.py, before any launch; the rehearsal says so instead of recording zeros."""
    import subprocess
    import sys
    code = """
import json
from racelab.experiments import rehearsal, real_racecheck as s
real_inputs, real_kwargs = s.upstream_inputs, s.upstream_wrapper_kwargs
s.upstream_inputs = lambda *a, **k: {n: t for n, t in real_inputs(*a, **k).items() if n != "grad_loss"}
s.upstream_wrapper_kwargs = lambda shape: {**real_kwargs(shape), "grad_loss": 1.0}
print(json.dumps(rehearsal.worker({"arch": "sm100", "step": "real-racecheck", "variant": "release-1.27.0",
                                   "capability": [10, 0]})))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(Path(rehearsal.__file__).parents[2])})
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(got) == set(PR_SHAPES)
    assert all(not r["reached"] and r["error"] == "TypeError: grad_loss must be a torch.Tensor" for r in got.values())


@pytest.mark.slow
@pytest.mark.skipif(not _cached_wheel("1.27.0"), reason="needs the 1.27.0 wheel in the cache")
@pytest.mark.parametrize("variant", ["1.27.0-dk-staging-barriers", "1.27.0-k-consumed-all+dk-staging-barriers"])
def test_the_transformed_sm90_kernels_compile_for_sm90a(variant):
    """The SM90 variants that only this project builds compile for sm_90a before any H200 sees them."""
    import subprocess
    import sys
    code = ("import json; from racelab.experiments import rehearsal; "
            f"print(json.dumps(rehearsal.compile_check('sm90', {variant!r})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(Path(rehearsal.__file__).parents[2])})
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["kernel"] == "IndexerBackwardSm90" and "--gpu-arch sm_90a" in got["options"]


def test_one_case_a_variant_runs_through_its_own_command_line(fake_tools):
    """compute-sanitizer's command line as `real record` builds it, the launch in a process of its own: the
    rehearsal's sanitizer checks the racecheck options and writes the log it is told to; the launch rehearses."""
    report = rehearsal.rehearse(["1.27.0-fix-reverted"], ["real-racecheck"], compile_kernels=False)
    (sub,) = report["subprocesses"]
    assert sub["reached"] and sub["log_written"], sub
    assert "--tool racecheck --racecheck-report hazard" in sub["command"] and "racelab.experiments.real_launch launch" in sub["command"]
    assert report["ok"], report["not_ready"]


def test_a_launch_that_fails_in_its_own_process_is_not_ready(fake_tools, monkeypatch):
    from racelab.experiments import real_racecheck

    monkeypatch.setattr(real_racecheck.LiveCase, "launch_command",
                        lambda self, python=None: [sys.executable, "-c", "import sys; sys.exit(3)"])
    report = rehearsal.rehearse(["1.27.0-fix-reverted"], ["real-racecheck"], compile_kernels=False)
    assert not report["ok"] and any("did not reach the launch" in w for w in report["not_ready"])


@pytest.mark.parametrize("breakage, words", [
    ("torch", "torch.cuda: no usable GPU"),
    ("old-sanitizer", "compute-sanitizer 2024.3.0.0: older than 2025.1"),
    ("nvcc-no-sm100", "nvcc: cannot build for sm_100a"),
])
def test_on_the_gpu_host_a_missing_capability_is_not_ready_and_exits_3(fake_tools, tool_dir, monkeypatch, capsys,
                                                                     breakage, words):
    """On the B200 host itself the rehearsal also asks torch, the sanitizer's version and nvcc; each missing
    capability is one NOT READY reason in the one last line, and the exit status is 3 (absent), as the README's
    table says; with everything present the last line is READY and the status 0."""
    if breakage == "torch":
        monkeypatch.setattr(rehearsal, "torch_cuda", lambda: (False, "13.0"))
    elif breakage == "old-sanitizer":
        script(tool_dir, "compute-sanitizer",
               '[ "$1" = "--version" ] && { echo "Compute Sanitizer Version 2024.3.0.0"; exit 0; }\nexec "${@: -1}"\n')
    else:
        script(tool_dir, "nvcc", 'echo "nvcc fatal   : Unsupported gpu architecture \'sm_100a\'" >&2; exit 1\n')
    monkeypatch.setattr(rehearsal, "rehearse", _no_compile(rehearsal.rehearse))
    rc = cli.main(["sm100", "--variant", "1.27.0-fix-reverted", "--step", "real-racecheck"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert rc == 3 and last.startswith("NOT READY: ") and words in last, last


def test_a_ready_rehearsal_ends_with_ready(fake_tools, monkeypatch, capsys):
    monkeypatch.setattr(rehearsal, "rehearse", _no_compile(rehearsal.rehearse))
    rc = cli.main(["sm100", "--variant", "1.27.0-fix-reverted", "--step", "real-racecheck"])
    assert capsys.readouterr().out.strip().splitlines()[-1] == "READY" and rc == 0


def test_a_missing_tool_exits_3(fake_tools, tmp_path, monkeypatch, capsys):
    (tmp_path / "bin" / "compute-sanitizer").unlink()
    monkeypatch.setattr(rehearsal, "rehearse", _no_compile(rehearsal.rehearse))
    rc = cli.main(["sm100", "--variant", "1.27.0-fix-reverted", "--step", "real-racecheck"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert rc == 3 and last.startswith("NOT READY: compute-sanitizer"), last


def _no_compile(rehearse):
    """The rehearsal as the CLI calls it, without compiling kernels (the tests of compiling are elsewhere)."""
    def run(*args, **kwargs):
        return rehearse(*args, **{**kwargs, "compile_kernels": False})
    return run
