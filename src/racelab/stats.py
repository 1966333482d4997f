"""Paired timing deltas from raw per-launch samples, and how often their intervals cover zero.

A timing experiment runs variant A and variant B in fresh processes, one pair of processes at a time
(samples: racelab.readers.samples). For each pair we take the mean over launches of each variant, the
relative delta ``d_i = (b_i - a_i) / a_i`` in percent, and summarise the pairs with the Student-t 95%
half-width ``t_{0.975, n-1} * sd(d) / sqrt(n)`` and, as a cross-check, a seeded percentile bootstrap of
the mean. An A/A experiment (both processes run A) is a null experiment: its interval should cover zero
95% of the time, and a binomial tail says how many of n such intervals are expected to.
"""

import math
import dataclasses
from dataclasses import asdict, dataclass

from scipy import stats as _scipy

from racelab.readers.samples import Samples, SamplesError

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


def t_half_width(sd: float, n: int) -> float:
    """The half-width of a Student-t 95% interval of the mean of n values of standard deviation sd."""
    return t975(n - 1) * sd / math.sqrt(n)


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
    return PairedResult(a=a, b=b, pairs=n, delta_pct=mean, ci95_pct=t_half_width(sd, n), sd_pct=sd,
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


# ---------------------------------------------------------------------------------------------------
# Coverage: do 95% intervals of null (A/A) experiments cover zero 95% of the time?
# ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Coverage:
    """Independent A/A groups, each a null experiment: how many of their Student-t 95% intervals cover 0."""

    groups: int
    covered: int
    coverage: float                # covered / groups (nan without groups)
    results: list[PairedResult]    # one per group, in the plan's order

    def as_dict(self) -> dict:
        return {"groups": self.groups, "covered": self.covered, "coverage": self.coverage,
                "results": [r.as_dict() for r in self.results]}


@dataclass(frozen=True)
class Resampled:
    """A/A coverage at another experiment's size, estimated by resampling the A/A pairs (see
    resampled_coverage). `reps` is 0, and `covered` and `seed` None, when the pool is too small for `size`."""

    size: int
    reps: int
    coverage: float
    pool: int
    covered: int | None = None
    seed: int | None = None

    def as_dict(self) -> dict:  # in the order summary.json has always kept
        keys = ("size", "reps", "covered", "coverage", "pool", "seed")
        return {k: getattr(self, k) for k in keys if getattr(self, k) is not None}


def aa_coverage(samples: Samples, a: str, b: str, groups: list[list[int]]) -> Coverage:
    """Each A/A group is an independent null experiment: does its Student-t 95% CI cover 0?"""
    results = [paired(samples, a, b, pairs=g) for g in groups]
    covered = sum(r.covers_zero for r in results)
    return Coverage(len(results), covered, covered / len(results) if results else float("nan"), results)


def resampled_coverage(pooled: PairedResult, size: int, reps: int = 2000, seed: int = 426) -> Resampled:
    """A/A coverage at the A/B experiment's size: `reps` random subsets of `size` of the pooled A/A
    pairs (drawn without replacement), each a 95% CI of the mean delta. The subsets overlap, so this is
    a resampling estimate, not `reps` independent experiments."""
    import numpy as np

    d = np.array([p.delta_pct for p in pooled.per_pair])
    if size < 2 or size > len(d):
        return Resampled(size, 0, float("nan"), len(d))
    rng = np.random.default_rng(seed)
    picks = np.array([rng.choice(len(d), size, replace=False) for _ in range(reps)])
    x = d[picks]
    half = t975(size - 1) * x.std(axis=1, ddof=1) / math.sqrt(size)
    mean = x.mean(axis=1)
    covered = int(((mean - half <= 0) & (0 <= mean + half)).sum())
    return Resampled(size, reps, covered / reps, len(d), covered, seed)


def coverage_range(groups: int, p: float = 0.95, mass: float = 0.9) -> tuple[int, float]:
    """The largest k with P(X >= k) >= mass for X ~ Binomial(groups, p): at least how many of `groups`
    correct 95% intervals cover the truth, `mass` of the time. Returns (k, P(X >= k))."""
    for k in range(groups, -1, -1):
        tail = float(_scipy.binom.sf(k - 1, groups, p))  # P(X >= k)
        if tail >= mass:
            return k, tail
    return 0, 1.0


# ---------------------------------------------------------------------------------------------------
# A/B, B/A and A/A pairs of one run: the order effect, the variances compared, a conservative interval
# ---------------------------------------------------------------------------------------------------

def pooled_within(groups) -> tuple[float, int]:
    """The pooled variance of values around their own group's mean, and its degrees of freedom
    (values less groups; groups without values do not count)."""
    import numpy as np

    groups = [np.asarray(g, dtype=np.float64) for g in groups if len(g)]
    df = sum(len(g) for g in groups) - len(groups)
    ss = math.fsum(float(((g - g.mean()) ** 2).sum()) for g in groups)
    return (ss / df if df > 0 else float("nan")), df


def variance_ratio(sd1: float, df1: int, sd2: float, df2: int) -> dict:
    """F = sd1² / sd2² with its two-sided p (scipy.stats.f), for two independent samples' SDs."""
    f = sd1 ** 2 / sd2 ** 2
    p = 2 * min(float(_scipy.f.cdf(f, df1, df2)), float(_scipy.f.sf(f, df1, df2)))
    return {"ratio": sd1 / sd2, "F": f, "df": (df1, df2), "p": min(1.0, p)}


def order_and_null(ab, ba, aa, aa_first_is_a1=None, level: float = 0.95) -> "OrderNull":
    """The fix's effect from the pair deltas (percent, B against A) of A/B pairs (A ran first) and B/A
    pairs (B ran first), checked against the A/A pair deltas (A2 against A1) of the same run.

    effect = (mean A/B + mean B/A) / 2 and order = (mean A/B − mean B/A) / 2, each ± t · s · sqrt(1/n_AB +
    1/n_BA) / 2, where s² is the A/B and B/A deltas' variance pooled within their kind (df n_AB + n_BA − 2).
    The A/A variance is pooled likewise within the position of A1 (first or second; `aa_first_is_a1`, one
    bool per A/A delta; None: one position), so that neither variance holds the order effect.
    F = s²(A/B, B/A) / s²(A/A), two-sided p. The conservative interval of the effect uses the larger of the
    two variances, with that variance's df ("conservative_basis" says which); the plain interval is the
    paired t interval of all A/B and B/A deltas as one sample."""
    import numpy as np

    ab, ba, aa = (np.asarray(x, dtype=np.float64) for x in (ab, ba, aa))
    if min(len(ab), len(ba)) < 2 or len(aa) < 2:
        raise SamplesError("need at least 2 A/B, 2 B/A and 2 A/A pair deltas")
    q = 0.5 + level / 2
    s2_x, df_x = pooled_within([ab, ba])
    if aa_first_is_a1 is None:
        s2_aa, df_aa = pooled_within([aa])
    else:
        first = np.asarray(aa_first_is_a1, dtype=bool)
        s2_aa, df_aa = pooled_within([aa[first], aa[~first]])
    scale = math.sqrt(1 / len(ab) + 1 / len(ba)) / 2
    effect, order = (ab.mean() + ba.mean()) / 2, (ab.mean() - ba.mean()) / 2
    half_x = float(_scipy.t.ppf(q, df_x)) * math.sqrt(s2_x) * scale
    ratio = variance_ratio(math.sqrt(s2_x), df_x, math.sqrt(s2_aa), df_aa)
    basis, s2_c, df_c = ("A/A", s2_aa, df_aa) if s2_aa > s2_x else ("A/B, B/A", s2_x, df_x)
    every = np.concatenate([ab, ba])
    plain_half = float(_scipy.t.ppf(q, len(every) - 1)) * every.std(ddof=1) / math.sqrt(len(every))
    return OrderNull(
        ab_n=len(ab), ab_mean=float(ab.mean()), ab_sd=float(ab.std(ddof=1)),
        ba_n=len(ba), ba_mean=float(ba.mean()), ba_sd=float(ba.std(ddof=1)),
        aa_n=len(aa), aa_mean=float(aa.mean()), aa_sd=float(aa.std(ddof=1)),
        sd_ab_ba_within=math.sqrt(s2_x), df_ab_ba=df_x, sd_aa_within=math.sqrt(s2_aa), df_aa=df_aa,
        order=float(order), order_lo=float(order - half_x), order_hi=float(order + half_x),
        F=float(ratio["F"]), F_df_num=df_x, F_df_den=df_aa, F_p_two_sided=ratio["p"],
        effect=float(effect), effect_half=half_x,
        conservative_basis=basis, conservative_df=df_c,
        conservative_half=float(_scipy.t.ppf(q, df_c)) * math.sqrt(s2_c) * scale,
        plain_mean=float(every.mean()), plain_half=plain_half, plain_df=len(every) - 1)


@dataclass(frozen=True, kw_only=True)
class OrderNull:
    """What order_and_null finds, in percent (B against A): each kind's pair deltas (n, mean, SD); the SDs
    pooled within the A/B and B/A kinds and within the A/A positions, with their df; the order effect and its
    interval; the F test of the two variances (two-sided p); the fix's effect with three intervals (see
    `interval`). In the style of scipy.stats' result objects."""

    ab_n: int
    ab_mean: float
    ab_sd: float
    ba_n: int
    ba_mean: float
    ba_sd: float
    aa_n: int
    aa_mean: float
    aa_sd: float
    sd_ab_ba_within: float
    df_ab_ba: int
    sd_aa_within: float
    df_aa: int
    order: float
    order_lo: float
    order_hi: float
    F: float
    F_df_num: int
    F_df_den: int
    F_p_two_sided: float
    effect: float
    effect_half: float
    conservative_basis: str
    conservative_df: int
    conservative_half: float
    plain_mean: float
    plain_half: float
    plain_df: int

    def interval(self, kind: str = "conservative") -> tuple[float, float, int, str]:
        """(center, half-width, df, basis) of the fix's 95% interval: "conservative", on the larger of the
        within-kind and the A/A variance; "pooled", on the A/B and B/A variance pooled within their kind;
        "plain", the paired t interval of all A/B and B/A deltas as one sample."""
        if kind == "conservative":
            return self.effect, self.conservative_half, self.conservative_df, self.conservative_basis
        if kind == "pooled":
            return self.effect, self.effect_half, self.df_ab_ba, "A/B, B/A"
        if kind == "plain":
            return self.plain_mean, self.plain_half, self.plain_df, "every A/B and B/A delta"
        raise ValueError(f"kind must be conservative, pooled or plain, not {kind!r}")

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True, kw_only=True)
class PooledOrderNull(OrderNull):
    """OrderNull of several runs' pair deltas together, with each arm's own Student-t 95% half-width over the
    pooled deltas, the number of runs, and the one-way ANOVA p of the A/B and B/A deltas by run."""

    ab_half: float
    ba_half: float
    runs: int
    runs_p: float


