"""`racelab timing record|real|variants|summary`: paired timing of the fix in fresh processes, with CUPTI
kernel durations (racelab.experiments.timing).

    record   the whole twin experiment (A/B, B/A, A/A) into ONE store run "twin-timing"
             (--experiment twin-timing-null: an A/A-heavy run that measures the intervals' coverage;
             --design interleaved: A/B, B/A and A/A pairs in one seeded random order, into
             "twin-timing-interleaved"; --design in-process: the same order, each pair ONE process
             that times both its builds in turn on the same tensors, into "twin-timing-in-process")
    real     the real kernel on the GPU at hand (racelab.toolchain.real_kernel: IndexerBackwardSm100 on a
             B200, IndexerBackwardSm90 on an H200), the target's baseline vs candidate, into run "real-timing";
             by default PR #426's protocol (16 A/B and 16 B/A pairs, 200 launches) interleaved with A/A pairs
    variants every way of fixing the twin's handoff and the code-layout builds (racelab.vocab.TwinHandoff,
             TwinCodeLayout), each against its baseline, with an A/A control, in rounds of one seeded random
             order, into run "twin-timing-variants"
    layouts  the fix against the bug with both builds moved by the same offset, at eight offsets (0-112 bytes),
             the bug against itself moved by 128 and by 16 bytes, and A/A groups, each pair one process
             timing both builds in turn, in rounds of one seeded random order, into run "twin-timing-layouts"
    summary  the table of a recorded run (or a folder written by `record --out`)
"""

import argparse
import contextlib
import sys
from pathlib import Path

from racelab.cli import Absent, Failed, Parser, UsageError, command

PROG = "racelab timing"
from racelab.experiments.timing import designs  # noqa: E402  the timing designs, one class each
from racelab.experiments.timing.plan import REAL_LAUNCHES, REAL_PAIRS  # noqa: E402  PR #426's protocol
from racelab.experiments.timing.worker import BACKEND_NAMES as BACKENDS  # noqa: E402  one list, the worker's
from racelab.experiments.timing.worker import add_worker_args  # noqa: E402  the worker's settings, passed on


def _fake_flags(args) -> list[str]:
    """The command line's --fake-* settings (add_worker_args), passed on to each worker as they were given."""
    flags = []
    for name, value in vars(args).items():
        flag = "--" + name.replace("_", "-")
        if name.startswith("fake_") and value is not None and value is not False:
            flags += [flag] if value is True else [x for v in (value if isinstance(value, list) else [value])
                                                   for x in (flag, str(v))]
    return flags


def parser() -> argparse.ArgumentParser:
    from racelab.experiments.timing import plan

    top = Parser(prog=PROG, description=__doc__.split("\n\n")[0])
    sub = top.add_subparsers(dest="cmd", required=True)

    for name, helptext in (("record", "the whole twin experiment into store run twin-timing"),
                           ("real", "the real kernel on the GPU at hand into store run real-timing"),
                           ("fwd", "upstream's SM90 indexer forward, as shipped against a patched variant, into "
                                   "store run fwd-timing")):
        _run_parser(sub, name, helptext, plan)
    _variants_parser(sub)
    _layouts_parser(sub, plan)

    s = sub.add_parser("summary", help="the table of a recorded run or a folder")
    s.add_argument("source", nargs="?", default=None, help="folder; default: the newest run of --experiment")
    s.add_argument("--experiment", default=plan.TWIN_EXPERIMENT)
    return top


