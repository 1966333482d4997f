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
from racelab.book import banner as banners
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
    p.add_argument("--pack", nargs="+", metavar="RUN",
                   help="write the named runs (EXPERIMENT/ID), verified, into one archive to send to the book's "
                        "maintainers, with --log's session log")
    p.add_argument("--log", type=Path, metavar="FILE", help="with --pack: the session's log (make live 2>&1 | tee FILE)")
    p.add_argument("--out", type=Path, metavar="FILE", help="with --pack: the archive (default racelab-runs-<time>.tar.gz)")
    return p


def pack(names: list[str], out: Path, log: Path | None = None) -> Path:
    """One gzipped tar of the named runs (each verified against its SHA256SUMS first: a damaged run is not
    packed), the session log where given, and a MANIFEST listing each run with its sums' own sha256."""
    import hashlib
    import io
    import tarfile

    base = results_dir()
    runs = []
    for name in names:
        path = base / name
        if not path.is_dir():
            raise UsageError(f"no run {name} under {base} (give EXPERIMENT/ID, as `racelab runs` lists them)")
        runs.append(store.RecordedRun(path))  # StoreError (exit 1) where it does not verify
    if log is not None and not log.is_file():
        raise UsageError(f"no log file {log}")
    manifest = [f"{r.experiment}/{r.id}  SHA256SUMS {hashlib.sha256((r.path / 'SHA256SUMS').read_bytes()).hexdigest()}"
                + (f"  recorded as failed: {store.failure(r)}" if store.failure(r) else "") for r in runs]
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    with tarfile.open(tmp, "w:gz") as tar:
        for r in runs:
            tar.add(r.path, arcname=f"results/{r.experiment}/{r.id}")
        if log is not None:
            tar.add(log, arcname=f"session-log/{log.name}")
        data = ("\n".join(manifest) + "\n").encode()
        info = tarfile.TarInfo("MANIFEST")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    tmp.replace(out)
    return out


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


@command("racelab runs", failed=(store.StoreError,))
def main(argv=None) -> int:
    args = parser().parse_args(argv)
    if (args.log or args.out) and not args.pack:
        raise UsageError("--log and --out go with --pack")
    if args.pack:
        import time as _time

        out = args.out or Path(f"racelab-runs-{_time.strftime('%Y%m%dT%H%M%SZ', _time.gmtime())}.tar.gz")
        written = pack(args.pack, out, args.log)
        print(f"wrote {written} ({written.stat().st_size:,} bytes): {len(args.pack)} run(s)"
              + (f" and {args.log}" if args.log else "") + "; send it to the book's maintainers (see the runbook)")
        return 0
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
                rows.append({**banners.describe(run, "recorded"), "ok": True, "failed": store.failure(run)})
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
