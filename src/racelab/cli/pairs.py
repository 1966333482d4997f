"""`racelab pairs samples.csv --a A --b B [--json]`: the paired delta of a samples CSV and its intervals."""

import json

from racelab import stats
from racelab.cli import Parser, UsageError, command
from racelab.readers import samples


def format_result(res) -> str:
    lines = [f"{'pair':>5} {res.a + ' (ns)':>16} {res.b + ' (ns)':>16} {'delta %':>10}"]
    for p in res.per_pair:
        lines.append(f"{p.pair:>5} {p.a_mean_ns:>16.1f} {p.b_mean_ns:>16.1f} {p.delta_pct:>+10.4f}")
    lines.append(f"{res.b} vs {res.a}: {res.delta_pct:+.4f}% +/- {res.ci95_pct:.4f}% "
                 f"(Student-t 95%, n={res.pairs} pairs, t={res.t975:.3f}; {res.delta_ns:+.1f} ns on "
                 f"{res.a_mean_ns / 1000:.2f} us)")
    lines.append(f"bootstrap 95% of the mean ({res.bootstrap_reps} resamples, seed {res.bootstrap_seed}): "
                 f"[{res.bootstrap_lo_pct:+.4f}%, {res.bootstrap_hi_pct:+.4f}%]")
    return "\n".join(lines)


@command("racelab pairs", usage=(samples.SamplesError,))
def main(argv=None) -> int:
    parser = Parser(prog="racelab pairs", description="Paired timing deltas from raw per-launch "
                    "samples: Student-t 95% interval and a seeded percentile bootstrap.")
    parser.add_argument("csv", help="raw samples, columns pair,variant,launch,ns (plain, .xz or .gz)")
    parser.add_argument("--a", required=True, help="the baseline variant")
    parser.add_argument("--b", required=True, help="the variant compared against it")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--bootstrap", type=int, default=stats.BOOTSTRAP_REPS, help="bootstrap resamples")
    parser.add_argument("--seed", type=int, default=stats.BOOTSTRAP_SEED, help="bootstrap seed")
    args = parser.parse_args(argv)
    if args.bootstrap < 100:
        raise UsageError("--bootstrap must be at least 100")
    res = stats.paired(samples.read_samples(args.csv), args.a, args.b, reps=args.bootstrap, seed=args.seed)
    print(json.dumps(res.as_dict(), indent=2) if args.json else format_result(res))
    return 0
