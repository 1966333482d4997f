"""The real kernel, live: upstream's IndexerBackwardSm100 driven through upstream's own
`indexer_backward_wrapper` on random inputs at PR #426's shapes, under compute-sanitizer racecheck, on an
SM100 GPU (B200). Without one it stops and says so; the chapter then quotes the PR's figures.

    python -m racelab.experiments.sm100_racecheck plan                 # what `record` would run (no GPU needed)
    python -m racelab.experiments.sm100_racecheck record               # on a B200: every case, one run "sm100-racecheck"
    python -m racelab.experiments.sm100_racecheck launch --variant release-1.27.0 --shape one-cta   # one launch, JSON out

Variants (racelab.toolchain.upstream): `1.27.0-fix-reverted` (the bug: 1.27.0 with the fix undone in code) and
`release-1.27.0` (the fix) share a CuTe DSL version, so they differ in the fix alone; `release-1.26.0`
(unpatched as shipped) needs the DSL it pins, 4.5.0, and is opt-in (`--variants`). Each launch is its own
process: the variants are the same module names loaded from different sources."""

import argparse
import hashlib
import importlib
import importlib.util
import json
import os
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from racelab.core.paths import cache_dir

EXPERIMENT = "sm100-racecheck"
REQUIRED_SM = 100
DEFAULT_VARIANTS = ("1.27.0-fix-reverted", "release-1.27.0")
# the DSL each release needs when it is not the venv's (1.26.0 pins nvidia-cutlass-dsl 4.5.0)
VARIANT_DSL = {"1.26.0": "4.5.0"}
PACKAGE = "cudnn.deepseek_sparse_attention.indexer_backward"
KERNEL_MODULE = PACKAGE + ".indexer_backward_sm100"


# PR #426's own racecheck figures, for the chapter to quote (labelled as reported, never as measured here).
# Source: the PR's Testing section (SOURCES.md); its 1-CTA analysis-mode count is not given, only "a few".
PR426_REPORTED = {
    "environment": "B200 (SM100), CUDA 13.3, compute-sanitizer 2026.2.0.0, nvidia-cutlass-dsl 4.6.1",
    "rows": (
        {"shape": "one-cta", "report": "hazard", "what": "byte hazards (--racecheck-report hazard)",
         "unpatched": 620, "patched": 0},
        {"shape": "512-cta", "report": "analysis", "what": "error reports (default analysis mode)",
         "unpatched": 12, "patched": 0},
        {"shape": "multi-block", "report": "analysis", "what": "error reports (default analysis mode)",
         "unpatched": 18, "patched": 0},
    ),
}


class LiveError(RuntimeError):
    pass


@dataclass(frozen=True)
class Shape:
    """Inputs of `indexer_backward_wrapper`; the kernel's grid is (s_q, b)."""

    name: str
    b: int
    s_q: int
    s_kv: int
    topk: int
    heads: int = 64
    dim: int = 128

    @property
    def ctas(self) -> int:
        return self.b * self.s_q

    def specialization(self):
        """The kernel's compile-time settings, as the wrapper builds them (block_I=128, local topk ids)."""
        from racelab.toolchain.upstream import Specialization
        return Specialization(head_dim=self.dim, heads=self.heads, block_I=128, topk=self.topk,
                              topk_indices_global=False)


# PR #426's racecheck shapes. It names the CTA counts and topk; s_kv=2048 throughout is ours for the first
# two (it only bounds the random top-k ids).
SHAPES = {
    "one-cta": Shape("one-cta", b=1, s_q=1, s_kv=2048, topk=128),
    "512-cta": Shape("512-cta", b=1, s_q=512, s_kv=2048, topk=128),
    "multi-block": Shape("multi-block", b=3, s_q=64, s_kv=2048, topk=512),
}


@dataclass(frozen=True)
class LiveCase:
    variant: str
    shape: str
    report: str | None  # "hazard", "analysis", or None for a plain launch

    @property
    def name(self) -> str:
        return f"{self.report or 'plain'}-{self.shape}-{self.variant}"

    def launch_command(self, python: str | None = None) -> list[str]:
        return [python or sys.executable, "-m", "racelab.experiments.sm100_racecheck", "launch", "--variant", self.variant,
                "--shape", self.shape]

    def command(self, python: str | None = None, log_file=None, sanitizer: str | None = None) -> list[str]:
        """The command line `record` runs: the launch, under racecheck unless plain."""
        if self.report is None:
            return self.launch_command(python)
        from racelab.toolchain.sanitizer import sanitizer_command
        return sanitizer_command(self.launch_command(python), self.report, 0, log_file, sanitizer)