def _run_parser(sub, name: str, helptext: str, plan) -> None:
    """The arguments of `record`, `real` and `fwd`."""
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
    r.add_argument("--set-up-batch", type=int, default=0, metavar="N",
                   help="processes set up their GPU (CUDA context, builds, CUPTI's start) before GO, N at a "
                        "time while no process measures, then measure one at a time; 0: each sets up after GO")
    r.add_argument("--aa-stop-after-s", type=float, default=None,
                   help="start no new A/A group after this many seconds; finished groups are kept")
    r.add_argument("--seed", type=int, default=426)
    r.add_argument("--target-us", type=float, default=plan.TARGET_US if name == "record" else 0.0,
                   help="rescale the twin's work when its kernel time is outside 15-60 us (0: never)")
    r.add_argument("--target-pct", type=float, default=None,
                   help=f"CI half-width target, percent (default {plan.TARGET_CI_PCT}; interleaved design "
                        f"{plan.INTERLEAVED_TARGET_CI_PCT})")
    r.add_argument("--target-gpu-s", type=float, default=plan.TARGET_GPU_S,
                   help="GPU-time target per shape, seconds")
    r.add_argument("--out", default=None, help="write into this folder instead of the result store")
    if name == "record":
        r.add_argument("--experiment", default=None,
                       help=f"the store experiment to record into (default {plan.TWIN_EXPERIMENT!r}, with "
                            f"--design interleaved {plan.INTERLEAVED_EXPERIMENT!r}, with --design in-process "
                            f"{plan.IN_PROCESS_EXPERIMENT!r}); {plan.NULL_EXPERIMENT!r} "
                            "for an A/A-heavy run that measures the intervals' coverage")
    r.add_argument("--design", choices=("blocks", "interleaved", "in-process") if name == "record"
                   else ("blocks", "interleaved"), default="blocks" if name == "record" else "interleaved",
                   help="blocks: all A/B, then all B/A, then all A/A pairs; interleaved: every pair in one "
                        "random order drawn from --seed (needs --pairs); in-process (record): that order, "
                        "each pair one process timing both its builds in turn, build then control kernel")
    r.add_argument("--stop-after-s", type=float, default=None,
                   help="interleaved: start no new pair after this many seconds; finished pairs are kept")
    if name == "real":
        r.add_argument("--alignments", action="store_true", help=f"one run into {plan.REAL_ALIGNMENTS_EXPERIMENT}: "
                       "fix vs bug moved by each offset 0-112, the placebo (bug+128 vs bug) at each, bug+16 vs bug, "
                       "every pair in one order drawn from --seed; --pairs per order (default 2)")
        r.add_argument("--offsets", default=None, metavar="N,N,...",
                       help="one run per offset, in an order drawn from --seed, into store run "
                            f"{plan.REAL_LAYOUTS_EXPERIMENT}: both variants moved by N bytes (0-112, multiples "
                            "of 16; each moved build checked in the SASS first); --stop-after-s is shared out")
    add_worker_args(r)


def _rounds(p, shapes: str, prefetch: int, batch: int, seed: int, batch_help: str) -> None:
    """The arguments `variants` and `layouts` share."""
    p.add_argument("--backend", choices=BACKENDS, default=None, help="fake: synthetic samples, no GPU (tests)")
    p.add_argument("--shape", action="append", help=f"repeatable; default: {shapes}")
    p.add_argument("--pairs", type=int, default=2, help="pairs per comparison with A first, and as many with B first")
    p.add_argument("--prefetch", type=int, default=prefetch, help="processes importing ahead of the running one")
    p.add_argument("--set-up-batch", type=int, default=batch, metavar="N", help=batch_help)
    p.add_argument("--seed", type=int, default=seed)
    p.add_argument("--stop-after-s", type=float, default=None,
                   help="start no new pair after this many seconds; finished pairs are kept")
    p.add_argument("--prime", action="store_true", help="first run one untimed process per build")
    p.add_argument("--out", default=None, help="write into this folder instead of the result store")
    add_worker_args(p)


def _variants_parser(sub) -> None:
    """The arguments of `variants`."""
    v = sub.add_parser("variants", help="every way of fixing the twin's handoff and the code-layout builds, "
                                        "one seeded random order, into store run twin-timing-variants")
    _rounds(v, "both twin shapes and the work sweep", 4, 0, 426,
           "processes set up their GPU (CUDA context, builds, CUPTI's start) before GO, N at a time while no "
           "process measures, then measure one at a time; 0: each sets up after GO")
    v.add_argument("--compare", action="append", metavar="B:A",
                   help="repeatable; time B against A (default: every handoff against elected, elected+pad16 "
                        "against elected, all-lanes+aligned against elected+aligned); the first A gets the A/A pairs")
    v.add_argument("--aa-pairs", type=int, default=designs.ARMS.aa_pairs_default,
                   help="A/A pairs of the first comparison's A")
    v.add_argument("--after-racecheck", action="store_true",
                   help="leave out every comparison with a handoff that the newest twin-racecheck-alternatives "
                        "run saw fail, hang or compute a wrong output (such a build would stall or spoil the run)")


