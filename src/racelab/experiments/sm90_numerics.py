"""Numerics of the fix: do the outputs change, and how much do they move from run to run anyway?

Two checks, both on an SM90 GPU (H200), recorded together as the store run "sm90-numerics":

* The SM90 twin (kernels/handoff_twin_sm90.py): its output for the elected and the all-lane arrive,
  launched several times each, must be byte-identical (sha256 per launch and per variant) and equal to the
  torch reference.
* The upstream SM90 indexer backward (``IndexerBackwardSm90``, through its own wrapper
  ``cudnn.deepseek_sparse_attention.indexer_backward.indexer_backward_wrapper`` of
  nvidia-cudnn-frontend 1.27.0) at the PR's multi-block shape, replayed 30 times on the same inputs:
  sha256 of ``d_index_q`` and ``d_weights`` per replay, and the maximum relative deviation of
  ``d_index_k`` (accumulated with fp32 atomics / bulk reductions, so not expected to be bitwise stable)
  from the first replay. ``d_index_k`` is requested in fp32 so the atomics are seen before any rounding;
  a second series through the default bf16 output shows what survives the rounding.

The functions that turn output tensors into the table (``digest``, ``rel_dev``, ``replay_table``,
``twin_table``) need no GPU; ``racelab numerics record`` does the GPU part (about a minute).
"""

import csv
import io
import math
import sys
import time

from racelab.core import files
from racelab.experiments.timing.plan import TWIN_SHAPES, TWIN_VARIANTS
from racelab.vocab import PR_SHAPES, Experiment, UpstreamShape, upstream_inputs, upstream_wrapper_kwargs

EXPERIMENT = Experiment.SM90_NUMERICS.value
RELEASE = "1.27.0"
SHAPE = PR_SHAPES["multi-block"]  # b=3, s_q=64, s_kv=2048, topk=512, heads=64, dim=128
API = "cudnn.deepseek_sparse_attention.indexer_backward.api"
REPLAYS = 30
TWIN_REPLAYS = 5
EXACT = ("d_index_q", "d_weights")
ATOMIC = ("d_index_k",)


class NumericsError(RuntimeError):
    pass


# ---------------------------------------------------------------------------------------------------
# Pure functions (CPU): outputs -> table
# ---------------------------------------------------------------------------------------------------

def _numpy(t):
    """A contiguous numpy view of a CPU tensor or array (bf16 as its raw 16-bit pattern)."""
    import numpy as np

    if hasattr(t, "detach"):  # torch
        t = t.detach().cpu().contiguous()
        if str(t.dtype) == "torch.bfloat16":
            import torch

            return t.view(torch.int16).numpy()
        return t.numpy()
    return np.ascontiguousarray(t)


def digest(t) -> str:
    """sha256 of the tensor's bytes (its dtype and shape are part of the digest)."""
    arr = _numpy(t)
    return files.sha256_bytes(f"{arr.dtype.str}{tuple(arr.shape)}".encode() + arr.tobytes())


def rel_dev(ref, x) -> dict:
    """How far x is from ref: elementwise max |x - ref| / |ref| (inf where ref is 0 and x is not),
    normwise max |x - ref| / max |ref|, and the count of elements that differ at all."""
    import numpy as np

    r = _numpy(ref).astype(np.float64)
    v = _numpy(x).astype(np.float64)
    if r.shape != v.shape:
        raise NumericsError(f"shapes differ: {r.shape} vs {v.shape}")
    diff = np.abs(v - r)
    nonzero = r != 0
    elementwise = float((diff[nonzero] / np.abs(r[nonzero])).max()) if nonzero.any() else 0.0
    if np.any(diff[~nonzero] > 0):
        elementwise = math.inf
    scale = float(np.abs(r).max()) if r.size else 0.0
    return {"max_rel_dev": elementwise,
            "max_rel_dev_normwise": float(diff.max()) / scale if scale > 0 else (0.0 if not diff.any() else math.inf),
            "max_abs_dev": float(diff.max()) if diff.size else 0.0,
            "elements_differing": int((diff > 0).sum()), "elements": int(r.size),
            "nonfinite": int((~np.isfinite(v)).sum())}


