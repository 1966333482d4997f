"""A recorded timing run read back: every statistic computed again from its raw samples CSVs, per shape and
experiment (the paired result of the kernel under test and of the control kernel; for the A/A experiment
also the coverage of its independent groups and the resampled coverage)."""

import json
import math
from dataclasses import dataclass
from pathlib import Path

from racelab import stats
from racelab.experiments.timing.plan import KERNELS, TWIN_EXPERIMENT, csv_name
from racelab.readers import samples
from racelab.vocab import Experiment


class _Reader:
    def __init__(self, source):
        self.source = source

    def text(self, name: str) -> str:
        if isinstance(self.source, (str, Path)):
            return samples.read_text(Path(self.source) / name)  # also name.xz / name.gz
        return self.source.read_text(name)  # a store.RecordedRun decompresses on its own

    def json(self, name: str):
        if isinstance(self.source, (str, Path)):
            return json.loads(self.text(name))
        return self.source.read_json(name)  # in today's format (racelab.core.formats)


@dataclass(frozen=True)
class Arm:
    """One kernel's result in one experiment of a run at one shape: the paired analysis of its CSV (A against
    B, per pair), and for an A/A experiment with groups the coverage of their intervals and the resampled
    coverage."""

    paired: stats.PairedResult
    coverage: stats.Coverage | None = None
    resampled: stats.Resampled | None = None

    def as_dict(self) -> dict:
        return {k: getattr(self, k).as_dict() for k in ("paired", "coverage", "resampled")
                if getattr(self, k) is not None}


@dataclass(frozen=True)
class Arms:
    """One experiment of a run at one shape: the kernel under test's Arm and the control kernel's."""

    test: Arm
    control: Arm

    def of(self, kernel: str) -> Arm:
        if kernel not in KERNELS:
            raise ValueError(f"kernel {kernel!r} is none of {KERNELS}")
        return getattr(self, kernel)

    def as_dict(self) -> dict:
        return {kernel: self.of(kernel).as_dict() for kernel in KERNELS}


@dataclass(frozen=True)
class TimingSummary:
    """A timing run read back: its plan.json (`manifest`), per shape and experiment ("ab", "ba", "aa", ...)
    the two kernels' Arms, and the GPU seconds each shape took."""

    manifest: dict
    shapes: dict[str, dict[str, Arms]]  # shape -> experiment -> Arms
    gpu_s: dict


def summarize_folder(folder) -> TimingSummary:
    """`_summarize_folder`, once per run folder and process: a recorded run is never changed after it is
    written, so its statistics are computed once however many sections of a page read it."""
    path = getattr(folder, "path", None)
    if path is None:
        return _summarize_folder(folder)
    key = str(path)
    if key not in _SUMMARIES:
        _SUMMARIES[key] = _summarize_folder(folder)
    return _SUMMARIES[key]


_SUMMARIES: dict[str, TimingSummary] = {}  # run folder -> its summary, for this process


def _summarize_folder(folder) -> TimingSummary:
    """Read a folder (or a store.RecordedRun) written by `record` and compute every statistic again from
    the raw CSVs."""
    reader = _Reader(folder)
    manifest = reader.json("plan.json")
    shapes = {}
    ab_size = manifest["plan"]["ab_pairs"]
    for shape in manifest["shapes"]:
        per = {}
        for exp in manifest["experiments"]:
            name, a, b, groups = exp["name"], exp["a"], exp["b"], exp.get("groups")
            arms = {}
            for kernel in KERNELS:
                parsed = samples.parse_samples(reader.text(csv_name(name, shape, kernel)))
                pooled = stats.paired(parsed, a, b)
                arms[kernel] = Arm(pooled, stats.aa_coverage(parsed, a, b, groups) if groups else None,
                                 stats.resampled_coverage(pooled, ab_size) if groups else None)
            per[name] = Arms(**arms)
        shapes[shape] = per
    return TimingSummary(manifest, shapes, manifest.get("gpu_s_by_shape", {}))


def aa_first_is_a1(summary: TimingSummary) -> dict[int, bool]:
    """Per A/A pair id: whether its A1 process ran first (from the manifest's record of each pair)."""
    exp = next((e for e in summary.manifest["experiments"] if e["name"] == "aa"), None)
    return {p["pair"]: p["first"] == exp["a"] for p in exp["pairs"]} if exp else {}