def _layouts_parser(sub, plan) -> None:
    """The arguments of `layouts`."""
    lay = sub.add_parser("layouts", help="the fix at every code offset, layout controls and A/A groups, each pair "
                                         "one process, into store run twin-timing-layouts")
    _rounds(lay, "both twin shapes", 8, 8, 431,
           "processes set up their GPU before GO, N at a time while no process measures")
    lay.add_argument("--offsets", default=",".join(map(str, plan.LAYOUT_OFFSETS)),
                     help="bytes both builds are moved by, comma-separated multiples of 16 below 128")
    lay.add_argument("--controls", default=",".join(map(str, plan.LAYOUT_CONTROLS)),
                     help="bytes the bug is moved by against itself, comma-separated (empty: none)")
    lay.add_argument("--aa-groups", type=int, default=designs.LAYOUTS.aa_groups_default,
                     help="A/A groups of the bug as compiled")
    lay.add_argument("--aa-pairs", type=int, default=designs.LAYOUTS.aa_pairs_default, help="pairs per A/A group")


def build_config(args, target: str):
    """The worker settings of a `record` (target 'twin'), `real` (target 'real') or `fwd` (target 'fwd')
    command line; the worker backend is --backend (fake: synthetic samples) or the target's own."""
    from racelab.experiments.timing import plan
    from racelab.experiments.timing.plan import FwdShape
    from racelab.experiments.timing.runner import WorkerConfig
    from racelab.vocab import TwinShape, UpstreamShape

    shape_cls, defaults = {"real": (UpstreamShape, plan.REAL_SHAPES), "fwd": (FwdShape, plan.FWD_SHAPES)}.get(
        target, (TwinShape, plan.TWIN_SHAPES))
    shapes = [shape_cls.parse(s) for s in args.shape] if args.shape else list(defaults)
    backend = args.backend or target
    return WorkerConfig(backend, shapes, args.launches, args.warmup_s, args.warmup_min,
                        fake_args=_fake_flags(args) if backend == "fake" else [],
                        precompile=getattr(args, "precompile", True),
                        set_up_batch=getattr(args, "set_up_batch", 0), copies=getattr(args, "copies", 1),
                        alternate=getattr(args, "alternate", False))


def record(args, argv, experiment: str, target: str, extra=(), clock=None) -> int:
    """Run and record one experiment; print the progress, the table, the targets and the cost."""
    import time

    from racelab.experiments.timing import report
    from racelab.experiments.timing.plan import Plan
    from racelab.experiments.timing.record import record as record_run

    config = build_config(args, target)
    plan = None
    if args.pairs:
        plan = Plan(args.pairs, args.pairs, args.aa_groups, args.aa_pairs, 0.0, args.budget_s, len(extra),
                    design=getattr(args, "design", "blocks"))
    print(f"racelab timing: {experiment}, backend {config.backend}, shapes {', '.join(s.label for s in config.shapes)}, "
          f"{args.launches} launches per kernel per shape per process, budget {args.budget_s:.0f} s", flush=True)

    return _recorded(lambda: record_run(
        experiment, config, command=["racelab", "timing", *argv], out=Path(args.out) if args.out else None,
        report=_reporter(lambda summary, manifest: report.report(summary, manifest, args.target_pct,
                                                                 args.target_gpu_s)), a_variant=args.a, b_variant=args.b, budget_s=args.budget_s, seed=args.seed,
        prefetch=args.prefetch, plan=plan, aa_groups=args.aa_groups, extra=extra, target_us=args.target_us,
        aa_stop_after_s=getattr(args, "aa_stop_after_s", None), stop_after_s=getattr(args, "stop_after_s", None),
        clock=clock or time.time, progress=lambda line: print(line, flush=True)))


