"""`racelab site`: what the provenance page lists: every recorded run, verified, how long it took, and the
pages that loaded it in the last book build (the build's usage log, _build/racelab-usage.jsonl)."""

import argparse
import json
import sys
from pathlib import Path

from racelab.book import inventory
from racelab.cli import Parser, command
from racelab.core.paths import repo_root


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="racelab site", description=__doc__.split("\n\n")[0],
                                epilog="exit status: 0 every run verifies, 1 a run is damaged, 2 bad arguments")
    p.add_argument("--usage", type=Path, metavar="LOG",
                   help=f"the usage log to read (default: _build/{inventory.USAGE_LOG} of this checkout)")
    p.add_argument("--json", action="store_true")
    return p


@command("racelab site")
def main(argv=None) -> int:
    args = parser().parse_args(argv)
    log = args.usage or repo_root() / "_build" / inventory.USAGE_LOG
    if args.usage and not log.is_file():
        print(f"racelab site: no usage log at {log}", file=sys.stderr)
        return 2
    rows = inventory.inventory(usage_log=log)
    if args.json:
        print(json.dumps([r.__dict__ | {"pages": None if r.pages is None else [p.docname for p in r.pages]}
                          for r in rows], indent=2))
    else:
        for r in rows:
            pages = "not logged" if r.pages is None else ", ".join(p.docname for p in r.pages) or "-"
            print(f"{'ok ' if r.ok else 'BAD'} {r.experiment}/{r.run_id}  {r.gpu}  {inventory.fmt_seconds(r.seconds)}"
                  f"  pages: {pages}" + ("" if r.ok else f"  {r.error}"))
    return 0 if all(r.ok for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
