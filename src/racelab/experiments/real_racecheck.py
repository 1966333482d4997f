"""The real kernel under racecheck: upstream's indexer backward driven through upstream's own
`indexer_backward_wrapper` (racelab.toolchain.real_kernel) on racelab.vocab's inputs at PR #426's shapes
(vocab.PR_SHAPES), under compute-sanitizer racecheck, on the GPU at hand: PR #426's IndexerBackwardSm100 on
a B200 (W_LOADED: 1.27.0 with the fix reverted vs 1.27.0), its sibling IndexerBackwardSm90 on an H200
(K_CONSUMED: 1.27.0 as shipped vs every compute thread arriving). Without such a GPU it stops and says so.

    racelab real plan                 # what `record` would run (no GPU needed)
    racelab real record               # every case, one run "real-racecheck"
    python -m racelab.experiments.real_launch launch --arch sm100 --variant release-1.27.0 --shape one-cta

Each case is its own process. The secondary SM100 variant `release-1.26.0` (unpatched as shipped, on the
DSL it pins) is opt-in (`--variants`)."""

import sys
import time
from dataclasses import asdict, dataclass

from racelab.core import files
from racelab.core.paths import child_env
from racelab.toolchain import real_kernel, upstream
from racelab.toolchain.real_kernel import RealKernelError, Target
from racelab.toolchain.inputs import upstream_inputs
from racelab.vocab import (BLOCK_I, PR_REPORTED, PR_SHAPES, Experiment, UpstreamShape,
                           upstream_wrapper_kwargs)

EXPERIMENT = Experiment.REAL_RACECHECK.value
LiveError = RealKernelError


def specialization(shape: UpstreamShape) -> upstream.Specialization:
    """The SM100 kernel's compile-time settings, as the wrapper builds them (block_I=128, local topk ids)."""
    return upstream.Specialization(head_dim=shape.dim, heads=shape.heads, block_I=BLOCK_I, topk=shape.topk,
                                   topk_indices_global=False)


def _shape(shape: UpstreamShape | str) -> UpstreamShape:
    if isinstance(shape, UpstreamShape):
        return shape
    if shape not in PR_SHAPES:
        raise LiveError(f"unknown shape {shape!r}; one of {', '.join(PR_SHAPES)}")
    return PR_SHAPES[shape]


LAUNCHER = "racelab.experiments.real_launch"  # the process of one case (racecheck's launch, numerics' replays)


def launcher(action: str, arch: str, variant: str, shape: str, *more: str, python: str | None = None) -> list[str]:
    """The command line of one LAUNCHER process: `launch` (one wrapper call) or `replays`."""
    return [python or sys.executable, "-m", LAUNCHER, action, "--arch", arch, "--variant", variant, "--shape", shape,
            *more]


@dataclass(frozen=True)
class LiveCase:
    arch: str
    variant: str
    shape: str
    report: str | None  # "hazard", "analysis", or None for a plain launch

    @property
    def name(self) -> str:
        return f"{self.report or 'plain'}-{self.shape}-{self.variant}"

    def launch_command(self, python: str | None = None) -> list[str]:
        return launcher("launch", self.arch, self.variant, self.shape, python=python)

    def command(self, python: str | None = None, log_file=None, sanitizer: str | None = None) -> list[str]:
        """The command line `record` runs: the launch, under racecheck unless plain."""
        if self.report is None:
            return self.launch_command(python)
        from racelab.toolchain.sanitizer import sanitizer_command
        return sanitizer_command(self.launch_command(python), self.report, 0, log_file, sanitizer)


def plan(tgt: Target, variants=None, plain: bool = False) -> list[LiveCase]:
    """PR #426's runs (vocab.PR_REPORTED["racecheck"]): hazard mode at one CTA, the default analysis mode at
    512 CTAs and at the multi-block shape; and hazard mode at the multi-block shape, the one PR shape whose
    top-k blocks outnumber the kernel's K stages (so stages are reused); for each variant (default: the
    target's two); with `plain`, also a
    plain launch of each shape (real-numerics compares the outputs across variants)."""
    cases = []
    for variant in variants or tgt.variants:
        tgt.check_variant(variant)  # reject bad names early
        cases += [LiveCase(tgt.arch, variant, row["shape"], row["report"]) for row in PR_REPORTED["racecheck"]]
        cases.append(LiveCase(tgt.arch, variant, "multi-block", "hazard"))  # byte by byte where blocks reuse stages
        if plain:
            cases += [LiveCase(tgt.arch, variant, shape, None) for shape in PR_SHAPES]
    return cases


