"""The process `racelab fwd record` starts per case, under compute-sanitizer and without it:

    python -m racelab.experiments.fwd_launch --case NAME [--seed N] [--release R]

one launch of upstream's SM90 indexer forward (racelab.experiments.fwd_racecheck.run_case), one JSON line out.
Exit status: 0 ok; 1 the output does not match the torch reference; 2 bad input (an unknown case); 3 no SM90
GPU or no compute-sanitizer."""

import argparse
import json
import os
import sys

from racelab.experiments import fwd_racecheck as fwd
from racelab.toolchain.sanitizer import RacecheckError


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog=f"python -m {fwd.LAUNCHER}", description=__doc__.split("\n\n")[0])
    p.add_argument("--case", required=True, help="e.g. bf16-qh64-sk512-release")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--release", default=fwd.RELEASE, help="nvidia-cudnn-frontend release (default %(default)s)")
    args = p.parse_args(argv)
    os.environ.setdefault("CUTE_DSL_LINEINFO", "1")  # racecheck then names kernel source lines
    try:
        result = fwd.run_case(fwd.Case.parse(args.case), seed=args.seed, release=args.release)
    except ValueError as err:
        print(f"{fwd.LAUNCHER}: {err}", file=sys.stderr)
        return 2
    except (fwd.AuditError, RacecheckError) as err:  # no GPU, wrong GPU, no sanitizer
        print(f"{fwd.LAUNCHER}: {err}", file=sys.stderr)
        return 3
    print(json.dumps(result, sort_keys=True))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
