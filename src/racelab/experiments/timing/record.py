"""A whole timing experiment: prime (one untimed process per variant), plan, run A/B, B/A, A/A (and any
extra comparison; in blocks, or as pairs of every kind in one seeded random order), then write every raw
samples CSV, processes.csv, plan.json (the manifest) and the GPU's clocks before and after (nvidia-smi)
into a folder or a store run. Statistics are not computed here: racelab.experiments.timing.load reads them
back."""

import csv
import io
import json
import lzma
import shutil
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from racelab.core import formats, proc, provenance, store
from racelab.experiments.timing.designs import PAIR_ORDERS, Comparison, Job, split_in_process
from racelab.experiments.timing.plan import EXPERIMENT_TITLES, KERNELS, TARGET_RANGE_US, Plan, csv_name, make_plan, rescale_work
from racelab.experiments.timing.runner import ProcResult, WorkerConfig, mean, run_jobs
from racelab.readers.samples import CuptiUnavailable, TimingError, samples_csv


def sample_rows(results: list[ProcResult], shape_label: str, kernel: str = "test"):
    """(pair, label, launch, ns) rows of one shape, for the test kernel or the control kernel. A process
    that is a whole pair gives the rows of both its builds: its first build's under its label, its second
    build's (and the control launches after them) under the partner's label."""
    second = {"test": "second_ns", "control": "control2_ns"}[kernel]
    rows = []
    for r in results:
        shape = _shape_entry(r.data, shape_label)
        for launch, ns in enumerate(shape[f"{kernel}_ns"]):
            rows.append((r.job.pair, r.job.label, launch, ns))
        if r.job.whole_pair:
            for launch, ns in enumerate(shape[second]):
                rows.append((r.job.pair, r.job.partner, launch, ns))
    return rows


def _shape_entry(data: dict, label: str) -> dict:
    for s in data["shapes"]:
        if s["shape"] == label:
            return s
    raise TimingError(f"worker pid {data.get('pid')} has no shape {label}")


PROCESS_COLUMNS = ("experiment", "pair", "slot", "label", "variant", "pid", "seed", "import_s", "waited_for_ready_s",
                   "gpu_s", "spawn_to_exit_s", "cuda_initialized_before_go", "shape", "compile_s", "warmup_s",
                   "warmup_launches", "shape_s", "precompiled", "test_kernel", "control_kernel", "test_mean_ns",
                   "control_mean_ns", "other_kernels", "process", "pair_kind", "set_up_s", "set_up_batch", "exit_s",
                   "partner", "partner_mean_ns", "idle_before_ns", "partner_idle_before_ns")

# What the GPU's clocks and throttle reasons were before and after a run (queried, never set)
GPU_QUERY = ("nvidia-smi", "--query-gpu=clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw,"
             "clocks_event_reasons.active", "--format=csv")


def process_rows(results: list[ProcResult]):
    """One row per process and shape, in the order the processes ran ("process" counts them from 0;
    "slot" is the process's position in its pair, "pair_kind" the pair's AB, BA or AA; a process that is
    a whole pair names its second build's label in "partner" and its mean time in "partner_mean_ns")."""
    for n, r in enumerate(results):
        d = r.data
        order = r.job.order or {v: k for k, v in PAIR_ORDERS.items()}.get(r.job.comparison, r.job.comparison)
        for s in d["shapes"]:
            yield (r.job.comparison, r.job.pair, r.job.slot, r.job.label, r.job.variant, d["pid"], r.job.seed,
                   f"{d['import_s']:.3f}", f"{r.waited_for_ready_s:.3f}", f"{d['gpu_s']:.3f}",
                   f"{r.spawn_to_exit_s:.3f}", int(bool(d.get("cuda_initialized_before_go"))), s["shape"],
                   f"{s['compile_s']:.3f}", f"{s['warmup_s']:.3f}", s["warmup_launches"], f"{s['shape_s']:.3f}",
                   int(bool(s.get("precompiled"))), s["test_name"], s["control_name"] or "", f"{mean(s['test_ns']):.1f}",
                   f"{mean(s['control_ns']):.1f}" if s["control_ns"] else "",
                   json.dumps(s.get("other_kernels") or {}, sort_keys=True), n, order,
                   "" if d.get("set_up_s") is None else f"{d['set_up_s']:.3f}",
                   "" if r.batch is None else r.batch, f"{r.exit_s:.3f}", r.job.partner,
                   f"{mean(s['second_ns']):.1f}" if r.job.whole_pair else "",
                   "" if s.get("idle_before_ns") is None else f"{s['idle_before_ns']:.1f}",
                   "" if s.get("idle_before_second_ns") is None else f"{s['idle_before_second_ns']:.1f}")


