"""The parser benchmark behind `racelab bench parse`: the racecheck log parser (fast paths, and the
reference parser alone) against `grep -c Potential` on one large log made from a real record and cached
under .cache/bench/. Each parse runs in a fresh process (`python -m racelab.book.bench LOG PARSER`), so that its peak
memory is its own. Returns numbers; `racelab.cli.bench` prints them.
"""

import json
import lzma
import re
import resource
import sys
import time
from pathlib import Path

from racelab.core import proc
from racelab.core.files import sha256
from racelab.core.paths import cache_dir, child_env, repo_root
from racelab.readers import racecheck_log

FORMAT_VERSION = 1  # bump when generate() writes something different; cached logs are then remade
# Real records (tests/fixtures/racecheck, copied from the calibration run on an H200).
TEMPLATES = {
    "twin": "racecheck-hazard-topk128-heads64-ctas1-elected.log.xz",  # the CuTe DSL twin: 4 host frames
    "python-host": "racecheck-hazard-V0-python-host.log.xz",  # a CuPy launch: 18 host frames
    "plain": "racecheck-hazard-V0.log.xz",  # a C++ main: one host frame
}


def fixtures_dir() -> Path:
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
    template = fixtures_dir() / TEMPLATES[template_name]
    recipe = {"version": FORMAT_VERSION, "size_mb": size_mb, "template": sha256(template)}
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


PARSERS = {"fast": "parser (fast paths)", "reference": "reference parser"}  # name -> row label
TIMEOUT_S = 3600.0  # one parse of one generated log


def once(path, parser: str) -> dict:
    """Parse one log in this process: wall and CPU seconds, peak RSS (MB), the record count, how it was read."""
    t0, c0 = time.perf_counter(), time.process_time()
    report = racecheck_log.parse(path, fast=parser == "fast")
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"wall_s": wall, "cpu_s": cpu, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "records": report.records, "stats": report.stats}


def time_parser(path: Path, parser: str) -> dict:
    """`once` in a fresh process."""
    done = proc.run([sys.executable, "-m", "racelab.book.bench", str(path), parser], timeout_s=TIMEOUT_S,
                    env=child_env())
    if not done.ok:
        raise RuntimeError(f"the {parser} parser failed on {path}: {done.stderr.strip()[-500:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def time_grep(path: Path) -> dict:
    """`grep -c Potential` on the log: wall and CPU seconds, and its count."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = proc.run(["grep", "-c", "Potential", str(path)], timeout_s=TIMEOUT_S)  # stdout is a file, not /dev/null
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if not done.ok:
        raise RuntimeError(f"grep failed on {path}: {done.stderr.strip()}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return {"wall_s": done.wall_s, "cpu_s": cpu, "count": int(done.stdout)}


def measure(path: Path, repeat: int, parsers=tuple(PARSERS)) -> dict:
    """grep and each parser on one log, interleaved so that a change in the machine's load hits all of them
    alike; the fastest of `repeat` runs of each counts. {"grep": ..., parser name: ...}"""
    time_grep(path)  # warms the page cache
    runs = {"grep": [], **{name: [] for name in parsers}}
    for _ in range(repeat):
        runs["grep"].append(time_grep(path))
        for name in parsers:
            runs[name].append(time_parser(path, name))
    return {key: min(results, key=lambda r: r["wall_s"]) for key, results in runs.items()}


if __name__ == "__main__":  # `python -m racelab.book.bench LOG PARSER`: one timed parse in a fresh process, JSON out
    if len(sys.argv) != 3 or sys.argv[2] not in PARSERS:
        sys.exit(f"usage: python -m racelab.book.bench LOG {{{','.join(PARSERS)}}}")
    from racelab.book import bench

    print(json.dumps(bench.once(sys.argv[1], sys.argv[2])))