def pairs_for_half_width(sd: float, target: float, max_pairs: int = 100_000) -> int:
    """The fewest pairs n (at least 2) whose paired Student-t 95% half-width t975(n - 1) * sd / sqrt(n) is at
    most `target`, for pair deltas of standard deviation `sd` (same unit as target): a prediction from an SD
    measured before, not a measurement."""
    if not (sd > 0 and target > 0):
        raise ValueError(f"sd and target must be positive, got {sd!r} and {target!r}")
    n = max(2, math.ceil((1.96 * sd / target) ** 2))  # the normal approximation: a lower bound
    while n <= max_pairs and t_half_width(sd, n) > target:
        n += 1
    if n > max_pairs:
        raise ValueError(f"more than {max_pairs} pairs would be needed")
    return n


# ---------------------------------------------------------------------------------------------------
# The null control's power: can G A/A groups tell 95% coverage from less?
# ---------------------------------------------------------------------------------------------------

def null_control_power(groups: int, nominal: float = 0.95, alternative: float = 0.85,
                       alpha: float = 0.05) -> dict:
    """A one-sided binomial test of "the intervals cover with probability `nominal`" on G groups: reject
    when at most `reject_at_most` groups cover zero (the largest count whose probability under `nominal`
    is at most alpha; -1 when no count is that rare). Its actual size, and its power when the true
    coverage is `alternative`."""
    c = int(_scipy.binom.ppf(alpha, groups, nominal))
    while c >= 0 and _scipy.binom.cdf(c, groups, nominal) > alpha:
        c -= 1
    size = float(_scipy.binom.cdf(c, groups, nominal)) if c >= 0 else 0.0
    power = float(_scipy.binom.cdf(c, groups, alternative)) if c >= 0 else 0.0
    return {"groups": groups, "nominal": nominal, "alternative": alternative, "alpha": alpha,
            "reject_at_most": c, "size": size, "power": power}


