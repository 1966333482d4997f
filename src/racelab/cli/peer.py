"""`racelab peer --upstream PATH`: upstream cudnn-frontend's own DSA indexer tests (forward, backward) from a
source checkout, plainly and under racecheck (hazard mode); records run "peer-suite"
(racelab.experiments.peer_suite).

A test that fails, plainly or under racecheck, is a finding: recorded, and the exit status stays 0. Exit
codes: 0 recorded (findings or not); 1 a case failed (pytest timed out, crashed, wrote no junit XML, or its
racecheck log could not be read or disagrees with its summary line); 2 bad input (PATH is not a cudnn-frontend
checkout, an unknown test or mode); 3 no GPU, or no compute-sanitizer when racecheck is asked for."""

import argparse
import json
import sys

from racelab.cli import Parser, UsageError, command
from racelab.experiments import peer_suite as peer
from racelab.toolchain.sanitizer import RacecheckError

MODES = {"plain": ("plain",), "racecheck": ("racecheck",), "both": peer.MODES}


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="racelab peer", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--upstream", required=True,
                        help="a cudnn-frontend source checkout (holds test/python/fe_api/dsa/)")
    parser.add_argument("--mode", choices=tuple(MODES), default="both")
    parser.add_argument("--tests", default=",".join(peer.TESTS), help="comma-separated, of: " + ", ".join(peer.TESTS))
    parser.add_argument("-k", dest="keyword", help="pytest -k expression (selects parametrisations)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per pytest process (default %(default)s)")
    parser.add_argument("--release", default=peer.RELEASE,
                        help="nvidia-cudnn-frontend wheel: one for every test, or per test as "
                             "forward=1.27.0,backward=1.26.0 (default %(default)s)")
    parser.add_argument("--adapt", action="append", default=[], metavar="NAME",
                        help="apply a named, recorded change to a copy of the tests (repeatable): "
                             + ", ".join(peer.ADAPTATIONS))
    parser.add_argument("--json", action="store_true", help="print the recorded summary as JSON")
    return parser


@command("racelab peer", absent=(RacecheckError,), usage=(peer.PeerInputError,))
def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    tests = tuple(t.strip() for t in args.tests.split(",") if t.strip())
    if args.timeout <= 0:
        raise UsageError("--timeout must be positive")
    say = (lambda *_: None) if args.json else print
    rec = peer.record(args.upstream, tests=tests, modes=MODES[args.mode], keyword=args.keyword,
                      timeout_s=args.timeout, release=args.release, adaptations=args.adapt, log=say, command=["racelab", "peer", *argv])
    summary = rec.read_json("summary.json")
    if args.json:
        print(json.dumps({"run": str(rec.path), **summary}, indent=2, sort_keys=True))
    else:
        for line in summary["findings"]:
            print(f"finding: {line}")
        for line in summary["failed_cases"]:
            print(f"FAILED: {line}", file=sys.stderr)
    return 1 if summary["failed_cases"] else 0
