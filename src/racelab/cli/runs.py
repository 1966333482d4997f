"""`racelab runs`: list and verify the recorded runs (every file's SHA-256 against the run's SHA256SUMS,
and no file the sums do not list); a run that recorded its own failure is intact, and says so."""

import argparse
import json
import sys

from racelab.cli import Parser, command
from racelab.core import store
from racelab.core.paths import results_dir


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="racelab runs", description=__doc__.split("\n\n")[0],
                                epilog="exit status: 0 every run verifies, 1 a run is damaged, 2 bad arguments")
    p.add_argument("experiment", nargs="?", help="only this experiment")
    p.add_argument("--json", action="store_true")
    return p


@command("racelab runs")
def main(argv=None) -> int:
    args = parser().parse_args(argv)
    base = results_dir()
    experiments = [args.experiment] if args.experiment else sorted(
        p.name for p in base.iterdir() if p.is_dir()) if base.is_dir() else []
    rows, bad = [], 0
    for experiment in experiments:
        for path in store.runs(experiment):
            try:
                run = store.RecordedRun(path)
                rows.append({**store.describe(run, "recorded"), "ok": True, "failed": store.failure(run)})
            except store.StoreError as err:
                bad += 1
                rows.append({"run": f"{experiment}/{path.name}", "ok": False, "error": str(err)})
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            note = ("  " + row["error"]) if not row["ok"] else (
                f"  (intact; recorded as failed: {row['failed']})" if row.get("failed") else "")
            if "commit_recorded" in row:
                note += (f"  (commit {row['commit'][:10]}, corrected from the recorded "
                         f"{(row['commit_recorded'] or 'none')[:10]})")
            print(("ok  " if row["ok"] else "BAD ") + row["run"] + note)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
