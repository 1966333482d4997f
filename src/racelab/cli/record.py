"""`racelab record EXPERIMENT`: run one step of the make-live registry on this machine as `make live` runs it
(the registry's command, its deadline, its own process group) and record what its command records; no
make-live session is recorded around it. `racelab record --list` prints the registry. `racelab show
EXPERIMENT` prints what was recorded.

exit status: 0 the step recorded its runs, 1 it failed, 2 an unknown step or bad arguments, 3 this machine
cannot run it (no GPU, or not the one the step needs)."""

import sys

from racelab.cli import Parser, UsageError, command, live
from racelab.experiments import registry


def parser() -> Parser:
    p = Parser(prog="racelab record", description=__doc__.split("\n\n")[0])
    p.add_argument("experiment", nargs="?", help="a step of the make-live registry (`racelab record --list`)")
    p.add_argument("--list", action="store_true", help="print the registry and what this machine would run")
    return p


@command("racelab record")
def main(argv=None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.list:
        return live.main(["--list"])
    if not args.experiment:
        raise UsageError("name a step (`racelab record --list` prints them)")
    names = list(dict.fromkeys(e.name for e in registry.REGISTRY))
    if args.experiment not in names:
        raise UsageError(f"unknown step {args.experiment!r}; one of: {', '.join(names)}")
    # one step, no session around it: no budget (the step's own registry deadline holds) and no make-live run
    return live.main(["--only", args.experiment, "--budget-min", "0", "--no-record"])