def plan(variants=DEFAULT_VARIANTS, plain: bool = True) -> list[LiveCase]:
    """PR #426's runs: hazard mode at one CTA; the default analysis mode at one CTA, 512 CTAs and the
    multi-block shape; for each variant; plus a plain launch of each shape (outputs compared across variants)."""
    cases = []
    for variant in variants:
        from racelab.toolchain.upstream import variant as parse_variant
        parse_variant(variant)  # reject bad names early
        cases.append(LiveCase(variant, "one-cta", "hazard"))
        cases += [LiveCase(variant, shape, "analysis") for shape in SHAPES]
        if plain:
            cases += [LiveCase(variant, shape, None) for shape in SHAPES]
    return cases


# ------------------------------------------------------------------ inputs, as the wrapper expects them

def build_inputs(shape: Shape, seed: int = 0, device: str = "cpu") -> dict:
    """`indexer_backward_wrapper`'s tensor arguments (api.py): index_q (B,S_q,H,D) bf16, weights (B,S_q,H)
    bf16, index_k (B,S_kv,D) bf16, attn_score and index_score (B,S_q,topk) fp32 probability rows (target
    and prediction; consumed in place), topk_indices (B,S_q,topk) int32, distinct local ids < S_kv."""
    import torch
    if shape.topk > shape.s_kv:
        raise LiveError(f"{shape.name}: topk {shape.topk} > s_kv {shape.s_kv}")
    g = torch.Generator().manual_seed(seed)
    b, s_q, s_kv, h, d, k = shape.b, shape.s_q, shape.s_kv, shape.heads, shape.dim, shape.topk
    inputs = {
        "index_q": torch.randn(b, s_q, h, d, generator=g).to(torch.bfloat16),
        "weights": torch.randn(b, s_q, h, generator=g).to(torch.bfloat16),
        "index_k": torch.randn(b, s_kv, d, generator=g).to(torch.bfloat16),
        "attn_score": torch.softmax(torch.randn(b, s_q, k, generator=g), dim=-1),
        "index_score": torch.softmax(torch.randn(b, s_q, k, generator=g), dim=-1),
        "topk_indices": torch.rand(b, s_q, s_kv, generator=g).topk(k, dim=-1).indices.to(torch.int32),
    }
    return {name: t.to(device) for name, t in inputs.items()}


def wrapper_kwargs(shape: Shape) -> dict:
    return {"sm_scale": shape.dim ** -0.5, "loss_coeff": 1.0, "grad_loss": 1.0, "block_I": 128,
            "topk_indices_global": False}


# ------------------------------------------------------------------ compiling without a GPU

def compile_for_cpu(variant: str, shape: Shape | str, arch: str = "sm_100a"):
    """Compile the variant's kernel_gemm for `shape`'s specialization, from fake tensors shaped as the
    wrapper's (racelab.toolchain.upstream.build: a cached subprocess compile). Returns the upstream Build."""
    from racelab.toolchain import upstream
    shape = SHAPES[shape] if isinstance(shape, str) else shape
    var = upstream.variant(variant)
    dsl = VARIANT_DSL.get(var.release)
    return upstream.build(var, shape.specialization(), dsl=dsl, arch=arch)


# ------------------------------------------------------------------ the live launch (one variant per process)

def _variant_source_file(variant: str) -> tuple[Path, object]:
    """The variant's kernel source on disk (the DSL reads kernel source through the module's file)."""
    from racelab.toolchain import upstream
    var = upstream.variant(variant)
    text = upstream.kernel_source(var)
    folder = cache_dir() / "sm100-live" / f"{var.name}-{upstream.source_sha256(text)[:12]}"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / Path(upstream.KERNEL_PATH).name
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    return path, var


