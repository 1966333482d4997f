import json
import subprocess
import sys
from pathlib import Path

import pytest

from fakes import fake_gpu, forget_gpus
from racelab.cli import real as real_cli
from racelab.experiments import real_launch
from racelab.experiments import real_racecheck as real
from racelab.experiments.real_racecheck import LiveCase, LiveError
from racelab.toolchain import real_kernel, wheels
from racelab.toolchain.real_kernel import SM90, SM100
from racelab.toolchain.inputs import upstream_inputs
from racelab.vocab import PR_REPORTED, WARP_SIZE, ArriveMode, TwinLayout, upstream_wrapper_kwargs
from racelab.vocab import PR_SHAPES as SHAPES

SRC = str(Path(real.__file__).resolve().parent.parent)


def test_shapes_are_the_pr_s():
    assert SHAPES["one-cta"].ctas == 1 and SHAPES["one-cta"].topk == 128
    assert SHAPES["512-cta"].ctas == 512
    multi = SHAPES["multi-block"]
    assert (multi.b, multi.s_q, multi.s_kv, multi.topk, multi.ctas) == (3, 64, 2048, 512, 192)
    spec = real.specialization(multi)
    assert (spec.head_dim, spec.heads, spec.block_I, spec.topk, spec.topk_indices_global) == (128, 64, 128, 512, False)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_inputs_are_what_the_wrapper_expects(name):
    import torch
    shape = SHAPES[name]
    x = upstream_inputs(shape)
    b, s_q, s_kv, k, h, d = shape.b, shape.s_q, shape.s_kv, shape.topk, shape.heads, shape.dim
    expected = {"index_q": ((b, s_q, h, d), torch.bfloat16), "weights": ((b, s_q, h), torch.bfloat16),
                "index_k": ((b, s_kv, d), torch.bfloat16), "attn_score": ((b, s_q, k), torch.float32),
                "index_score": ((b, s_q, k), torch.float32), "topk_indices": ((b, s_q, k), torch.int32),
                "grad_loss": ((1,), torch.float32)}
    assert {n: (tuple(t.shape), t.dtype) for n, t in x.items()} == expected
    assert all(t.is_contiguous() and t.device.type == "cpu" for t in x.values())
    idx = x["topk_indices"]
    assert int(idx.min()) >= 0 and int(idx.max()) < s_kv
    assert (idx.sort(dim=-1).values.diff(dim=-1) > 0).all()  # distinct ids in each row
    for score in ("attn_score", "index_score"):
        assert torch.allclose(x[score].sum(-1), torch.ones(b, s_q)) and (x[score] > 0).all()
    again = upstream_inputs(shape)
    assert all(torch.equal(x[n], again[n]) for n in x)  # seeded
    assert not torch.equal(upstream_inputs(shape, seed=1)["index_q"], x["index_q"])
    kw = upstream_wrapper_kwargs(shape)
    assert kw["block_I"] == 128 and kw["topk_indices_global"] is False and kw["sm_scale"] == d ** -0.5


def test_plan_and_the_sanitizer_command():
    cases = real.plan(SM100)
    assert len(cases) == 2 * (len(PR_REPORTED["racecheck"]) + 1)
    assert cases[3].name == "hazard-multi-block-1.27.0-fix-reverted"
    assert [c.name for c in cases[:3]] == ["hazard-one-cta-1.27.0-fix-reverted", "analysis-512-cta-1.27.0-fix-reverted",
                                           "analysis-multi-block-1.27.0-fix-reverted"]
    assert len(real.plan(SM100, plain=True)) == 2 * (4 + 3)
    assert {c.variant for c in real.plan(SM90)} == {"release-1.27.0", "1.27.0-k-consumed-all"}
    case = LiveCase("sm100", "release-1.27.0", "multi-block", "analysis")
    assert case.command(python="py", log_file="x.log", sanitizer="/opt/cs") == [
        "/opt/cs", "--tool", "racecheck", "--racecheck-report", "analysis", "--print-limit", "0",
        "--log-file", "x.log", "py", "-m", "racelab.experiments.real_launch", "launch", "--arch", "sm100", "--variant",
        "release-1.27.0", "--shape", "multi-block"]
    assert LiveCase("sm90", "release-1.27.0", "one-cta", None).command(python="py")[:3] == ["py", "-m", "racelab.experiments.real_launch"]
    with pytest.raises(real_kernel.VariantError):
        real.plan(SM100, ["release-1.27"])
    with pytest.raises(real_kernel.VariantError):
        real.plan(SM90, ["1.27.0-fix-reverted"])  # the SM100 kernel's variant