def gpu_state(out_dir: Path, name: str, query=GPU_QUERY, timeout_s: float = 30.0) -> dict:
    """Ask nvidia-smi for the GPU's clocks, temperature, power and active throttle (clock event) reasons
    and keep its CSV as `name`.csv in out_dir. Returns what the manifest records: the file, or why there
    is none (no nvidia-smi, a failed or timed-out query: recorded, not raised)."""
    query = [*query, *provenance.smi_selector()]
    try:
        done = proc.run(query, timeout_s=timeout_s)
    except proc.ProcError as err:
        return {"file": None, "missing": f"{query[0]} not available: {err}"}
    entry = {"command": " ".join(query), "returncode": done.returncode, "timed_out": done.timed_out}
    if done.returncode == 0 and not done.timed_out and done.stdout.strip():
        (out_dir / f"{name}.csv").write_text(done.stdout if done.stdout.endswith("\n") else done.stdout + "\n")
        entry["file"] = f"{name}.csv"
    else:
        entry.update(file=None, stderr=(done.stderr or done.stdout or "")[-500:])
    return entry


def _csv_text(header, rows) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def gpu_seconds_by_shape(results: list[ProcResult]) -> dict[str, float]:
    """GPU time attributed to each shape without the processes' start-up: its warm-up and its profiled
    launches in every process. Processes recorded before the profiled time was kept (no `profile_s`) are
    attributed as they were then: the shape's whole phase plus an equal share of the rest."""
    out: dict[str, float] = {}
    for r in results:
        shapes = r.data["shapes"]
        if all("profile_s" in s for s in shapes):
            for s in shapes:
                out[s["shape"]] = out.get(s["shape"], 0.0) + s["warmup_s"] + s["profile_s"]
            continue
        shared = max(0.0, r.data["gpu_s"] - sum(s["shape_s"] for s in shapes)) / max(1, len(shapes))
        for s in shapes:
            out[s["shape"]] = out.get(s["shape"], 0.0) + s["shape_s"] + shared
    return out


def gpu_startup_seconds(results: list[ProcResult]) -> float:
    """The GPU time of all processes that no shape's measurement accounts for (gpu_seconds_by_shape): CUDA
    context, compiles, the first profiler session, teardown; with set-up batches, each batch's set-up
    (its processes' at once) too."""
    after_go = max(0.0, sum(r.data["gpu_s"] for r in results) - sum(gpu_seconds_by_shape(results).values()))
    return after_go + sum(set_up_seconds(results).values())


def set_up_seconds(results: list[ProcResult]) -> dict[str, float]:
    """{set-up batch: the wall time its processes took to set up together} (empty without set-up batches)."""
    return {r.batch: r.batch_set_up_s for r in results if getattr(r, "batch", None) is not None}


def set_ups_during_measurement(results: list[ProcResult]) -> int:
    """How many processes were setting up the GPU (or, without set-up batches, already had a CUDA context
    before GO, so set it up while importing) while another process measured, from the times they recorded."""
    spans = [(r.data["times"]["go"], r.data["times"]["done"], r.data["pid"]) for r in results]
    count = 0
    for r in results:
        times = r.data["times"]
        if "set_up" in times:
            lo, hi = times["set_up"], times["set_up_done"]
        elif r.data.get("cuda_initialized_before_go"):
            lo, hi = times["start"], times["ready"]
        else:
            continue
        count += any(go < hi and lo < done for go, done, pid in spans if pid != r.data["pid"])
    return count