def load_wrapper(variant: str):
    """Import upstream's indexer backward API with the variant's kernel module in place of the wheel's
    own (and, for a release that pins another DSL, that DSL). Returns (api module, info)."""
    from racelab.toolchain import upstream
    from racelab.toolchain import wheels
    source, var = _variant_source_file(variant)
    wheel_dir = wheels.extracted(var.release)
    dsl = VARIANT_DSL.get(var.release)
    extra = upstream.dsl_paths(dsl) if dsl else []
    if extra:  # as racelab.toolchain.upstream's worker: this process imports that DSL, not the venv's
        sys.path[:] = [p for p in sys.path if "nvidia_cutlass_dsl" not in p]
        sys.path[:0] = extra
        for name in [k for k in sys.modules if k.startswith(("nvidia_cutlass_dsl", "cutlass"))]:
            del sys.modules[name]
    if any(k == "cudnn" or k.startswith("cudnn.") for k in sys.modules):
        raise LiveError("cudnn is already imported in this process: launch each variant in its own process")
    sys.path.insert(0, str(wheel_dir))
    importlib.import_module("cudnn.deepseek_sparse_attention")
    spec = importlib.util.spec_from_file_location(KERNEL_MODULE, source)
    kernel = importlib.util.module_from_spec(spec)
    kernel.__package__ = PACKAGE
    sys.modules[KERNEL_MODULE] = kernel
    spec.loader.exec_module(kernel)
    api = importlib.import_module(PACKAGE + ".api")
    if api.indexer_backward_sm100 is not kernel.indexer_backward_sm100:
        raise LiveError(f"the wrapper did not pick up the {variant} kernel module")
    import cutlass
    return api, {"variant": var.name, "release": var.release, "description": var.description,
                 "kernel_source": str(source), "kernel_sha256": upstream.source_sha256(source.read_text()),
                 "wheel": str(wheel_dir), "cutlass": cutlass.__file__,
                 "dsl": dsl or upstream.venv_dsl_version()}


def require_sm100() -> dict:
    """The SM100 GPU to run on, or LiveError saying why not (the message the chapter would show)."""
    from racelab.core.provenance import gpus
    devices = gpus()
    if not devices:
        raise LiveError("the real kernel needs an SM100 GPU (B200/GB200) and this machine has no NVIDIA GPU; "
                        "replay a recorded sm100-racecheck run or read PR #426's reported figures")
    if devices[0]["sm"] != REQUIRED_SM:
        raise LiveError(f"the real kernel (tcgen05, TMEM) needs an SM100 GPU (B200/GB200); this machine has "
                        f"{devices[0]['name']} (sm_{devices[0]['sm']}). On an H200 the SM90 twin stands in for it "
                        f"(racelab twin record)")
    if importlib.util.find_spec("tvm_ffi") is None:
        raise LiveError("upstream's wrapper compiles with --enable-tvm-ffi: install apache-tvm-ffi")
    return devices[0]


def _digest(t) -> str:
    """sha256 of a tensor's bytes."""
    import torch
    return hashlib.sha256(t.contiguous().cpu().view(-1).view(torch.uint8).numpy().tobytes()).hexdigest()


def launch(variant: str, shape: Shape | str, seed: int = 0) -> dict:
    """One call of upstream's wrapper on the GPU (this process must not have imported cudnn)."""
    shape = SHAPES[shape] if isinstance(shape, str) else shape
    gpu = require_sm100()
    import torch
    t0 = time.perf_counter()
    api, info = load_wrapper(variant)
    inputs = build_inputs(shape, seed, device="cuda")
    t1 = time.perf_counter()
    out = api.indexer_backward_wrapper(inputs["index_q"], inputs["weights"], inputs["index_k"],
                                       inputs["attn_score"], inputs["index_score"], inputs["topk_indices"],
                                       **wrapper_kwargs(shape))
    torch.cuda.synchronize()
    t2 = time.perf_counter()
    dq, dw, dk = out["d_index_q"], out["d_weights"], out["d_index_k"]
    return {**info, "shape": asdict(shape), "ctas": shape.ctas, "seed": seed, "gpu": gpu["name"],
            "setup_s": round(t1 - t0, 3), "first_call_s": round(t2 - t1, 3),
            "finite": bool(torch.isfinite(dq.float()).all() and torch.isfinite(dw.float()).all()
                           and torch.isfinite(dk.float()).all()),
            # d_index_q and d_weights are deterministic (PR #426: byte-identical across variants);
            # d_index_k is accumulated with fp32 atomics, so only its magnitude is kept
            "d_index_q_sha256": _digest(dq), "d_weights_sha256": _digest(dw),
            "d_index_k_abs_sum": float(dk.float().abs().sum())}


# ------------------------------------------------------------------ recording

