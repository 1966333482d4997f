"""`racelab timing record|sm100|summary|worker`: paired timing of the fix in fresh processes, with CUPTI
kernel durations (racelab.experiments.timing).

    record   the whole twin experiment (A/B, B/A, A/A) into ONE store run "twin-timing"
             (--experiment twin-timing-null: an A/A-heavy run that measures the intervals' coverage;
             --design interleaved: A/B, B/A and A/A pairs in one seeded random order, into
             "twin-timing-interleaved")
    sm100    the real kernel on SM100 (unpatched / patched / fix-reverted) into run "sm100-timing"
    summary  the table of a recorded run (or a folder written by `record --out`)
    worker   one process: one variant, every shape (what the runner starts, as
             `python -m racelab.cli.timing worker ...`; --backend fake for tests)
"""

import argparse
import sys
from pathlib import Path

PROG = "racelab timing"
BACKENDS = ("fake", "sm100", "twin")


def _add_worker_args(p):
    p.add_argument("--launches", type=int, default=1000, help="profiled launches per kernel per shape per process")
    p.add_argument("--warmup-s", type=float, default=0.2, help="warm-up seconds per shape before profiling")
    p.add_argument("--warmup-min", type=int, default=50, help="at least this many warm-up launches")
    p.add_argument("--no-precompile", dest="precompile", action="store_false",
                   help="twin: compile after GO with the twin's own launcher instead of from fake tensors before GO")
    p.add_argument("--fake-effect", action="append", help="fake backend: VARIANT=PERCENT on the test kernel")
    p.add_argument("--fake-import-s", type=float, default=0.0, help="fake backend: simulated import time")
    p.add_argument("--fake-gpu-s", type=float, default=0.0, help="fake backend: simulated GPU time per shape")
    p.add_argument("--fake-process-sd", type=float, default=0.01, help="fake backend: per-process sd, percent")
    p.add_argument("--fake-launch-sd", type=float, default=0.3, help="fake backend: per-launch sd, percent")
    p.add_argument("--fake-fail-once", default=None, help="fake backend: fail once, leaving this marker file")
    p.add_argument("--fake-no-cupti", action="store_true", help="fake backend: behave as if CUPTI were missing")


def _fake_flags(args) -> list[str]:
    flags = []
    for e in args.fake_effect or []:
        flags += ["--fake-effect", e]
    flags += ["--fake-import-s", str(args.fake_import_s), "--fake-gpu-s", str(args.fake_gpu_s),
              "--fake-process-sd", str(args.fake_process_sd), "--fake-launch-sd", str(args.fake_launch_sd)]
    if args.fake_fail_once:
        flags += ["--fake-fail-once", args.fake_fail_once]
    return flags + (["--fake-no-cupti"] if args.fake_no_cupti else [])


def parser() -> argparse.ArgumentParser:
    from racelab.experiments.timing import plan

    top = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    sub = top.add_subparsers(dest="cmd", required=True)

    w = sub.add_parser("worker", help="one fresh process: one variant, every shape")
    w.add_argument("--backend", choices=BACKENDS, default="twin")
    w.add_argument("--variant", required=True)
    w.add_argument("--shape", action="append", required=True, help="e.g. topk=128,heads=64,n_cta=132,work=1024")
    w.add_argument("--seed", type=int, default=0)
    w.add_argument("--out", required=True, help="where the worker writes its JSON")
    w.add_argument("--wait-go", action="store_true", help="after importing, wait for GO on stdin")
    w.add_argument("--spawned-at", type=float, default=None)
    _add_worker_args(w)

    for name, helptext in (("record", "the whole twin experiment into store run twin-timing"),
                           ("sm100", "the real kernel on SM100 into store run sm100-timing")):
        r = sub.add_parser(name, help=helptext)
        r.add_argument("--backend", choices=BACKENDS, default=None, help="fake: synthetic samples, no GPU (tests)")
        r.add_argument("--shape", action="append", help="repeatable; default: the built-in shapes")
        r.add_argument("--a", default=None, help="baseline variant")
        r.add_argument("--b", default=None, help="compared variant")
        r.add_argument("--budget-s", type=float, default=330.0, help="wall-time budget the plan fills")
        r.add_argument("--pairs", type=int, default=0, help="fix the A/B and B/A pairs (each) instead of planning")
        r.add_argument("--aa-groups", type=int, default=None,
                       help="independent A/A experiments (default 20; interleaved: enough groups for at least "
                            "as many A/A pairs as A/B and B/A pairs together)")
        r.add_argument("--aa-pairs", type=int, default=None,
                       help="pairs per A/A group when --pairs is given (default 3; interleaved: 4, at least 4)")
        r.add_argument("--prefetch", type=int, default=3, help="processes importing ahead of the running one")
        r.add_argument("--aa-stop-after-s", type=float, default=None,
                       help="start no new A/A group after this many seconds; finished groups are kept")
        r.add_argument("--seed", type=int, default=426)
        r.add_argument("--target-us", type=float, default=plan.TARGET_US if name == "record" else 0.0,
                       help="rescale the twin's work when its kernel time is outside 15-60 us (0: never)")
        r.add_argument("--target-pct", type=float, default=plan.TARGET_CI_PCT, help="CI half-width target, percent")
        r.add_argument("--target-gpu-s", type=float, default=plan.TARGET_GPU_S,
                       help="GPU-time target per shape, seconds")
        r.add_argument("--out", default=None, help="write into this folder instead of the result store")
        if name == "record":
            r.add_argument("--experiment", default=None,
                           help=f"the store experiment to record into (default {plan.TWIN_EXPERIMENT!r}, with "
                                f"--design interleaved {plan.INTERLEAVED_EXPERIMENT!r}); {plan.NULL_EXPERIMENT!r} "
                                "for an A/A-heavy run that measures the intervals' coverage")
            r.add_argument("--design", choices=("blocks", "interleaved"), default="blocks",
                           help="blocks: all A/B, then all B/A, then all A/A pairs; interleaved: every pair in one "
                                "random order drawn from --seed (needs --pairs)")
            r.add_argument("--stop-after-s", type=float, default=None,
                           help="interleaved: start no new pair after this many seconds; finished pairs are kept")
        _add_worker_args(r)

    s = sub.add_parser("summary", help="the table of a recorded run or a folder")
    s.add_argument("source", nargs="?", default=None, help="folder; default: the newest run of --experiment")
    s.add_argument("--experiment", default=plan.TWIN_EXPERIMENT)
    return top


