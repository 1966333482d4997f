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
``twin_table``) need no GPU; ``python -m racelab.experiments.sm90_numerics record`` does the GPU part (about a minute).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import math
import sys
import time

from racelab.experiments.timing import TWIN_SHAPES, TWIN_VARIANTS, TwinShape, UpstreamShape

EXPERIMENT = "sm90-numerics"
RELEASE = "1.27.0"
SHAPE = UpstreamShape(b=3, s_q=64, s_kv=2048, topk=512, heads=64, dim=128)  # the PR's multi-block shape
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
    h = hashlib.sha256(f"{arr.dtype.str}{tuple(arr.shape)}".encode())
    h.update(arr.tobytes())
    return h.hexdigest()


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


def twin_frame(result: dict):
    """The twin check as a table: one row per shape and arrive variant."""
    import pandas as pd

    rows = []
    for shape, entry in result["twin"].items():
        for v, e in entry["variants"].items():
            rows.append({"shape": shape, "arrive": v, "launches": e["launches"], "sha256": e["sha256"][:16] + "…",
                         "same every launch": e["distinct_sha256"] == 1, "equal to torch": e["correct"],
                         "same for both arrives": entry["identical_across_variants"]})
    return pd.DataFrame(rows).set_index(["shape", "arrive"])


def upstream_frame(result: dict):
    """The upstream replays as a table: one row per output and d_index_k precision."""
    import pandas as pd

    rows = []
    for series in ("fp32", "bf16"):
        key = f"upstream_{series}"
        if key not in result:
            continue
        s = result[key]["summary"]
        for name in EXACT + ATOMIC:
            e = s[name]
            rows.append({"d_index_k as": series, "output": name, "replays": s["replays"],
                         "distinct sha256": e["distinct_sha256"],
                         "identical to replay 0": f"{e['identical_to_first']} of {s['replays']}",
                         "max rel. deviation": e.get("max_rel_dev", 0.0),
                         "max deviation / max |x|": e.get("max_rel_dev_normwise", 0.0),
                         "non-finite values": e.get("nonfinite_max", 0)})
    return pd.DataFrame(rows).set_index(["d_index_k as", "output"])


def glue_values(result: dict) -> dict:
    """Strings to glue into the prose, keyed num_*."""
    out = {}
    twin = result["twin"]
    out["num_twin_identical"] = f"{sum(e['identical_across_variants'] for e in twin.values())} of {len(twin)}"
    out["num_twin_launches"] = str(next(iter(next(iter(twin.values()))["variants"].values()))["launches"]) if twin else "0"
    meta = result.get("upstream_meta", {})
    out["num_shape"] = meta.get("shape_args", "").replace(",", ", ")
    out["num_cudnn"] = meta.get("cudnn_version", "?")
    for series in ("fp32", "bf16"):
        key = f"upstream_{series}"
        if key not in result:
            continue
        s = result[key]["summary"]
        out[f"num_{series}_replays"] = str(s["replays"])
        for name in EXACT + ATOMIC:
            out[f"num_{series}_{name}_distinct"] = str(s[name]["distinct_sha256"])
            out[f"num_{series}_{name}_identical"] = f"{s[name]['identical_to_first']} of {s['replays']}"
        out[f"num_{series}_dik_max_rel_dev"] = f"{s['d_index_k']['max_rel_dev']:.1e}"
        out[f"num_{series}_dik_normwise"] = f"{s['d_index_k']['max_rel_dev_normwise']:.1e}"
    return out


def replay_rows_csv(table: dict) -> str:
    rows = table["rows"]
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


# ---------------------------------------------------------------------------------------------------
# Inputs of the upstream indexer backward (shared with the SM100 timing worker)
# ---------------------------------------------------------------------------------------------------

def upstream_input_shapes(shape: UpstreamShape) -> dict:
    """name -> (shape, dtype) of the wrapper's inputs, as api.IndexerBackward documents them."""
    b, s_q, s_kv, topk, h, d = shape.b, shape.s_q, shape.s_kv, shape.topk, shape.heads, shape.dim
    return {"index_q": ((b, s_q, h, d), "bfloat16"), "weights": ((b, s_q, h), "bfloat16"),
            "index_k": ((b, s_kv, d), "bfloat16"), "attn_score": ((b, s_q, topk), "float32"),
            "index_score": ((b, s_q, topk), "float32"), "topk_indices": ((b, s_q, topk), "int32"),
            "grad_loss": ((1,), "float32")}