def _reporter(text_of):
    """The `report` of a record call: summary.json and table.txt (`text_of(summary, manifest)`), printed too."""
    def write_report(out_dir: Path, manifest: dict) -> None:
        import json

        from racelab.experiments.timing import load

        summary = load.summarize_folder(out_dir)
        (out_dir / "summary.json").write_text(json.dumps(load.summary_json(summary), indent=2, sort_keys=True) + "\n")
        text = text_of(summary, manifest)
        (out_dir / "table.txt").write_text(text + "\n")
        print("\n" + text, flush=True)
    return write_report


def _recorded(run) -> int:
    """Call `run` (a record_run call); print what it recorded; CUPTI missing exits 3, a timing error 1."""
    from racelab.readers.samples import CuptiUnavailable, TimingError

    try:
        _, recorded = run()
    except CuptiUnavailable as err:
        raise Absent(f"CUPTI unavailable: {err}") from err
    except TimingError as err:
        raise Failed(str(err)) from err
    if recorded:
        print(f"recorded {recorded}")
    return 0


def _design_settings(args) -> str | None:
    """Fill in the design's defaults (store experiment, A/A groups and pairs per group); a problem, or None."""
    from racelab.experiments.timing.designs import design_named

    design = design_named(args.design)
    args.experiment = args.experiment or design.experiment.value
    if not design.one_order and args.stop_after_s:
        return f"--stop-after-s belongs to --design interleaved or in-process ({design.name}: --aa-stop-after-s)"
    if design.one_order and args.pairs < 2:
        return f"--design {design.name} needs --pairs N (N >= 2 A/B pairs and N B/A pairs)"
    if design.one_order and args.aa_stop_after_s is not None:
        return f"--aa-stop-after-s belongs to the blocks design ({design.name}: --stop-after-s)"
    if args.alternate and not design.whole_pair:
        return "--alternate belongs to --design in-process (two builds in one process)"
    return _aa_defaults(args)


def _aa_defaults(args) -> str | None:
    """The A/A defaults of the run's design, filled in (racelab.experiments.timing.designs.Design.aa_defaults);
    a problem, or None."""
    from racelab.experiments.timing.designs import design_named

    try:
        args.aa_groups, args.aa_pairs = design_named(args.design).aa_defaults(args.pairs, args.aa_groups, args.aa_pairs)
    except ValueError as err:
        return str(err)
    return None


def batch_ok(n: int) -> bool:
    """--set-up-batch: 0 (each process sets up after GO) or an even number (a batch holds whole pairs)."""
    return n == 0 or (n >= 2 and n % 2 == 0)


def _local_sm():
    from racelab.core import provenance

    devices = provenance.gpus()
    return devices[0]["sm"] if devices else None


@command("racelab timing")
def main(argv=None, clock=None) -> int:
    """`clock`: the time source of --aa-stop-after-s (tests pass their own)."""
    args = parser().parse_args(argv)
    if args.cmd == "summary":
        return summary(args)
    if args.cmd in ("variants", "layouts"):
        return variants(args, argv, clock)
    from racelab.experiments.timing import plan

    if args.copies < 1 or args.launches % args.copies or (args.cmd in ("real", "fwd") and args.copies != 1):
        raise UsageError("--copies must be at least 1 and divide --launches (each copy launched as often); "
                         "upstream's kernels are loaded once (--copies 1)")
    if args.launches < 10 or args.budget_s <= 0 or args.prefetch < 0 or not batch_ok(args.set_up_batch):
        raise UsageError("--launches must be >= 10, --budget-s positive, --prefetch >= 0, --set-up-batch 0 or an "
                         "even number (whole pairs)")
    if args.backend == "fake" and (problem := _outside_results(args.out)):
        raise UsageError(problem)
    if args.target_pct is None:  # the interleaved design asks the tighter half-width
        args.target_pct = (plan.INTERLEAVED_TARGET_CI_PCT if designs.design_named(args.design).has_order_null
                           else plan.TARGET_CI_PCT)
    if args.cmd == "real":
        return real(args, argv, clock)
    if args.cmd == "fwd":
        return fwd(args, argv, clock)
    args.a, args.b = args.a or plan.TWIN_VARIANTS[0], args.b or plan.TWIN_VARIANTS[1]
    if args.a == args.b:
        raise UsageError("--a and --b must differ (the A/A control is part of the experiment)")
    if args.backend != "fake" and not {args.a, args.b} <= set(plan.TWIN_VARIANTS):
        raise UsageError(f"variants must be among {', '.join(plan.TWIN_VARIANTS)}")
    try:
        build_config(args, "twin")
    except ValueError as err:
        raise UsageError(str(err)) from err
    problem = _design_settings(args)
    if problem:
        raise UsageError(problem)
    return record(args, argv, args.experiment, "twin", clock=clock)