def build_config(args, kind: str):
    """The worker settings of a `record` (kind 'twin') or `sm100` (kind 'sm100') command line; the worker
    backend is --backend (fake: synthetic samples) or the kind's own."""
    from racelab.experiments.timing import plan
    from racelab.experiments.timing.runner import WorkerConfig
    from racelab.vocab import TwinShape, UpstreamShape

    shape_cls = UpstreamShape if kind == "sm100" else TwinShape
    shapes = [shape_cls.parse(s) for s in args.shape] if args.shape else list(
        plan.SM100_SHAPES if kind == "sm100" else plan.TWIN_SHAPES)
    backend = args.backend or kind
    return WorkerConfig(backend, shapes, args.launches, args.warmup_s, args.warmup_min,
                        fake_args=_fake_flags(args) if backend == "fake" else [],
                        precompile=getattr(args, "precompile", True))


def record(args, argv, experiment: str, kind: str, extra=(), clock=None) -> int:
    """Run and record one experiment; print the progress, the table, the targets and the cost."""
    import time

    from racelab.experiments.timing import load, report
    from racelab.experiments.timing.plan import Plan
    from racelab.experiments.timing.record import record as record_run
    from racelab.readers.samples import CuptiUnavailable, TimingError

    config = build_config(args, kind)
    plan = None
    if args.pairs:
        plan = Plan(args.pairs, args.pairs, args.aa_groups, args.aa_pairs, 0.0, args.budget_s, len(extra),
                    design=getattr(args, "design", "blocks"))
    print(f"racelab timing: {experiment}, backend {config.backend}, shapes {', '.join(s.label for s in config.shapes)}, "
          f"{args.launches} launches per kernel per shape per process, budget {args.budget_s:.0f} s", flush=True)

    def write_report(out_dir: Path, manifest: dict) -> None:
        import json

        summary = load.summarize_folder(out_dir)
        (out_dir / "summary.json").write_text(json.dumps(load.summary_json(summary), indent=2, sort_keys=True) + "\n")
        text = report.report(summary, manifest, args.target_pct, args.target_gpu_s)
        (out_dir / "table.txt").write_text(text + "\n")
        print("\n" + text, flush=True)

    try:
        _, recorded = record_run(
            experiment, config, command=["racelab", "timing", *argv], out=Path(args.out) if args.out else None,
            report=write_report, a_variant=args.a, b_variant=args.b, budget_s=args.budget_s, seed=args.seed,
            prefetch=args.prefetch, plan=plan, aa_groups=args.aa_groups, extra=extra, target_us=args.target_us,
            aa_stop_after_s=getattr(args, "aa_stop_after_s", None), stop_after_s=getattr(args, "stop_after_s", None),
            clock=clock or time.time,
            progress=lambda line: print(line, flush=True))
    except CuptiUnavailable as err:
        print(f"{PROG}: CUPTI unavailable: {err}", file=sys.stderr)
        return 3
    except TimingError as err:
        print(f"{PROG}: {err}", file=sys.stderr)
        return 1
    if recorded:
        print(f"recorded {recorded}")
    return 0