def _path_with(tmp_path, smi_line=None):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    if smi_line:
        fake_gpu(bin_dir, smi_line)
    return f"{bin_dir}:/usr/bin:/bin"


@pytest.fixture
def gpus_asked_afresh():
    forget_gpus()
    yield
    forget_gpus()


def test_no_gpu_stops_with_a_clear_message(tmp_path, monkeypatch, capsys, gpus_asked_afresh):
    monkeypatch.setenv("PATH", _path_with(tmp_path))
    with pytest.raises(LiveError, match="needs an NVIDIA GPU .* has none"):
        real_kernel.local_target()
    assert real_launch.main(["launch", "--arch", "sm100", "--variant", "release-1.27.0", "--shape", "one-cta"]) == 3
    assert "B200" in capsys.readouterr().err
    assert real_cli.main(["record"]) == 3
    assert real_cli.main(["numerics"]) == 3
    with pytest.raises(SystemExit) as bad:
        real_launch.main(["launch", "--arch", "sm100", "--variant", "release-1.27.0", "--shape", "nine-cta"])
    assert bad.value.code == 2


def test_an_h200_runs_the_sm90_kernel_and_a_b200_the_sm100_one(tmp_path, monkeypatch, gpus_asked_afresh):
    monkeypatch.setattr(real_kernel.upstream, "missing_compile_modules", lambda: [])
    monkeypatch.setenv("PATH", _path_with(tmp_path, "NVIDIA H200, 9.0, 580.159.04, 143771 MiB"))
    assert real_kernel.local_target()[0] is SM90
    assert real_launch.main(["launch", "--arch", "sm100", "--variant", "release-1.27.0", "--shape", "one-cta"]) == 3
    assert real_kernel.target_for((10, 0)) is SM100
    with pytest.raises(LiveError, match="sm_103a"):
        real_kernel.target_for((10, 3))


