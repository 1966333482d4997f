"""Benchmarks, one function per subcommand: `racelab bench parse` times the racecheck log parser against
`grep -c Potential` on one large log (made from a real record, cached under .cache/bench/).

`BENCHES` maps each subcommand to a function taking its argv and returning an exit code.
"""

import argparse
import hashlib
import json
import lzma
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

FORMAT_VERSION = 1  # bump when generate() writes something different; cached logs are then remade
# Real records (tests/fixtures/racecheck, copied from the calibration run on an H200).
TEMPLATES = {
    "twin": "racecheck-hazard-topk128-heads64-ctas1-elected.log.xz",  # the CuTe DSL twin: 4 host frames
    "python-host": "racecheck-hazard-V0-python-host.log.xz",  # a CuPy launch: 18 host frames
    "plain": "racecheck-hazard-V0.log.xz",  # a C++ main: one host frame
}


def fixtures_dir() -> Path:
    from racelab.core.paths import repo_root
    return repo_root() / "tests" / "fixtures" / "racecheck"


def _record_format(template: Path) -> tuple[str, str, str]:
    """(head, record format, tail) from a real log: its first hazard record, with the fields that vary
    (address, block, threads, current value) made into format fields."""
    text = lzma.decompress(template.read_bytes()).decode()
    lines = text.split("\n")
    start = next(i for i, ln in enumerate(lines) if "Potential" in ln)
    end = next(i for i in range(start, len(lines)) if lines[i].rstrip() == "=========")
    record = "\n".join(lines[start:end + 1]) + "\n"
    record = record.replace("{", "{{").replace("}", "}}")
    subs = [(r"__shared__ 0x[0-9a-f]+ in block \(\d+,\d+,\d+\)", "__shared__ {addr:#x} in block ({block},0,0)"),
            (r"Write Thread \(\d+,\d+,\d+\)", "Write Thread ({writer},0,0)"),
            (r"Read Thread \(\d+,\d+,\d+\)", "Read Thread ({reader},0,0)"),
            (r"Current Value : \d+", "Current Value : {value}")]
    for pattern, repl in subs:
        record, n = re.subn(pattern, repl, record, count=1)
        if n != 1:
            raise ValueError(f"{template.name}: its first record has no {pattern!r}")
    head = lines[0] + "\n" if lines[0].startswith("========= COMPUTE-SANITIZER") else ""
    return head, record, "bench: done\n"


