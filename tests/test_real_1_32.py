"""The SM90 variants of the newest release read (1.32.0) on the DSL that release pins: what the rehearsal stands
in for on a CPU (the stream-ordered memset before the launch), the launch reached, and the compile for sm_90a."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from racelab.core.paths import cache_dir
from racelab.experiments import rehearsal
from racelab.toolchain import real_kernel, upstream
from racelab.vocab import RELEASE_DSL
from test_rehearsal import fake_tools  # noqa: F401  (nvidia-smi and compute-sanitizer stand-ins)

NEWEST = real_kernel.SM90.newest


def _cached(release):
    dsl = RELEASE_DSL.get(release)
    wheel = any((cache_dir() / "wheels" / f"nvidia-cudnn-frontend-{release}").glob("*.whl"))
    if not wheel or not dsl:
        return False
    try:
        upstream.dsl_paths(dsl, install=False)
    except upstream.UpstreamError:
        return False
    return True


def test_the_newest_variants_pin_the_dsl_of_their_release():
    assert NEWEST == ("release-1.32.0", "1.32.0-k-consumed-all")
    for name in NEWEST:
        var = real_kernel.SM90.check_variant(name)
        assert var.release == "1.32.0" and var.dsl == RELEASE_DSL["1.32.0"]


def test_the_stand_in_memset_answers_success_and_is_undone():
    runtime = pytest.importorskip("cuda.bindings.runtime")
    real = runtime.cudaMemsetAsync
    with rehearsal.stand_in_memset():
        err = runtime.cudaMemsetAsync(0, 0, 64, 0)[0]
        assert int(err) == 0
    assert runtime.cudaMemsetAsync is real


@pytest.mark.skipif(not _cached("1.32.0"), reason="needs the 1.32.0 wheel and DSL 4.8.1 in the cache (make fetch)")
def test_the_newest_sm90_variants_reach_the_launch(fake_tools):  # noqa: F811
    fake_tools("NVIDIA H200, 9.0, 580.159.04, 143771 MiB")
    report = rehearsal.rehearse(list(NEWEST), ["real-racecheck", "real-numerics"], arch="sm90")
    assert report["ok"], [(c["case"], c.get("error")) for c in report["cases"] if not c["reached"]]
    assert {c["variant"] for c in report["cases"]} == set(NEWEST)
    for case in report["cases"]:
        assert any(x["kernel"] == "IndexerBackwardSm90" for x in case["launches"])
        for built in case["compiles"]:
            assert built["dsl"] == RELEASE_DSL["1.32.0"] and "--gpu-arch sm_90a" in built["options"]


@pytest.mark.slow
@pytest.mark.skipif(not _cached("1.32.0"), reason="needs the 1.32.0 wheel and DSL 4.8.1 in the cache (make fetch)")
@pytest.mark.parametrize("variant", NEWEST)
def test_the_newest_sm90_kernels_compile_for_sm90a(variant):
    """A real compile on DSL 4.8.1, through a wrapper that zeroes its fp32 dK before compiling on first use."""
    code = ("import json; from racelab.experiments import rehearsal; "
            f"print(json.dumps(rehearsal.compile_check('sm90', {variant!r})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(Path(rehearsal.__file__).parents[2])})
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["kernel"] == "IndexerBackwardSm90" and "--gpu-arch sm_90a" in got["options"]