def order_null(summary: TimingSummary, kernel: str = "test") -> dict[str, stats.OrderNull]:
    """Per shape with A/B, B/A and A/A pairs: racelab.stats.order_and_null of their pair deltas (the A/A
    deltas with the position of A1 in each pair)."""
    first = aa_first_is_a1(summary)
    out = {}
    for shape, per in summary.shapes.items():
        if {"ab", "ba", "aa"} <= set(per):
            ab, ba, aa = (per[n].of(kernel).paired.per_pair for n in ("ab", "ba", "aa"))
            out[shape] = stats.order_and_null([p.delta_pct for p in ab], [p.delta_pct for p in ba],
                                              [p.delta_pct for p in aa], [first.get(p.pair, True) for p in aa])
    return out


def summary_json(summary: TimingSummary) -> dict:
    """The summary as JSON-ready data (non-finite floats as strings): {"manifest", "shapes": {shape:
    {experiment: {kernel: {"paired", "coverage"?, "resampled"?}}}}, "gpu_s"}, as run folders' summary.json keep it."""
    def enc(x):
        if isinstance(x, dict):
            return {k: enc(v) for k, v in x.items()}
        if isinstance(x, list):
            return [enc(v) for v in x]
        if isinstance(x, float) and not math.isfinite(x):
            return str(x)
        return x

    shapes = {shape: {name: arms.as_dict() for name, arms in per.items()} for shape, per in summary.shapes.items()}
    return enc({"manifest": summary.manifest, "shapes": shapes, "gpu_s": summary.gpu_s})


def short(shape: str) -> str:
    """A shape's label up to its first dash: "topk128" for "topk128-h64-cta132-w1024"."""
    return shape.split("-")[0]


def target_misses(summary: TimingSummary, target_pct: float, target_gpu_s: float) -> tuple[int, list[dict]]:
    """Against the method's targets (CI half-width, GPU time per shape): how many A/B and B/A experiments
    there are, and each that missed, as {"experiment", "shape", "ci95_pct" (or None when met), "gpu_s"
    (or None when met)}."""
    cells, missed = 0, []
    for shape, per in summary.shapes.items():
        gpu = summary.gpu_s.get(shape, math.inf)
        for name in ("ab", "ba"):
            if name not in per:
                continue
            cells += 1
            ci = per[name].test.paired.ci95_pct
            if ci > target_pct or gpu > target_gpu_s:
                missed.append({"experiment": name, "shape": short(shape),
                               "ci95_pct": ci if ci > target_pct else None,
                               "gpu_s": gpu if gpu > target_gpu_s else None})
    return cells, missed


def pooling_protocol(manifest: dict) -> str:
    """How a run's processes measured, in words that differ exactly when runs may not be pooled: launches
    per process, warm-up, and whether the processes set up the GPU after GO or before it in batches."""
    batch = manifest.get("set_up_batch") or 0
    set_up = f"set-up before GO, batches of {batch}" if batch else "set-up after GO"
    copies = manifest.get("copies") or 1
    return (f"{manifest['launches_per_process']} launches, warm-up {manifest['warmup_s']:g} s, {set_up}"
            + (f", {copies} loaded copies of each build" if copies > 1 else "")
            + (", the builds' places in the round alternating" if manifest.get("alternate") else ""))


