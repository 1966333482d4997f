"""The fix's cost over code layouts, read back from runs of the layouts design (`racelab timing layouts`,
store runs "twin-timing-layouts"): every statistic computed again from the raw samples CSVs.

In such a run each pair is one process timing two builds of the twin in turn: the fix (all-lanes) against
the bug (elected) with both moved by the same offset (0, 16, ..., 112 bytes of no-ops after the load warp's
arrive: racelab.vocab.TwinCodeLayout), or the bug against itself moved by 128 bytes (the same alignment
modulo 128) or by 16 bytes (a layout change alone); and A/A pairs of the bug, in groups. Runs on separate
starts of the machine (provenance `boot_id`) are pooled.

`fix_over_layouts` fits the mixed model the design is for: the log of each build's mean kernel time in each
process, ``log t ~ handoff * offset`` (fixed; offsets sum-coded, so the handoff coefficient is the fix's
effect averaged over the offsets), a random intercept per machine start and a variance component per
process (statsmodels MixedLM, REML). The fix's effect is read within each process (both builds share the
process's intercept), so the process and start terms take the between-process spread out of it."""

import math
import statistics

from racelab.experiments.timing.plan import LAYOUT_OFFSETS, csv_name
from racelab.readers import samples
from racelab.vocab import TwinHandoff, twin_variant

FIX, BUG = TwinHandoff.ALL_LANES.value, TwinHandoff.ELECTED.value


def _reader(run):
    from racelab.experiments.timing.load import _Reader

    return _Reader(run)


def start_of(run) -> str:
    """The machine start a run came from: its provenance's boot id, else its run id (one run, one start)."""
    prov = run.read_json("provenance.json") if hasattr(run, "read_json") else {}
    return prov.get("boot_id") or getattr(run, "id", str(run))


def builds_frame(runs):
    """One row per build per process per shape of every comparison and A/A pair: run, start, process (run and
    pair), shape, comparison, kind ("fix", "control", "aa"), label, build, handoff, offset (bytes), first (the
    build launched first in the process's rounds), the first read loop's head modulo 128 (from the build's
    SASS, recorded in plan.json) and the mean and log-mean of its launches (ns)."""
    import pandas as pd

    rows = []
    for run in runs:
        reader = _reader(run)
        manifest = reader.json("plan.json")
        start = start_of(run)
        rid = getattr(run, "id", str(run))
        code = manifest.get("code", {})
        for shape in manifest["shapes"]:
            for exp in manifest["experiments"]:
                name = exp["name"]
                kind = "aa" if name == "aa" else ("fix" if twin_variant(exp["b"])[0].value == FIX else "control")
                first = {p["pair"]: p["first"] for p in exp["pairs"]}
                data = samples.parse_samples(reader.text(csv_name(name, shape, "test"))).by_pair
                for pair, per in data.items():
                    for label, values in per.items():
                        build = label.rsplit("-A", 1)[0] if kind == "aa" else label
                        handoff, layout = twin_variant(build)
                        mean = math.fsum(values) / len(values)
                        heads = code.get(build, {}).get(shape, {}).get("read_loop_heads_mod_128") or [None]
                        rows.append({"run": rid, "start": start, "process": f"{rid}:{pair}", "shape": shape,
                                     "comparison": name, "kind": kind, "role": "a" if label == exp["a"] else "b",
                                     "pair": pair, "label": label,
                                     "build": build, "handoff": handoff.value, "offset": layout.shift_bytes,
                                     "first": first.get(pair) == label, "head_mod_128": heads[0],
                                     "mean_ns": mean, "log_ns": math.log(mean)})
    return pd.DataFrame(rows)


def pair_deltas(frame):
    """One row per pair (process) and shape: the comparison, kind, offset of A, start, and the delta of B
    against A in percent (the A/A pairs: A2 against A1)."""
    import pandas as pd

    out = []
    for (process, shape, name), g in frame.groupby(["process", "shape", "comparison"], sort=False):
        if len(g) != 2:
            continue
        a, b = g[g["role"] == "a"].iloc[0], g[g["role"] == "b"].iloc[0]
        out.append({"process": process, "shape": shape, "comparison": name, "kind": a["kind"], "start": a["start"],
                    "run": a["run"], "pair": a["pair"], "a": a["build"], "b": b["build"], "offset": a["offset"],
                    "b_offset": b["offset"], "a_first": bool(a["first"]),
                    "delta_pct": 100.0 * (b["mean_ns"] / a["mean_ns"] - 1.0)})
    return pd.DataFrame(out)