def _design_settings(args, plan) -> str | None:
    """Fill in the design's defaults (experiment, A/A groups and pairs per group); a problem, or None."""
    if args.design == "blocks":
        args.experiment = args.experiment or plan.TWIN_EXPERIMENT
        args.aa_groups = 20 if args.aa_groups is None else args.aa_groups
        args.aa_pairs = 3 if args.aa_pairs is None else args.aa_pairs
        return "--stop-after-s belongs to --design interleaved (blocks: --aa-stop-after-s)" if args.stop_after_s else None
    args.experiment = args.experiment or plan.INTERLEAVED_EXPERIMENT
    args.aa_pairs = 4 if args.aa_pairs is None else args.aa_pairs
    if args.pairs < 2:
        return "--design interleaved needs --pairs N (N >= 2 A/B pairs and N B/A pairs)"
    if args.aa_pairs < 4:
        return "--aa-pairs (pairs per A/A group) must be at least 4 in the interleaved design"
    if args.aa_groups is None:
        args.aa_groups = -(-2 * args.pairs // args.aa_pairs)  # at least as many A/A pairs as A/B and B/A
    if args.aa_groups < 1:
        return "--aa-groups must be at least 1"
    if args.aa_stop_after_s is not None:
        return "--aa-stop-after-s belongs to the blocks design (interleaved: --stop-after-s)"
    return None


def _local_sm():
    from racelab.core import provenance

    devices = provenance.gpus()
    return devices[0]["sm"] if devices else None


def main(argv=None, clock=None) -> int:
    """`clock`: the time source of --aa-stop-after-s (tests pass their own)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser().parse_args(argv)
    if args.cmd == "worker":
        from racelab.experiments.timing.worker import run_worker

        return run_worker(args)
    if args.cmd == "summary":
        return summary(args)
    from racelab.experiments.timing import plan

    if args.launches < 10 or args.budget_s <= 0 or args.prefetch < 0:
        print(f"{PROG}: --launches must be >= 10, --budget-s positive, --prefetch >= 0", file=sys.stderr)
        return 2
    default_a, default_b = ("fix-reverted", "patched") if args.cmd == "sm100" else plan.TWIN_VARIANTS
    args.a, args.b = args.a or default_a, args.b or default_b
    if args.a == args.b:
        print(f"{PROG}: --a and --b must differ (the A/A control is part of the experiment)", file=sys.stderr)
        return 2
    known = plan.SM100_VARIANTS if args.cmd == "sm100" else plan.TWIN_VARIANTS
    if args.backend != "fake" and not {args.a, args.b} <= set(known):
        print(f"{PROG}: variants must be among {', '.join(known)}", file=sys.stderr)
        return 2
    try:
        build_config(args, "sm100" if args.cmd == "sm100" else "twin")
    except ValueError as err:
        print(f"{PROG}: {err}", file=sys.stderr)
        return 2
    if args.cmd == "record":
        problem = _design_settings(args, plan)
        if problem:
            print(f"{PROG}: {problem}", file=sys.stderr)
            return 2
    if args.cmd == "record":
        return record(args, argv, args.experiment, "twin", clock=clock)
    args.aa_groups = 20 if args.aa_groups is None else args.aa_groups
    args.aa_pairs = 3 if args.aa_pairs is None else args.aa_pairs
    sm = _local_sm()
    if args.backend != "fake" and (sm is None or sm // 10 != 10):
        print(f"{PROG} sm100: needs an SM100 GPU (B200/GB200); this machine has "
              f"{'no GPU' if sm is None else 'sm_%d' % sm}. The book shows the figures reported in PR #426 "
              f"instead.", file=sys.stderr)
        return 3
    return record(args, argv, plan.SM100_EXPERIMENT, "sm100", extra=plan.SM100_EXTRA, clock=clock)


def summary(args) -> int:
    from racelab.core import store
    from racelab.experiments.timing import load, report

    try:
        source = Path(args.source) if args.source else store.newest(args.experiment)
    except store.StoreError as err:
        print(f"{PROG}: {err}", file=sys.stderr)
        return 2
    summary = load.summarize_folder(source)
    print(report.format_table(summary))
    if summary["manifest"].get("design") == "interleaved":
        print("\n" + report.order_null_table(summary))
    return 0


if __name__ == "__main__":  # the runner starts workers as `python -m racelab.cli.timing worker ...`
    sys.exit(main())