def pooled_coverage(summaries: dict, min_pairs: int = 1) -> dict:
    """A/A coverage over the independent groups of several runs ({run id: summary}): each group is its
    own null experiment, so the groups of runs made the same way can be counted together. Per run and in
    all; the total counts the runs whose groups have at least `min_pairs` pairs, of one protocol
    (pooling_protocol) and shape: the one with the most such groups (each row says whether it counts)."""
    per_run = []
    for run_id, summary in summaries.items():
        for shape, per in summary.shapes.items():
            if "aa" not in per:
                continue
            cov = per["aa"].test.coverage
            pairs = cov.results[0].pairs if cov.results else None
            per_run.append({"run": run_id, "shape": shape, "protocol": pooling_protocol(summary.manifest),
                            "pairs per group": pairs, "groups": cov.groups, "cover 0": cov.covered,
                            "counted": bool(pairs and pairs >= min_pairs)})
    totals: dict = {}
    for r in per_run:
        if r["counted"]:
            key = (r["protocol"], r["shape"])
            totals[key] = totals.get(key, 0) + r["groups"]
    chosen = max(totals, key=totals.get) if totals else None
    for r in per_run:
        r["counted"] = r["counted"] and (r["protocol"], r["shape"]) == chosen
    groups = sum(r["groups"] for r in per_run if r["counted"])
    covered = sum(r["cover 0"] for r in per_run if r["counted"])
    lo, prob = stats.coverage_range(groups) if groups else (0, float("nan"))
    return {"runs": per_run, "groups": groups, "covered": covered,
            "coverage": covered / groups if groups else float("nan"), "expected_at_least": lo,
            "expected_prob": prob, "protocol": chosen[0] if chosen else None,
            "shape": chosen[1] if chosen else None}


class NoRecordedRun(RuntimeError):
    """A page needs a recorded run that is not there; the message names the command that records one."""

    def __init__(self, experiment: str, needs: str, why: str):
        from racelab.experiments import registry

        try:
            how = f"Record one on such a GPU with `{registry.by_name(experiment).shell}`; this page replays it."
        except KeyError:
            how = "This page replays it."
        super().__init__(f"no recorded {experiment!r} run made on {needs} hardware yet ({why}). {how}")
        self.experiment, self.needs = experiment, needs


def recorded_run(experiment: str = TWIN_EXPERIMENT, needs: str = "sm90"):
    """(run, mode) for a page that replays `experiment`: the newest recorded run made on `needs` hardware.
    The timing experiment takes minutes, so a page never runs it live, even on such a GPU; with no
    recorded run this raises NoRecordedRun (a RuntimeError)."""
    from racelab.core import store
    from racelab.core import choice as choosing

    experiment = Experiment(experiment).value
    choice = choosing.choose(experiment, needs=needs)
    run = choice.run
    if run is None:
        try:
            run = store.newest(experiment, gpu=needs)
        except store.StoreError as err:
            raise NoRecordedRun(experiment, needs, str(err)) from None
    return run, "replay"


def current_runs(experiment: str, needs: str = "sm90", backend: str = "twin") -> tuple[list, list]:
    """(every full run of `experiment` made on `needs` hardware by `backend`, those of them that recorded the
    protocol id of the make-live registry's step for it), oldest first: the runs an evidence page pools or
    compares. What a run recorded decides, not its command line. A rehearsal with the fake backend, even one
    recorded on such a GPU, is never a measurement; a run a make-live budget shortened (store.shortened) is not
    its design's run (the provenance page lists it)."""
    from racelab.core import store
    from racelab.experiments import registry

    experiment = Experiment(experiment).value
    runs = [r for r in store.all_runs(experiment, needs)
            if not store.shortened(r) and r.read_json("plan.json").get("backend") == backend]
    wanted = registry.protocols(experiment, needs)
    return runs, [r for r in runs if store.protocol_of(r) in wanted]


def measured_run(experiment: str, needs: str = "sm90", backend: str = "twin"):
    """The run of `experiment` made on `needs` hardware by `backend` that a page shows (store.candidates): the
    newest full run that recorded the registry step's protocol id (the protocol in use), else the newest full
    run of any protocol; a shortened run only where no full one exists; None where there is none."""
    from racelab.core import store
    from racelab.experiments import registry

    experiment = Experiment(experiment).value
    found = (store.candidates(experiment, needs, registry.protocols(experiment, needs), backend, log=False)
             or store.candidates(experiment, needs, backend=backend, log=False))
    return found[0] if found else None