def check_upstream_shape(shape: UpstreamShape, block_I: int = 128) -> None:
    """What the upstream kernels assert (IndexerBackwardSm90/Sm100 constructors), checked before any GPU work."""
    if shape.heads < 64:
        raise NumericsError(f"the indexer backward needs heads >= 64, got {shape.heads}")
    if shape.topk % block_I:
        raise NumericsError(f"topk ({shape.topk}) must be a multiple of block_I ({block_I})")
    if shape.topk > shape.s_kv:
        raise NumericsError(f"topk ({shape.topk}) cannot exceed s_kv ({shape.s_kv}): indices are distinct")


def upstream_inputs(shape: UpstreamShape, device="cpu", seed: int = 0) -> dict:
    """Deterministic inputs (made on the CPU from `seed`, then moved): bf16 q/w/k, distinct local top-k
    indices per query, target and predict probabilities (softmax over the top-k slots), grad_loss = 1."""
    import torch

    check_upstream_shape(shape)
    g = torch.Generator().manual_seed(seed)
    b, s_q, s_kv, topk, h, d = shape.b, shape.s_q, shape.s_kv, shape.topk, shape.heads, shape.dim
    t = {
        "index_q": torch.randn(b, s_q, h, d, generator=g).to(torch.bfloat16),
        "weights": (torch.randn(b, s_q, h, generator=g) * 0.25).to(torch.bfloat16),
        "index_k": torch.randn(b, s_kv, d, generator=g).to(torch.bfloat16),
        "attn_score": torch.softmax(torch.randn(b, s_q, topk, generator=g) * 2, dim=-1),
        "index_score": torch.softmax(torch.randn(b, s_q, topk, generator=g) * 2, dim=-1),
        "topk_indices": torch.rand(b, s_q, s_kv, generator=g).argsort(dim=-1)[..., :topk].to(torch.int32).contiguous(),
        "grad_loss": torch.ones(1, dtype=torch.float32),
    }
    return {k: v.to(device) for k, v in t.items()}


def load_indexer_backward(release: str = RELEASE):
    """The upstream wrapper module (``...indexer_backward.api``) of nvidia-cudnn-frontend `release`."""
    return load_upstream_module("cudnn.deepseek_sparse_attention.indexer_backward.api", release)


def load_upstream_module(name: str, release: str = RELEASE):
    """Module `name` of nvidia-cudnn-frontend `release`: from the installed/carried ``cudnn`` if it is that
    release, else from the unpacked wheel (racelab.toolchain.wheels)."""
    import importlib

    try:
        import cudnn

        if getattr(cudnn, "__version__", None) != release:
            raise ImportError(f"cudnn {getattr(cudnn, '__version__', '?')} at {cudnn.__file__}, not {release}")
    except ImportError as first:
        for k in [k for k in sys.modules if k == "cudnn" or k.startswith("cudnn.")]:
            del sys.modules[k]
        from racelab.toolchain import wheels

        try:
            root = wheels.extracted(release)
        except Exception as err:  # noqa: BLE001
            raise NumericsError(f"nvidia-cudnn-frontend {release} is neither importable ({first}) nor available as "
                                f"a wheel ({err}); carry it (PYTHONPATH) or its wheel cache") from None
        sys.path.insert(0, str(root))
        import cudnn
        if cudnn.__version__ != release:
            raise NumericsError(f"imported cudnn {cudnn.__version__} from {cudnn.__file__}, wanted {release}")
    return importlib.import_module(name)


# ---------------------------------------------------------------------------------------------------
# GPU parts
# ---------------------------------------------------------------------------------------------------

def sm90_replays(shape: UpstreamShape = SHAPE, replays: int = REPLAYS, seed: int = 0, d_index_k_fp32: bool = True,
                 api=None) -> tuple[list[dict], dict]:
    """Run the upstream indexer backward `replays` times on identical inputs; return CPU copies of the
    outputs per replay and a description of the run. attn_score / index_score are consumed in place by
    the wrapper, so every replay gets fresh clones; d_index_k (fp32) is zeroed before every replay."""
    import torch

    api = api or load_indexer_backward()
    major, minor = torch.cuda.get_device_capability()
    if major != 9:
        raise NumericsError(f"this check runs IndexerBackwardSm90 and needs an SM90 GPU, found sm_{major}{minor}")
    x = upstream_inputs(shape, "cuda", seed)
    sm_scale = shape.dim ** -0.5
    outs = []
    t0 = time.perf_counter()
    for _ in range(replays):
        attn, idx = x["attn_score"].clone(), x["index_score"].clone()
        dq = torch.full_like(x["index_q"], float("nan"))
        dw = torch.full_like(x["weights"], float("nan"))
        dk = (torch.zeros(x["index_k"].shape, dtype=torch.float32, device="cuda") if d_index_k_fp32
              else torch.full_like(x["index_k"], float("nan")))
        res = api.indexer_backward_wrapper(x["index_q"], x["weights"], x["index_k"], attn, idx, x["topk_indices"],
                                           x["grad_loss"], sm_scale=sm_scale, d_index_q=dq, d_weights=dw,
                                           d_index_k=dk)
        torch.cuda.synchronize()
        outs.append({"d_index_q": res["d_index_q"].cpu(), "d_weights": res["d_weights"].cpu(),
                     "d_index_k": res["d_index_k"].cpu()})
    meta = {"shape": shape.label, "shape_args": shape.as_arg(), "replays": replays, "seed": seed,
            "sm_scale": sm_scale, "d_index_k_dtype": "float32" if d_index_k_fp32 else "bfloat16",
            "wall_s": time.perf_counter() - t0, "cudnn_file": sys.modules["cudnn"].__file__,
            "cudnn_version": sys.modules["cudnn"].__version__, "wrapper": "indexer_backward_wrapper",
            "device": torch.cuda.get_device_name()}
    return outs, meta


