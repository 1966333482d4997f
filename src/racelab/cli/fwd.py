"""`racelab fwd`: racecheck upstream's SM90 indexer forward, as shipped and with every storing lane arriving
(racelab.experiments.fwd_racecheck). `record` runs every case (each in a process of its own,
racelab.experiments.fwd_launch, under the sanitizer and without it) and records run "fwd-racecheck";
`compile` and `transform` need no GPU.

Exit codes: 0 ok; 1 a case failed; 2 bad input (an unknown case); 3 no SM90 GPU or no compute-sanitizer."""

import argparse
import json
import os
import sys

from racelab.cli import Parser, command, failed
from racelab.experiments import fwd_racecheck as fwd
from racelab.toolchain.sanitizer import RacecheckError


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="racelab fwd", description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True, parser_class=Parser)
    rec = sub.add_parser("record", help=f"every case, plain and under racecheck; records run {fwd.EXPERIMENT!r}")
    rec.add_argument("--case", action="append", help="repeatable; default: the built-in cases")
    rec.add_argument("--timeout", type=float, default=300.0, help="seconds per process")
    rec.add_argument("--jobs", type=int, default=2)
    rec.add_argument("--release", default=fwd.RELEASE, help="nvidia-cudnn-frontend release (default %(default)s)")
    c = sub.add_parser("compile", help="compile a case for sm_90a from fake tensors (no GPU)")
    c.add_argument("--case", required=True)
    c.add_argument("--release", default=fwd.RELEASE, help="nvidia-cudnn-frontend release (default %(default)s)")
    c.add_argument("--dsl", help="another nvidia-cutlass-dsl version (installed under .cache/dsl)")
    t = sub.add_parser("transform", help="print the lines the all-lanes transform adds to a release's kernel")
    t.add_argument("--release", default=fwd.RELEASE)
    return parser


@command("racelab fwd", absent=(fwd.AuditError, RacecheckError), usage=(ValueError,))  # absent: no GPU, wrong GPU, no sanitizer
def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    os.environ.setdefault("CUTE_DSL_LINEINFO", "1")  # racecheck then names kernel source lines
    if args.cmd == "compile":
        out = fwd.compile_only(fwd.Case.parse(args.case), release=args.release, dsl=args.dsl)
        print(json.dumps(out, sort_keys=True))
        return 0
    if args.cmd == "record":
        rec = fwd.record([fwd.Case.parse(c) for c in args.case] if args.case else None, release=args.release,
                         timeout_s=args.timeout, jobs=args.jobs, command=["racelab", "fwd", *argv])
        return failed("racelab fwd", fwd.failed_cases(rec.read_json("summary.json")))
    from racelab.toolchain import wheels
    src = wheels.module_file(args.release, fwd.KERNEL_PATH).read_text()
    print("\n".join(fwd.changed_lines(src, fwd.all_lanes_arrive(src))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