def _outside_results(out: str | None) -> str | None:
    """A problem when a fake run would write into the project's result store, else None: synthetic samples
    go to --out or to a scratch store (RACELAB_RESULTS), never to results/."""
    from racelab.core.paths import repo_root, results_dir

    dest = Path(out).resolve() if out else results_dir()
    store_root = (repo_root() / "results").resolve()
    if dest.is_relative_to(store_root):
        return (f"--backend fake may not write under {store_root} (synthetic samples are not measurements): "
                f"pass --out DIR or set RACELAB_RESULTS to a scratch folder")
    return None


def real(args, argv, clock=None) -> int:
    """The real kernel: the GPU's target (racelab.toolchain.real_kernel) names the variants; PR #426's
    protocol by default (16 + 16 pairs of 200 launches) with as many A/A pairs, interleaved."""
    from racelab.experiments.timing import plan
    from racelab.toolchain import real_kernel

    alignments = getattr(args, "alignments", False)
    args.pairs = args.pairs or (plan.ALIGNMENT_PAIRS if alignments else REAL_PAIRS)
    if alignments:  # A/A groups of the bug as compiled, each its own interval
        args.aa_groups = args.aa_groups if args.aa_groups is not None else plan.ALIGNMENT_AA_GROUPS
        args.aa_pairs = args.aa_pairs if args.aa_pairs is not None else plan.ALIGNMENT_AA_PAIRS
    args.launches = args.launches if args.launches != 1000 else REAL_LAUNCHES
    args.experiment = plan.REAL_EXPERIMENT
    if args.backend == "fake":
        problem, tgt = None, real_kernel.target("sm100")
    else:
        try:
            tgt, _ = real_kernel.local_target()
        except real_kernel.RealKernelError as err:
            raise Absent(f"{err}. The book shows the figures reported in PR #426 instead.") from err
        problem = None
    args.a, args.b = args.a or tgt.baseline, args.b or tgt.candidate
    problem = problem or _upstream_problem(args, "real", tgt.variants + tgt.secondary, f"the {tgt.arch} kernel",
                                           unmoved=lambda v: tgt.check_variant(v).unpadded)
    if not problem and alignments:
        if args.offsets is not None:
            raise UsageError("--alignments and --offsets are two designs: name one")
        return _real_alignments(args, argv, tgt, clock)
    if not problem and args.offsets is not None:
        return _real_layouts(args, argv, tgt, clock)
    if not problem and args.backend != "fake":
        problem = _layout_gate(tgt.arch, "real", args, lambda s: f"topk={s.topk}")
    if problem:
        raise UsageError(problem)
    return record(args, argv, plan.REAL_EXPERIMENT, "real", clock=clock)