def generate(path: Path, *, records: int | None = None, size_mb: float | None = None,
             template: Path | None = None) -> int:
    """Write a racecheck log of `records` records (or about `size_mb` MiB) shaped like the template's
    first record: writer lanes 1..31 x 4 bytes each, readers 32 up, blocks 0..131 in turn, varying values;
    then a matching RACECHECK SUMMARY line. Returns the record count."""
    template = template or fixtures_dir() / TEMPLATES["python-host"]
    head, fmt, tail = _record_format(template)
    limit = None if size_mb is None else int(size_mb * (1 << 20))
    n, written = 0, 0
    tmp = path.with_name(path.name + ".part")
    with open(tmp, "w", buffering=8 << 20) as out:
        out.write(head)
        written += len(head)
        while (records is None or n < records) and (limit is None or written < limit):
            batch = []
            for i in range(n, n + 4096 if records is None else min(n + 4096, records)):
                lane = 1 + i % 31
                batch.append(fmt.format(addr=0x400 + 4 * lane + (i // 31) % 4, block=(i // 124) % 132,
                                        writer=lane, reader=lane + 32, value=(i * 37) % 256))
            chunk = "".join(batch)
            out.write(chunk)
            written += len(chunk)
            n += len(batch)
        out.write(tail)
        out.write(f"========= RACECHECK SUMMARY: {n} hazards displayed ({n} errors, 0 warnings)\n")
    tmp.replace(path)
    return n


def cached_log(size_mb: int, template_name: str, log=print) -> tuple[Path, int]:
    """The benchmark log under .cache/bench/, made once and reused while its recipe is unchanged."""
    from racelab.core.paths import cache_dir
    template = fixtures_dir() / TEMPLATES[template_name]
    recipe = {"version": FORMAT_VERSION, "size_mb": size_mb,
              "template": hashlib.sha256(template.read_bytes()).hexdigest()}
    folder = cache_dir() / "bench"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"racecheck-{template_name}-{size_mb}MiB.log"
    meta = path.with_suffix(".json")
    if path.exists() and meta.exists():
        saved = json.loads(meta.read_text())
        if {k: saved.get(k) for k in recipe} == recipe and path.stat().st_size == saved.get("bytes"):
            return path, saved["records"]
    log(f"generating {path} ({size_mb} MiB from {template.name}) ...")
    t0 = time.perf_counter()
    n = generate(path, size_mb=size_mb, template=template)
    meta.write_text(json.dumps({**recipe, "records": n, "bytes": path.stat().st_size}))
    log(f"  {n} records in {time.perf_counter() - t0:.1f} s")
    return path, n


def _child_env() -> dict:
    env = dict(os.environ)
    from racelab.core.paths import src_root
    src = str(src_root())
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _once(argv) -> int:
    """(Internal) parse one log in this fresh process and print wall/CPU seconds and peak RSS as JSON."""
    from racelab.readers import racecheck_log as hazards
    path, workers = argv[0], int(argv[1])
    t0, c0 = time.perf_counter(), time.process_time()
    report = hazards.parse(path, workers=workers)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"wall_s": wall, "cpu_s": cpu + children.ru_utime + children.ru_stime,
                      "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                      "worker_rss_mb": children.ru_maxrss / 1024, "records": report.records,
                      "stats": report.stats}))
    return 0


def _time_parser(path: Path, workers: int, repeat: int) -> dict:
    best = None
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-m", "racelab.book.bench", "_once", str(path), str(workers)],
                             capture_output=True, text=True, env=_child_env(), check=True)
        result = json.loads(out.stdout.strip().splitlines()[-1])
        if best is None or result["wall_s"] < best["wall_s"]:
            best = result
    return best


def _time_grep(path: Path, repeat: int) -> dict:
    best = None
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        # stdout must be a pipe: GNU grep stops at the first match when it writes to /dev/null
        out = subprocess.run(["grep", "-c", "Potential", str(path)], capture_output=True, text=True, check=True)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        result = {"wall_s": wall, "cpu_s": cpu, "count": int(out.stdout)}
        if best is None or wall < best["wall_s"]:
            best = result
    return best


def _measure(path: Path, workers: int, repeat: int) -> dict:
    """grep and the parser (1 and `workers` processes) on one log, interleaved so that a change in the
    machine's load hits all of them alike; the fastest run of each counts."""
    _time_grep(path, 1)  # warms the page cache
    runs = {"grep": [], 1: [], workers: []}
    for _ in range(repeat):
        runs["grep"].append(_time_grep(path, 1))
        for w in sorted({1, workers}):
            runs[w].append(_time_parser(path, w, 1))
    return {key: min(results, key=lambda r: r["wall_s"]) for key, results in runs.items()}


