"""`racelab hazards LOG [--json] [--records] [--allow-truncated] [--allow-print-limit] [--block-dim X,Y,Z]
[--slow]`: parse a compute-sanitizer racecheck log (plain, .xz or .gz; - for standard input) and print
what it says, or its report as JSON. Exit code 0, or 2 (naming the line) for a log the parser refuses or
a file it cannot read."""

import argparse
import sys
from collections import Counter

from racelab.cli import Parser, command
from racelab.readers import racecheck_log
from racelab.readers.racecheck_log import HazardLogError, HazardReport, ranges_text


def _block_dim(text: str) -> tuple[int, int, int]:
    parts = [int(p) for p in text.replace("x", ",").split(",") if p.strip()]
    if not 1 <= len(parts) <= 3 or any(p <= 0 for p in parts):
        raise argparse.ArgumentTypeError("give the block shape as X[,Y[,Z]], each > 0")
    return tuple(parts + [1] * (3 - len(parts)))


def _describe(report: HazardReport) -> str:
    out = [f"{report.source}: {report.mode} mode, {report.lines} lines"]
    if report.summary:
        s = report.summary
        out.append(f"  summary: {s['hazards']} hazards displayed ({s['errors']} errors, {s['warnings']} warnings)"
                   + ("  [print limit hit]" if report.print_limited else ""))
    else:
        out.append("  summary: none (truncated log)")
    if report.truncated:
        out.append(f"  truncated at line {report.truncated['line']}: {report.truncated['reason']}")
    out.append(f"  hazard records: {report.records}  by type: {report.by_type or '-'}")
    if report.reports:
        out.append(f"  analysis reports: {len(report.reports)} covering {report.analysis_hazards} byte hazards")
    if report.writer_threads:
        out.append(f"  writer threads ({report.thread_ids}): {ranges_text(report.writer_threads)}")
        out.append(f"  reader threads ({report.thread_ids}): {ranges_text(report.reader_threads)}")
        per = Counter(report.bytes_per_writer.values())
        out.append("  bytes per writer: " + ", ".join(f"{b} B x {n}" for b, n in sorted(per.items())))
    for site in report.sites[:10]:
        w, r = site["writer"], site["reader"]
        out.append(f"  {site['count']:>8}  {site['type'] or site['accesses']}  "
                   f"{_site(w)}  ->  {_site(r)}")
    if report.program_output_lines:
        out.append(f"  program output lines: {report.program_output_lines}")
    return "\n".join(out)


def _site(loc: dict) -> str:
    where = f"{loc['file']}:{loc['line']}" if loc["file"] else (loc["function"] or "?")
    return f"{where} ({loc['pc']})" if loc["pc"] else where


@command("racelab hazards", usage=(HazardLogError, OSError))
def main(argv) -> int:
    parser = Parser(prog="racelab hazards",
                    description="Parse a compute-sanitizer racecheck log (plain, .xz or .gz).")
    parser.add_argument("log", help="the log file, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--allow-truncated", action="store_true",
                        help="accept a log without a summary line; drop a record cut off at the end")
    parser.add_argument("--allow-print-limit", action="store_true",
                        help="accept a summary that counts more hazards than were printed (--print-limit)")
    parser.add_argument("--block-dim", type=_block_dim, metavar="X[,Y,Z]",
                        help="the block shape, to number threads linearly when they have y or z > 0")
    parser.add_argument("--records", action="store_true", help="with --json: include every hazard record")
    parser.add_argument("--slow", action="store_true", help="use only the line-by-line reference parser")
    args = parser.parse_args(argv)
    source = sys.stdin.buffer if args.log == "-" else args.log
    report = racecheck_log.parse(source, allow_truncated=args.allow_truncated,
                                 keep_records=args.records and args.json, block_dim=args.block_dim,
                                 allow_print_limit=args.allow_print_limit, fast=not args.slow)
    if args.json:
        print(report.to_json())
    else:
        print(_describe(report))
    return 0