def _real_layouts(args, argv, tgt, clock=None) -> int:
    """`real --offsets`: the two variants moved by each offset in turn (an order drawn from --seed), one
    interleaved run of A/B, B/A and A/A pairs each (seed: --seed plus the offset) into real-timing-layouts
    (plan.real_layout_runs); every moved build checked in the SASS first; --stop-after-s is the sequence's,
    shared out evenly over the runs left. Stops at the first run that fails."""
    import time

    from racelab.experiments.timing import plan

    try:
        order, moved = plan.real_layout_runs(args.a, args.b, args.offsets, args.seed)
    except ValueError as err:
        raise UsageError(str(err)) from err
    problem = None if args.backend == "fake" else _layout_gate(tgt.arch, "real", args, lambda s: f"topk={s.topk}",
                                                                [v for pair in moved for v in pair])
    if problem:
        raise UsageError(problem)
    now, seed = clock or time.time, args.seed
    end = now() + args.stop_after_s if args.stop_after_s else None
    for k, (args.a, args.b) in enumerate(moved):
        args.seed = seed + order[k]  # each run its own order of pairs
        if end is not None:
            args.stop_after_s = max(1.0, (end - now()) / (len(moved) - k))
        print(f"{PROG} real: offset {order[k]} B ({k + 1} of {len(moved)}): {args.b} against {args.a}", flush=True)
        if rc := record(args, argv, plan.REAL_LAYOUTS_EXPERIMENT, "real", clock=clock):
            return rc
    return 0


def _real_alignments(args, argv, tgt, clock=None) -> int:
    """`real --alignments`: the alignments design (plan.real_alignment_comparisons) in one run of the arms order,
    every moved build checked in the SASS first (as `--offsets` does), into real-timing-alignments."""
    from racelab.experiments.timing import plan

    try:
        pairs = plan.real_alignment_comparisons(args.a, args.b)
    except ValueError as err:
        raise UsageError(str(err)) from err
    problem = None if args.backend == "fake" else _layout_gate(tgt.arch, "real", args, lambda s: f"topk={s.topk}",
                                                                sorted({v for pair in pairs for v in pair}))
    if not problem and args.backend == "fake":
        problem = _outside_results(args.out)
    if problem:
        raise UsageError(problem)
    the_plan = plan.Plan(args.pairs, args.pairs, args.aa_groups, args.aa_pairs, 0.0, 0.0, design=designs.ARMS,
                         comparisons=tuple(pairs))
    return _record_arms(plan.REAL_ALIGNMENTS_EXPERIMENT, build_config(args, "real"), the_plan, args, argv,
                        "real --alignments", clock)


def _upstream_problem(args, target: str, known, naming: str, unmoved=None) -> str | None:
    """What is wrong with a run of upstream's kernels (`real`, `fwd`): its two variants (among `known`, or one
    of them with its code moved, "...+padN", where `unmoved` names the variant a moved one is; any name with the
    fake backend), its shapes, its A/A settings (defaults filled in); None when nothing is."""

    def base(name: str) -> str:  # a name that is no variant at all (VocabError, VariantError) is refused below
        with contextlib.suppress(ValueError, RuntimeError):
            return unmoved(name) if unmoved else name
        return name

    if args.a == args.b:
        return "--a and --b must differ (the A/A control is part of the experiment)"
    if args.alternate:
        return "--alternate belongs to `racelab timing record --design in-process` (two builds in one process)"
    if args.backend != "fake" and not {base(args.a), base(args.b)} <= set(known):
        return f"variants of {naming} are {', '.join(known)}" + (" (each may carry '+padN')" if unmoved else "")
    try:
        build_config(args, target)
    except ValueError as err:
        return str(err)
    return _aa_defaults(args)


def fwd(args, argv, clock=None) -> int:
    """Upstream's SM90 indexer forward (racelab.experiments.timing.fwd): as shipped (`release`) against
    every storing lane arriving (`all-lanes`) by default, A/B, B/A and A/A pairs interleaved."""
    from racelab.experiments import fwd_racecheck
    from racelab.experiments.timing import plan

    args.experiment = plan.FWD_EXPERIMENT
    args.pairs = args.pairs or plan.FWD_PAIRS
    args.a, args.b = args.a or fwd_racecheck.VARIANTS[0], args.b or fwd_racecheck.VARIANTS[1]
    problem = _upstream_problem(args, "fwd", fwd_racecheck.VARIANTS, "the forward",
                                unmoved=lambda v: fwd_racecheck.split_variant(v)[0])
    if problem:
        raise UsageError(problem)
    if args.backend != "fake":
        sm = _local_sm()
        if sm != 90:
            raise Absent("upstream's SM90 indexer forward needs an SM90 GPU (an H100 or H200); "
                         + ("this machine has no GPU" if sm is None else f"this GPU is sm_{sm}"))
        if problem := _layout_gate("fwd", "fwd", args, lambda s: f"{s.precision} qh{s.qh}"):
            raise UsageError(problem)
    return record(args, argv, plan.FWD_EXPERIMENT, "fwd", clock=clock)