def prime(config: WorkerConfig, variants, workdir: Path, progress=print) -> dict:
    """One untimed process per variant, one after the other: compiles every shape (filling the DSL's
    file cache for the later processes) and measures what the plan is made from."""
    jobs = [Job("prime", k // 2, k % 2, v, v, k, "ab"[k % 2]) for k, v in enumerate(variants)]
    res = run_jobs(jobs, config, workdir, prefetch=len(jobs), progress=lambda line: None, retries=1)
    procs = [{"variant": r.job.variant, "import_s": r.data["import_s"], "gpu_s": r.data["gpu_s"],
              "compile_s": sum(s["compile_s"] for s in r.data["shapes"]),
              "kernels": {s["shape"]: [s["test_name"], s["control_name"]] for s in r.data["shapes"]},
              "test_mean_ns": {s["shape"]: mean(s["test_ns"]) for s in r.data["shapes"]},
              "control_mean_ns": {s["shape"]: mean(s["control_ns"]) for s in r.data["shapes"] if s["control_ns"]},
              "precompile_errors": {s["shape"]: s["precompile_error"] for s in r.data["shapes"]
                                    if s.get("precompile_error")}}
             for r in res]
    for p in procs:
        progress(f"prime {p['variant']}: import {p['import_s']:.1f} s, GPU {p['gpu_s']:.1f} s (compile "
                 f"{p['compile_s']:.1f} s); test kernel " + ", ".join(f"{k} {v / 1000:.2f} us" for k, v in
                                                                    p["test_mean_ns"].items())
                 + "; control " + ", ".join(f"{v / 1000:.2f} us" for v in p["control_mean_ns"].values()))
    # what a later process costs the runner: its GPU phase (compile included: each variant's kernels
    # differ, so the DSL's file cache is no help to count on) and its exit, plus a little slack
    # with set-up batches, a batch's set-up (its processes' at once) is shared by the batch's processes
    set_up = max(set_up_seconds(res).values(), default=0.0)
    return {"processes": procs, "per_process_gpu_s": max(r.data["gpu_s"] + r.exit_s for r in res) + 0.2
            + (set_up / config.set_up_batch if config.set_up_batch else 0.0),
            "import_s": max(p["import_s"] for p in procs), "device": res[0].data["device"],
            "set_up_s": set_up if config.set_up_batch else None}


def _primed(config: WorkerConfig, variants, scratch: Path, target_us, progress) -> tuple[dict, list]:
    """Prime; without precompiling when that fails on this machine; and again (at most twice) after
    rescaling the twin's work to bring its kernel time into range. Returns (prime, rescalings)."""
    rescaled = []
    try:
        primed = prime(config, variants, scratch / "prime0", progress)
    except CuptiUnavailable:
        raise
    except TimingError as err:
        if config.backend != "twin" or not config.precompile:
            raise
        progress(f"prime failed with kernels compiled before GO ({str(err).splitlines()[0]}); "
                 "compiling after GO from now on")
        config.precompile = False
        primed = prime(config, variants, scratch / "prime0b", progress)
    if config.backend == "twin" and config.precompile and any(p["precompile_errors"] for p in primed["processes"]):
        progress("compiling before GO did not work here: " + "; ".join(
            f"{k}: {v}" for p in primed["processes"] for k, v in p["precompile_errors"].items())
            + " -- compiling after GO from now on")
        config.precompile = False
        primed = prime(config, variants, scratch / "prime0c", progress)
    for attempt in range(2):
        if not target_us or config.backend not in ("twin", "fake"):
            break
        means = {lbl: min(p["test_mean_ns"][lbl] for p in primed["processes"]) for lbl in
                 primed["processes"][0]["test_mean_ns"]}
        new = rescale_work(config.shapes, means, target_us)
        if new == list(config.shapes):
            break
        rescaled.append({"from": [s.as_arg() for s in config.shapes], "to": [s.as_arg() for s in new],
                         "kernel_us": {k: v / 1000 for k, v in means.items()}})
        progress("kernel time outside %g-%g us: work rescaled to %s" % (*TARGET_RANGE_US,
                 ", ".join(s.label for s in new)))
        config.shapes = new
        primed = prime(config, variants, scratch / f"prime{attempt + 1}", progress)
    return primed, rescaled


def run_experiment(config: WorkerConfig, out_dir: Path, *, a_variant: str, b_variant: str, budget_s: float,
                   seed: int, prefetch: int, plan: Plan | None = None, progress=print, aa_groups: int = 20,
                   extra=(), target_us: float | None = None, compress: bool = True,
                   aa_stop_after_s: float | None = None, stop_after_s: float | None = None, clock=time.time,
                   gpu_query=GPU_QUERY, prime_first: bool = True) -> dict:
    """Prime, plan, run the plan's design (racelab.experiments.timing.designs); write every raw CSV,
    processes.csv, plan.json (the manifest: shapes, plan, order of every pair, GPU time per shape) and the
    GPU's state before and after (gpu-before.csv, gpu-after.csv) into out_dir.

    With `aa_stop_after_s` (a design of blocks), no new A/A group starts once that many seconds (of `clock`)
    have passed since the start: the groups finished by then are the A/A experiment (each group is an
    independent null experiment, so fewer groups is a smaller sample, not a biased one); the manifest
    keeps the planned count. With `stop_after_s` (a design of one order), no new pair starts after that
    time; the pairs finished by then are the run (their order was drawn at random), and a comparison left
    with fewer than two pairs is dropped.

    `prime_first=False` (only with a given plan) skips the untimed process per variant: the plan needs no
    estimate, and the manifest's "prime" says it was skipped."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    t0, started = time.time(), clock()
    gpu = {"before": gpu_state(out_dir, "gpu-before", gpu_query)}
    scratch = Path(tempfile.mkdtemp(prefix="racelab-timing-"))
    variants = list(dict.fromkeys([a_variant, b_variant] + [v for _, xa, xb in extra for v in (xa, xb)]
                                  + [v for pair in (plan.comparisons if plan else ()) for v in reversed(pair)]))
    if not prime_first and plan is None:
        raise ValueError("prime_first=False needs a plan: without the untimed processes nothing estimates one")
    try:
        if prime_first:
            primed, rescaled = _primed(config, variants, scratch, target_us, progress)
            # per process: the GPU phase, or the import when `prefetch` processes cannot keep up
            per_process = max(primed["per_process_gpu_s"], primed["import_s"] / max(1, prefetch))
        else:
            primed, rescaled, per_process = {"skipped": True, "variants": variants}, [], plan.per_process_s
        if plan is None:
            plan = make_plan(budget_s - (time.time() - t0), per_process, aa_groups=aa_groups,
                             extra_experiments=len(extra))
        progress(_plan_line(plan, len(extra), per_process))
        aa_planned, planned, design = plan.aa_groups, plan.as_dict(), plan.design
        if design.one_order:
            jobs, exps = design.schedule(plan, seed, a_variant, b_variant)
            results, exps = _run_pairs(jobs, exps, config, scratch / design.name, prefetch, progress,
                                       started + stop_after_s if stop_after_s else None, clock)
            plan = design.after_deadline(plan, exps)
        else:
            results, exps, plan = _run_blocks(config, plan, a_variant, b_variant, seed, extra, scratch, prefetch,
                                              progress, aa_stop_after_s, started, clock)
        gpu["after"] = gpu_state(out_dir, "gpu-after", gpu_query)
        _write_samples(out_dir, exps, results, config.shapes, compress)
        (out_dir / "processes.csv").write_text(_csv_text(PROCESS_COLUMNS, process_rows(results)))
        manifest = _manifest(config, results, exps, plan, primed, rescaled, seed=seed, prefetch=prefetch,
                             a_variant=a_variant, b_variant=b_variant, extra=extra, aa_planned=aa_planned,
                             aa_stop_after_s=aa_stop_after_s, wall=time.time() - t0)
        manifest.update(gpu_state=gpu, design=design.name, **_design_extras(plan, results, planned, stop_after_s))
        manifest["protocol"] = formats.protocol_id(manifest)  # what a page chooses this run by (store.by_protocol)
        (out_dir / "plan.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
        return manifest
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _design_extras(plan: Plan, results: list[ProcResult], planned: dict, stop_after_s: float | None) -> dict:
    """What a design adds to the manifest: a design by comparisons, the comparisons kept and each build's code; a
    design of one order, the plan as planned, the deadline and the order every pair ran in (and its first label)."""
    extras = {}
    if plan.design.by_comparisons:
        extras.update(comparisons=[list(c) for c in plan.comparisons], code=code_by_variant(results))
    if plan.design.one_order:
        extras.update(plan_planned=planned, stop_after_s=stop_after_s,
                      order=[{"pair": r.job.pair, "kind": r.job.order, "first": r.job.label}
                             for r in results if r.job.slot == 0])
    return extras


def _plan_line(plan: Plan, extra: int, per_process: float) -> str:
    """The progress line that announces a run's plan."""
    return (f"plan ({plan.design.name}): A/B {plan.ab_pairs} pairs, B/A {plan.ba_pairs} pairs, A/A {plan.aa_groups} x "
            f"{plan.aa_pairs_per_group} pairs" + (f", {extra} more comparison(s) of {plan.ab_pairs} pairs" if extra else "")
            + f" = {plan.processes} processes at ~{per_process:.1f} s -> ~{plan.processes * per_process / 60:.1f} min")


def _write_samples(out_dir: Path, exps: list[Comparison], results: list[ProcResult], shapes, compress: bool) -> None:
    """One samples CSV per comparison, shape and kernel (raw samples, one row per launch: a few MB in all,
    xz-compressed unless `compress` is False)."""
    for exp in exps:
        res = [r for r in results if r.job.comparison == exp.name]
        for shape in shapes:
            for kernel in KERNELS:
                text = samples_csv(sample_rows(res, shape.label, kernel))
                name = csv_name(exp.name, shape.label, kernel)
                if compress:
                    (out_dir / (name + ".xz")).write_bytes(lzma.compress(text.encode(), preset=6))
                else:
                    (out_dir / name).write_text(text)


def _run_blocks(config, plan, a_variant, b_variant, seed, extra, scratch, prefetch, progress, aa_stop_after_s,
                started, clock):
    """A/B, then B/A, then A/A (then any extra comparison), each its own run of jobs; with `aa_stop_after_s`,
    no new A/A group starts after that time, and the A/A control keeps its groups finished before it."""
    _, exps = plan.design.schedule(plan, seed, a_variant, b_variant, extra)
    results: list[ProcResult] = []
    for n, exp in enumerate(exps):
        stop = {}
        if exp.name == "aa" and aa_stop_after_s is not None:
            first_job = {pair: 2 * k for k, pair in enumerate(sorted({j.pair for j in exp.jobs}))}
            stop = {"stop_at": started + aa_stop_after_s, "clock": clock,
                    "stop_points": [first_job[g[0]] for g in exp.groups[1:]]}
        res = run_jobs(list(exp.jobs), config, scratch / exp.name, prefetch=prefetch, progress=progress, **stop)
        if exp.name == "aa" and len(res) < len(exp.jobs):
            exps[n] = exp.keeping({r.job.pair for r in res})
            plan = replace(plan, aa_groups=len(exps[n].groups))
            progress(f"A/A: {len(exps[n].groups)} of {len(exp.groups)} planned groups done before the deadline")
        results += res
    return results, exps, plan


def _run_pairs(jobs, exps: list[Comparison], config, folder, prefetch, progress, stop_at, clock):
    """Run `jobs` (whole pairs, in order); with `stop_at`, no pair starts after it. The comparisons keep the
    pairs finished (their A/A groups, the whole groups) and a comparison left with fewer than two pairs is
    dropped. Returns (results, comparisons)."""
    starts = [k for k, j in enumerate(jobs) if k and j.slot == 0]  # where a pair begins
    stop = {"stop_at": stop_at, "clock": clock, "stop_points": starts} if stop_at else {}
    results = run_jobs(jobs, config, folder, prefetch=prefetch, progress=progress, **stop)
    done = {r.job.pair for r in results}
    planned = len({j.pair for j in jobs})
    if len(results) < len(jobs):
        progress(f"deadline: {len(done)} of {planned} planned pairs done")
    kept = [e.keeping(done) for e in exps]
    return results, [e for e in kept if e.pairs >= 2]


def code_by_variant(results: list[ProcResult]) -> dict:
    """{build: {shape: the code summary its worker recorded}} (the twin backend reads each build's SASS
    before GO; the first process of each build speaks for it, and a differing later one is kept as
    "differs": a build is the same in every process). A process timing two builds ("A|B") records the
    second's under "second"."""
    out: dict = {}
    for r in results:
        builds = split_in_process(r.job.variant)
        for s in r.data["shapes"]:
            codes = [s.get("code"), (s.get("second") or {}).get("code") if len(builds) == 2 else None]
            for build, code in zip(builds, codes):
                if code is None:
                    continue
                known = out.setdefault(build, {}).setdefault(s["shape"], code)
                if known != code and not known.get("differs"):
                    known["differs"] = True
    return out


def _manifest(config, results, exps, plan, primed, rescaled, *, seed, prefetch, a_variant, b_variant, extra,
              aa_planned, aa_stop_after_s, wall) -> dict:
    imports = sorted(r.data["import_s"] for r in results)
    gpus = sorted(r.data["gpu_s"] for r in results)
    return {
        "backend": config.backend, "shapes": [s.label for s in config.shapes],
        "shape_args": {s.label: s.as_arg() for s in config.shapes}, "rescaled": rescaled,
        "launches_per_process": config.launches, "warmup_s": config.warmup_s, "seed": seed,
        "precompile": config.precompile, "copies": config.copies, "alternate": config.alternate,
        "prefetch": prefetch, "variants": {"a": a_variant, "b": b_variant}, "extra": [list(e) for e in extra],
        "plan": plan.as_dict(), "aa_groups_planned": aa_planned, "aa_stop_after_s": aa_stop_after_s,
        "prime": primed, "wall_s": wall,
        "gpu_s_total": sum(gpus), "gpu_s_by_shape": gpu_seconds_by_shape(results),
        "gpu_s_startup": gpu_startup_seconds(results),
        "import_s_median": imports[len(imports) // 2], "gpu_s_per_process_median": gpus[len(gpus) // 2],
        "processes_with_cuda_before_go": sum(bool(r.data.get("cuda_initialized_before_go")) for r in results),
        "set_up_batch": config.set_up_batch,
        "set_up_batches_s": set_up_seconds(results),
        "set_ups_during_measurement": set_ups_during_measurement(results),
        "processes_precompiled": sum(all(s.get("precompiled") for s in r.data["shapes"]) for r in results),
        "processes": len(results),
        "device": results[0].data["device"], "timer": results[0].data["timer"],
        "kernels": {s["shape"]: {"test": s["test_name"], "control": s["control_name"]}
                    for s in results[0].data["shapes"]},
        "experiments": [{"name": e.name, "title": EXPERIMENT_TITLES.get(e.name, e.name), "a": e.a, "b": e.b,
                         "order": e.schedule, "groups": None if e.groups is None else [list(g) for g in e.groups],
                         "pairs": [{"pair": j.pair, "first": j.label} for j in e.jobs if j.slot == 0]}
                        for e in exps],
    }


def record(experiment: str, config: WorkerConfig, *, command, out: Path | None = None, report=None,
           **settings) -> tuple[dict, str | None]:
    """run_experiment into `out`, or into a new store run of `experiment` (recorded with `command`) when
    `out` is None. `report(out_dir, manifest)`, when given, runs before the store run is sealed (it may
    write more files there). Returns (manifest, "experiment/run id" of the store run, or None)."""
    if out is not None:
        manifest = run_experiment(config, Path(out), **settings)
        if report is not None:
            report(Path(out), manifest)
        return manifest, None
    with store.new_run(experiment, command=command) as run:
        manifest = run_experiment(config, run.path, **settings)
        if report is not None:
            report(run.path, manifest)
    return manifest, f"{experiment}/{run.recorded.id} (manifest {run.recorded.manifest_hash[:16]})"