def _nonfinite(t) -> int:
    import numpy as np

    arr = _numpy(t)
    if arr.dtype == np.int16:  # bf16 bit patterns: exponent all ones is inf or NaN
        return int(((arr.view(np.uint16) & 0x7F80) == 0x7F80).sum())
    return int((~np.isfinite(arr)).sum()) if arr.dtype.kind == "f" else 0


def replay_table(replays: list[dict], exact=EXACT, atomic=ATOMIC) -> dict:
    """From a list of replays (each {output name: tensor}), the per-replay rows and the summary:
    for `exact` outputs the sha256 per replay and how many replays match the first; for `atomic`
    outputs the deviation of each replay from the first."""
    if not replays:
        raise NumericsError("no replays")
    first = replays[0]
    rows = []
    for i, outs in enumerate(replays):
        row = {"replay": i}
        for name in exact:
            row[f"{name}_sha256"] = digest(outs[name])
            row[f"{name}_nonfinite"] = _nonfinite(outs[name])
        for name in atomic:
            row[f"{name}_sha256"] = digest(outs[name])
            dev = rel_dev(first[name], outs[name])
            row[f"{name}_max_rel_dev"] = dev["max_rel_dev"]
            row[f"{name}_max_rel_dev_normwise"] = dev["max_rel_dev_normwise"]
            row[f"{name}_elements_differing"] = dev["elements_differing"]
            row[f"{name}_nonfinite"] = dev["nonfinite"]
        rows.append(row)
    summary = {"replays": len(replays)}
    for name in exact + atomic:
        hashes = [r[f"{name}_sha256"] for r in rows]
        summary[name] = {"distinct_sha256": len(set(hashes)),
                         "identical_to_first": sum(h == hashes[0] for h in hashes),
                         "first_sha256": hashes[0], "nonfinite_max": max(r[f"{name}_nonfinite"] for r in rows)}
    for name in atomic:
        summary[name].update(
            max_rel_dev=max(r[f"{name}_max_rel_dev"] for r in rows),
            max_rel_dev_normwise=max(r[f"{name}_max_rel_dev_normwise"] for r in rows),
            elements=rel_dev(first[name], first[name])["elements"])
    return {"rows": rows, "summary": summary}


def twin_table(outputs: dict) -> dict:
    """outputs: {shape label: {variant: [output tensor per launch]}} (plus optional 'correct' flags under
    {shape: {variant + ':correct': [bool]}}). Per shape: the sha256 per variant, whether every launch of a
    variant agrees, and whether the variants agree with each other."""
    out = {}
    for shape, per in outputs.items():
        variants = [v for v in per if not v.endswith(":correct")]
        entry = {"variants": {}}
        for v in variants:
            hashes = [digest(t) for t in per[v]]
            entry["variants"][v] = {"launches": len(hashes), "sha256": hashes[0], "distinct_sha256": len(set(hashes)),
                                    "correct": all(per.get(v + ":correct", [True]))}
        firsts = {e["sha256"] for e in entry["variants"].values()}
        entry["identical_across_variants"] = len(firsts) == 1 and all(
            e["distinct_sha256"] == 1 for e in entry["variants"].values())
        out[shape] = entry
    return out