def _layout_gate(kernel: str, target: str, args, label, variants=None) -> str | None:
    """A moved build ("+padN") is timed only where it is its natural build moved and nothing else, checked in the
    SASS now (racelab.experiments.code_layout.gate, compiled on this machine's CPU); a problem, or None."""
    from racelab.experiments import code_layout

    variants = variants or (args.a, args.b)
    if not any(code_layout.split(kernel, v)[1] for v in variants):
        return None
    try:
        code_layout.gate(kernel, variants, sorted({label(s) for s in build_config(args, target).shapes}))
    except code_layout.PaddedBuildError as err:
        return f"no layout control: {err}"
    return None


def summary(args) -> int:
    from racelab.core import store
    from racelab.experiments.timing import load, report

    try:
        source = Path(args.source) if args.source else store.newest(args.experiment)
    except store.StoreError as err:
        raise UsageError(str(err)) from err
    summary = load.summarize_folder(source)
    print(report.format_table(summary))
    if report.has_order_null(summary.manifest):
        print("\n" + report.order_null_table(summary))
    return 0


def _sass_gate(pairs):
    """(the comparisons this machine can build, a problem or None): a padded build's pad count comes from
    the SASS of its natural build, so without nvdisasm the padded comparisons are left out (and printed)."""
    from racelab.toolchain import nvidia
    from racelab.vocab import TwinCodeLayout, twin_variant

    try:
        nvidia.nvdisasm_path()
        return pairs, None
    except nvidia.ToolMissing as err:
        kept = [c for c in pairs if all(twin_variant(v)[1] is TwinCodeLayout.NATURAL for v in c)]
        for b, a in (c for c in pairs if c not in kept):
            print(f"{PROG} variants: leaving out {b} vs {a}: no nvdisasm to read its pad count ({err})", flush=True)
        return kept, None if kept else "no comparison is left"


def _racecheck_gate(pairs):
    """(the comparisons whose handoffs all passed the newest twin-racecheck-alternatives run, a problem or
    None); each left-out comparison is printed with why."""
    from racelab.core import store
    from racelab.experiments.twin_racecheck import ALTERNATIVES_EXPERIMENT
    from racelab.experiments.racecheck_cases import failed_cases
    from racelab.vocab import twin_variant

    try:
        run = store.newest(ALTERNATIVES_EXPERIMENT)
    except store.StoreError as err:
        return pairs, f"--after-racecheck: {err}"
    cases = run.read_json("summary.json")["cases"]
    failed = {e["arrive"]: line for e in cases for line in failed_cases([e])}
    kept = []
    for b, a in pairs:
        bad = [failed[h] for h in dict.fromkeys(twin_variant(v)[0].value for v in (b, a)) if h in failed]
        if bad:
            print(f"{PROG} variants: leaving out {b} vs {a}: {'; '.join(bad)} ({run.experiment}/{run.id})", flush=True)
        else:
            kept.append((b, a))
    return kept, None if kept else "--after-racecheck: no comparison is left"


