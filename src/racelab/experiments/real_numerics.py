"""The real kernel's outputs: does closing the handoff change them, and how much do they move from replay to
replay anyway? Upstream's indexer backward through its own wrapper (racelab.toolchain.real_kernel) on the GPU
at hand, for each of the target's variants, in a fresh process per variant and shape: `replays` calls on
identical inputs (racelab.toolchain.inputs.upstream_inputs), d_index_k requested in fp32 so that its atomics are seen before any
rounding. Recorded as "real-numerics":

* per variant and shape: sha256 of every output per replay, and each replay's deviation from the first
  (racelab.experiments.sm90_numerics.replay_table);
* across variants, per shape: the candidate's first replay against the baseline's (byte identity of
  d_index_q and d_weights as PR #426 reports it on a B200; the size of any deviation otherwise).

    racelab real numerics            # on a B200 or an H200
    python -m racelab.experiments.real_launch replays ...   # one variant and shape: the process `numerics` starts
"""

import json
import sys
import tempfile
import time
from pathlib import Path

from racelab.core import proc
from racelab.core.paths import child_env
from racelab.experiments import real_racecheck
from racelab.experiments import sm90_numerics as nx
from racelab.toolchain import real_kernel
from racelab.toolchain.real_kernel import RealKernelError
from racelab.vocab import PR_SHAPES, Experiment

EXPERIMENT = Experiment.REAL_NUMERICS.value
REPLAYS = 30
SHAPES = ("one-cta", "multi-block")
WORKER_TIMEOUT_S = 600.0


def replays_worker(arch: str, variant: str, shape: str, replays: int, out: Path, seed: int = 0) -> dict:
    """In the worker process: `replays` wrapper calls; the replay table as JSON and the first replay's
    outputs (torch.save) under `out`. Returns the JSON written."""
    import torch

    here, gpu = real_kernel.local_target()
    tgt = real_kernel.target(arch)
    if here is not tgt:
        raise RealKernelError(f"this GPU ({gpu['name']}) runs the {here.arch} kernel, not the {arch} one")
    with real_kernel.load_wrapper(tgt, variant) as (api, info):
        outs, meta = nx.wrapper_replays(api, PR_SHAPES[shape], replays, seed, d_index_k_fp32=True)
    table = nx.replay_table(outs)
    out.mkdir(parents=True, exist_ok=True)
    torch.save(outs[0], out / f"first-{variant}-{shape}.pt")
    result = {"arch": arch, "variant": variant, "shape": shape, "loaded": info, "meta": meta,
              "summary": table["summary"], "rows": table["rows"]}
    (out / f"replays-{variant}-{shape}.json").write_text(json.dumps(nx.jsonable(result), indent=1) + "\n")
    return result


def across_variants(first: dict) -> dict:
    """{variant: {output: tensor}} (each variant's first replay) -> the deviation of every other variant
    from the first one named, per output (sm90_numerics.deviation)."""
    names = list(first)
    base = first[names[0]]
    return {v: {o: nx.deviation(base[o], first[v][o]) for o in nx.OUTPUTS} for v in names[1:]}


def outside_own_spread(per: dict, across: dict) -> list[str]:
    """Where a variant's first replay (`across`: its deviation from the baseline's first, per output) leaves
    the spread of the baseline's own replays (`per`: the baseline's replays against its first): an output whose
    replays never varied that differs at all, and d_index_k differing in more elements, by more ulps or by a
    larger norm-wise deviation than the baseline's replays do. [] when it stays within."""
    out = [name for name in ("d_index_q", "d_weights")
           if per[name]["distinct_sha256"] == 1 and across[name]["elements_differing"] > 0]
    dk, own = across["d_index_k"], per["d_index_k"]
    for what, got, limit in (("elements differing", dk["elements_differing"], own["from_first"]["elements_differing"]),
                             ("largest difference in ulps", dk["max_ulps"], own["from_first"]["max_ulps"]),
                             ("norm-wise deviation", dk["max_rel_normwise"], own["max_rel_dev_normwise"])):
        if got > limit:
            out.append(f"d_index_k's {what}")
    return out


