"""`racelab show EXPERIMENT`: what the store holds of one experiment: its newest valid run (or the one named
with --run), with the hardware it ran on, when, the command and commit that made it, its files, and its own
table (table.txt) where it wrote one; --all lists every run of it, newest first.

exit status: 0 shown, 1 a run is damaged, 2 an unknown experiment or bad arguments, 3 no run is recorded."""

import json
import sys

from racelab.cli import EXIT_OK, Absent, Parser, UsageError, command
from racelab.core import store
from racelab.experiments.registry import SESSION
from racelab.vocab import Experiment

NAMES = [e.value for e in Experiment] + [SESSION]


def parser() -> Parser:
    p = Parser(prog="racelab show", description=__doc__.split("\n\n")[0])
    p.add_argument("experiment", help="one of: " + ", ".join(NAMES))
    p.add_argument("--run", metavar="ID", help="this run instead of the newest")
    p.add_argument("--all", action="store_true", help="list every valid run of the experiment, newest first")
    p.add_argument("--json", action="store_true", help="the run's description as JSON")
    return p


def describe(run: store.RecordedRun) -> dict:
    """What `show` prints of a run, from its provenance.json."""
    prov = run.provenance
    return {"experiment": run.experiment, "run": run.id, "gpu": run.gpu_name, "date_utc": prov.get("date_utc"),
            "command": prov.get("command"), "commit": (prov.get("git") or {}).get("commit"),
            "wall_s": prov.get("wall_s"), "shortened": store.shortened(run), "files": run.files()}


@command("racelab show", failed=(store.StoreError,))
def main(argv=None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.experiment not in NAMES:
        raise UsageError(f"unknown experiment {args.experiment!r}; one of: {', '.join(NAMES)}")
    found = [r for r in store.candidates(args.experiment, "cpu", log=False) if r.id == args.run or not args.run]
    if not found:
        raise Absent(f"no valid run of {args.experiment} is recorded" + (f" with id {args.run}" if args.run else ""))
    shown = found if args.all else found[:1]
    if args.json:
        print(json.dumps([describe(r) for r in shown] if args.all else describe(shown[0]), indent=2))
        return EXIT_OK
    for run in shown:
        d = describe(run)
        print(f"{d['experiment']}/{d['run']}: {d['gpu']}, {d['date_utc']}, commit {(d['commit'] or 'unknown')[:12]}"
              + (f", shortened: {d['shortened']}" if d["shortened"] else ""))
        if not args.all:
            print(f"  command: {d['command']}\n  files: {', '.join(d['files'])}")
            if "table.txt" in d["files"]:
                print("\n" + run.read_text("table.txt").rstrip())
    return EXIT_OK
