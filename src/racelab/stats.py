"""Paired timing deltas from raw per-launch samples, and how often their intervals cover zero.

A timing experiment runs variant A and variant B in fresh processes, one pair of processes at a time
(samples: racelab.readers.samples). For each pair we take the mean over launches of each variant, the
relative delta ``d_i = (b_i - a_i) / a_i`` in percent, and summarise the pairs with the Student-t 95%
half-width ``t_{0.975, n-1} * sd(d) / sqrt(n)`` and, as a cross-check, a seeded percentile bootstrap of
the mean. An A/A experiment (both processes run A) is a null experiment: its interval should cover zero
95% of the time, and a binomial tail says how many of n such intervals are expected to.
"""

import math
from dataclasses import asdict, dataclass

from scipy import stats as _scipy

from racelab.readers.samples import Samples, SamplesError, parse_samples

BOOTSTRAP_REPS = 10_000
BOOTSTRAP_SEED = 20_251_130


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


def t975(df: float) -> float:
    """t_{0.975, df}: the Student-t quantile of a two-sided 95% interval."""
    return float(_scipy.t.ppf(0.975, df))


def bootstrap_mean_ci(values, reps: int = BOOTSTRAP_REPS, seed: int = BOOTSTRAP_SEED,
                      level: float = 0.95) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean (resampling the values with replacement, seeded)."""
    import numpy as np

    res = _scipy.bootstrap((np.asarray(values, dtype=np.float64),), np.mean, n_resamples=reps,
                           confidence_level=level, method="percentile", vectorized=True,
                           rng=np.random.default_rng(seed))
    return float(res.confidence_interval.low), float(res.confidence_interval.high)


def paired_from_means(a_means, b_means, a="A", b="B", pair_ids=None, launches=None,
                      reps: int = BOOTSTRAP_REPS, seed: int = BOOTSTRAP_SEED) -> PairedResult:
    """The paired statistic from per-pair means (ns). launches: optional list of (n_a, n_b)."""
    a_means, b_means = [float(x) for x in a_means], [float(x) for x in b_means]
    n = len(a_means)
    if n != len(b_means):
        raise SamplesError("a and b have different numbers of pairs")
    if n < 2:
        raise SamplesError(f"need at least 2 complete pairs for a confidence interval, got {n}")
    if any(x <= 0 for x in a_means + b_means):
        raise SamplesError("per-pair means must be positive")
    ids = list(pair_ids) if pair_ids is not None else list(range(n))
    counts = list(launches) if launches is not None else [(0, 0)] * n
    deltas = [(bm - am) / am * 100.0 for am, bm in zip(a_means, b_means)]
    mean = math.fsum(deltas) / n
    sd = math.sqrt(math.fsum((d - mean) ** 2 for d in deltas) / (n - 1))
    t = t975(n - 1)
    lo, hi = bootstrap_mean_ci(deltas, reps, seed)
    per_pair = [PairDelta(pid, am, bm, na, nb, d)
                for pid, am, bm, (na, nb), d in zip(ids, a_means, b_means, counts, deltas)]
    return PairedResult(a=a, b=b, pairs=n, delta_pct=mean, ci95_pct=t * sd / math.sqrt(n), sd_pct=sd,
                        t975=t, bootstrap_lo_pct=lo, bootstrap_hi_pct=hi, bootstrap_reps=reps,
                        bootstrap_seed=seed, a_mean_ns=math.fsum(a_means) / n,
                        b_mean_ns=math.fsum(b_means) / n, per_pair=per_pair)


def paired(samples: Samples, a: str, b: str, pairs=None, reps: int = BOOTSTRAP_REPS,
           seed: int = BOOTSTRAP_SEED) -> PairedResult:
    """The paired statistic of variant b against variant a. pairs: optional subset of pair ids."""
    if a == b:
        raise SamplesError(f"--a and --b are both {a!r}: an A/A control needs two labels (e.g. A1, A2)")
    present = samples.variants
    for name in (a, b):
        if name not in present:
            raise SamplesError(f"variant {name!r} not in the samples (variants: {', '.join(sorted(present))})")
    ids = sorted(samples.by_pair) if pairs is None else list(pairs)
    a_means, b_means, counts = [], [], []
    for pid in ids:
        per = samples.by_pair.get(pid)
        if per is None:
            raise SamplesError(f"pair {pid} is not in the samples")
        for name in (a, b):
            if name not in per:
                raise SamplesError(f"line {samples.first_line[pid]}: pair {pid} has no samples of variant {name!r}")
        a_means.append(math.fsum(per[a]) / len(per[a]))
        b_means.append(math.fsum(per[b]) / len(per[b]))
        counts.append((len(per[a]), len(per[b])))
    return paired_from_means(a_means, b_means, a, b, ids, counts, reps, seed)


def analyse(samples_text: str, a: str, b: str, pair_ids=None) -> PairedResult:
    """The paired statistic of a samples CSV's text."""
    return paired(parse_samples(samples_text), a, b, pairs=pair_ids)


# ---------------------------------------------------------------------------------------------------
# Coverage: do 95% intervals of null (A/A) experiments cover zero 95% of the time?
# ---------------------------------------------------------------------------------------------------

def aa_coverage(samples_text: str, a: str, b: str, groups: list[list[int]]) -> dict:
    """Each A/A group is an independent null experiment: does its Student-t 95% CI cover 0?"""
    s = parse_samples(samples_text)
    results = [paired(s, a, b, pairs=g) for g in groups]
    covered = sum(r.covers_zero for r in results)
    return {"groups": len(results), "covered": covered,
            "coverage": covered / len(results) if results else float("nan"), "results": results}


def resampled_coverage(samples_text: str, a: str, b: str, size: int, reps: int = 2000, seed: int = 426) -> dict:
    """A/A coverage at the A/B experiment's size: `reps` random subsets of `size` A/A pairs (drawn without
    replacement from all of them), each a 95% CI of the mean delta. The subsets overlap, so this is a
    resampling estimate, not `reps` independent experiments."""
    import numpy as np

    pooled = analyse(samples_text, a, b)
    d = np.array([p.delta_pct for p in pooled.per_pair])
    if size < 2 or size > len(d):
        return {"size": size, "reps": 0, "coverage": float("nan"), "pool": len(d)}
    rng = np.random.default_rng(seed)
    picks = np.array([rng.choice(len(d), size, replace=False) for _ in range(reps)])
    x = d[picks]
    half = t975(size - 1) * x.std(axis=1, ddof=1) / math.sqrt(size)
    mean = x.mean(axis=1)
    covered = int(((mean - half <= 0) & (0 <= mean + half)).sum())
    return {"size": size, "reps": reps, "covered": covered, "coverage": covered / reps, "pool": len(d), "seed": seed}


def coverage_range(groups: int, p: float = 0.95, mass: float = 0.9) -> tuple[int, float]:
    """The largest k with P(X >= k) >= mass for X ~ Binomial(groups, p): at least how many of `groups`
    correct 95% intervals cover the truth, `mass` of the time. Returns (k, P(X >= k))."""
    for k in range(groups, -1, -1):
        tail = float(_scipy.binom.sf(k - 1, groups, p))  # P(X >= k)
        if tail >= mass:
            return k, tail
    return 0, 1.0