def format_tables(result: dict) -> str:
    lines = ["SM90 twin: output sha256 per arrive variant"]
    lines.append(f"  {'shape':<26} {'variant':<10} {'launches':>8} {'sha256 (16)':<17} {'stable':>6} {'correct':>7} {'same across variants':>20}")
    for shape, entry in result["twin"].items():
        for v, e in entry["variants"].items():
            lines.append(f"  {shape:<26} {v:<10} {e['launches']:>8} {e['sha256'][:16]:<17} "
                         f"{'yes' if e['distinct_sha256'] == 1 else 'NO':>6} {'yes' if e['correct'] else 'NO':>7} "
                         f"{'yes' if entry['identical_across_variants'] else 'NO':>20}")
    for series in ("fp32", "bf16"):
        key = f"upstream_{series}"
        if key not in result:
            continue
        s = result[key]["summary"]
        lines.append(f"IndexerBackwardSm90 ({result['upstream_meta']['shape']}), d_index_k in {series}, {s['replays']} replays")
        for name in EXACT:
            lines.append(f"  {name:<10} distinct sha256 {s[name]['distinct_sha256']}, identical to replay 0: "
                         f"{s[name]['identical_to_first']}/{s['replays']}"
                         + (f", NON-FINITE values: {s[name]['nonfinite_max']}" if s[name].get("nonfinite_max") else ""))
        d = s["d_index_k"]
        lines.append(f"  d_index_k  identical to replay 0: {d['identical_to_first']}/{s['replays']}, max rel. deviation "
                     f"{d['max_rel_dev']:.2e} (elementwise), {d['max_rel_dev_normwise']:.2e} (of max |x|)")
    return "\n".join(lines)


def replay_rows_csv(table: dict) -> str:
    rows = table["rows"]
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


# ---------------------------------------------------------------------------------------------------
# GPU parts
# ---------------------------------------------------------------------------------------------------

def sm90_replays(api, shape: UpstreamShape = SHAPE, replays: int = REPLAYS, seed: int = 0,
                 d_index_k_fp32: bool = True) -> tuple[list[dict], dict]:
    """Run the upstream indexer backward (`api`: its wrapper module) `replays` times on identical inputs;
    return CPU copies of the outputs per replay and a description of the run. attn_score / index_score
    are consumed in place by the wrapper, so every replay gets fresh clones; d_index_k (fp32) is zeroed
    before every replay."""
    import torch

    major, minor = torch.cuda.get_device_capability()
    if major != 9:
        raise NumericsError(f"this check runs IndexerBackwardSm90 and needs an SM90 GPU, found sm_{major}{minor}")
    x = upstream_inputs(shape, seed=seed, device="cuda")
    kwargs = upstream_wrapper_kwargs(shape)
    outs = []
    t0 = time.perf_counter()
    for _ in range(replays):
        args = {**x, "attn_score": x["attn_score"].clone(), "index_score": x["index_score"].clone()}
        dq = torch.full_like(x["index_q"], float("nan"))
        dw = torch.full_like(x["weights"], float("nan"))
        dk = (torch.zeros(x["index_k"].shape, dtype=torch.float32, device="cuda") if d_index_k_fp32
              else torch.full_like(x["index_k"], float("nan")))
        res = api.indexer_backward_wrapper(**args, **kwargs, d_index_q=dq, d_weights=dw, d_index_k=dk)
        torch.cuda.synchronize()
        outs.append({"d_index_q": res["d_index_q"].cpu(), "d_weights": res["d_weights"].cpu(),
                     "d_index_k": res["d_index_k"].cpu()})
    meta = {"shape": shape.label, "shape_args": shape.as_arg(), "replays": replays, "seed": seed,
            "sm_scale": kwargs["sm_scale"], "d_index_k_dtype": "float32" if d_index_k_fp32 else "bfloat16",
            "wall_s": time.perf_counter() - t0, "cudnn_file": sys.modules["cudnn"].__file__,
            "cudnn_version": sys.modules["cudnn"].__version__, "wrapper": "indexer_backward_wrapper",
            "device": torch.cuda.get_device_name()}
    return outs, meta