def compile_for_cpu(variant: str, shape: UpstreamShape | str, arch: str = "sm_100a"):
    """Compile the SM100 variant's kernel_gemm for `shape`'s specialization, from fake tensors shaped as the
    wrapper's (racelab.toolchain.upstream.build: a cached subprocess compile). Returns the upstream Build."""
    var = upstream.variant(variant)
    return upstream.build(var, specialization(_shape(shape)), dsl=var.dsl, arch=arch)


def _digest(t) -> str:
    """sha256 of a tensor's bytes."""
    import torch
    return files.sha256_bytes(t.contiguous().cpu().view(-1).view(torch.uint8).numpy().tobytes())


def launch(arch: str, variant: str, shape: UpstreamShape | str, seed: int = 0, device: str = "cuda") -> dict:
    """One call of upstream's wrapper on the GPU, on racelab.toolchain.inputs.upstream_inputs (one variant per process). What it
    needs from the network is fetched beforehand (real_kernel.fetch); `device` is for the dress rehearsal
    (racelab.experiments.rehearsal)."""
    shape = _shape(shape)
    here, gpu = real_kernel.local_target()
    tgt = real_kernel.target(arch)
    if here is not tgt:
        raise LiveError(f"this GPU ({gpu['name']}) runs the {here.arch} kernel, not the {arch} one")
    import torch
    t0 = time.perf_counter()
    with real_kernel.load_wrapper(tgt, variant) as (api, info):
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
            "finite_outputs": {name: bool(torch.isfinite(x.float()).all())
                               for name, x in (("d_index_q", dq), ("d_weights", dw), ("d_index_k", dk))},
            "d_index_q_sha256": _digest(dq), "d_weights_sha256": _digest(dw),
            "d_index_k_abs_sum": float(dk.float().abs().sum())}


# ------------------------------------------------------------------ recording

def record(variants=None, timeout_s: float = 300.0, log=print, only=()):
    """On the GPU at hand: every case of `plan(target, variants)` (those named REPORT-SHAPE in `only`, if
    any, e.g. "hazard-multi-block"), each in a fresh process; one recorded run."""
    from racelab.core import store
    from racelab.experiments import racecheck_cases
    from racelab.toolchain import sanitizer
    tgt, gpu = real_kernel.local_target()
    sanitizer.find_sanitizer()
    variants = list(variants or tgt.variants)
    cases = [c for c in plan(tgt, variants) if not only or any(c.name.startswith(o + "-") for o in only)]
    if not cases:
        raise LiveError(f"no case of the plan is named by --only {' '.join(only)}")
    log("real record: fetching what the variants need")
    real_kernel.fetch(tgt, variants, log)
    log(f"real record: {len(cases)} launches of the {tgt.arch} kernel on {gpu['name']}")
    started = time.monotonic()
    env = child_env()
    summary = {"experiment": EXPERIMENT, "arch": tgt.arch, "handoff": tgt.handoff, "gpu": gpu,
               "variants": variants, "labels": {v: tgt.label(v) for v in variants},
               "shapes": {k: asdict(v) for k, v in PR_SHAPES.items()}, "cases": []}
    with store.new_run(EXPERIMENT, command=sys.argv) as run:
        for case in cases:
            entry = {"case": case.name, "variant": case.variant, "shape": case.shape, "report": case.report}
            if case.report is None:
                result = sanitizer.run_plain(case.launch_command(), timeout_s=timeout_s, env=env)
            else:
                result = sanitizer.run_racecheck(case.launch_command(), report=case.report, timeout_s=timeout_s,
                                                 env=env)
                stored = run.write_bytes(f"racecheck-{case.name}.log", result.log, compress=True)
                entry["log"] = stored.name
                entry.update(racecheck_cases.parsed_entry(stored, truncated=result.status != "ok"))
            run.write_text(f"stdout-{case.name}.txt", result.output)
            entry.update(result.describe())
            entry["launch"] = sanitizer.json_line(result.stdout)
            failure = case_failure(entry)
            if failure:
                entry["status"], entry["failure"] = ("timeout" if result.timed_out else "failed"), failure
            summary["cases"].append(entry)
            log(f"  {case.name}: {entry['status']} in {result.wall_s:.1f}s" + (f" ({failure})" if failure else ""))
        summary["failed_cases"] = [c["case"] for c in summary["cases"] if c["status"] != "ok"]
        summary["to_look_into"] = implausible(tgt, summary["cases"])
        summary["complete"] = not summary["failed_cases"] and not summary["to_look_into"]
        summary["wall_s"] = round(time.monotonic() - started, 1)
        run.write_json("summary.json", summary)
        for why in summary["to_look_into"]:
            log(f"  TO LOOK INTO: {why}")
    log(f"recorded {run.recorded.experiment}/{run.recorded.id}")
    return run.recorded


