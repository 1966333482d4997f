"""`racelab real plan|fetch|record|numerics|timing`: upstream's indexer backward, the real
kernel, on the GPU at hand (racelab.toolchain.real_kernel): IndexerBackwardSm100 on a B200 (PR #426's kernel,
W_LOADED), IndexerBackwardSm90 on an H200 (its sibling, K_CONSUMED). The same commands on both.

    plan      the racecheck cases `record` runs, as command lines (no GPU needed; --arch picks the kernel)
    fetch     download the wheels and DSL versions the variants need (no GPU), so that a GPU run is offline
    record    racecheck (hazard and analysis mode) of every case: run "real-racecheck"
    numerics  replays of every variant, byte identity and deviations: run "real-numerics"
    timing    paired fresh-process timing with an A/A control: run "real-timing" (racelab timing real)

Each case runs in a process of its own: `python -m racelab.experiments.real_launch launch|replays ...`.
"""

import sys

from racelab.cli import EXIT_FAILED, EXIT_OK, Absent, Failed, Parser, UsageError, command

PROG = "racelab real"


def parser() -> Parser:
    from racelab.toolchain.real_kernel import TARGETS

    top = Parser(prog=PROG, description=__doc__.split("\n\n")[0])
    sub = top.add_subparsers(dest="action", required=True)
    for name, helptext in (("plan", "print the command lines `record` runs"),
                           ("fetch", "download what the variants need (no GPU)"),
                           ("record", "racecheck every case on this GPU into run real-racecheck"),
                           ("numerics", "replays of every variant into run real-numerics")):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("--variants", nargs="+", default=None, help="default: the GPU's (or --arch's) two variants")
        if name in ("plan", "fetch"):
            p.add_argument("--arch", choices=list(TARGETS), default=None,
                           help="the kernel to plan or fetch for (default: this GPU's; every kernel for fetch)")
        if name == "record":
            p.add_argument("--timeout", type=float, default=300.0, help="seconds per case (its process tree is killed)")
            p.add_argument("--only", nargs="+", default=(), metavar="REPORT-SHAPE",
                           help="only these cases of each variant, e.g. hazard-multi-block")
        if name == "numerics":
            p.add_argument("--replays", type=int, default=30)
    sub.add_parser("timing", help="paired timing: the options of `racelab timing real`", add_help=False)
    return top


def _targets(args):
    from racelab.toolchain import real_kernel

    if args.arch:
        return [real_kernel.target(args.arch)]
    if args.action == "fetch":
        return list(real_kernel.TARGETS.values())
    return [real_kernel.local_target()[0]]


@command("racelab real")
def main(argv=None) -> int:
    if argv[:1] == ["timing"]:
        from racelab.cli import timing
        return timing.main(["real", *argv[1:]])
    from racelab.experiments import real_numerics, real_racecheck
    from racelab.toolchain.real_kernel import RealKernelError, VariantError, fetch
    from racelab.toolchain.sanitizer import RacecheckError
    from racelab.toolchain.upstream import UpstreamError

    args = parser().parse_args(argv)
    log = lambda s: print(s, flush=True)  # noqa: E731
    try:
        if args.action == "plan":
            for tgt in _targets(args):
                for case in real_racecheck.plan(tgt, args.variants):
                    print(" ".join(case.command(log_file=f"racecheck-{case.name}.log")))
            return EXIT_OK
        if args.action == "fetch":
            for tgt in _targets(args):
                fetch(tgt, args.variants or tgt.variants + tgt.secondary, log)
            return EXIT_OK
        if args.action == "record":
            rec = real_racecheck.record(args.variants, timeout_s=args.timeout, log=log, only=args.only)
            summary = rec.read_json("summary.json")
            failed = real_racecheck.run_failed_cases(summary)
            if failed:
                print(f"{PROG}: {len(failed)} case(s) FAILED, recorded as failed: {', '.join(failed)}", file=sys.stderr)
            for why in summary.get("to_look_into") or []:
                print(f"{PROG}: FAILED, a run to look into, not a result: {why}", file=sys.stderr)
            return EXIT_FAILED if failed or summary.get("to_look_into") else EXIT_OK
        if args.action == "numerics":
            rec = real_numerics.record(args.variants, replays=args.replays, log=log)
            failed = rec.read_json("summary.json")["failed"]
            if failed:
                print(f"{PROG}: {len(failed)} worker(s) FAILED: {', '.join(failed)}", file=sys.stderr)
                return EXIT_FAILED
            return EXIT_OK
    except (UpstreamError, VariantError) as err:
        raise UsageError(str(err)) from err
    except RacecheckError as err:
        raise Absent(str(err)) from err
    except RealKernelError as err:  # no such GPU here, a package missing, or a wheel that cannot be fetched
        raise (Failed if args.action == "fetch" else Absent)(str(err)) from err


if __name__ == "__main__":
    sys.exit(main())