def _t_interval(values) -> dict:
    """Mean, Student-t 95 % half-width (stats.t_half_width), n, df and SD of `values`."""
    from racelab import stats

    n = len(values)
    mean = math.fsum(values) / n
    sd = statistics.stdev(values) if n > 1 else float("nan")
    return {"effect": mean, "half": stats.t_half_width(sd, n) if n > 1 else float("nan"), "n": n, "df": n - 1,
            "sd": sd}


def per_offset(frame, shape: str) -> list[dict]:
    """The fix against the bug at each offset at `shape`: mean pair delta (percent) with its Student-t 95%
    half-width over the pairs (df = pairs - 1), the pairs per start, and where the first read loop's head
    lands modulo 128 for each handoff."""
    deltas = pair_deltas(frame[frame["shape"] == shape])
    heads = frame[frame["shape"] == shape].groupby(["handoff", "offset"])["head_mod_128"].first()
    rows = []
    for offset, g in deltas[deltas["kind"] == "fix"].groupby("offset"):
        got = _t_interval(list(g["delta_pct"]))
        rows.append({"offset": int(offset), **got, "starts": int(g["start"].nunique()),
                     "bug_head_mod_128": heads.get((BUG, offset)), "fix_head_mod_128": heads.get((FIX, offset))})
    return sorted(rows, key=lambda r: r["offset"])


def controls(frame, shape: str) -> list[dict]:
    """The bug against itself moved (each control offset): mean pair delta with its Student-t 95% interval."""
    deltas = pair_deltas(frame[frame["shape"] == shape])
    rows = []
    for b_offset, g in deltas[deltas["kind"] == "control"].groupby("b_offset"):
        rows.append({"moved_by": int(b_offset), **_t_interval(list(g["delta_pct"])),
                     "starts": int(g["start"].nunique())})
    return sorted(rows, key=lambda r: -r["moved_by"])


def fix_over_layouts(frame, shape: str) -> dict:
    """The mixed model at `shape` (module docstring) on the fix comparisons' builds: the fix's effect
    averaged over the offsets (percent, with the model's Wald 95% interval), the variance components (start,
    process, residual: as SDs of log time, in percent), the between-offset SD of the per-offset effects, and
    the design's counts. Fitted, not predicted."""
    import numpy as np
    import statsmodels.formula.api as smf
    import warnings

    data = frame[(frame["shape"] == shape) & (frame["kind"] == "fix")].copy()
    data["y"] = data["log_ns"] - data["log_ns"].mean()
    data["fix"] = (data["handoff"] == FIX).astype(float)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = smf.mixedlm("y ~ fix * C(offset, Sum)", data, groups="start", re_formula="1",
                            vc_formula={"process": "0 + C(process)"})
        fit = model.fit(reml=True, method=["lbfgs", "powell"])
    coef, se = float(fit.fe_params["fix"]), float(fit.bse_fe["fix"])
    pct = lambda x: 100.0 * (math.exp(x) - 1.0)  # noqa: E731
    offsets = per_offset(frame, shape)
    effects = [r["effect"] for r in offsets]
    vc = dict(zip(model.exog_vc.names, np.atleast_1d(fit.vcomp))) if len(fit.vcomp) else {}
    return {"shape": shape, "effect_pct": pct(coef), "lo_pct": pct(coef - 1.96 * se), "hi_pct": pct(coef + 1.96 * se),
            "half_pct": 100.0 * 1.96 * se, "converged": bool(fit.converged),
            "sd_start_pct": 100.0 * math.sqrt(max(0.0, float(fit.cov_re.iloc[0, 0]))),
            "sd_process_pct": 100.0 * math.sqrt(max(0.0, float(vc.get("process", float("nan"))))),
            "sd_residual_pct": 100.0 * math.sqrt(float(fit.scale)),
            "between_offsets_sd_pct": float(np.std(effects, ddof=1)) if len(effects) > 1 else float("nan"),
            "offsets": len(offsets), "processes": int(data["process"].nunique()),
            "starts": int(data["start"].nunique()), "pairs_per_offset": min(r["n"] for r in offsets),
            "mean_of_offsets_pct": float(np.mean(effects)),
            "complete": len(offsets) == len(LAYOUT_OFFSETS)}


