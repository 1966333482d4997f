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

For every output and every replay the run also records how far it is from the first replay of its own
series and from the first replay of the other series (``deviation``: max abs, max rel, max ulps in the
output's dtype, elements that differ), and which lines of the kernel's source add into ``d_weights``
atomically (``atomic_lines``). A run recorded before these fields existed lacks them, and a reader shows
them as not measured.

The functions that turn output tensors into the table (``digest``, ``rel_dev``, ``deviation``,
``replay_table``, ``twin_table``) need no GPU; ``racelab numerics record`` does the GPU part (about a minute).
"""

import csv
import io
import math
import re
import sys
import time
from pathlib import Path

from racelab.core import files
from racelab.experiments.timing.plan import TWIN_SHAPES, TWIN_VARIANTS
from racelab.toolchain.inputs import upstream_inputs
from racelab.vocab import PR_SHAPES, Experiment, UpstreamShape, upstream_wrapper_kwargs

EXPERIMENT = Experiment.SM90_NUMERICS.value
RELEASE = "1.27.0"
SHAPE = PR_SHAPES["multi-block"]  # b=3, s_q=64, s_kv=2048, topk=512, heads=64, dim=128
API = "cudnn.deepseek_sparse_attention.indexer_backward.api"
REPLAYS = 30
TWIN_REPLAYS = 5
EXACT = ("d_index_q", "d_weights")
ATOMIC = ("d_index_k",)
OUTPUTS = EXACT + ATOMIC
KERNEL_SOURCE = "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm90.py"
REL_RULE = ("|x - ref| / |ref| over the elements where ref != 0; elements where ref == 0 and x != 0 "
            "are counted in zero_ref_differing instead")
ULPS_RULE = ("distance between the sign-magnitude integer views of the float bits, in the compared dtype "
             "(+0 and -0 are 0 apart); when the dtypes differ, the wider one is first rounded to the narrower")


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
    """How far x is from ref, in their values (bf16 converted, not its bit pattern): elementwise
    max |x - ref| / |ref| (inf where ref is 0 and x is not), normwise max |x - ref| / max |ref|, and the
    count of elements that differ at all."""
    import numpy as np

    r = _values_and_ordinals(ref)[0]
    v = _values_and_ordinals(x)[0]
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


def _zeros(t) -> int:
    """How many elements of a tensor are exactly zero (an output the kernel never wrote keeps its zero fill)."""
    return int((t.float() == 0).sum())


def output_problems(summary: dict) -> list[str]:
    """Why a replay table's outputs cannot be a result (an empty list when they can): an output holding a
    NaN or an infinity in any replay (the NaN-filled outputs a kernel never wrote included), or an output
    whose every element is still zero (the zero-filled accumulator a kernel never wrote). Summaries
    recorded before the zero count existed are judged on the non-finite count alone."""
    problems = []
    for name in EXACT + ATOMIC:
        got = summary.get(name) or {}
        if got.get("nonfinite_max"):
            problems.append(f"{name} holds {got['nonfinite_max']:,} non-finite elements")
        if got.get("elements_first") and got.get("zero_elements_first") == got["elements_first"]:
            problems.append(f"{name} is zero everywhere (never written?)")
    return problems


def failures(result: dict) -> list[str]:
    """output_problems of both series of upstream replays in a measure() result, each named by its series."""
    return [f"{k}: {p}" for k in ("upstream_fp32", "upstream_bf16") for p in output_problems(result[k]["summary"])]


def _nonfinite(t) -> int:
    import numpy as np

    arr = _numpy(t)
    if arr.dtype == np.int16:  # bf16 bit patterns: exponent all ones is inf or NaN
        return int(((arr.view(np.uint16) & 0x7F80) == 0x7F80).sum())
    return int((~np.isfinite(arr)).sum()) if arr.dtype.kind == "f" else 0


_BITS = {"torch.bfloat16": 16, "torch.float16": 16, "torch.float32": 32, "torch.float64": 64,
         "float16": 16, "float32": 32, "float64": 64}


def _dtype(t) -> str:
    return str(t.dtype)


def _narrower(a, b):
    """(a, b) in one dtype: the one with fewer bits (bf16 before fp16 at 16) is kept, the other rounded to it."""
    da, db = _dtype(a), _dtype(b)
    if da == db:
        return a, b
    if da not in _BITS or db not in _BITS:
        raise NumericsError(f"cannot compare dtypes {da} and {db}")
    if (_BITS[da], da != "torch.bfloat16") <= (_BITS[db], db != "torch.bfloat16"):
        return a, (b.to(a.dtype) if hasattr(b, "to") else b.astype(a.dtype))
    return (a.to(b.dtype) if hasattr(a, "to") else a.astype(b.dtype)), b


def _values_and_ordinals(t):
    """(float64 values, int64 sign-magnitude ordinals of the float bits) of a tensor or array."""
    import numpy as np

    bits = {16: (np.uint16, 0x7FFF), 32: (np.uint32, 0x7FFFFFFF), 64: (np.uint64, 0x7FFFFFFFFFFFFFFF)}
    name = _dtype(t)
    if name not in _BITS:
        raise NumericsError(f"deviation needs a float tensor, got {name}")
    if hasattr(t, "detach"):
        import torch

        t = t.detach().cpu().contiguous()
        values = t.to(torch.float64).numpy()
        raw = _numpy(t) if name == "torch.bfloat16" else t.numpy()
    else:
        raw = values = np.ascontiguousarray(t)
        values = values.astype(np.float64)
    utype, mag_mask = bits[_BITS[name]]
    u = raw.view(utype)
    mag = (u & utype(mag_mask)).astype(np.int64)
    sign = (u >> utype(_BITS[name] - 1)).astype(bool)
    return values, np.where(sign, -mag, mag)


def deviation(ref, x) -> dict:
    """How far x is from ref, elementwise, in the dtype they share (see ULPS_RULE): max |x - ref|, max
    relative deviation (REL_RULE), max distance in units in the last place, how many elements differ
    (by at least one ulp: +0 and -0 do not), and how many of those have ref == 0. Non-finite elements
    are left out and counted."""
    import numpy as np

    ref, x = _narrower(ref, x)
    r, ro = _values_and_ordinals(ref)
    v, vo = _values_and_ordinals(x)
    if r.shape != v.shape:
        raise NumericsError(f"shapes differ: {r.shape} vs {v.shape}")
    finite = np.isfinite(r) & np.isfinite(v)
    diff = np.abs(v - r)[finite]
    ulps = np.abs(vo - ro)[finite]
    rf = r[finite]
    nonzero = rf != 0
    rel = diff[nonzero] / np.abs(rf[nonzero])
    differs = ulps > 0
    return {"compared_as": _dtype(ref).removeprefix("torch."), "elements": int(r.size),
            "elements_differing": int(differs.sum()),
            "zero_ref_differing": int((differs & ~nonzero).sum()),
            "max_abs": float(diff.max()) if diff.size else 0.0,
            "max_rel": float(rel.max()) if rel.size else 0.0,
            "max_rel_normwise": (float(diff.max() / np.abs(rf).max()) if diff.size and np.abs(rf).max() > 0
                                 else (0.0 if not diff.any() else math.inf)),
            "max_ulps": int(ulps.max()) if ulps.size else 0,
            "nonfinite": int((~finite).sum())}


def _worst(devs: list[dict]) -> dict:
    """The largest of each figure over a list of deviation() results, and how many of them differ at all."""
    first = devs[0]
    return {"compared_as": first["compared_as"], "elements": first["elements"],
            "replays_differing": sum(d["elements_differing"] > 0 for d in devs),
            **{k: max(d[k] for d in devs) for k in ("elements_differing", "zero_ref_differing", "max_abs",
                                                     "max_rel", "max_rel_normwise", "max_ulps", "nonfinite")}}


_DEV_FIELDS = ("max_abs", "max_rel", "max_ulps", "elements_differing")


def replay_table(replays: list[dict], exact=EXACT, atomic=ATOMIC, other_first: dict | None = None) -> dict:
    """From a list of replays (each {output name: tensor}), the per-replay rows and the summary:
    for `exact` outputs the sha256 per replay and how many replays match the first; for `atomic`
    outputs also the deviation of each replay from the first (rel_dev). For every output, the deviation
    (deviation()) of each replay from the first (`from_first`) and, given `other_first` (the first replay
    of the other series), from that (`from_other`)."""
    if not replays:
        raise NumericsError("no replays")
    first = replays[0]
    rows, devs = [], {name: {"from_first": [], "from_other": []} for name in exact + atomic}
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
        for name in exact + atomic:
            against = {"from_first": first[name]}
            if other_first is not None:
                against["from_other"] = other_first[name]
            for label, ref in against.items():
                d = deviation(ref, outs[name])
                devs[name][label].append(d)
                row.update({f"{name}_{label}_{k}": d[k] for k in _DEV_FIELDS})
        rows.append(row)
    summary = {"replays": len(replays), "rel_rule": REL_RULE, "ulps_rule": ULPS_RULE}
    for name in exact + atomic:
        hashes = [r[f"{name}_sha256"] for r in rows]
        summary[name] = {"distinct_sha256": len(set(hashes)), "zero_elements_first": _zeros(first[name]),
                         "elements_first": int(first[name].numel()),
                         "identical_to_first": sum(h == hashes[0] for h in hashes),
                         "first_sha256": hashes[0], "nonfinite_max": max(r[f"{name}_nonfinite"] for r in rows),
                         **{label: _worst(d) for label, d in devs[name].items() if d}}
    for name in atomic:
        summary[name].update(
            max_rel_dev=max(r[f"{name}_max_rel_dev"] for r in rows),
            max_rel_dev_normwise=max(r[f"{name}_max_rel_dev_normwise"] for r in rows),
            elements=rel_dev(first[name], first[name])["elements"])
    return {"rows": rows, "summary": summary}


def atomic_lines(source: str, output: str = "d_weights") -> list[dict]:
    """The lines of a kernel's source that add atomically or by reduction into `output`'s path: a call
    of a function whose name holds "atomic" or "reduce" (outside comments) where the call (with the lines
    of its arguments) or the comment lines right above it (up to three) name the output (for d_weights:
    dw, dW, sDw..., mdW). Each as {"line": number, "text": stripped line}."""
    letter = {"d_weights": "w", "d_index_k": "k", "d_index_q": "q"}[output]
    stem = rf"(?<![A-Za-z])[ms]?[dD]_?[{letter}{letter.upper()}]"
    names = re.compile(rf"{stem}(?![a-z])|{stem}_|{stem}[A-Z]")
    adds = re.compile(r"\w*(?:atomic|reduce)\w*\(", re.IGNORECASE)
    lines = source.splitlines()
    found = []
    for i, line in enumerate(lines):
        code = line.split("#", 1)[0]
        if not adds.search(code):
            continue
        comments = []
        for j in range(i - 1, max(-1, i - 4), -1):
            if not lines[j].lstrip().startswith("#"):
                break
            comments.append(lines[j])
        context, depth, j = [code] + comments, code.count("(") - code.count(")"), i + 1
        while depth > 0 and j < min(len(lines), i + 9):  # the call's argument lines
            more = lines[j].split("#", 1)[0]
            context.append(more)
            depth += more.count("(") - more.count(")")
            j += 1
        if any(names.search(c) for c in context):
            found.append({"line": i + 1, "text": line.strip()})
    return found


def kernel_atomics(api) -> dict:
    """What the loaded release's SM90 kernel source shows: its file, sha256 and, per output, the lines
    that add into it atomically or by reduction (atomic_lines); an empty list means the source shows none."""
    path = Path(api.__file__).resolve().parent / Path(KERNEL_SOURCE).name
    if not path.is_file():
        return {"source": KERNEL_SOURCE, "found": False}
    text = path.read_text()
    return {"source": KERNEL_SOURCE, "found": True, "sha256": files.sha256(path),
            "atomic_lines": {name: atomic_lines(text, name) for name in OUTPUTS}}


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
        for name in OUTPUTS:
            for label, what in (("from_first", "replay 0"), ("from_other", "the other series' replay 0")):
                if label in s[name]:
                    e = s[name][label]
                    lines.append(f"  {name:<10} vs {what} ({e['compared_as']}): max abs {e['max_abs']:.2e}, "
                                 f"max rel {e['max_rel']:.2e}, max ulps {e['max_ulps']}, elements differing "
                                 f"{e['elements_differing']} of {e['elements']} (max over replays; "
                                 f"{e['replays_differing']} replays differ)")
    atomics = result.get("kernel_atomics")
    if atomics and atomics.get("found"):
        lines.append(f"Atomic or reducing calls into each output in {atomics['source']}:")
        for name, found in atomics["atomic_lines"].items():
            lines.append(f"  {name:<10} " + ("; ".join(f"line {f['line']}: {f['text']}" for f in found) or "none"))
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
    return wrapper_replays(api, shape, replays, seed, d_index_k_fp32)


def wrapper_replays(api, shape: UpstreamShape, replays: int, seed: int = 0, d_index_k_fp32: bool = True,
                    device: str = "cuda") -> tuple[list[dict], dict]:
    """`replays` calls of upstream's indexer_backward_wrapper (`api`) on identical inputs, whichever kernel the
    wrapper picks for this GPU: CPU copies of the outputs per replay and a description (see sm90_replays)."""
    import torch

    x = upstream_inputs(shape, seed=seed, device=device)
    kwargs = upstream_wrapper_kwargs(shape)
    outs = []
    t0 = time.perf_counter()
    for _ in range(replays):
        args = {**x, "attn_score": x["attn_score"].clone(), "index_score": x["index_score"].clone()}
        dq = torch.full_like(x["index_q"], float("nan"))
        dw = torch.full_like(x["weights"], float("nan"))
        dk = (torch.zeros(x["index_k"].shape, dtype=torch.float32, device=device) if d_index_k_fp32
              else torch.full_like(x["index_k"], float("nan")))
        res = api.indexer_backward_wrapper(**args, **kwargs, d_index_q=dq, d_weights=dw, d_index_k=dk)
        torch.cuda.synchronize()
        outs.append({"d_index_q": res["d_index_q"].cpu(), "d_weights": res["d_weights"].cpu(),
                     "d_index_k": res["d_index_k"].cpu()})
    meta = {"shape": shape.label, "shape_args": shape.as_arg(), "replays": replays, "seed": seed,
            "sm_scale": kwargs["sm_scale"], "d_index_k_dtype": "float32" if d_index_k_fp32 else "bfloat16",
            "wall_s": time.perf_counter() - t0, "cudnn_file": sys.modules["cudnn"].__file__,
            "cudnn_version": sys.modules["cudnn"].__version__, "wrapper": "indexer_backward_wrapper",
            "device": torch.cuda.get_device_name() if device == "cuda" else device}
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
        result["kernel_atomics"] = kernel_atomics(api)
        outs, meta = sm90_replays(api, shape, replays, seed, True)
        progress(f"fp32 series done ({time.perf_counter() - t0:.0f} s); bf16 series")
        outs16, meta16 = sm90_replays(api, shape, replays, seed, False)
    progress(f"bf16 series done ({time.perf_counter() - t0:.0f} s); deviations")
    result["upstream_fp32"] = replay_table(outs, other_first=outs16[0])
    result["upstream_meta"] = meta
    result["upstream_bf16"] = replay_table(outs16, other_first=outs[0])
    result["upstream_meta_bf16"] = meta16
    result["wall_s"] = time.perf_counter() - t0
    return result


def jsonable(obj):
    if isinstance(obj, float) and not math.isfinite(obj):
        return str(obj)
    if isinstance(obj, dict):
        return {k: jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [jsonable(v) for v in obj]
    return obj


def record(replays: int = REPLAYS, twin_shapes=TWIN_SHAPES, twin_launches: int = TWIN_REPLAYS, seed: int = 0,
           command=None, progress=print) -> tuple[dict, str]:
    """measure() on this SM90 GPU into a new store run: numerics.json (the summaries), the per-replay rows
    of both series and table.txt. Returns (result, "experiment/run id")."""
    from racelab.core import store

    with store.new_run(EXPERIMENT, command=command) as run:
        result = measure(SHAPE, replays, twin_shapes, twin_launches, seed, progress=progress)
        run.write_json("numerics.json", jsonable({k: v if not k.startswith("upstream_") or "meta" in k
                                                  else {"summary": v["summary"]} for k, v in result.items()}))
        run.write_text("replays-fp32.csv", replay_rows_csv(result["upstream_fp32"]))
        run.write_text("replays-bf16.csv", replay_rows_csv(result["upstream_bf16"]))
        run.write_text("table.txt", format_tables(result) + "\n")
        failed = failures(result)
        run.write_json("summary.json", {"experiment": EXPERIMENT, "complete": not failed, "failed": failed})
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
