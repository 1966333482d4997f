"""The real kernel, live: upstream's IndexerBackwardSm100 driven through upstream's own
`indexer_backward_wrapper` on racelab.vocab's inputs at PR #426's shapes (vocab.PR_SHAPES), under
compute-sanitizer racecheck, on an SM100 GPU (B200). Without one it stops and says so; the chapter then
quotes the PR's figures (vocab.PR_REPORTED).

    racelab sm100 plan                 # what `record` would run (no GPU needed)
    racelab sm100 record               # on a B200: every case, one run "sm100-racecheck"
    racelab sm100 launch --variant release-1.27.0 --shape one-cta   # one launch, JSON out

Variants (racelab.vocab.UpstreamVariant): `1.27.0-fix-reverted` (the bug: 1.27.0 with the fix undone in code)
and `release-1.27.0` (the fix) share a CuTe DSL version, so they differ in the fix alone; `release-1.26.0`
(unpatched as shipped) needs the DSL it pins (vocab.RELEASE_DSL), and is opt-in (`--variants`). Each
launch is its own process."""

import os
import sys
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass

from racelab.core import files
from racelab.toolchain import loaders, upstream
from racelab.vocab import (BLOCK_I, PR_REPORTED, PR_SHAPES, UpstreamShape, UpstreamVariant, upstream_inputs,
                           upstream_wrapper_kwargs)

EXPERIMENT = "sm100-racecheck"
DEFAULT_VARIANTS = ("1.27.0-fix-reverted", "release-1.27.0")
PACKAGE = "cudnn.deepseek_sparse_attention.indexer_backward"
KERNEL_MODULE = upstream.KERNEL_MODULE
API_MODULE = PACKAGE + ".api"


class LiveError(RuntimeError):
    pass


def specialization(shape: UpstreamShape) -> upstream.Specialization:
    """The kernel's compile-time settings, as the wrapper builds them (block_I=128, local topk ids)."""
    return upstream.Specialization(head_dim=shape.dim, heads=shape.heads, block_I=BLOCK_I, topk=shape.topk,
                                   topk_indices_global=False)


def _shape(shape: UpstreamShape | str) -> UpstreamShape:
    if isinstance(shape, UpstreamShape):
        return shape
    if shape not in PR_SHAPES:
        raise LiveError(f"unknown shape {shape!r}; one of {', '.join(PR_SHAPES)}")
    return PR_SHAPES[shape]