def variants(args, argv, clock=None) -> int:
    """`racelab timing variants`: the comparisons of racelab.experiments.timing.plan.ARMS_COMPARISONS (or
    --compare) and an A/A control in one seeded random order (design "arms"), every process measuring
    every shape (ARMS_SHAPES: both twin shapes and the work sweep at topk=128); never rescales work."""
    from racelab.experiments.timing import plan
    from racelab.experiments.timing.runner import WorkerConfig
    from racelab.vocab import TwinShape

    layouts = args.cmd == "layouts"
    design = designs.LAYOUTS if layouts else designs.ARMS
    try:
        if layouts:
            offsets = [int(x) for x in args.offsets.split(",") if x.strip()]
            controls = [int(x) for x in args.controls.split(",") if x.strip()]
            bad_offsets = [o for o in offsets + controls if o % 16 or not 0 <= o <= 128]
            if bad_offsets or not offsets or len(set(offsets)) < len(offsets):
                raise ValueError(f"--offsets and --controls take distinct multiples of 16 from 0 to 128, not "
                                 f"{args.offsets!r} / {args.controls!r}")
            pairs = list(plan.layout_comparisons(offsets, [c for c in controls if c]))
        else:
            pairs = [tuple(c.split(":")) for c in args.compare] if args.compare else list(plan.ARMS_COMPARISONS)
        bad = [c for c in pairs if len(c) != 2 or c[0] == c[1]
               or (args.backend != "fake" and not all(plan.is_twin_variant(v) for v in c))]
        default_shapes = plan.TWIN_SHAPES if layouts else plan.ARMS_SHAPES
        shapes = [TwinShape.parse(x) for x in args.shape] if args.shape else list(default_shapes)
    except ValueError as err:
        bad, problem = [], str(err)
    else:
        problem = f"--compare takes B:A, two different twin variants, not {bad}" if bad else None
    if not problem and layouts and (args.aa_groups < 1 or args.aa_pairs < design.aa_pairs_min):
        problem = "--aa-groups >= 1 and --aa-pairs >= 4 (each A/A group its own interval, 3 df or more)"
    if not problem and (args.pairs < 1 or args.aa_pairs < designs.ARMS.aa_pairs_min or args.launches < 10 or args.prefetch < 0
                        or not batch_ok(args.set_up_batch)):
        problem = ("--pairs >= 1, --aa-pairs >= 2, --launches >= 10, --prefetch >= 0 and --set-up-batch 0 or "
                   "even")
    if not problem and args.backend == "fake":
        problem = _outside_results(args.out)
    if not problem and getattr(args, "after_racecheck", False):
        pairs, problem = _racecheck_gate(pairs)
    if not problem and args.backend != "fake":
        kept, problem = _sass_gate(pairs)
        if layouts and not problem and len(kept) < len(pairs):
            problem = "the layouts design needs nvdisasm for every padded build"
        pairs = kept
    if problem:
        raise UsageError(problem)
    backend = args.backend or "twin"
    config = WorkerConfig(backend, shapes, args.launches, args.warmup_s, args.warmup_min,
                          fake_args=_fake_flags(args) if backend == "fake" else [], precompile=args.precompile,
                          set_up_batch=args.set_up_batch, alternate=getattr(args, "alternate", False))
    the_plan = plan.Plan(args.pairs, args.pairs, args.aa_groups if layouts else design.aa_groups_default,
                         args.aa_pairs, 0.0, 0.0,
                         design=design, comparisons=tuple(pairs))
    return _record_arms(design.experiment.value, config, the_plan, args,
                        argv, args.cmd, clock, prime_first=args.prime)


def _record_arms(experiment: str, config, the_plan, args, argv, what: str, clock=None, **extra) -> int:
    """Record one run of the arms order (or the layouts design, which is its order): every pair of every
    comparison of `the_plan` and its A/A groups, the first comparison's A the baseline; the arms table printed."""
    import time

    from racelab.experiments.timing import report
    from racelab.experiments.timing.record import record as record_run

    pairs = the_plan.comparisons
    print(f"{PROG} {what}: backend {config.backend}, {len(pairs)} comparisons x {2 * args.pairs} pairs + "
          f"{the_plan.aa_groups * args.aa_pairs} A/A pairs = {the_plan.processes} processes, shapes "
          f"{', '.join(s.label for s in config.shapes)}, {args.launches} launches", flush=True)
    return _recorded(lambda: record_run(
        experiment, config, command=["racelab", "timing", *argv], out=Path(args.out) if args.out else None,
        report=_reporter(report.arms_report), a_variant=pairs[0][1], b_variant=pairs[0][0], budget_s=1.0,
        seed=args.seed, prefetch=args.prefetch, plan=the_plan, target_us=0.0, stop_after_s=args.stop_after_s,
        clock=clock or time.time, progress=lambda line: print(line, flush=True), **extra))


if __name__ == "__main__":
    sys.exit(main())
