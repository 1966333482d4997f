"""`racelab calibration`: build and disassemble the calibration repro here, or record it on a GPU.

    racelab calibration sass               every variant's barrier and fence instructions before the arrive
    racelab calibration record [--timeout S]   on an sm_90/sm_100 GPU: run every variant plainly and under
                                           racecheck, and record it as a `calibration` run

Exit codes: 0 ok; 1 a build or run failed; 2 bad input; 3 no GPU, compute-sanitizer, nvcc or nvdisasm."""

from __future__ import annotations

import argparse

from racelab.cli import EXIT_OK, Parser, command, failed
from racelab.experiments import calibration


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="racelab calibration",
                    epilog="exit codes: 0 ok, 1 a build or run failed, 2 bad input, "
                           "3 no GPU, sanitizer, nvcc or nvdisasm")
    sub = parser.add_subparsers(dest="action", required=True)
    sub.add_parser("sass", help="build and disassemble every variant here (no GPU needed)")
    rec = sub.add_parser("record", help="on a GPU: run every variant plainly and under racecheck, record it")
    rec.add_argument("--timeout", type=float, default=calibration.RUN_TIMEOUT_S)
    return parser


@command("racelab calibration", absent=(calibration.Absent,), failed=(calibration.CalibrationError,))
def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if args.action == "record":
        return failed("racelab calibration", calibration.failures(calibration.record(timeout=args.timeout)))
    for row in calibration.sass_table():
        print(f"{row['variant']} {row['arch']:8} {'@P ' if row['predicated'] else '   '}"
              f"{'; '.join(row['between']) or '-'}")
    return EXIT_OK