@dataclass(frozen=True)
class LiveCase:
    variant: str
    shape: str
    report: str | None  # "hazard", "analysis", or None for a plain launch

    @property
    def name(self) -> str:
        return f"{self.report or 'plain'}-{self.shape}-{self.variant}"

    def launch_command(self, python: str | None = None) -> list[str]:
        return [python or sys.executable, "-m", "racelab.cli.sm100", "launch", "--variant", self.variant,
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
        upstream.variant(variant)  # reject bad names early
        cases.append(LiveCase(variant, "one-cta", "hazard"))
        cases += [LiveCase(variant, shape, "analysis") for shape in PR_SHAPES]
        if plain:
            cases += [LiveCase(variant, shape, None) for shape in PR_SHAPES]
    return cases


# ------------------------------------------------------------------ compiling without a GPU

def compile_for_cpu(variant: str, shape: UpstreamShape | str, arch: str = "sm_100a"):
    """Compile the variant's kernel_gemm for `shape`'s specialization, from fake tensors shaped as the
    wrapper's (racelab.toolchain.upstream.build: a cached subprocess compile). Returns the upstream Build."""
    var = upstream.variant(variant)
    return upstream.build(var, specialization(_shape(shape)), dsl=var.dsl, arch=arch)


# ------------------------------------------------------------------ the live launch (one variant per process)

@contextmanager
def load_wrapper(variant: str, install_dsl: bool = True):
    """Upstream's indexer backward API with the variant's kernel module in place of the wheel's own (and,
    for a release that pins another DSL, that DSL: installed into the cache unless `install_dsl` is
    False), for the block. Yields (api module, info)."""
    var: UpstreamVariant = upstream.variant(variant)
    replace = {KERNEL_MODULE: upstream.kernel_source(var)} if var.transform else {}
    extra = upstream.dsl_paths(var.dsl, install=install_dsl) if var.dsl else []
    with loaders.upstream_module(var.release, API_MODULE, replace=replace, dsl_paths=extra) as api:
        kernel = sys.modules[KERNEL_MODULE]
        if api.indexer_backward_sm100 is not kernel.indexer_backward_sm100:
            raise LiveError(f"the wrapper did not pick up the {variant} kernel module")
        import cutlass
        yield api, {"variant": var.name, "release": var.release, "description": var.description,
                    "kernel_source": kernel.__file__, "kernel_sha256": files.sha256(kernel.__file__),
                    "wheel": str(sys.modules["cudnn"].__path__[0]), "cutlass": cutlass.__file__,
                    "dsl": var.dsl or upstream.venv_dsl_version()}


def require_sm100() -> dict:
    """The SM100 GPU to run on, or LiveError saying why not (the message the chapter would show)."""
    from racelab.core.provenance import gpus
    devices = gpus()
    if not devices:
        raise LiveError("the real kernel needs an SM100 GPU (B200/GB200) and this machine has no NVIDIA GPU; "
                        "replay a recorded sm100-racecheck run or read PR #426's reported figures")
    support = upstream.arch_support(divmod(devices[0]["sm"], 10))
    if not support.runs:
        raise LiveError(f"the real kernel (tcgen05, TMEM) needs an SM100 GPU (B200/GB200); this machine has "
                        f"{devices[0]['name']} (sm_{devices[0]['sm']}). {support.reason}")
    missing = upstream.missing_compile_modules()
    if missing:
        raise LiveError(f"upstream's compile path (--enable-tvm-ffi) needs {', '.join(missing)}: "
                        f"pinned in requirements.lock, installed by `make setup`")
    return devices[0]


def fetch(variants=DEFAULT_VARIANTS, log=print) -> dict:
    """Everything a launch of `variants` reads from the network, into the cache, here and now: each release's
    wheel (for this interpreter and machine), each variant's kernel source, and the CuTe DSL a release pins.
    `record` calls it before any case, so that nothing is downloaded inside a sanitized process; on a GPU
    machine without network, run it beforehand (`make fetch`). Returns {variant: what it uses}."""
    from racelab.toolchain import wheels
    got = {}
    for name in variants:
        var = upstream.variant(name)
        try:
            folder = wheels.extracted(var.release)
            upstream.kernel_source(var)
            dsl = upstream.dsl_paths(var.dsl) if var.dsl else []
        except (wheels.WheelError, upstream.UpstreamError) as err:
            raise LiveError(f"cannot fetch what {name} needs: {err}") from err
        got[name] = {"wheel": str(folder), "dsl": var.dsl or upstream.venv_dsl_version(), "dsl_paths": dsl}
        log(f"  {name}: nvidia-cudnn-frontend {var.release} and CuTe DSL {got[name]['dsl']} in the cache")
    return got


def _digest(t) -> str:
    """sha256 of a tensor's bytes."""
    import torch
    return files.sha256_bytes(t.contiguous().cpu().view(-1).view(torch.uint8).numpy().tobytes())


def launch(variant: str, shape: UpstreamShape | str, seed: int = 0, device: str = "cuda",
           install_dsl: bool = False) -> dict:
    """One call of upstream's wrapper on the GPU, on vocab.upstream_inputs (one variant per process). What it
    needs from the network is fetched beforehand (:func:`fetch`); `device` is for the dress rehearsal
    (racelab.experiments.rehearsal)."""
    shape = _shape(shape)
    gpu = require_sm100()
    import torch
    t0 = time.perf_counter()
    with load_wrapper(variant, install_dsl=install_dsl) as (api, info):
        inputs = upstream_inputs(shape, seed, device=device)
        t1 = time.perf_counter()
        out = api.indexer_backward_wrapper(**inputs, **upstream_wrapper_kwargs(shape))
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
    from racelab.core.paths import src_root
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(src_root())] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return env


