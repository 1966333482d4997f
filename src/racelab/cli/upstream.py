"""`racelab upstream VARIANT [--topk N] [--dsl V] [--fresh]`: compile upstream's SM100 indexer-backward kernel
to a cubin on this machine (no GPU needed) and print where it is."""

import json
import sys

from racelab.cli import Parser, command
from racelab.toolchain import upstream


@command("racelab upstream")
def main(argv=None) -> int:
    ap = Parser(prog="racelab upstream", description=__doc__.splitlines()[0])
    ap.add_argument("variant", nargs="?", default="release-1.26.0",
                    help="release-X.Y.Z or X.Y.Z-fix-reverted (default release-1.26.0)")
    ap.add_argument("--topk", type=int, default=upstream.Specialization.topk)
    ap.add_argument("--dsl", default=None, help="CuTe DSL version (default: the venv's)")
    ap.add_argument("--fresh", action="store_true", help="compile again even if cached")
    args = ap.parse_args(argv)
    try:
        spec = upstream.Specialization(topk=args.topk)
        b = upstream.build(args.variant, spec, args.dsl, fresh=args.fresh)
    except (upstream.SpecializationRejected, upstream.TransformError) as exc:
        print(f"racelab upstream: {exc}", file=sys.stderr)
        return 2
    except upstream.BuildFailed as exc:
        print(f"racelab upstream: {exc}", file=sys.stderr)
        return 1
    except upstream.UpstreamError as exc:
        print(f"racelab upstream: {exc}", file=sys.stderr)
        return 2
    print(json.dumps({"cubin": str(b.cubin), "ptx": str(b.ptx), "cached": b.cached,
                      "compile_s": round(b.compile_s, 2)}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