def groups_for_power(power: float = 0.8, nominal: float = 0.95, alternative: float = 0.85,
                     alpha: float = 0.05, max_groups: int = 10_000) -> dict:
    """The smallest number of groups whose null_control_power reaches `power` (and that test)."""
    for g in range(1, max_groups + 1):
        test = null_control_power(g, nominal, alternative, alpha)
        if test["power"] >= power:
            return test
    raise ValueError(f"no G <= {max_groups} reaches power {power}")


def interval_digits(half: float) -> int:
    """How many decimals an interval of half-width `half` is quoted to: its half-width to one significant
    figure, two where the first is a 1 (0.0052 -> 3 decimals, 0.0197 -> 3, 0.216 -> 1); never finer than the
    half-width itself can be known."""
    if not math.isfinite(half) or half <= 0:
        raise ValueError(f"a half-width must be positive and finite, not {half!r}")
    exponent = math.floor(math.log10(half))
    leading = int(half / 10 ** exponent)
    return max(0, -exponent + (1 if leading == 1 else 0))


def signed_pct(value: float, digits: int = 2) -> str:
    """"+2.19 %", "−2.12 %": a signed percentage with a true minus sign (no interval)."""
    return f"{value:+.{digits}f} %".replace("-", chr(0x2212))


def interval_text(effect: float, half: float, unit: str = " %") -> str:
    """"+2.165 % ± 0.005 %": the effect rounded to the decimals its half-width supports (interval_digits),
    signed with a true minus sign, and no sign where it rounds to zero."""
    digits = interval_digits(half)
    shown = f"{effect:+.{digits}f}"
    if float(shown) == 0:
        shown = f"{0:.{digits}f}"
    return f"{shown.replace('-', chr(0x2212))}{unit} ± {half:.{digits}f}{unit}"