def pooled_order_null(summaries: list, kernel: str = "test") -> dict[str, stats.PooledOrderNull]:
    """Per shape that every summary has with A/B, B/A and A/A pairs: racelab.stats.order_and_null of the pair
    deltas of all the runs together (the caller pools only runs of one command and protocol), with each arm's
    own Student-t 95% half-width over the pooled deltas ("ab_half", "ba_half", as a single run's table gives
    them), the number of runs, and a one-way ANOVA of the A/B and B/A deltas by run (scipy.stats.f_oneway,
    "runs_p"): whether the runs agree on the effect."""
    import numpy as np
    from scipy.stats import f_oneway

    shared = [sh for sh in (summaries[0].shapes if summaries else {})
              if all({"ab", "ba", "aa"} <= set(s.shapes.get(sh, {})) for s in summaries)]
    out = {}
    for shape in shared:
        ab, ba, aa, first, by_run = [], [], [], [], []
        for s in summaries:
            pairs = {n: s.shapes[shape][n].of(kernel).paired.per_pair for n in ("ab", "ba", "aa")}
            first_of = aa_first_is_a1(s)
            ab += [p.delta_pct for p in pairs["ab"]]
            ba += [p.delta_pct for p in pairs["ba"]]
            aa += [p.delta_pct for p in pairs["aa"]]
            first += [first_of.get(p.pair, True) for p in pairs["aa"]]
            by_run.append([p.delta_pct for p in pairs["ab"] + pairs["ba"]])
        got = stats.order_and_null(ab, ba, aa, first)
        half = {f"{n}_half": stats.t_half_width(float(np.std(x, ddof=1)), len(x)) for n, x in (("ab", ab), ("ba", ba))}
        runs_p = float(f_oneway(*by_run).pvalue) if len(by_run) > 1 else float("nan")
        out[shape] = stats.PooledOrderNull(**got.as_dict(), **half, runs=len(summaries), runs_p=runs_p)
    return out


def process_rows(run) -> list[dict]:
    """A recorded timing run's processes.csv: one dict per process and shape, in the order they ran."""
    import csv
    import io

    return list(csv.DictReader(io.StringIO(run.read_text("processes.csv"))))


def process_spread(run, summary: TimingSummary) -> list[dict]:
    """Per shape of a recorded run: how far its processes' mean kernel times spread around their variant's
    mean (relative SD in percent, pooled over the variants), for the kernel under test and the control
    kernel, beside the SDs of its pair deltas (order_null) and what the run cost per process."""
    rows = process_rows(run)
    manifest = summary.manifest
    deltas = order_null(summary)
    out = []
    for shape in manifest["shapes"]:
        here = [r for r in rows if r["shape"] == shape]
        entry = {"run": run.id, "date": (run.provenance.get("date_utc") or "")[:10], "protocol": pooling_protocol(manifest),
                 "shape": shape, "processes": len(here)}
        for kernel in KERNELS:
            by_variant: dict = {}
            for r in here:
                if r[f"{kernel}_mean_ns"]:
                    by_variant.setdefault(r["variant"], []).append(float(r[f"{kernel}_mean_ns"]))
            values = [x for xs in by_variant.values() for x in xs]
            s2, df = stats.pooled_within(list(by_variant.values()))
            entry[f"{kernel} spread %"] = (100 * math.sqrt(s2) / (math.fsum(values) / len(values))
                                         if df > 0 else float("nan"))
            entry[f"{kernel} df"] = df
        got = deltas.get(shape)
        entry.update({"SD A/B, B/A %": got.sd_ab_ba_within if got else float("nan"),
                      "SD A/A %": got.sd_aa_within if got else float("nan"),
                      "s per process": manifest["wall_s"] / max(1, manifest["processes"])})
        out.append(entry)
    return out


def cross_shape_correlation(run, kernel: str = "test") -> dict | None:
    """For a run whose every process timed two shapes: {r, p, n}, the Pearson correlation over its n processes
    (scipy.stats.pearsonr, with the two-sided p of r = 0) of each process's relative deviation from its
    variant's mean at the first shape with its deviation at the second. Near 1: what differs between
    processes is the process's as a whole (its clocks, say); near 0: it belongs to each shape's own launches.
    None when the run has no two shapes in common or fewer than three processes timed both."""
    from scipy.stats import pearsonr

    rows = [r for r in process_rows(run) if r[f"{kernel}_mean_ns"]]
    shapes = sorted({r["shape"] for r in rows})
    if len(shapes) != 2:
        return None
    means: dict = {}
    for r in rows:
        means.setdefault((r["shape"], r["variant"]), []).append(float(r[f"{kernel}_mean_ns"]))
    mean = {key: math.fsum(v) / len(v) for key, v in means.items()}
    dev: dict = {}
    for r in rows:
        process = r.get("process") or r["pid"]  # the run's own process number where it has one
        dev.setdefault(process, {})[r["shape"]] = float(r[f"{kernel}_mean_ns"]) / mean[(r["shape"], r["variant"])] - 1
    both = [d for d in dev.values() if len(d) == 2]
    if len(both) < 3:
        return None
    got = pearsonr([d[shapes[0]] for d in both], [d[shapes[1]] for d in both])
    return {"r": float(got.statistic), "p": float(got.pvalue), "n": len(both)}


