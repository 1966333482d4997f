"""`racelab sm100 plan|record|launch`: upstream's SM100 indexer backward under racecheck, on a B200
(racelab.experiments.sm100_racecheck). `launch` is one wrapper call, the process `record` starts per case."""

import argparse
import json
import sys

from racelab.experiments import sm100_racecheck as sm100
from racelab.toolchain.sanitizer import RacecheckError
from racelab.toolchain.upstream import UpstreamError
from racelab.vocab import PR_SHAPES


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="racelab sm100", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="action", required=True)
    p_plan = sub.add_parser("plan", help="print the command lines `record` runs")
    p_rec = sub.add_parser("record", help="on a B200: run every case and record one run")
    p_fetch = sub.add_parser("fetch", help="download the wheels and DSL versions the variants need (no GPU)")
    for p in (p_plan, p_rec, p_fetch):
        p.add_argument("--variants", nargs="+", default=list(sm100.DEFAULT_VARIANTS))
    p_rec.add_argument("--timeout", type=float, default=300.0)
    p_launch = sub.add_parser("launch", help="one wrapper call on the GPU; prints a JSON line")
    p_launch.add_argument("--variant", required=True)
    p_launch.add_argument("--shape", required=True, choices=list(PR_SHAPES))
    p_launch.add_argument("--seed", type=int, default=0)
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:
        return 0 if exc.code == 0 else 2
    try:
        if args.action == "plan":
            for case in sm100.plan(args.variants):
                print(" ".join(case.command(log_file=f"racecheck-{case.name}.log")))
            return 0
        if args.action == "fetch":
            sm100.fetch(args.variants, log=lambda s: print(s, flush=True))
            return 0
        sm100.require_sm100()
    except UpstreamError as err:
        print(f"racelab sm100: {err}", file=sys.stderr)
        return 2
    except sm100.LiveError as err:  # no B200 here, no tvm-ffi, or a wheel that cannot be fetched
        print(f"racelab sm100: {err}", file=sys.stderr)
        return 3
    try:
        if args.action == "record":
            rec = sm100.record(args.variants, timeout_s=args.timeout, log=lambda s: print(s, flush=True))
            failed = sm100.run_failed_cases(rec.read_json("summary.json"))
            if failed:
                print(f"racelab sm100: {len(failed)} case(s) FAILED, recorded as failed: {', '.join(failed)}",
                      file=sys.stderr)
                return 1
            return 0
        print(json.dumps(sm100.launch(args.variant, args.shape, args.seed), sort_keys=True), flush=True)
        return 0
    except UpstreamError as err:
        print(f"racelab sm100: {err}", file=sys.stderr)
        return 2
    except RacecheckError as err:
        print(f"racelab sm100: {err}", file=sys.stderr)
        return 3
    except sm100.LiveError as err:
        print(f"racelab sm100: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
