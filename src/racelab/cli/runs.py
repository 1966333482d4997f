"""`racelab runs`: list and verify the recorded runs (every file's SHA-256 against the run's SHA256SUMS,
and no file the sums do not list); a run that recorded its own failure is intact, and says so. With
`--pages`, what the provenance page lists: every run with how long it took and the pages that loaded it in
the last book build (the build's usage log, _build/racelab-usage.jsonl)."""

import argparse
import json
import sys
from pathlib import Path

from racelab.cli import Parser, UsageError, command
from racelab.core import store
from racelab.core.paths import repo_root, results_dir


def parser() -> argparse.ArgumentParser:
    from racelab.book.inventory import USAGE_LOG

    p = Parser(prog="racelab runs", description=__doc__.split("\n\n")[0],
               epilog="exit status: 0 every run verifies and none recorded its own failure, 1 a run is damaged or "
                      "recorded as failed (its reasons are printed), 2 bad arguments")
    p.add_argument("experiment", nargs="?", help="only this experiment")
    p.add_argument("--pages", action="store_true",
                   help="with each run's duration and the pages that loaded it in the last book build")
    p.add_argument("--usage", type=Path, metavar="LOG",
                   help=f"with --pages: the usage log to read (default: _build/{USAGE_LOG} of this checkout)")
    p.add_argument("--json", action="store_true")
    return p


def _pages(args) -> int:
    from racelab.book import inventory

    log = args.usage or repo_root() / "_build" / inventory.USAGE_LOG
    if args.usage and not log.is_file():
        raise UsageError(f"no usage log at {log}")
    rows = [r for r in inventory.inventory(usage_log=log) if args.experiment in (None, r.experiment)]
    if args.json:
        print(json.dumps([r.__dict__ | {"pages": None if r.pages is None else [p.docname for p in r.pages]}
                          for r in rows], indent=2))
    else:
        for r in rows:
            pages = "not logged" if r.pages is None else ", ".join(p.docname for p in r.pages) or "-"
            print(f"{'ok ' if r.ok else 'BAD'} {r.experiment}/{r.run_id}  {r.gpu}  {inventory.fmt_seconds(r.seconds)}"
                  f"  pages: {pages}" + ("" if r.ok else f"  {r.error}"))
    return 0 if all(r.ok for r in rows) else 1


@command("racelab runs")
def main(argv=None) -> int:
    args = parser().parse_args(argv)
    if args.pages:
        return _pages(args)
    if args.usage:
        raise UsageError("--usage goes with --pages")
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
    failed = sum(1 for row in rows if row.get("failed"))
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            note = ("  " + row["error"]) if not row["ok"] else (
                "  (intact; recorded as failed)" if row.get("failed") else "")
            if "commit_recorded" in row:
                note += (f"  (commit {row['commit'][:10]}, corrected from the recorded "
                         f"{(row['commit_recorded'] or 'none')[:10]})")
            print(("ok  " if row["ok"] else "BAD ") + row["run"] + note)
            if row.get("failed"):
                print(failure_lines(row["failed"]))
        if failed:
            print(f"{failed} run(s) recorded as failed: no page shows them as a result (their reasons above; "
                  "summary.json keeps them)")
    return 1 if bad or failed else 0


def failure_lines(why: str) -> str:
    """store.failure's reasons, one indented line each (a plausibility check's reasons one line each too)."""
    return "\n".join(f"      why: {reason}" for reason in why.split("; "))


if __name__ == "__main__":
    sys.exit(main())