def arms_effects(summary: TimingSummary, kernel: str = "test", level: float = 0.95) -> dict[str, list[dict]]:
    """Per shape of a run of the arms design: one row per comparison (B against A) and one for the A/A
    control. `effect` is the mean of the mean deltas with A first and with B first (the plain mean where
    a comparison has pairs of one order only), `order` half their difference. Three 95% half-widths: the
    comparison's own paired t (`plain_half`); one on the variance pooled over every comparison, each
    comparison's deltas around their own mean, so that an order effect counts as noise (`pooled_half`,
    df `pooled_df`: pairs less comparisons); and a conservative one on the larger of that variance and the
    A/A deltas' variance, `conservative_basis` naming it."""
    from scipy import stats as sps

    def within(groups):
        groups = [g for g in groups if len(g)]
        df = sum(len(g) for g in groups) - len(groups)
        mean = {id(g): math.fsum(g) / len(g) for g in groups}
        ss = math.fsum((x - mean[id(g)]) ** 2 for g in groups for x in g)
        return (ss / df if df > 0 else float("nan")), df

    q = 0.5 + level / 2
    exps = {e["name"]: e for e in summary.manifest["experiments"]}
    out = {}
    for shape, per in summary.shapes.items():
        split = {}
        for name, e in exps.items():
            res = per[name].of(kernel).paired
            first = {p["pair"]: p["first"] for p in e["pairs"]}
            split[name] = (res, [p.delta_pct for p in res.per_pair if first.get(p.pair) == e["a"]],
                           [p.delta_pct for p in res.per_pair if first.get(p.pair) != e["a"]])
        s2_x, df_x = within([x + y for name, (_, x, y) in split.items() if name != "aa"])
        s2_aa, df_aa = within([split["aa"][1] + split["aa"][2]]) if "aa" in split else (float("nan"), 0)
        basis, s2_c, df_c = ("A/A", s2_aa, df_aa) if s2_aa > s2_x else ("comparisons", s2_x, df_x)
        rows = []
        for name, (res, a_first, b_first) in split.items():
            if a_first and b_first and name != "aa":
                effect = (math.fsum(a_first) / len(a_first) + math.fsum(b_first) / len(b_first)) / 2
                order = effect - math.fsum(b_first) / len(b_first)
                scale = math.sqrt(1 / len(a_first) + 1 / len(b_first)) / 2
            else:
                effect, order, scale = res.delta_pct, float("nan"), 1 / math.sqrt(res.pairs)

            def half(s2, df):
                return float(sps.t.ppf(q, df)) * math.sqrt(s2) * scale if df > 0 and s2 == s2 else float("nan")

            e = exps[name]
            rows.append({"comparison": name, "a": e["a"], "b": e["b"], "pairs": res.pairs,
                         "a_first": len(a_first), "b_first": len(b_first), "effect": effect,
                         "delta_ns": effect / 100 * res.a_mean_ns, "kernel_us": res.a_mean_ns / 1000,
                         "plain_half": res.ci95_pct, "pooled_half": half(s2_x, df_x), "pooled_df": df_x,
                         "conservative_half": half(s2_c, df_c), "conservative_basis": basis,
                         "conservative_df": df_c, "order": order, "sd_pooled": math.sqrt(s2_x) if s2_x == s2_x
                         else float("nan"), "sd_aa": math.sqrt(s2_aa) if s2_aa == s2_aa else float("nan")})
        out[shape] = rows
    return out