def record(variants=None, shapes=SHAPES, replays: int = REPLAYS, timeout_s: float = WORKER_TIMEOUT_S, log=print):
    """Every variant of the GPU's target at every shape, one process each; one recorded run. A failed
    worker fails the run (recorded as incomplete, the command exits 1)."""
    import torch

    from racelab.core import store

    tgt, gpu = real_kernel.local_target()
    variants = list(variants or tgt.variants)
    real_kernel.fetch(tgt, variants, log)
    started = time.monotonic()
    summary = {"experiment": EXPERIMENT, "arch": tgt.arch, "handoff": tgt.handoff, "gpu": gpu, "replays": replays,
               "variants": variants, "labels": {v: tgt.label(v) for v in variants}, "shapes": list(shapes),
               "workers": [], "per_variant": {}, "across_variants": {}, "rel_rule": nx.REL_RULE,
               "ulps_rule": nx.ULPS_RULE}
    with tempfile.TemporaryDirectory(prefix="racelab-real-numerics-") as scratch, \
            store.new_run(EXPERIMENT, command=sys.argv) as run:
        scratch = Path(scratch)
        for shape in shapes:
            firsts = {}
            for variant in variants:
                cmd = real_racecheck.launcher("replays", tgt.arch, variant, shape, "--replays", str(replays), "--out",
                                          str(scratch))
                done = proc.run(cmd, timeout_s=timeout_s, env=child_env())
                name = f"replays-{variant}-{shape}.json"
                worker = {"variant": variant, "shape": shape, "returncode": done.returncode,
                          "timed_out": done.timed_out, "wall_s": round(done.wall_s, 1)}
                summary["workers"].append(worker)
                run.write_text(f"stdout-{variant}-{shape}.txt", done.stdout + "\n--- stderr ---\n" + done.stderr)
                problems = []
                if done.ok and (scratch / name).exists():
                    data = json.loads((scratch / name).read_text())
                    run.write_json(name, data)
                    problems = nx.output_problems(data["summary"])  # a kernel that wrote NaN, or nothing
                    why = "; ".join(problems)
                else:
                    why = done.timeout_note() if done.timed_out else f"exit {done.returncode}"
                ok = worker["ok"] = not why
                if problems:
                    worker["problems"] = problems
                log(f"  {shape} {variant}: {'ok' if ok else 'FAILED'} in {done.wall_s:.1f}s" + ("" if ok else f" ({why})"))
                if not ok:
                    continue
                summary["per_variant"].setdefault(shape, {})[variant] = data["summary"]
                firsts[variant] = torch.load(scratch / f"first-{variant}-{shape}.pt")
            if len(firsts) == len(variants) and len(variants) > 1:
                summary["across_variants"][shape] = across_variants(firsts)
        summary["failed"] = [f"{w['shape']}/{w['variant']}" for w in summary["workers"] if not w["ok"]]
        summary["complete"] = not summary["failed"]
        summary["wall_s"] = round(time.monotonic() - started, 1)
        run.write_json("summary.json", nx.jsonable(summary))
    log(f"recorded {run.recorded.experiment}/{run.recorded.id}")
    return run.recorded


# ------------------------------------------------------------------ tables for the chapter

def table(rec):
    """One row per shape and variant of a recorded run: distinct sha256 over the replays of d_index_q,
    d_weights and d_index_k, the worst relative deviation of d_index_k from replay 0, and, for a variant
    other than the baseline, how many elements of each output differ from the baseline's first replay. A
    failed worker's row has no numbers."""
    import pandas as pd

    s = rec.read_json("summary.json")
    rows = []
    for shape in s["shapes"]:
        for i, variant in enumerate(s["variants"]):
            per = (s["per_variant"].get(shape) or {}).get(variant)
            row = {"shape": shape, "variant": variant, "what it is": s["labels"].get(variant, variant),
                   "status": "ok" if per else "failed"}
            if per:
                row.update({"replays": per["replays"],
                            "distinct sha256 (q / w / k)": " / ".join(str(per[o]["distinct_sha256"]) for o in nx.OUTPUTS),
                            "d_index_k max rel. dev. from replay 0": per["d_index_k"]["max_rel_dev"]})
            across = (s["across_variants"].get(shape) or {}).get(variant) if i else None
            row["vs baseline: elements differing (q / w / k)"] = (
                " / ".join(f"{across[o]['elements_differing']:,}" for o in nx.OUTPUTS) if across else None)
            rows.append(row)
    return pd.DataFrame(rows)
