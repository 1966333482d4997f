"""`racelab lint`: lint CuTe DSL kernels for an elected mbarrier arrive after shared-memory accesses by several
lanes: stores before the barrier that publishes them (rule store-raw) or loads before the barrier that frees
the buffer (rule load-war). `racelab lint PATH...` lints any files or source trees with both rules (`--rule`
picks); `--package NAME==VERSION` fetches a wheel from the package index and lints its CuTe DSL files;
`--ecosystem` lints the pinned CuTe DSL libraries of run "lint-ecosystem"; `--release X` lints an
nvidia-cudnn-frontend release (store rule, as its recorded sweep); `--sass` scans compiled cubins instead;
`--record` records the sweep over every release as run "lint-releases", or with `--ecosystem` run
"lint-ecosystem".

Exit codes: 0 ok (hits are what the lint reports, not a failure); 2 bad input (an unknown release, a path
that is not there); 3 a tool is absent (nvdisasm for --sass)."""

import argparse
import json
import sys
from pathlib import Path

from racelab.cli import Absent, Parser, UsageError, command
from racelab.lint import rules
from racelab.lint.ast_lint import LintError
from racelab.lint.releases import RELEASES, lint_release


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="racelab lint",
                    description="lint CuTe DSL kernels for elected mbarrier arrives after multi-lane shared "
                                "stores (store-raw) or loads (load-war)")
    parser.add_argument("paths", nargs="*", help="Python files or folders to lint")
    parser.add_argument("--package", action="append", default=[], metavar="NAME==VERSION",
                        help="a wheel from the package index (exact pin): lint every file that imports cutlass")
    parser.add_argument("--ecosystem", action="store_true",
                        help="the pinned CuTe DSL libraries of run 'lint-ecosystem' (flash-attn-4, quack-kernels, "
                             "flashinfer-python, nvidia-cutlass-operators) and its two cuDNN check files")
    parser.add_argument("--rule", action="append", default=[], choices=list(rules.RULES),
                        help="apply only this rule to paths and packages (repeatable; default: all)")
    parser.add_argument("--release", action="append", default=[],
                        help=f"an nvidia-cudnn-frontend release ({', '.join(RELEASES)}), or 'all'; repeatable")
    parser.add_argument("--json", action="store_true", help='print {"hits": [...]} as JSON')
    parser.add_argument("--sass", nargs="+", metavar="CUBIN", help="scan cubins' SASS instead (nvdisasm)")
    parser.add_argument("--record", action="store_true",
                        help="lint the releases (all unless --release) and record run 'lint-releases'; with "
                             "--ecosystem, record run 'lint-ecosystem'")
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
            raise Absent(str(err)) from err
        found += [dict(h.to_dict(), cubin=cubin) for h in sass_scan(text)]
    print(json.dumps({"hits": found}, indent=2) if as_json else
          "\n".join(f"{h['cubin']}: {h['function']}: {h['arrive']}: {h['reason']} "
                    f"({len(h['stores'])} stores{', MEMBAR before the arrive' if h['membar'] else ''})"
                    for h in found) + f"\n{len(found)} hit(s)")
    return 0


@command("racelab lint", usage=(LintError, OSError))
def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    releases = [r for v in args.release for r in (RELEASES if v == "all" else [v])]
    unknown = [r for r in releases if r not in RELEASES]
    if unknown:
        raise UsageError(f"unknown release {unknown[0]!r}; known releases: {', '.join(RELEASES)}")
    if not (args.paths or releases or args.record or args.sass or args.package or args.ecosystem):
        raise UsageError("give PATH..., --package NAME==VERSION, --ecosystem, --release X, --sass CUBIN... or --record")
    chosen = rules.pick(args.rule)
    if args.record and args.ecosystem:
        from racelab.experiments import lint_ecosystem
        rec = lint_ecosystem.record(command=["racelab", "lint", *argv])
        print(f"recorded {rec.experiment}/{rec.id}")
        return 0
    if args.record:
        from racelab.experiments import lint_releases
        rec = lint_releases.record(tuple(releases) or RELEASES, ["racelab", "lint", *argv])
        print(f"recorded {rec.experiment}/{rec.id}")
        return 0
    if args.sass:
        return _sass(args.sass, args.json)
    found = rules.lint_paths(args.paths, rules=chosen) if args.paths else []
    for r in releases:
        found += [{"release": r, **d} for d in rules.tagged(rules.STORE_RAW, lint_release(r))]
    specs = [(spec, ()) for spec in args.package]
    if args.ecosystem:
        from racelab.experiments import lint_ecosystem
        specs += [(lib.spec, lib.files) for lib in lint_ecosystem.LIBRARIES]
    for spec, only in specs:
        from racelab.lint import packages
        done = packages.lint_package(spec, args.rule, only)
        print(f"{spec}: {done.wheel} (sha256 {done.sha256[:16]}), {len(done.files)} CuTe DSL file(s)",
              file=sys.stderr)
        found += [{"package": spec, **d} for d in done.hits]
    if args.json:
        print(json.dumps({"hits": found}, indent=2))
    else:
        for h in found:
            where = h.get("release") or h.get("package")
            print(f"{(where + ': ') if where else ''}{h['file']}:{h['line']}: {h['function']}: [{h['rule']}] "
                  f"barrier {h['barrier']} (init count {h['init_count']}): {h['reason']}\n"
                  f"    {rules.RULES[h['rule']].accesses} by: {h['storers']}\n    arrivers: {h['arrivers']}")
        print(f"{len(found)} hit(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