def build_times(frame, shape: str) -> list[dict]:
    """Each build's time relative to the bug as compiled (percent, 95 % Wald half-width), against where its
    first read loop lands modulo 128: the fixed effects of ``log t ~ build`` with a random intercept per process
    (MixedLM) over the fix and control comparisons. Two builds timed in one process are compared within it;
    builds never timed together (the bug at another offset against the bug as compiled) are compared across
    processes, so their intervals carry the between-process spread."""
    import statsmodels.formula.api as smf
    import warnings

    data = frame[(frame["shape"] == shape) & (frame["kind"] != "aa")].copy()
    data["y"] = data["log_ns"] - data["log_ns"].mean()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fit = smf.mixedlm(f"y ~ C(build, Treatment('{BUG}'))", data, groups="process").fit(reml=True)
    heads = data.groupby("build")[["handoff", "offset", "head_mod_128"]].first()
    rows = []
    for build, (handoff, offset, head) in heads.iterrows():
        name = f"C(build, Treatment('{BUG}'))[T.{build}]"
        coef = float(fit.fe_params.get(name, 0.0))
        se = float(fit.bse_fe.get(name, 0.0))
        rows.append({"build": build, "handoff": handoff, "offset": int(offset), "head_mod_128": head,
                     "time_pct": 100.0 * (math.exp(coef) - 1.0), "half_pct": 100.0 * 1.96 * se})
    return sorted(rows, key=lambda r: (r["handoff"], r["offset"]))


def null_groups(runs, shape: str) -> dict:
    """The A/A groups of every run at `shape` pooled (each group its own null experiment): how many 95%
    intervals cover zero, the count 95% coverage would give at least with probability about 0.9
    (stats.coverage_range), and the power of the one-sided coverage test against 85% (stats.null_control_power)."""
    from racelab import stats
    from racelab.experiments.timing import load

    groups = covered = 0
    for run in runs:
        cov = load.summarize_folder(run).shapes[shape]["aa"].test.coverage
        groups, covered = groups + cov.groups, covered + cov.covered
    lo, prob = stats.coverage_range(groups) if groups else (0, float("nan"))
    return {"shape": shape, "groups": groups, "covered": covered, "expected_at_least": lo, "expected_prob": prob,
            "power": stats.null_control_power(groups)["power"] if groups else float("nan")}


# ------------------------------------------------------------------ the real kernel over code layouts

def real_pairs(runs):
    """One row per pair and shape of real-timing-layouts runs (`racelab timing real --offsets`): run, machine
    start, shape, the offset both variants were moved by, the order ("ab" or "ba") and the delta of B against A
    in percent (the test kernel's pair delta, racelab.stats); A/A pairs are left out (each run has its own)."""
    import pandas as pd

    from racelab.experiments.timing import load
    from racelab.vocab import UpstreamVariant

    rows = []
    for run in runs:
        summary = load.summarize_folder(run)
        a, b = (UpstreamVariant.parse(summary.manifest["variants"][k]) for k in ("a", "b"))
        if a.pad_bytes != b.pad_bytes:
            raise ValueError(f"run {getattr(run, 'id', run)} moves A by {a.pad_bytes} B and B by {b.pad_bytes} B")
        for shape, per in summary.shapes.items():
            for order in ("ab", "ba"):
                for p in per[order].test.paired.per_pair if order in per else ():
                    rows.append({"run": getattr(run, "id", str(run)), "start": start_of(run), "shape": shape,
                                 "offset": a.pad_bytes, "a": a.unpadded, "b": b.unpadded, "order": order,
                                 "delta_pct": p.delta_pct})
    return pd.DataFrame(rows)