def within_process(run, kernel: str = "test") -> list[dict]:
    """For a run whose every pair is one process (design "in-process"): per shape and arm (A/B, B/A, A/A),
    how far the pair deltas spread across processes (`sd`, percent; pooled within the pairs that ran the same
    build first, so that an order effect is not counted as spread) against what the launches of one process
    allow (`launch_se`: the median over pairs of the delta's standard error from its launches, as if they
    were independent), their ratio, and whether a process's delta persists over its own launches: the
    Pearson correlation across pairs of the delta over the first half of its launches with the delta over
    the second half (`halves_r`, scipy.stats.pearsonr, and its two-sided p). With K loaded copies of each
    build (plan.json "copies"), launch i ran copy i % K: `copy_sd`, the median over processes of the SD of
    build A's K copy means, against `copy_launch_se`, the SD those means would have from their launches alone."""
    import numpy as np
    from scipy.stats import pearsonr

    reader = _Reader(run)
    manifest = reader.json("plan.json")
    copies = manifest.get("copies") or 1
    out = []
    for shape in manifest["shapes"]:
        for exp in manifest["experiments"]:
            data = samples.parse_samples(reader.text(csv_name(exp["name"], shape, kernel))).by_pair
            first = {p["pair"]: p["first"] for p in exp["pairs"]}
            deltas, ses, halves, copy_sd, copy_se, by_first = [], [], [], [], [], {}
            for pair, per in data.items():
                a, b = (np.asarray(per[exp["a"]], float), np.asarray(per[exp["b"]], float))
                m = a.mean()
                deltas.append(100 * (b.mean() / m - 1))
                by_first.setdefault(first.get(pair), []).append(deltas[-1])
                ses.append(100 * math.sqrt(a.var(ddof=1) / a.size + b.var(ddof=1) / b.size) / m)
                h = a.size // 2
                halves.append((100 * (b[:h].mean() / a[:h].mean() - 1), 100 * (b[h:].mean() / a[h:].mean() - 1)))
                if copies > 1:
                    means = np.array([a[c::copies].mean() for c in range(copies)])
                    copy_sd.append(100 * means.std(ddof=1) / m)
                    copy_se.append(100 * a.std(ddof=1) / math.sqrt(a.size / copies) / m)
            s2, _ = stats.pooled_within(list(by_first.values()))
            sd = math.sqrt(s2) if s2 == s2 else float("nan")
            r = pearsonr(*zip(*halves)) if len(halves) > 2 else None
            out.append({"shape": shape, "arm": exp["name"], "pairs": len(deltas), "sd": sd,
                        "launch_se": float(np.median(ses)), "ratio": sd / float(np.median(ses)),
                        "halves_r": float(r.statistic) if r else float("nan"),
                        "halves_p": float(r.pvalue) if r else float("nan"), "copies": copies,
                        "copy_sd": float(np.median(copy_sd)) if copy_sd else float("nan"),
                        "copy_launch_se": float(np.median(copy_se)) if copy_se else float("nan")})
    return out


def idle_and_delta(run) -> dict:
    """For an in-process run that recorded the GPU's idle time before each build's launches (processes.csv
    idle_before_ns, partner_idle_before_ns: medians per process): per shape, the median over processes of the
    idle time before the build launched first and before the one launched second, and over the A/A pairs the
    Pearson correlation (scipy.stats.pearsonr: r, two-sided p, n) of the pair's delta, second build against
    first, with the difference of their idle times. {} when the run recorded no idle times."""
    import numpy as np
    from scipy.stats import pearsonr

    rows = [r for r in process_rows(run) if r.get("idle_before_ns") and r.get("partner_idle_before_ns")]
    out = {}
    for shape in sorted({r["shape"] for r in rows}):
        here = [r for r in rows if r["shape"] == shape]
        first = np.array([float(r["idle_before_ns"]) for r in here])
        second = np.array([float(r["partner_idle_before_ns"]) for r in here])
        aa = [k for k, r in enumerate(here) if r["pair_kind"] == "AA"]
        delta = [100 * (float(here[k]["partner_mean_ns"]) / float(here[k]["test_mean_ns"]) - 1) for k in aa]
        got = pearsonr(delta, second[aa] - first[aa]) if len(aa) > 2 else None
        out[shape] = {"idle_first_ns": float(np.median(first)), "idle_second_ns": float(np.median(second)),
                      "r": float(got.statistic) if got else float("nan"),
                      "p": float(got.pvalue) if got else float("nan"), "n": len(aa)}
    return out
