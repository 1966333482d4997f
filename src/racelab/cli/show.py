"""`racelab show EXPERIMENT`: what the store holds of one experiment: its newest valid run (or the one named
with --run), with the hardware it ran on, when, the command and commit that made it, its files, and its own
table (table.txt) where it wrote one; --all lists every run of it, newest first.

A run recorded as failed is never shown as a result: `--run ID` of one prints its reasons and exits 1, and
when the newest run failed, the run shown is said to be an older one.

exit status: 0 shown, 1 a run is damaged or the named run was recorded as failed, 2 an unknown experiment or bad
arguments, 3 no run is recorded."""

import json
import sys

from racelab.cli import EXIT_FAILED, EXIT_OK, Absent, Parser, UsageError, command
from racelab.cli.runs import failure_lines
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
    every = store.candidates(args.experiment, "cpu", log=False, include_failed=True)
    if args.run:
        named = [r for r in every if r.id == args.run]
        if named and store.failure(named[0]):
            run, why = named[0], store.failure(named[0])
            print(f"{run.experiment}/{run.id} was recorded as failed, so no page shows it as a result:\n"
                  + failure_lines(why) + "\n  (the reasons are kept in the run's summary.json)")
            return EXIT_FAILED
    found = [r for r in every if not store.failure(r) and (r.id == args.run or not args.run)]
    if not found:
        raise Absent(f"no valid run of {args.experiment} is recorded" + (f" with id {args.run}" if args.run else ""))
    shown = found if args.all else found[:1]
    newer_failed = [r for r in every if store.failure(r) and r.id > found[0].id]
    if newer_failed and not args.all and not args.run and not args.json:
        r = newer_failed[0]
        print(f"note: the newest run, {r.experiment}/{r.id}, was recorded as failed ({store.failure(r)}); "
              f"showing {found[0].id}, the newest measured run")
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
