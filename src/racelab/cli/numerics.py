"""`racelab numerics record`: the outputs of the twin and of upstream's SM90 indexer backward, byte
identity across arrives and spread across replays (racelab.experiments.sm90_numerics), recorded as run
"sm90-numerics" on an SM90 GPU. `racelab show sm90-numerics` prints the newest run's tables."""

from racelab.cli import Absent, Failed, Parser, UsageError, command


@command("racelab numerics")
def main(argv=None) -> int:
    from racelab.experiments import sm90_numerics as numerics
    from racelab.vocab import TwinShape

    parser = Parser(prog="racelab numerics", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record", help=f"measure on an SM90 GPU and record run {numerics.EXPERIMENT!r}")
    r.add_argument("--replays", type=int, default=numerics.REPLAYS)
    r.add_argument("--twin-launches", type=int, default=numerics.TWIN_REPLAYS)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--twin-shape", action="append", help="twin shape (repeatable), e.g. topk=128,work=1024; "
                   "default: the timing shapes")
    args = parser.parse_args(argv)
    if args.replays < 2 or args.twin_launches < 1:
        raise UsageError("--replays must be >= 2 and --twin-launches >= 1")
    try:
        twin_shapes = [TwinShape.parse(x) for x in args.twin_shape] if args.twin_shape else numerics.TWIN_SHAPES
    except ValueError as err:
        raise UsageError(str(err)) from err
    try:
        import torch
    except ImportError as err:
        raise Absent("torch is not importable") from err
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        found = "no GPU" if not torch.cuda.is_available() else "sm_%d%d" % torch.cuda.get_device_capability()
        raise Absent(f"needs an SM90 GPU (H100/H200); this machine has {found}")
    try:
        result, recorded = numerics.record(args.replays, twin_shapes, args.twin_launches, args.seed,
                                           command=["racelab", "numerics", *argv],
                                           progress=lambda line: print(line, flush=True))
    except numerics.NumericsError as err:
        raise Failed(str(err)) from err
    print(numerics.format_tables(result))
    print(f"recorded {recorded} in {result['wall_s']:.0f} s")
    failed = numerics.failures(result)
    if failed:
        raise Failed(f"FAILED, recorded as failed: {'; '.join(failed)}")
    return 0