def test_cli_plan_prints_every_command(capsys):
    assert real_cli.main(["plan", "--arch", "sm100"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 8 and all("compute-sanitizer" in ln for ln in lines)
    assert real_cli.main(["plan", "--arch", "sm90", "--variants", "1.27.0-k-consumed-all"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 4


def test_the_sm90_variant_differs_from_the_release_by_exactly_the_k_consumed_lines():
    import difflib
    shipped = real_kernel.kernel_source(SM90, "release-1.27.0")
    closed = real_kernel.kernel_source(SM90, "1.27.0-k-consumed-all")
    changed = [ln for ln in difflib.unified_diff(shipped.splitlines(), closed.splitlines(), n=0, lineterm="")
               if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
    assert len(changed) == 8
    assert sorted(ln.strip() for ln in changed if ln.startswith("+")) == sorted(
        [f"+            cute.arch.mbarrier_init(mbar + MBAR_K_CONSUMED_{i}, 2 * self.WARPGROUP_SIZE)".strip()
         for i in range(3)] + ["+            if wg_tidx >= 0:".strip()])


def test_the_fix_reverted_variant_differs_from_1_27_0_by_exactly_the_fix():
    import difflib
    patched = real_kernel.kernel_source(SM100, "release-1.27.0")
    reverted = real_kernel.kernel_source(SM100, "1.27.0-fix-reverted")
    removed = [ln[1:].strip() for ln in difflib.unified_diff(patched.splitlines(), reverted.splitlines(), n=0,
                                                             lineterm="") if ln.startswith("-") and not ln.startswith("---")]
    assert removed == ["cute.arch.mbarrier_init(mbar + MBAR_W_LOADED, self.WARP_SIZE)",
                       "cute.arch.mbarrier_arrive(mbar + MBAR_W_LOADED)"]


def test_wrapper_loads_with_the_variant_kernel():
    """In a fresh process (as `launch` runs): upstream's api module, with the fix-reverted kernel in place of
    the wheel's, up to the point where it would touch the GPU."""
    code = """
import json, sys, inspect
from racelab.toolchain import real_kernel
with real_kernel.load_wrapper(real_kernel.SM100, "1.27.0-fix-reverted") as (api, info):
    kernel = sys.modules[real_kernel.SM100.kernel_module]
    src = inspect.getsource(kernel.IndexerBackwardSm100._load_warp)
    out = {"info": info, "same": api.indexer_backward_sm100 is kernel.indexer_backward_sm100,
           "elected": "with cute.arch.elect_one():" in src, "wrapper": callable(api.indexer_backward_wrapper),
           "kernel_file": kernel.__file__}
out["left"] = sorted(k for k in sys.modules if k == "cudnn" or k.startswith("cudnn."))
print(json.dumps(out))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin", "HOME": str(Path.home())})
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["same"] and out["elected"] and out["wrapper"]
    assert out["info"]["variant"] == "1.27.0-fix-reverted" and out["info"]["release"] == "1.27.0"
    assert ".cache/upstream-src/1.27.0-" in out["kernel_file"]
    assert out["info"]["wheel"].endswith(f"nvidia-cudnn-frontend-1.27.0-{wheels.wheel_target().slug}/cudnn")
    assert out["left"] == []  # the block imported cudnn and took it away again


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["1.27.0-fix-reverted", "release-1.27.0"])
def test_compiles_for_sm100a(variant):
    build = real.compile_for_cpu(variant, "one-cta", arch="sm_100a")
    assert build.cubin.read_bytes()[:4] == b"\x7fELF"
    assert ".target sm_100a" in build.ptx.read_text()
    assert build.key.spec == real.specialization(SHAPES["one-cta"])


def test_output_digests():
    import torch
    a = torch.arange(6, dtype=torch.float32).to(torch.bfloat16).reshape(2, 3)
    assert real._digest(a) == real._digest(a.clone()) != real._digest(a + 1)


def test_numerics_across_variants_names_the_outputs_that_differ():
    import torch
    from racelab.experiments import real_numerics
    base = {"d_index_q": torch.ones(4, dtype=torch.bfloat16), "d_weights": torch.ones(3, dtype=torch.bfloat16),
            "d_index_k": torch.ones(5)}
    other = {**base, "d_index_k": torch.tensor([1.0, 1.0, float.fromhex("0x1.000002p+0"), 1.0, 1.0])}
    got = real_numerics.across_variants({"a": base, "b": other})
    assert list(got) == ["b"]
    assert got["b"]["d_index_q"]["elements_differing"] == 0 and got["b"]["d_weights"]["elements_differing"] == 0
    assert got["b"]["d_index_k"]["elements_differing"] == 1 and got["b"]["d_index_k"]["max_ulps"] == 1


def test_reported_table_quotes_the_pr_s_figures():
    table = real.reported_table()
    rows = PR_REPORTED["racecheck"]
    assert list(table["before the fix"]) == [r["unpatched"] for r in rows]
    assert list(table["after the fix"]) == [r["patched"] for r in rows]
    assert set(table["source"]) == {"reported in PR #426"}
    assert [s.split("(")[1] for s in table["shape"]] == ["1 CTA)", "512 CTAs)", "192 CTAs)"]


def test_the_pr_s_byte_hazard_count_is_the_store_pattern_s():
    """PR #426's one-CTA hazard-mode figure is what upstream's load-warp store pattern predicts at its shape:
    the 31 lanes that do not arrive each store topk/32 fp32 and heads/32 bf16 elements."""
    row = next(r for r in PR_REPORTED["racecheck"] if r["report"] == "hazard")
    shape = SHAPES[row["shape"]]
    assert shape.ctas == 1
    layout = TwinLayout(shape.topk, shape.heads)
    idle = WARP_SIZE - len(ArriveMode.ELECTED.arriving_lanes)
    per_lane = layout.grad_stores_per_lane * layout.grad_bytes + layout.w_stores_per_lane * layout.w_bytes
    assert row["unpatched"] == idle * per_lane
    assert row["patched"] == (WARP_SIZE - len(ArriveMode.ALL_LANES.arriving_lanes)) * per_lane


def test_fetch_says_what_cannot_be_fetched(monkeypatch, capsys):
    def offline(version, *a, **k):
        raise wheels.WheelError("no network")
    monkeypatch.setattr(wheels, "extracted", offline)
    assert real_cli.main(["fetch", "--arch", "sm100", "--variants", "release-1.27.0"]) == 1
    assert "cannot fetch what release-1.27.0 needs: no network" in capsys.readouterr().err


def test_fetch_fills_the_cache_for_each_variant(monkeypatch):
    """What `record` fetches before any case: the wheel, the variant's source, the pinned DSL."""
    from racelab.toolchain import upstream
    asked = []
    monkeypatch.setattr(wheels, "extracted", lambda version, *a, **k: asked.append(("wheel", version)) or Path("/w"))
    monkeypatch.setattr(upstream, "kernel_source", lambda var, path=None: asked.append(("source", var.name)) or "")
    monkeypatch.setattr(upstream, "dsl_paths", lambda version, install=True: asked.append(("dsl", version)) or ["/d"])
    got = real_kernel.fetch(SM100, ["1.27.0-fix-reverted", "release-1.26.0"], log=lambda s: None)
    assert asked == [("wheel", "1.27.0"), ("source", "1.27.0-fix-reverted"), ("wheel", "1.26.0"),
                     ("source", "release-1.26.0"), ("dsl", "4.5.0")]
    assert got["release-1.26.0"]["dsl"] == "4.5.0" and got["release-1.26.0"]["dsl_paths"] == ["/d"]


def test_the_1049_barriers_add_six_lines_and_change_none():
    import difflib
    shipped = real_kernel.kernel_source(SM90, "release-1.27.0")
    barriers = real_kernel.kernel_source(SM90, "1.27.0-dk-staging-barriers")
    diff = [ln for ln in difflib.unified_diff(shipped.splitlines(), barriers.splitlines(), n=0, lineterm="")
            if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
    assert len(diff) == 6 and all(ln.startswith("+") for ln in diff)
    assert sum("cute.arch.barrier(" in ln for ln in diff) == 2
    both = real_kernel.kernel_source(SM90, "1.27.0-k-consumed-all+dk-staging-barriers")
    closed = real_kernel.kernel_source(SM90, "1.27.0-k-consumed-all")
    assert len(both.splitlines()) == len(closed.splitlines()) + 6
    from racelab.vocab import UpstreamVariant, VocabError
    assert UpstreamVariant.parse("1.27.0-k-consumed-all+dk-staging-barriers").transforms == (
        "k_consumed_all_threads", "dk_staging_barriers")
    with pytest.raises(VocabError):
        UpstreamVariant.parse("1.27.0-k-consumed-all+k-consumed-all")


def test_the_newest_release_is_opt_in_and_closes_k_consumed_in_the_same_four_lines(monkeypatch):
    import difflib
    shipped = real_kernel.kernel_source(SM90, "release-1.32.0")
    closed = real_kernel.kernel_source(SM90, "1.32.0-k-consumed-all")
    changed = [ln for ln in difflib.unified_diff(shipped.splitlines(), closed.splitlines(), n=0, lineterm="")
               if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
    assert len(changed) == 8
    assert "release-1.32.0" not in SM90.variants + SM90.secondary  # `make fetch` does not pull DSL 4.8.1
    assert [c.name for c in real.plan(SM90, ["release-1.32.0"])][-1] == "hazard-multi-block-release-1.32.0"