def record(variants=DEFAULT_VARIANTS, timeout_s: float = 300.0, log=print):
    """On a B200: every case of `plan(variants)`, each in a fresh process; one recorded run."""
    from racelab.readers import racecheck_log
    from racelab.toolchain import sanitizer as racecheck
    from racelab.core import store
    gpu = require_sm100()
    racecheck.find_sanitizer()
    cases = plan(variants)
    log("sm100 record: fetching what the variants need")
    fetch(variants, log)
    log(f"sm100 record: {len(cases)} launches on {gpu['name']}")
    started = time.monotonic()
    env = _child_env()
    summary = {"experiment": EXPERIMENT, "gpu": gpu, "variants": list(variants),
               "shapes": {k: asdict(v) for k, v in PR_SHAPES.items()}, "cases": []}
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
                entry.update(racecheck_log.parsed_entry(stored, truncated=result.status != "ok"))
            run.write_text(f"stdout-{case.name}.txt", result.stdout + "\n--- stderr ---\n" + result.stderr)
            entry.update(result.describe())
            entry["launch"] = racecheck.json_line(result.stdout)
            failure = case_failure(entry)
            if failure:
                entry["status"], entry["failure"] = ("timeout" if result.timed_out else "failed"), failure
            summary["cases"].append(entry)
            log(f"  {case.name}: {entry['status']} in {result.wall_s:.1f}s" + (f" ({failure})" if failure else ""))
        summary["failed_cases"] = [c["case"] for c in summary["cases"] if c["status"] != "ok"]
        summary["complete"] = not summary["failed_cases"]
        summary["outputs_identical_across_variants"] = _compare_outputs(summary["cases"])
        summary["wall_s"] = round(time.monotonic() - started, 1)
        run.write_json("summary.json", summary)
    log(f"recorded {run.recorded.experiment}/{run.recorded.id}")
    return run.recorded


def case_failure(entry: dict) -> str | None:
    """Why a recorded case is not a measurement, or None when it is: the process exited 0, printed its launch
    JSON (upstream's kernel_gemm ran to the end) and its outputs were finite."""
    if entry.get("timed_out"):
        return f"killed after {entry.get('timeout_s')} s"
    if entry.get("returncode") != 0:
        return f"exit status {entry.get('returncode')}"
    launched = entry.get("launch")
    if not launched:
        return "no launch result printed"
    if launched.get("finite") is not True:
        return "non-finite outputs"
    if entry.get("report") is not None and entry.get("parsed") is None:
        return "the sanitizer log could not be read"
    return None


def run_failed_cases(summary: dict) -> list[str]:
    """The cases of a recorded run that are not measurements (runs recorded before `complete` existed are
    judged case by case)."""
    return [c["case"] for c in summary["cases"] if c.get("status") != "ok" or case_failure(c)]


def _compare_outputs(cases) -> dict:
    """Per shape: do the plain launches of every variant give the same d_index_q and d_weights bytes?"""
    by_shape: dict = {}
    for c in cases:
        if c["report"] is None and c.get("launch") and c.get("status") == "ok":
            launched = c["launch"]
            by_shape.setdefault(c["shape"], []).append((launched["d_index_q_sha256"], launched["d_weights_sha256"]))
    return {shape: len(set(hashes)) == 1 for shape, hashes in by_shape.items()}


# ------------------------------------------------------------------ tables for the chapter

def reported_table():
    """PR #426's racecheck figures, as the PR reports them (with its shapes spelled out)."""
    import pandas as pd
    rows = []
    for r in PR_REPORTED["racecheck"]:
        shape = PR_SHAPES[r["shape"]]
        ctas = f"{shape.ctas} CTA" + ("" if shape.ctas == 1 else "s")
        rows.append({"shape": f"b={shape.b}, s_q={shape.s_q}, topk={shape.topk} ({ctas})",
                     "what": r["what"], "before the fix": r["unpatched"], "after the fix": r["patched"],
                     "source": "reported in PR #426"})
    return pd.DataFrame(rows)


def recorded_table(rec):
    """One row per racecheck case of a recorded sm100-racecheck run. A case that failed (case_failure) has
    status "failed" (or "timeout") and no counts (NaN): whatever its log held is not a measurement."""
    import pandas as pd
    summary = rec.read_json("summary.json")
    failed = set(run_failed_cases(summary))
    rows = []
    for c in summary["cases"]:
        if c["report"] is None:
            continue
        ok = c["case"] not in failed
        parsed = (c.get("parsed") or {}) if ok else {}
        status = "ok" if ok else ("timeout" if c.get("timed_out") else "failed")
        rows.append({"variant": c["variant"], "shape": c["shape"], "report": c["report"], "status": status,
                     "hazard records": parsed.get("records"), "analysis reports": parsed.get("reports"),
                     "byte hazards": parsed.get("hazard_bytes"),
                     "finite outputs": (c.get("launch") or {}).get("finite") if ok else None})
    table = pd.DataFrame(rows)
    for col in ("hazard records", "analysis reports", "byte hazards"):
        if col in table:  # counts, missing (<NA>) where there is no measurement
            table[col] = pd.to_numeric(table[col], errors="coerce").astype("Int64")
    return table
