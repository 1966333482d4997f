"""Paired timing deltas from raw per-launch samples.

A timing experiment runs variant A and variant B in fresh processes, one pair of processes at a time.
Its raw samples are a CSV with exactly the columns ``pair,variant,launch,ns`` (one row per profiled
launch). For each pair we take the mean over launches of each variant, the relative delta
``d_i = (b_i - a_i) / a_i`` in percent, and summarise the pairs with the Student-t 95% half-width
``t_{0.975, n-1} * sd(d) / sqrt(n)`` and, as a cross-check, a seeded percentile bootstrap of the mean.

The t quantile is computed here (no scipy): the t CDF through the regularized incomplete beta function
(continued fraction), inverted by bisection.

    racelab pairs samples.csv --a elected --b all-lanes [--json]
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

COLUMNS = ("pair", "variant", "launch", "ns")
BOOTSTRAP_REPS = 10_000
BOOTSTRAP_SEED = 20_251_130


class PairsError(ValueError):
    """Bad samples: the message names the reason and, where there is one, the line."""


# ---------------------------------------------------------------------------------------------------
# Student t quantile without scipy
# ---------------------------------------------------------------------------------------------------

def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction for the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            return h
    raise ArithmeticError(f"incomplete beta continued fraction did not converge (a={a}, b={b}, x={x})")


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for a, b > 0 and 0 <= x <= 1."""
    if not (a > 0 and b > 0):
        raise ValueError("betainc needs a > 0 and b > 0")
    if not 0.0 <= x <= 1.0:
        raise ValueError("betainc needs 0 <= x <= 1")
    if x in (0.0, 1.0):
        return x
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with df degrees of freedom."""
    if df <= 0:
        raise ValueError("t_cdf needs df > 0")
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The p quantile of Student's t with df degrees of freedom (bisection on t_cdf, |error| < 1e-12)."""
    if not 0.0 < p < 1.0:
        raise ValueError("t_quantile needs 0 < p < 1")
    if df <= 0:
        raise ValueError("t_quantile needs df > 0")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2.0
        if hi > 1e12:
            raise ArithmeticError("t quantile out of range")
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return 0.5 * (lo + hi)


# ---------------------------------------------------------------------------------------------------
# Reading samples
# ---------------------------------------------------------------------------------------------------

@dataclass
class Samples:
    """Per pair, per variant: the launch samples in ns (in file order), and the line each pair starts on."""

    by_pair: dict[int, dict[str, list[float]]] = field(default_factory=dict)
    first_line: dict[int, int] = field(default_factory=dict)

    @property
    def variants(self) -> set[str]:
        return {v for per in self.by_pair.values() for v in per}