def twin_outputs(shapes=TWIN_SHAPES, variants=TWIN_VARIANTS, launches: int = TWIN_REPLAYS) -> dict:
    """{shape label: {variant: [output per launch], variant + ':correct': [bool]}} from the SM90 twin;
    the output buffer is filled with NaN before every launch so a stale result cannot pass."""
    import torch

    from racelab.experiments.timing.twin import load_twin_module

    twin = load_twin_module()
    result = {}
    for shape in shapes:
        per = result.setdefault(shape.label, {})
        for variant in variants:
            launch = twin.timed_launcher(topk=shape.topk, heads=shape.heads, n_cta=shape.n_cta, work=shape.work,
                                         arrive=variant)
            for _ in range(launches):
                launch.out.fill_(float("nan"))
                launch()
                torch.cuda.synchronize()
                per.setdefault(variant, []).append(launch.out.detach().cpu().clone())
                per.setdefault(variant + ":correct", []).append(bool(launch.check()["correct"]))
    return result


def measure(shape: UpstreamShape = SHAPE, replays: int = REPLAYS, twin_shapes=TWIN_SHAPES,
            twin_launches: int = TWIN_REPLAYS, seed: int = 0, progress=print) -> dict:
    t0 = time.perf_counter()
    result = {}
    progress(f"twin: {len(twin_shapes)} shapes x {len(TWIN_VARIANTS)} variants x {twin_launches} launches")
    result["twin"] = twin_table(twin_outputs(twin_shapes, TWIN_VARIANTS, twin_launches))
    progress(f"twin done ({time.perf_counter() - t0:.0f} s); IndexerBackwardSm90 {shape.label}: {replays} replays, "
             "d_index_k fp32")
    from racelab.toolchain import loaders

    with loaders.upstream_module(RELEASE, API, installed_ok=True) as api:
        outs, meta = sm90_replays(api, shape, replays, seed, True)
        result["upstream_fp32"] = replay_table(outs)
        result["upstream_meta"] = meta
        progress(f"fp32 series done ({time.perf_counter() - t0:.0f} s); bf16 series")
        outs16, meta16 = sm90_replays(api, shape, replays, seed, False)
        result["upstream_bf16"] = replay_table(outs16)
        result["upstream_meta_bf16"] = meta16
    result["wall_s"] = time.perf_counter() - t0
    return result


def _jsonable(obj):
    if isinstance(obj, float) and not math.isfinite(obj):
        return str(obj)
    if isinstance(obj, dict):
        return {k: _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_jsonable(v) for v in obj]
    return obj


def record(replays: int = REPLAYS, twin_shapes=TWIN_SHAPES, twin_launches: int = TWIN_REPLAYS, seed: int = 0,
           command=None, progress=print) -> tuple[dict, str]:
    """measure() on this SM90 GPU into a new store run: numerics.json (the summaries), the per-replay rows
    of both series and table.txt. Returns (result, "experiment/run id")."""
    from racelab.core import store

    with store.new_run(EXPERIMENT, command=command) as run:
        result = measure(SHAPE, replays, twin_shapes, twin_launches, seed, progress=progress)
        run.write_json("numerics.json", _jsonable({k: v if not k.startswith("upstream_") or "meta" in k
                                                  else {"summary": v["summary"]} for k, v in result.items()}))
        run.write_text("replays-fp32.csv", replay_rows_csv(result["upstream_fp32"]))
        run.write_text("replays-bf16.csv", replay_rows_csv(result["upstream_bf16"]))
        run.write_text("table.txt", format_tables(result) + "\n")
    return result, f"{EXPERIMENT}/{run.recorded.id}"


def load_recorded(rec) -> dict:
    """The numerics.json of a recorded run, with its infinities restored."""
    def fix(x):
        if x in ("inf", "-inf", "nan"):
            return float(x)
        if isinstance(x, dict):
            return {k: fix(v) for k, v in x.items()}
        if isinstance(x, list):
            return [fix(v) for v in x]
        return x

    return fix(rec.read_json("numerics.json"))