def _child_env() -> dict:
    env = dict(os.environ)
    from racelab.core.paths import src_root as _src
    src_root = str(_src())
    env["PYTHONPATH"] = os.pathsep.join([src_root] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return env


def record(variants=DEFAULT_VARIANTS, timeout_s: float = 300.0, log=print):
    """On a B200: every case of `plan(variants)`, each in a fresh process; one recorded run."""
    from racelab.toolchain import sanitizer as racecheck
    from racelab.core import store
    gpu = require_sm100()
    racecheck.find_sanitizer()
    cases = plan(variants)
    log(f"sm100 record: {len(cases)} launches on {gpu['name']}")
    started = time.monotonic()
    env = _child_env()
    summary = {"experiment": EXPERIMENT, "gpu": gpu, "variants": list(variants),
               "shapes": {k: asdict(v) for k, v in SHAPES.items()}, "cases": []}
    with store.new_run(EXPERIMENT, command=sys.argv) as run:
        for case in cases:
            entry = {"case": case.name, "variant": case.variant, "shape": case.shape, "report": case.report}
            if case.report is None:
                result = racecheck.run_plain(case.launch_command(), timeout_s=timeout_s, env=env)
            else:
                result = racecheck.run_racecheck(case.launch_command(), report=case.report, timeout_s=timeout_s,
                                                 env=env)
                stored = run.write_bytes(f"racecheck-{case.name}.log", result.log, compress=True)
                entry["log"] = stored.name
                try:
                    entry["parsed"] = racecheck.report_summary(
                        racecheck.parse_log(stored, truncated=result.status != "ok"))
                except Exception as err:
                    entry["parsed"], entry["parse_error"] = None, f"{type(err).__name__}: {err}"
            run.write_text(f"stdout-{case.name}.txt", result.stdout + "\n--- stderr ---\n" + result.stderr)
            entry.update(result.describe())
            entry["launch"] = _last_json(result.stdout)
            summary["cases"].append(entry)
            log(f"  {case.name}: {result.status} in {result.wall_s:.1f}s")
        summary["outputs_identical_across_variants"] = _compare_outputs(summary["cases"])
        summary["wall_s"] = round(time.monotonic() - started, 1)
        run.write_json("summary.json", summary)
    log(f"recorded {run.recorded.experiment}/{run.recorded.id}")
    return run.recorded


def _last_json(stdout: str):
    for line in reversed(stdout.splitlines()):
        if line.startswith("{"):
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                pass
    return None


def _compare_outputs(cases) -> dict:
    """Per shape: do the plain launches of every variant give the same d_index_q and d_weights bytes?"""
    by_shape: dict = {}
    for c in cases:
        if c["report"] is None and c.get("launch"):
            launched = c["launch"]
            by_shape.setdefault(c["shape"], []).append((launched["d_index_q_sha256"], launched["d_weights_sha256"]))
    return {shape: len(set(hashes)) == 1 for shape, hashes in by_shape.items()}


# ------------------------------------------------------------------ tables for the chapter

def reported_table():
    """PR #426's racecheck figures, as the PR reports them (with its shapes spelled out)."""
    import pandas as pd
    rows = []
    for r in PR426_REPORTED["rows"]:
        shape = SHAPES[r["shape"]]
        ctas = f"{shape.ctas} CTA" + ("" if shape.ctas == 1 else "s")
        rows.append({"shape": f"b={shape.b}, s_q={shape.s_q}, topk={shape.topk} ({ctas})",
                     "what": r["what"], "before the fix": r["unpatched"], "after the fix": r["patched"],
                     "source": "reported in PR #426"})
    return pd.DataFrame(rows)


def recorded_table(rec):
    """One row per racecheck case of a recorded sm100-racecheck run."""
    import pandas as pd
    summary = rec.read_json("summary.json")
    rows = []
    for c in summary["cases"]:
        if c["report"] is None:
            continue
        parsed = c.get("parsed") or {}
        rows.append({"variant": c["variant"], "shape": c["shape"], "report": c["report"], "status": c["status"],
                     "hazard records": parsed.get("records"), "analysis reports": parsed.get("reports"),
                     "byte hazards": parsed.get("hazard_bytes"),
                     "finite outputs": (c.get("launch") or {}).get("finite")})
    return pd.DataFrame(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m racelab.experiments.sm100_racecheck", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="action", required=True)
    p_plan = sub.add_parser("plan", help="print the command lines `record` runs")
    p_rec = sub.add_parser("record", help="on a B200: run every case and record one run")
    for p in (p_plan, p_rec):
        p.add_argument("--variants", nargs="+", default=list(DEFAULT_VARIANTS))
    p_rec.add_argument("--timeout", type=float, default=300.0)
    p_launch = sub.add_parser("launch", help="one wrapper call on the GPU; prints a JSON line")
    p_launch.add_argument("--variant", required=True)
    p_launch.add_argument("--shape", required=True, choices=sorted(SHAPES))
    p_launch.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    from racelab.toolchain.upstream import UpstreamError
    try:
        if args.action == "plan":
            for case in plan(args.variants):
                print(" ".join(case.command(log_file=f"racecheck-{case.name}.log")))
            return 0
        if args.action == "record":
            record(args.variants, timeout_s=args.timeout, log=lambda s: print(s, flush=True))
            return 0
        print(json.dumps(launch(args.variant, args.shape, args.seed), sort_keys=True), flush=True)
        return 0
    except (LiveError, UpstreamError) as err:
        print(f"sm100_live: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
