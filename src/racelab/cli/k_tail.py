"""`racelab k-tail`: the K-tail probe (`kernels/probe_k_tail_sm90.py`) under racecheck, elected against
all-thread arrive (racelab.experiments.k_tail_probe). `record` runs the plain checks and every racecheck case
and records run "k-tail-probe" (SM90 GPU and compute-sanitizer); `show` prints a recorded run's table.
One launch of the kernel is `python kernels/probe_k_tail_sm90.py --help`.

Exit codes: 0 ok; 1 no run recorded (`show`); 2 bad input; 3 no SM90 GPU or no compute-sanitizer."""

import argparse
import sys

from racelab.cli import Parser, command, failed
from racelab.core import store
from racelab.experiments import k_tail_probe
from racelab.experiments.racecheck_cases import failed_cases
from racelab.toolchain.sanitizer import RacecheckError


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="racelab k-tail", description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True, parser_class=Parser)
    rec = sub.add_parser("record", help=f"every racecheck case; records run {k_tail_probe.EXPERIMENT!r}")
    rec.add_argument("--timeout", type=float, default=120.0, help="seconds per racecheck run")
    rec.add_argument("--jobs", type=int, default=2, help="racecheck runs at a time")
    rec.add_argument("--release", help="the nvidia-cudnn-frontend release whose K-load tail the run stands for")
    sub.add_parser("show", help="the newest recorded run as a table")
    return parser


@command("racelab k-tail", absent=(RacecheckError,), failed=(store.StoreError,))
def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if args.cmd == "show":
        rec = store.newest(k_tail_probe.EXPERIMENT)
        print(f"{rec.experiment}/{rec.id}\n{k_tail_probe.table(rec).to_string()}")
        return 0
    recorded = k_tail_probe.record(release=args.release, timeout_s=args.timeout, jobs=args.jobs,
                                   command=["racelab", "k-tail", *argv], log=lambda s: print(s, file=sys.stderr, flush=True))
    return failed("racelab k-tail", failed_cases(recorded.read_json("summary.json")["cases"]))


if __name__ == "__main__":
    sys.exit(main())
