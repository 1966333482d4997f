"""`racelab book`: the book's build steps and its invariant.

    racelab book cache-guard _build       empty the execution cache if recorded runs or code changed
    racelab book postbuild _build/html    make each executed notebook downloadable, check the links,
                                          write _build/build-times.json
    racelab book glue-values [--json]     execute every notebook (replay mode) and print each value it
                                          glues, with the sha256 of them all
"""

import argparse
import sys
from pathlib import Path

from racelab.cli import EXIT_FAILED, EXIT_OK, Parser, UsageError, command


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="racelab book", description=__doc__.split("\n\n")[0],
               formatter_class=argparse.RawDescriptionHelpFormatter,
               epilog="exit status: 0 ok, 1 a step failed, 2 bad arguments")
    sub = p.add_subparsers(dest="action", required=True)
    guard = sub.add_parser("cache-guard", help="empty the execution cache if recorded runs or code changed")
    guard.add_argument("build_dir", type=Path)
    post = sub.add_parser("postbuild", help="copy executed notebooks next to their pages, check, write timings")
    post.add_argument("html_dir", type=Path)
    glue = sub.add_parser("glue-values", help="every value the book glues, per notebook, and their sha256")
    glue.add_argument("notebooks", nargs="*", type=Path,
                      help="only these notebooks (default: every notebook of the table of contents)")
    glue.add_argument("--json", action="store_true",
                      help="print canonical JSON on stdout (its sha256 goes to stderr)")
    return p


def _cache_guard(args) -> int:
    from racelab.book.cache_guard import cache_guard

    if cache_guard(args.build_dir, Path.cwd()):
        print("racelab: recorded runs or racelab code changed since the last build: re-executing every notebook")
    return EXIT_OK


def _postbuild(args) -> int:
    from racelab.book.postbuild import BuildError, postbuild

    try:
        done = postbuild(args.html_dir)
    except BuildError as err:
        raise UsageError(f"postbuild: {err}") from err
    print(f"postbuild: {len(done.copied)} executed notebooks downloadable as .ipynb; timings in {done.times}")
    for problem in done.problems:
        print(f"postbuild: {problem}", file=sys.stderr)
    return EXIT_FAILED if done.problems else EXIT_OK


def _glue_values(args) -> int:
    from racelab.book import glue_values as g

    missing = [str(p) for p in args.notebooks if not p.is_file()]
    if missing:
        raise UsageError(f"glue-values: no such notebook: {', '.join(missing)}")
    values = g.glue_values(pages=args.notebooks or None)
    digest = g.digest(values)
    if args.json:
        sys.stdout.write(g.canonical(values))
        print(f"sha256 {digest}", file=sys.stderr)
        return EXIT_OK
    for page, glued in values.items():
        print(page)
        for name, value in sorted(glued.items()):
            print(f"  {name} = {value}")
    print(f"sha256 {digest}")
    return EXIT_OK


@command("racelab book")
def main(argv=None) -> int:
    args = parser().parse_args(argv)
    return {"cache-guard": _cache_guard, "postbuild": _postbuild, "glue-values": _glue_values}[args.action](args)


if __name__ == "__main__":
    sys.exit(main())
