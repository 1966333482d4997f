"""The processes `racelab real record` and `racelab real numerics` start, one per case:

    python -m racelab.experiments.real_launch launch  --arch A --variant V --shape S [--seed N]
    python -m racelab.experiments.real_launch replays --arch A --variant V --shape S --replays R --out DIR

`launch` is one call of upstream's wrapper on the GPU, one JSON line out (racelab.experiments.real_racecheck;
in a rehearsal, REHEARSAL_ENV set, the launch is recorded instead of run: racelab.experiments.rehearsal);
`replays` runs one variant and shape R times and writes its JSON under DIR (racelab.experiments.real_numerics).

Exit status: 0 ok; 1 the launch failed (or a rehearsal did not reach it); 2 bad input (an unknown variant or
release); 3 no such GPU here, a package missing, or no compute-sanitizer."""

import argparse
import json
import os
import sys
from pathlib import Path

from racelab.experiments import real_numerics, real_racecheck, rehearsal
from racelab.toolchain.real_kernel import TARGETS, RealKernelError, VariantError
from racelab.toolchain.sanitizer import RacecheckError
from racelab.toolchain.upstream import UpstreamError
from racelab.vocab import PR_SHAPES

MODULE = real_racecheck.LAUNCHER


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog=f"python -m {MODULE}", description=__doc__.split("\n\n")[0])
    sub = top.add_subparsers(dest="action", required=True)
    for name in ("launch", "replays"):
        p = sub.add_parser(name)
        p.add_argument("--arch", choices=list(TARGETS), required=True)
        p.add_argument("--variant", required=True)
        p.add_argument("--shape", required=True, choices=list(PR_SHAPES))
        p.add_argument("--seed", type=int, default=0)
        if name == "replays":
            p.add_argument("--replays", type=int, default=30)
            p.add_argument("--out", required=True)
    return top


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.action == "replays":
            real_numerics.replays_worker(args.arch, args.variant, args.shape, args.replays, Path(args.out), args.seed)
            return 0
        if os.environ.get(rehearsal.REHEARSAL_ENV):  # `racelab rehearse`: the launch is recorded, not run
            got = rehearsal.rehearsed_launch(args.arch, args.variant, args.shape)
            print(json.dumps(got, sort_keys=True, default=str), flush=True)
            return 0 if got.get("reached") else 1
        print(json.dumps(real_racecheck.launch(args.arch, args.variant, args.shape, args.seed), sort_keys=True),
              flush=True)
        return 0
    except (UpstreamError, VariantError) as err:
        print(f"{MODULE}: {err}", file=sys.stderr)
        return 2
    except (RacecheckError, RealKernelError) as err:
        print(f"{MODULE}: {err}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
