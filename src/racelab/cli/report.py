"""`racelab report`: one upstream-ready Markdown report per true positive still open in the newest
nvidia-cudnn-frontend release (racelab.book.reports: the store-side findings and the SM90 backward's K_CONSUMED handoff), written into the folder `--out` names, with a README listing them; prints
the summary table. The evidence is the newest recorded run of the release closest to
the one reported; each report says which.

Exit codes: 0 written; 2 bad input (an unknown release); 3 no recorded lint sweep to read the findings from."""

import argparse
import sys
from pathlib import Path

from racelab.cli import Parser, UsageError, command
from racelab.core import store


def _parser() -> argparse.ArgumentParser:
    from racelab.lint.releases import RELEASES
    parser = Parser(prog="racelab report", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--out", required=True, type=Path, help="the folder to write the reports into")
    parser.add_argument("--release", default=RELEASES[-1], choices=RELEASES,
                        help="the release to report on (default: the newest, %(default)s)")
    return parser


@command("racelab report", absent=(store.StoreError,))
def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    from racelab.book import reports
    from racelab.experiments import lint_releases
    hits = lint_releases.recorded().read_json("hits.json")
    if args.release not in hits:
        raise UsageError(f"the recorded sweep has no release {args.release}")
    items = reports.all_reports(hits, args.release)
    written = reports.write(args.out, items)
    print(reports.summary_table(items).to_string(index=False))
    print(f"wrote {len(written)} reports and README.md to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
