"""`racelab twin record|cases|code|layout`: the SM90 twin of the W_LOADED handoff under racecheck
(racelab.experiments.twin_racecheck); `code` reads where a build's code lands (racelab.experiments.twin_layout)."""

import json
import sys

from racelab.cli import Absent, Parser, UsageError, command, failed
from racelab.experiments import twin_racecheck as twin
from racelab.experiments.racecheck_cases import failed_cases
from racelab.toolchain.sanitizer import RacecheckError, preflight
from racelab.vocab import Experiment, VocabError, twin_variant


def parser() -> Parser:
    parser = Parser(prog="racelab twin", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="action", required=True)
    rec = sub.add_parser("record", help="on an H200: run all twin racecheck cases and record one run")
    rec.add_argument("--timeout", type=float, default=90.0, help="seconds per racecheck run (default 90)")
    rec.add_argument("--jobs", type=int, default=2, help="racecheck runs at a time (default 2)")
    rec.add_argument("--only", action="append", default=[],
                     help="run only cases whose name contains this (repeatable), e.g. hazard-topk128")
    rec.add_argument("--any-gpu", action="store_true", help="do not insist on an SM90 GPU")
    rec.add_argument("--no-sass", action="store_true", help="skip disassembling the variants")
    rec.add_argument("--readers", type=int, metavar="WORK", default=None,
                     help="instead: the hazard-mode cases at topk=128 with every element read WORK times, "
                          "recorded as twin-racecheck-readers")
    rec.add_argument("--alternatives", action="store_true",
                     help="instead: hazard mode, one CTA, topk 128 and 512, every way of handing off W_LOADED "
                          "(racelab.vocab.TwinHandoff), recorded as twin-racecheck-alternatives")
    cas = sub.add_parser("cases", help="list the cases `record` runs")
    cas.add_argument("--commands", action="store_true", help="with the full sanitizer command line of each")
    cas.add_argument("--alternatives", action="store_true", help="the cases of `record --alternatives`")
    code = sub.add_parser("code", help="compile a build here (sm_90a, no GPU) and print where its code lands: "
                                       "pads, loop heads, ordering instructions, the handoff's SASS")
    code.add_argument("variant", help="a handoff, optionally +pad16 or +aligned: elected, bar-sync, elected+pad16")
    code.add_argument("--topk", type=int, default=128)
    code.add_argument("--heads", type=int, default=64)
    code.add_argument("--work", type=int, default=1024)
    lay = sub.add_parser("layout", help="print the shared-memory layout and the predicted hazard bytes")
    lay.add_argument("--topk", type=int, default=128)
    lay.add_argument("--heads", type=int, default=64)
    return parser


@command("racelab twin", failed=(RacecheckError,), usage=(VocabError,))
def main(argv=None) -> int:
    args = parser().parse_args(argv)
    if args.action == "cases":
        from racelab.toolchain.sanitizer import sanitizer_command
        for case in twin.alternative_cases() if args.alternatives else twin.default_cases():
            if args.commands:
                cmd = sanitizer_command([sys.executable, str(twin.kernel_path()), *case.kernel_args(), "--json"],
                                        case.report, 0, f"racecheck-{case.name}.log")
                print(f"{case.name}: {' '.join(cmd)}")
            else:
                print(case.name)
        return 0
    if args.action == "code":
        from racelab.experiments import twin_layout
        twin_variant(args.variant)
        if min(args.topk, args.heads, args.work) < 1:
            raise UsageError("--topk, --heads and --work must be positive")
        report = twin_layout.build_report(args.variant, args.topk, args.heads, args.work)
        print(json.dumps(report, indent=2))
        return 0 if report["verify"]["ok"] else 1
    if args.action == "layout":
        if args.topk < 1 or args.heads < 1:
            raise UsageError("--topk and --heads must be positive")
        print(json.dumps(twin.layout_info(args.topk, args.heads), indent=2))
        return 0
    return _record(args)


def _record(args) -> int:
    """`racelab twin record`: the cases its flags name, run under racecheck and recorded as one run."""
    cases = twin.default_cases() if args.readers is None else twin.reader_cases(args.readers)
    experiment = twin.EXPERIMENT if args.readers is None else Experiment.TWIN_READERS.value
    if args.readers is not None and args.readers < 2:
        raise UsageError("--readers needs WORK >= 2")
    if args.alternatives:
        if args.readers is not None:
            raise UsageError("--alternatives and --readers are two different runs")
        cases, experiment = twin.alternative_cases(), twin.ALTERNATIVES_EXPERIMENT
    if args.only:
        cases = [c for c in cases if any(s in c.name for s in args.only)]
        if not cases:
            raise UsageError(f"no case matches {args.only}; see `racelab twin cases`")
    if args.jobs < 1 or args.timeout <= 0:
        raise UsageError("--jobs must be >= 1 and --timeout > 0")
    try:  # no GPU, the wrong GPU or no compute-sanitizer: what is needed is absent
        preflight(require_sm=None if args.any_gpu else 90)
    except RacecheckError as err:
        raise Absent(str(err)) from err
    recorded = twin.record(cases, timeout_s=args.timeout, jobs=args.jobs, require_sm=None if args.any_gpu else 90,
                           sass=not args.no_sass, log=lambda s: print(s, flush=True), experiment=experiment,
                           plain_runs=not args.alternatives)
    return failed("racelab twin record", failed_cases(recorded.read_json("summary.json")["cases"]))


if __name__ == "__main__":
    sys.exit(main())
