"""`racelab bench parse|build`: the benchmarks, each printing its figures.

    parse [--size-mb N] [--template twin|python-host|plain|all] [--repeat N] [--no-reference]
          the racecheck log parser's rate (fast paths, and the reference parser alone) against
          `grep -c Potential` on a large log made from a real record (racelab.book.bench), a table per template
    build [--out DIR] [--keep] [--json FILE] [--source DIR]
          a cold and a warm build of the book (racelab.book.build_bench)

Exit code 0, 1 when a parser's count disagrees with grep's, 2 for bad arguments or a build that failed."""

import json
import os
import sys
from pathlib import Path

from racelab.book import bench
from racelab.cli import Parser, UsageError, command


@command("racelab bench parse")
def parse(argv) -> int:
    """`racelab bench parse`: the racecheck log parser's rate against grep's, on a large generated log."""
    ap = Parser(prog="racelab bench parse", description=parse.__doc__)
    ap.add_argument("--size-mb", type=int, default=64, help="size of each generated log in MiB (default 64)")
    ap.add_argument("--template", choices=[*bench.TEMPLATES, "all"], default="all",
                    help="which real record to repeat: twin (4 host frames, the book's CuTe DSL kernel), "
                         "python-host (18 frames), plain (1 frame), or all of them (default)")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs of each; the fastest counts (default 3)")
    ap.add_argument("--no-reference", action="store_true", help="time the fast paths only")
    args = ap.parse_args(argv)
    if args.size_mb <= 0 or args.repeat <= 0:
        raise UsageError("--size-mb and --repeat must be > 0")
    parsers = ("fast",) if args.no_reference else tuple(bench.PARSERS)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    names = list(bench.TEMPLATES) if args.template == "all" else [args.template]
    summary = []
    for name in names:
        try:
            path, n = bench.cached_log(args.size_mb, name)
        except (OSError, ValueError, StopIteration) as err:
            raise UsageError(f"cannot make the {name} log: {err}") from err
        mb = path.stat().st_size / 1e6
        best = bench.measure(path, args.repeat, parsers)
        small = bench.time_parser(bench.fixtures_dir() / bench.TEMPLATES[name], "fast")
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        grep = best["grep"]
        print(f"\n{name}: {path} ({mb:.0f} MB, {n} records of {mb * 1e6 / n:.0f} B; real record from "
              f"{bench.TEMPLATES[name]})")
        print(f"machine: {cores} cores, load average {load:.1f} after the runs; fastest of {args.repeat} each")
        print(f"  {'':22s} {'wall s':>7s} {'MB/s':>6s} {'x grep':>6s} {'CPU s':>6s} {'CPU MB/s':>8s} "
              f"{'x grep CPU':>10s} {'peak RSS':>8s}")
        grep_rate, grep_cpu = mb / grep["wall_s"], mb / max(grep["cpu_s"], 1e-9)
        print(f"  {'grep -c Potential':22s} {grep['wall_s']:7.2f} {grep_rate:6.0f} {1:6.2f} {grep['cpu_s']:6.2f} "
              f"{grep_cpu:8.0f} {1:10.2f}")
        for parser in parsers:
            r = best[parser]
            rate, cpu_rate = mb / r["wall_s"], mb / max(r["cpu_s"], 1e-9)
            print(f"  {bench.PARSERS[parser]:22s} {r['wall_s']:7.2f} {rate:6.0f} {rate / grep_rate:6.2f} "
                  f"{r['cpu_s']:6.2f} {cpu_rate:8.0f} {cpu_rate / grep_cpu:10.2f} {r['rss_mb']:5.0f} MB")
            if r["records"] != n or grep["count"] != n:
                print(f"  MISMATCH: {parser} parser {r['records']} records, grep {grep['count']} lines, generated {n}")
                return 1
        fast = best["fast"]
        if "reference" in best:
            print(f"  the fast paths take {fast['wall_s'] / best['reference']['wall_s']:.2f} x the reference "
                  f"parser's time ({dict(fast['stats'])})")
        print(f"  peak RSS on the {small['records']}-record fixture: {small['rss_mb']:.0f} MB, so the {mb:.0f} MB "
              f"log costs {fast['rss_mb'] - small['rss_mb']:.0f} MB more (flat memory)")
        summary.append((name, mb * 1e6 / n, (mb / fast["wall_s"]) / grep_rate))
    print("\ntarget: parser (fast paths) >= 1/3 of grep's rate (wall clock)")
    for name, size, ratio in summary:
        print(f"  {name:12s} records of {size:5.0f} B: {ratio:.2f} x grep  {'met' if ratio >= 1 / 3 else 'NOT met'}")
    return 0


@command("racelab bench build")
def build(argv) -> int:
    """`racelab bench build`: a cold and a warm build of the book, timed."""
    from racelab.book.build_bench import bench_build, format_bench
    from racelab.book.postbuild import BuildError

    ap = Parser(prog="racelab bench build", description=build.__doc__)
    ap.add_argument("--out", type=Path, help="output folder (must not hold a _build yet); default: a temp dir")
    ap.add_argument("--keep", action="store_true", help="keep the temporary output folder")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--source", type=Path, help="the book to build (default: this checkout)")
    args = ap.parse_args(argv)
    try:
        result = bench_build(args.out, keep=args.keep, source=args.source)
    except BuildError as err:
        raise UsageError(str(err)) from err
    print(format_bench(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


BENCHES = {"parse": parse, "build": build}  # subcommand -> function(argv) -> exit code


@command("racelab bench")
def main(argv) -> int:
    argv = list(argv)
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: racelab bench {" + ",".join(BENCHES) + "} [ARGS...]")
        for name, fn in BENCHES.items():
            print(f"  {name:8s} {(fn.__doc__ or '').strip().splitlines()[0]}")
        return 0 if argv else 2
    if argv[0] not in BENCHES:
        raise UsageError(f"unknown benchmark {argv[0]!r} (have: {', '.join(BENCHES)})")
    return BENCHES[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