def _offset_model(data) -> dict:
    """``delta ~ C(offset, Sum)`` over pair deltas (columns delta_pct, offset, start, run), so the intercept is the
    mean over the offsets of each offset's effect: with two or more machine starts a random intercept per start
    (the comparison's effect varying from start to start; statsmodels MixedLM, REML, Wald 95 % interval), else
    ordinary least squares (Student-t interval, df = pairs - offsets). Also each offset's mean and the
    Student-t interval over the offsets' means, taken as a sample of layouts (df = offsets - 1)."""
    import statsmodels.formula.api as smf
    import warnings

    offsets = sorted(data["offset"].unique())
    per = [{"offset": int(o), **_t_interval(list(data[data["offset"] == o]["delta_pct"]))} for o in offsets]
    starts = int(data["start"].nunique())
    formula = "delta_pct ~ C(offset, Sum)" if len(offsets) > 1 else "delta_pct ~ 1"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if starts > 1:
            fit = smf.mixedlm(formula, data, groups="start").fit(reml=True)
            coef, se = float(fit.fe_params["Intercept"]), float(fit.bse_fe["Intercept"])
            half, df, how = 1.96 * se, None, "MixedLM, a random intercept per machine start (Wald 95 %)"
        else:
            fit = smf.ols(formula, data).fit()
            coef, se, df = float(fit.params["Intercept"]), float(fit.bse["Intercept"]), int(fit.df_resid)
            from scipy import stats as sps
            half, how = float(sps.t.ppf(0.975, df)) * se, "OLS, one machine start (Student-t 95 %)"
    sample = _t_interval([r["effect"] for r in per])
    return {"effect_pct": coef, "half_pct": half, "df": df, "fit": how, "offsets": per, "pairs": len(data),
            "starts": starts, "runs": int(data["run"].nunique()), "between_offsets_sd_pct": sample["sd"],
            "layout_effect_pct": sample["effect"], "layout_half_pct": sample["half"], "layout_df": sample["df"]}


def real_fix_over_layouts(runs, shape: str) -> dict:
    """The fix's cost on the real kernel averaged over code layouts at `shape`, from real-timing-layouts runs
    (one run per offset): _offset_model over the A/B and B/A pair deltas of every run. Fitted, not predicted.
    The model's interval is for the offsets measured (its fixed levels); with the offsets taken as a sample of
    layouts, the interval is Student-t over the offsets' means (``layout_half_pct``), which is what a claim about
    layouts in general rests on."""
    data = real_pairs(runs)
    return {"shape": shape, **_offset_model(data[data["shape"] == shape])}


# ------------------------------------------------------------------ the alignments design (one randomised run)

def alignment_pairs(runs):
    """One row per pair and shape of real-timing-alignments runs (`racelab timing real --alignments`): run,
    machine start, shape, the comparison's family ("fix": the fix against the bug, both moved by `offset`;
    "placebo": the bug moved 128 bytes further against the bug at `offset`; "layout": the bug moved 16 bytes
    against the bug), the offset, which build ran first, and the delta of B against A in percent."""
    import pandas as pd

    from racelab.experiments.timing import load
    from racelab.experiments.timing.plan import ALIGNMENT_PLACEBO_BYTES
    from racelab.vocab import UpstreamVariant

    rows = []
    for run in runs:
        summary = load.summarize_folder(run)
        for exp in summary.manifest["experiments"]:
            if exp["name"] == "aa":
                continue
            a, b = UpstreamVariant.parse(exp["a"]), UpstreamVariant.parse(exp["b"])
            family = ("fix" if a.unpadded != b.unpadded else
                      "placebo" if b.pad_bytes - a.pad_bytes == ALIGNMENT_PLACEBO_BYTES else "layout")
            first = {p["pair"]: p["first"] for p in exp["pairs"]}
            for shape, per in summary.shapes.items():
                for p in per[exp["name"]].test.paired.per_pair:
                    rows.append({"run": getattr(run, "id", str(run)), "start": start_of(run), "shape": shape,
                                 "family": family, "offset": a.pad_bytes, "moved_by": b.pad_bytes - a.pad_bytes,
                                 "a_first": first.get(p.pair) == exp["a"], "delta_pct": p.delta_pct})
    return pd.DataFrame(rows)


def real_alignments(runs, shape: str) -> dict:
    """The alignments design at `shape`: the fix and its placebo each through _offset_model (the same model:
    the placebo's interval must cover 0 for the fix's to mean what it says), each offset's fix effect (the
    as-compiled range a user meets), and the bug moved 16 bytes (a layout change alone). Fitted, not
    predicted."""
    data = alignment_pairs(runs)
    data = data[data["shape"] == shape]
    fix, placebo = _offset_model(data[data["family"] == "fix"]), _offset_model(data[data["family"] == "placebo"])
    layout = data[data["family"] == "layout"]
    effects = [r["effect"] for r in fix["offsets"]]
    return {"shape": shape, "fix": fix, "placebo": placebo,
            "placebo_covers_zero": abs(placebo["effect_pct"]) <= placebo["half_pct"],
            "layout_16": _t_interval(list(layout["delta_pct"])) if len(layout) else None,
            "range_pct": (min(effects), max(effects)) if effects else None}
