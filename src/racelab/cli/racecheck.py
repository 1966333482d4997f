"""`racelab racecheck [record] [--report hazard|analysis] [--timeout S] [--label NAME] [--require-sm 90]
[--no-record] -- CMD...`: run CMD under compute-sanitizer racecheck and record the log as a run of the
experiment "racecheck" (or print the log, with --no-record). Exit code 0 when the run finished cleanly,
1 when it failed or timed out, 2 for bad arguments, 3 when there is no GPU, the wrong GPU or no
compute-sanitizer."""

import json
import sys

from racelab.cli import Parser, UsageError, command
from racelab.experiments import racecheck_any
from racelab.toolchain import sanitizer


@command("racelab racecheck", absent=(sanitizer.RacecheckError,))
def main(argv) -> int:
    argv = list(argv)
    if "--" in argv:
        split = argv.index("--")
        ours, cmd = argv[:split], argv[split + 1:]
    else:
        ours, cmd = argv, []
    if ours[:1] == ["record"]:
        ours = ours[1:]
    parser = Parser(
        prog="racelab racecheck", description="run CMD under compute-sanitizer racecheck and record the log",
        usage="racelab racecheck [record] [options] -- CMD [ARGS...]")
    parser.add_argument("--report", choices=sanitizer.REPORTS, default="hazard",
                        help="racecheck report mode: hazard (every byte) or analysis (the default's aggregation)")
    parser.add_argument("--print-limit", type=int, default=0, help="0 (default): print every report")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before the run is killed (default 120)")
    parser.add_argument("--experiment", default=racecheck_any.EXPERIMENT, help="result-store experiment name")
    parser.add_argument("--label", help="name of the log inside the run (default: the report mode)")
    parser.add_argument("--require-sm", type=int,
                        help="refuse to run unless the GPU has this compute capability (90, 100)")
    parser.add_argument("--no-record", action="store_true", help="run and summarise, store nothing")
    args = parser.parse_args(ours)
    if not cmd:
        parser.print_usage(sys.stderr)
        raise UsageError("give the command after `--`")
    if args.timeout <= 0 or args.print_limit < 0:
        raise UsageError("--timeout must be > 0 and --print-limit >= 0")
    if args.no_record:
        sanitizer.preflight(args.require_sm)
        result = sanitizer.run_racecheck(cmd, report=args.report, timeout_s=args.timeout, print_limit=args.print_limit)
        summary = result.describe()
        sys.stdout.write(result.log.decode(errors="replace"))
    else:
        recorded, summary = racecheck_any.record(
            cmd, report=args.report, timeout_s=args.timeout, experiment=args.experiment, label=args.label,
            require_sm=args.require_sm, print_limit=args.print_limit, log=lambda s: print(s, file=sys.stderr, flush=True))
        summary = {"run": f"{recorded.experiment}/{recorded.id}", **summary}
    print(json.dumps(summary, indent=2, default=str))
    return 0 if summary["status"] == "ok" else 1