def _parse_int(text: str, what: str, lineno: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise PairsError(f"line {lineno}: {what} {text!r} is not an integer") from None
    if value < 0:
        raise PairsError(f"line {lineno}: {what} {value} is negative")
    return value


def parse_samples(text: str, source: str = "samples") -> Samples:
    """Parse and validate a ``pair,variant,launch,ns`` CSV. Raises PairsError with the line number."""
    if not text.strip():
        raise PairsError(f"{source}: empty file")
    reader = csv.reader(io.StringIO(text))
    header = next(reader)
    if tuple(h.strip() for h in header) != COLUMNS:
        raise PairsError(f"{source}: line 1: columns must be exactly {','.join(COLUMNS)}, got {','.join(header)}")
    samples = Samples()
    seen: dict[tuple[int, str, int], int] = {}
    for row in reader:
        lineno = reader.line_num
        if not row or all(not cell.strip() for cell in row):
            raise PairsError(f"{source}: line {lineno}: blank line")
        if len(row) != len(COLUMNS):
            raise PairsError(f"{source}: line {lineno}: expected {len(COLUMNS)} fields, got {len(row)}")
        pair_s, variant, launch_s, ns_s = (cell.strip() for cell in row)
        pair = _parse_int(pair_s, "pair", lineno)
        if not variant:
            raise PairsError(f"{source}: line {lineno}: empty variant")
        launch = _parse_int(launch_s, "launch", lineno)
        try:
            ns = float(ns_s)
        except ValueError:
            raise PairsError(f"{source}: line {lineno}: ns {ns_s!r} is not a number") from None
        if not math.isfinite(ns):
            raise PairsError(f"{source}: line {lineno}: ns {ns_s!r} is not finite")
        if ns <= 0:
            raise PairsError(f"{source}: line {lineno}: ns {ns_s} is not positive")
        key = (pair, variant, launch)
        if key in seen:
            raise PairsError(f"{source}: line {lineno}: duplicate sample pair={pair} variant={variant} "
                             f"launch={launch} (first on line {seen[key]})")
        seen[key] = lineno
        samples.by_pair.setdefault(pair, {}).setdefault(variant, []).append(ns)
        samples.first_line.setdefault(pair, lineno)
    if not samples.by_pair:
        raise PairsError(f"{source}: no samples (header only)")
    return samples


def read_text(path) -> str:
    """A text file, or its .xz / .gz compressed form (by suffix, or next to it when `path` is missing)."""
    import gzip
    import lzma

    path = Path(path)
    if not path.exists():
        for suffix in (".xz", ".gz"):
            if path.with_name(path.name + suffix).exists():
                path = path.with_name(path.name + suffix)
                break
    data = path.read_bytes()
    if path.suffix == ".xz":
        data = lzma.decompress(data)
    elif path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode()


def read_samples(path) -> Samples:
    """Read and validate a samples CSV (plain, .xz or .gz)."""
    path = Path(path)
    try:
        text = read_text(path)
    except OSError as err:
        raise PairsError(f"{path}: cannot read: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise PairsError(f"{path}: not a text CSV") from None
    except (EOFError, ValueError, __import__("lzma").LZMAError) as err:
        raise PairsError(f"{path}: cannot decompress: {err}") from None
    return parse_samples(text, str(path))


def write_samples(rows, path_or_stream) -> None:
    """Write (pair, variant, launch, ns) rows as the canonical CSV."""
    own = isinstance(path_or_stream, (str, Path))
    stream = open(path_or_stream, "w", newline="") if own else path_or_stream
    try:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(COLUMNS)
        for pair, variant, launch, ns in rows:
            writer.writerow((int(pair), variant, int(launch), int(ns) if float(ns).is_integer() else ns))
    finally:
        if own:
            stream.close()


# ---------------------------------------------------------------------------------------------------
# The paired statistic
# ---------------------------------------------------------------------------------------------------

@dataclass
class PairDelta:
    pair: int
    a_mean_ns: float
    b_mean_ns: float
    a_launches: int
    b_launches: int
    delta_pct: float


@dataclass
class PairedResult:
    a: str
    b: str
    pairs: int
    delta_pct: float          # mean of the per-pair relative deltas, percent
    ci95_pct: float           # Student-t 95% half-width, percent
    sd_pct: float             # sample standard deviation of the per-pair deltas, percent
    t975: float               # t_{0.975, n-1}
    bootstrap_lo_pct: float   # percentile bootstrap 95% interval of the mean delta
    bootstrap_hi_pct: float
    bootstrap_reps: int
    bootstrap_seed: int
    a_mean_ns: float          # grand means over pairs (for "~+74 ns on 34.1 us" style statements)
    b_mean_ns: float
    per_pair: list[PairDelta]

    @property
    def ci_lo_pct(self) -> float:
        return self.delta_pct - self.ci95_pct

    @property
    def ci_hi_pct(self) -> float:
        return self.delta_pct + self.ci95_pct

    @property
    def covers_zero(self) -> bool:
        return self.ci_lo_pct <= 0.0 <= self.ci_hi_pct

    @property
    def delta_ns(self) -> float:
        return self.delta_pct / 100.0 * self.a_mean_ns

    def as_dict(self) -> dict:
        d = asdict(self)
        d.update(ci_lo_pct=self.ci_lo_pct, ci_hi_pct=self.ci_hi_pct, covers_zero=self.covers_zero,
                 delta_ns=self.delta_ns)
        return d


def bootstrap_mean_ci(values, reps: int = BOOTSTRAP_REPS, seed: int = BOOTSTRAP_SEED,
                      level: float = 0.95) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean (resampling the values with replacement)."""
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    rng = np.random.default_rng(seed)
    means = x[rng.integers(0, len(x), size=(reps, len(x)))].mean(axis=1)
    alpha = (1.0 - level) / 2.0
    lo, hi = np.quantile(means, [alpha, 1.0 - alpha])
    return float(lo), float(hi)


def paired_from_means(a_means, b_means, a="A", b="B", pair_ids=None, launches=None,
                      reps: int = BOOTSTRAP_REPS, seed: int = BOOTSTRAP_SEED) -> PairedResult:
    """The paired statistic from per-pair means (ns). launches: optional list of (n_a, n_b)."""
    a_means, b_means = [float(x) for x in a_means], [float(x) for x in b_means]
    n = len(a_means)
    if n != len(b_means):
        raise PairsError("a and b have different numbers of pairs")
    if n < 2:
        raise PairsError(f"need at least 2 complete pairs for a confidence interval, got {n}")
    if any(x <= 0 for x in a_means + b_means):
        raise PairsError("per-pair means must be positive")
    ids = list(pair_ids) if pair_ids is not None else list(range(n))
    counts = list(launches) if launches is not None else [(0, 0)] * n
    deltas = [(bm - am) / am * 100.0 for am, bm in zip(a_means, b_means)]
    mean = math.fsum(deltas) / n
    sd = math.sqrt(math.fsum((d - mean) ** 2 for d in deltas) / (n - 1))
    t975 = t_quantile(0.975, n - 1)
    lo, hi = bootstrap_mean_ci(deltas, reps, seed)
    per_pair = [PairDelta(pid, am, bm, na, nb, d)
                for pid, am, bm, (na, nb), d in zip(ids, a_means, b_means, counts, deltas)]
    return PairedResult(a=a, b=b, pairs=n, delta_pct=mean, ci95_pct=t975 * sd / math.sqrt(n), sd_pct=sd,
                        t975=t975, bootstrap_lo_pct=lo, bootstrap_hi_pct=hi, bootstrap_reps=reps,
                        bootstrap_seed=seed, a_mean_ns=math.fsum(a_means) / n,
                        b_mean_ns=math.fsum(b_means) / n, per_pair=per_pair)


def paired(samples: Samples, a: str, b: str, pairs=None, reps: int = BOOTSTRAP_REPS,
           seed: int = BOOTSTRAP_SEED) -> PairedResult:
    """The paired statistic of variant b against variant a. pairs: optional subset of pair ids."""
    if a == b:
        raise PairsError(f"--a and --b are both {a!r}: an A/A control needs two labels (e.g. A1, A2)")
    present = samples.variants
    for name in (a, b):
        if name not in present:
            raise PairsError(f"variant {name!r} not in the samples (variants: {', '.join(sorted(present))})")
    ids = sorted(samples.by_pair) if pairs is None else list(pairs)
    a_means, b_means, counts = [], [], []
    for pid in ids:
        per = samples.by_pair.get(pid)
        if per is None:
            raise PairsError(f"pair {pid} is not in the samples")
        for name in (a, b):
            if name not in per:
                raise PairsError(f"line {samples.first_line[pid]}: pair {pid} has no samples of variant {name!r}")
        a_means.append(math.fsum(per[a]) / len(per[a]))
        b_means.append(math.fsum(per[b]) / len(per[b]))
        counts.append((len(per[a]), len(per[b])))
    return paired_from_means(a_means, b_means, a, b, ids, counts, reps, seed)


def format_result(res: PairedResult) -> str:
    lines = [f"{'pair':>5} {res.a + ' (ns)':>16} {res.b + ' (ns)':>16} {'delta %':>10}"]
    for p in res.per_pair:
        lines.append(f"{p.pair:>5} {p.a_mean_ns:>16.1f} {p.b_mean_ns:>16.1f} {p.delta_pct:>+10.4f}")
    lines.append(f"{res.b} vs {res.a}: {res.delta_pct:+.4f}% +/- {res.ci95_pct:.4f}% "
                 f"(Student-t 95%, n={res.pairs} pairs, t={res.t975:.3f}; {res.delta_ns:+.1f} ns on "
                 f"{res.a_mean_ns / 1000:.2f} us)")
    lines.append(f"bootstrap 95% of the mean ({res.bootstrap_reps} resamples, seed {res.bootstrap_seed}): "
                 f"[{res.bootstrap_lo_pct:+.4f}%, {res.bootstrap_hi_pct:+.4f}%]")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="racelab pairs", description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", help="raw samples, columns pair,variant,launch,ns")
    parser.add_argument("--a", required=True, help="the baseline variant")
    parser.add_argument("--b", required=True, help="the variant compared against it")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--bootstrap", type=int, default=BOOTSTRAP_REPS, help="bootstrap resamples")
    parser.add_argument("--seed", type=int, default=BOOTSTRAP_SEED, help="bootstrap seed")
    args = parser.parse_args(argv)
    if args.bootstrap < 100:
        print("racelab pairs: --bootstrap must be at least 100", file=sys.stderr)
        return 2
    try:
        res = paired(read_samples(args.csv), args.a, args.b, reps=args.bootstrap, seed=args.seed)
    except PairsError as err:
        print(f"racelab pairs: {err}", file=sys.stderr)
        return 2
    print(json.dumps(res.as_dict(), indent=2) if args.json else format_result(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