def parse(argv) -> int:
    """`racelab bench parse`: the racecheck log parser's rate against grep's, on a large generated log."""
    ap = argparse.ArgumentParser(prog="racelab bench parse", description=parse.__doc__)
    ap.add_argument("--size-mb", type=int, default=1024, help="size of each generated log in MiB (default 1024)")
    ap.add_argument("--template", choices=[*TEMPLATES, "all"], default="all",
                    help="which real record to repeat: twin (4 host frames, the book's CuTe DSL kernel), "
                         "python-host (18 frames), plain (1 frame), or all of them (default)")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs of each; the fastest counts (default 3)")
    ap.add_argument("--workers", type=int, default=0,
                    help="parser processes for the second row (default 0: one per core; 1 skips that row)")
    args = ap.parse_args(argv)
    if args.size_mb <= 0 or args.repeat <= 0 or args.workers < 0:
        print("racelab bench parse: --size-mb and --repeat must be > 0, --workers >= 0", file=sys.stderr)
        return 2
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    workers = args.workers or cores
    names = list(TEMPLATES) if args.template == "all" else [args.template]
    summary = []
    for name in names:
        try:
            path, n = cached_log(args.size_mb, name)
        except (OSError, ValueError, StopIteration) as err:
            print(f"racelab bench parse: cannot make the {name} log: {err}", file=sys.stderr)
            return 2
        mb = path.stat().st_size / 1e6
        best = _measure(path, workers, args.repeat)
        small = _time_parser(fixtures_dir() / TEMPLATES[name], 1, 1)
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        grep = best["grep"]
        rows = [("parser, 1 process", best[1])] + ([(f"parser, {workers} processes", best[workers])]
                                                   if workers > 1 else [])
        print(f"\n{name}: {path} ({mb:.0f} MB, {n} records of {mb * 1e6 / n:.0f} B; real record from "
              f"{TEMPLATES[name]})")
        print(f"machine: {cores} cores, load average {load:.1f} after the runs; fastest of {args.repeat} each")
        print(f"  {'':22s} {'wall s':>7s} {'MB/s':>6s} {'x grep':>6s} {'CPU s':>6s} {'CPU MB/s':>8s} "
              f"{'x grep CPU':>10s} {'peak RSS':>8s}")
        grep_rate, grep_cpu = mb / grep["wall_s"], mb / max(grep["cpu_s"], 1e-9)
        print(f"  {'grep -c Potential':22s} {grep['wall_s']:7.2f} {grep_rate:6.0f} {1:6.2f} {grep['cpu_s']:6.2f} "
              f"{grep_cpu:8.0f} {1:10.2f}")
        best_ratio = 0.0
        for label, r in rows:
            rate, cpu_rate = mb / r["wall_s"], mb / max(r["cpu_s"], 1e-9)
            rss = max(r["rss_mb"], r["worker_rss_mb"])
            print(f"  {label:22s} {r['wall_s']:7.2f} {rate:6.0f} {rate / grep_rate:6.2f} {r['cpu_s']:6.2f} "
                  f"{cpu_rate:8.0f} {cpu_rate / grep_cpu:10.2f} {rss:5.0f} MB")
            if r["records"] != n or grep["count"] != n:
                print(f"  MISMATCH: parser {r['records']} records, grep {grep['count']} lines, generated {n}")
                return 1
            best_ratio = max(best_ratio, rate / grep_rate)
        peak = max(max(r["rss_mb"], r["worker_rss_mb"]) for _, r in rows)
        print(f"  peak RSS on the {small['records']}-record fixture: {small['rss_mb']:.0f} MB, so the {mb:.0f} MB "
              f"log costs {peak - small['rss_mb']:.0f} MB more (flat memory)")
        summary.append((name, mb * 1e6 / n, best_ratio))
    print("\ntarget: parser >= 1/3 of grep's rate (wall clock, best row)")
    for name, size, ratio in summary:
        print(f"  {name:12s} records of {size:5.0f} B: {ratio:.2f} x grep  {'met' if ratio >= 1 / 3 else 'NOT met'}")
    return 0


BENCHES = {"parse": parse}  # subcommand -> function(argv) -> exit code


def main(argv) -> int:
    argv = list(argv)
    if argv and argv[0] == "_once":
        return _once(argv[1:])
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: racelab bench {" + ",".join(BENCHES) + "} [ARGS...]")
        for name, fn in BENCHES.items():
            print(f"  {name:8s} {(fn.__doc__ or '').strip().splitlines()[0]}")
        return 0 if argv else 2
    if argv[0] not in BENCHES:
        print(f"racelab bench: unknown benchmark {argv[0]!r} (have: {', '.join(BENCHES)})", file=sys.stderr)
        return 2
    return BENCHES[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