def twin_outputs(shapes=TWIN_SHAPES, variants=TWIN_VARIANTS, launches: int = TWIN_REPLAYS) -> dict:
    """{shape label: {variant: [output per launch], variant + ':correct': [bool]}} from the SM90 twin;
    the output buffer is filled with NaN before every launch so a stale result cannot pass."""
    import torch

    from racelab.experiments.timing import load_twin_module

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
    api = load_indexer_backward()
    outs, meta = sm90_replays(shape, replays, seed, True, api)
    result["upstream_fp32"] = replay_table(outs)
    result["upstream_meta"] = meta
    progress(f"fp32 series done ({time.perf_counter() - t0:.0f} s); bf16 series")
    outs16, meta16 = sm90_replays(shape, replays, seed, False, api)
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


def record_main(args) -> int:
    from racelab.core import store

    try:
        import torch
    except ImportError:
        print("racelab numerics: torch is not importable", file=sys.stderr)
        return 2
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        found = "no GPU" if not torch.cuda.is_available() else "sm_%d%d" % torch.cuda.get_device_capability()
        print(f"racelab numerics: needs an SM90 GPU (H100/H200); this machine has {found}", file=sys.stderr)
        return 2
    try:
        with store.new_run(EXPERIMENT, command=["racelab.experiments.sm90_numerics", *sys.argv[1:]]) as run:
            twin_shapes = [TwinShape.parse(x) for x in args.twin_shape] if args.twin_shape else TWIN_SHAPES
            result = measure(SHAPE, args.replays, twin_shapes, args.twin_launches, args.seed,
                             progress=lambda line: print(line, flush=True))
            run.write_json("numerics.json", _jsonable({k: v if not k.startswith("upstream_") or "meta" in k
                                                      else {"summary": v["summary"]} for k, v in result.items()}))
            run.write_text("replays-fp32.csv", replay_rows_csv(result["upstream_fp32"]))
            run.write_text("replays-bf16.csv", replay_rows_csv(result["upstream_bf16"]))
            table = format_tables(result)
            run.write_text("table.txt", table + "\n")
        print(table)
        print(f"recorded {EXPERIMENT}/{run.recorded.id} in {result['wall_s']:.0f} s")
    except NumericsError as err:
        print(f"racelab numerics: {err}", file=sys.stderr)
        return 3
    return 0


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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="racelab.experiments.sm90_numerics", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record", help=f"measure on an SM90 GPU and record run {EXPERIMENT!r}")
    r.add_argument("--replays", type=int, default=REPLAYS)
    r.add_argument("--twin-launches", type=int, default=TWIN_REPLAYS)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--twin-shape", action="append", help="twin shape (repeatable), e.g. topk=128,work=1024; "
                   "default: the timing shapes")
    s = sub.add_parser("show", help="print the tables of the newest recorded run")
    args = parser.parse_args(argv)
    if args.cmd == "record":
        if args.replays < 2 or args.twin_launches < 1:
            print("racelab numerics: --replays must be >= 2 and --twin-launches >= 1", file=sys.stderr)
            return 2
        try:
            [TwinShape.parse(x) for x in args.twin_shape or []]
        except ValueError as err:
            print(f"racelab numerics: {err}", file=sys.stderr)
            return 2
        return record_main(args)
    from racelab.core import store

    try:
        rec = store.newest(EXPERIMENT, gpu="sm90")
    except store.StoreError as err:
        print(f"racelab numerics: {err}", file=sys.stderr)
        return 2
    print(rec.read_text("table.txt"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
