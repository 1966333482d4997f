"""`racelab lint`: lint CuTe DSL kernels (files, folders, or nvidia-cudnn-frontend releases) for an elected
mbarrier arrive after shared stores by several lanes; `--sass` scans compiled cubins instead; `--record`
records the sweep over every release as run "lint-releases".

Exit codes: 0 ok (hits are what the lint reports, not a failure); 2 bad input (an unknown release, a path
that is not there); 3 a tool is absent (nvdisasm for --sass)."""

import argparse
import json
import sys
from pathlib import Path

from racelab.lint.ast_lint import LintError, lint_paths
from racelab.lint.releases import RELEASES, lint_release
from racelab.cli import Parser, UsageError




def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="racelab lint",
                     description="lint CuTe DSL kernels for elected mbarrier arrives after multi-lane shared stores")
    parser.add_argument("paths", nargs="*", help="Python files or folders to lint")
    parser.add_argument("--release", action="append", default=[],
                        help=f"an nvidia-cudnn-frontend release ({', '.join(RELEASES)}), or 'all'; repeatable")
    parser.add_argument("--json", action="store_true", help='print {"hits": [...]} as JSON')
    parser.add_argument("--sass", nargs="+", metavar="CUBIN", help="scan cubins' SASS instead (nvdisasm)")
    parser.add_argument("--record", action="store_true",
                        help="lint the releases (all unless --release) and record run 'lint-releases'")
    return parser


def _sass(cubins, as_json: bool) -> int:
    from racelab.lint.sass_scan import listing, sass_scan
    from racelab.toolchain.nvidia import ToolMissing

    found = []
    for cubin in cubins:
        if not Path(cubin).is_file():
            raise LintError(f"no such cubin: {cubin}")
        try:
            text = listing(Path(cubin))
        except ToolMissing as err:
            print(f"racelab lint: {err}", file=sys.stderr)
            return 3
        found += [dict(h.to_dict(), cubin=cubin) for h in sass_scan(text)]
    print(json.dumps({"hits": found}, indent=2) if as_json else
          "\n".join(f"{h['cubin']}: {h['function']}: {h['arrive']}: {h['reason']} "
                    f"({len(h['stores'])} stores{', MEMBAR before the arrive' if h['membar'] else ''})"
                    for h in found) + f"\n{len(found)} hit(s)")
    return 0


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parser().parse_args(argv)
    except UsageError as err:
        print(f"racelab lint: {err}", file=sys.stderr)
        return 2
    releases = [r for v in args.release for r in (RELEASES if v == "all" else [v])]
    unknown = [r for r in releases if r not in RELEASES]
    if unknown:
        print(f"racelab lint: unknown release {unknown[0]!r}; known releases: {', '.join(RELEASES)}",
              file=sys.stderr)
        return 2
    if not (args.paths or releases or args.record or args.sass):
        print("racelab lint: give PATH..., --release X, --sass CUBIN... or --record", file=sys.stderr)
        return 2
    try:
        if args.record:
            from racelab.experiments import lint_releases
            rec = lint_releases.record(tuple(releases) or RELEASES, ["racelab", "lint", *argv])
            print(f"recorded {rec.experiment}/{rec.id}")
            return 0
        if args.sass:
            return _sass(args.sass, args.json)
        found = [(None, h) for h in (lint_paths(args.paths) if args.paths else [])]
        for r in releases:
            found += [(r, h) for h in lint_release(r)]
    except (LintError, OSError) as err:
        print(f"racelab lint: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"hits": [dict(h.to_dict(), **({"release": r} if r else {})) for r, h in found]},
                         indent=2))
    else:
        for r, h in found:
            print(f"{(r + ': ') if r else ''}{h.file}:{h.line}: {h.function}: barrier {h.barrier} "
                  f"(init count {h.init_count}): {h.reason}\n    storers: {h.storers}\n    arrivers: {h.arrivers}")
        print(f"{len(found)} hit(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