def case_failure(entry: dict) -> str | None:
    """Why a recorded case is not a measurement, or None when it is: the process exited 0 and printed its
    launch JSON (upstream's wrapper returned after the indexer kernel), a sanitizer log was read, and a plain
    launch's outputs were finite. Under racecheck the outputs are kept as found (`nonfinite_outputs`): the
    sanitizer's scheduling can expose a race that corrupts them, which is a finding about the kernel, not a
    failure of the measurement."""
    if entry.get("timed_out"):
        return f"killed after {entry.get('timeout_s')} s"
    if entry.get("returncode") != 0:
        return f"exit status {entry.get('returncode')}"
    launched = entry.get("launch")
    if not launched:
        return "no launch result printed"
    if entry.get("report") is None and launched.get("finite") is not True:
        return "non-finite outputs"
    if entry.get("report") is not None and entry.get("parsed") is None:
        return "the sanitizer log could not be read"
    return None


# how far a one-CTA hazard count may sit from the model's prediction before the run is one to look into
PREDICTION_FACTOR = 2.0


def implausible(tgt, cases: list[dict]) -> list[str]:
    """Why a run's hazard-mode counts cannot stand as a measurement of the handoff (an empty list when they
    can): a racy variant (`tgt.racy`) with no hazard at a shape where its race reaches racecheck
    (`tgt.racy_shapes`), a closed variant with any, and, for the
    one-CTA shape of the SM100 kernel, a racy count more than PREDICTION_FACTOR from the closed form of
    `programs.predicted_hazard_bytes` (620 at topk=128, heads=64, what PR #426 reports); in the default analysis
    mode the same for error reports (`_implausible_reports`). Cases that failed are judged by case_failure,
    not here."""
    from racelab.model import programs

    problems = []
    for c in cases:
        if c.get("report") == "analysis" and c.get("status") == "ok" and not case_failure(c):
            problems += _implausible_reports(tgt, c)
            continue
        if c.get("report") != "hazard" or c.get("status") != "ok" or case_failure(c):
            continue
        got = (c.get("parsed") or {}).get("hazard_bytes")
        if got is None:
            continue
        racy = c["variant"] in tgt.racy
        if racy and got == 0 and c["shape"] in tgt.racy_shapes:
            problems.append(f"{c['case']}: {c['variant']} still has the race, and racecheck reported 0 hazard bytes")
        elif not racy and got > 0:
            problems.append(f"{c['case']}: {c['variant']} closes the handoff, and racecheck reported {got:,} hazard bytes")
        elif racy and tgt.arch == "sm100" and c["shape"] == "one-cta":
            shape = PR_SHAPES["one-cta"]
            want = programs.predicted_hazard_bytes(shape.topk, shape.heads)
            if not want / PREDICTION_FACTOR <= got <= want * PREDICTION_FACTOR:
                problems.append(f"{c['case']}: {got:,} hazard bytes, against {want:,} predicted (and reported by "
                                "PR #426)")
    return problems


def _implausible_reports(tgt, c: dict) -> list[str]:
    """The default analysis mode's side of `implausible`: a racy variant with no error report at a shape where
    its race reaches racecheck (PR #426 reports 12 at 512 CTAs and 18 at the multi-block shape), a closed one
    with any."""
    got = (c.get("parsed") or {}).get("reports")
    if got is None:
        return []
    racy = c["variant"] in tgt.racy
    if racy and got == 0 and c["shape"] in tgt.racy_shapes:
        return [f"{c['case']}: {c['variant']} still has the race, and racecheck's analysis mode reported no error"]
    if not racy and got > 0:
        return [f"{c['case']}: {c['variant']} closes the handoff, and racecheck's analysis mode reported {got} "
                "error report(s)"]
    return []


def nonfinite_outputs(launched: dict | None) -> list[str]:
    """The outputs of a launch that hold a NaN or an infinity (launches recorded before the per-output
    check name none, only `finite`)."""
    return [o for o, ok in ((launched or {}).get("finite_outputs") or {}).items() if not ok]


def run_failed_cases(summary: dict) -> list[str]:
    """The cases of a recorded run that are not measurements (runs recorded before `complete` existed are
    judged case by case)."""
    return [c["case"] for c in summary["cases"] if c.get("status") != "ok" or case_failure(c)]


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
