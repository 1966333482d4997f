"""Chapter 05 (what the fix costs): its tables, figures and the values it glues into the prose, from the
summaries of racelab.experiments.timing.load, the sm90-numerics result and PR #426's reported figures
(racelab.vocab.PR_REPORTED). Values are numbers formatted for the page; the sentences are the chapter's."""

from racelab import style
from racelab.book import tables
from racelab.core.provenance import gpu_model
from racelab.experiments.timing.load import TimingSummary, order_null, pooled_coverage, process_spread, short
from racelab.experiments.timing.plan import EXPERIMENT_TITLES, NULL_MIN_PAIRS, Plan
from racelab.stats import (coverage_range, groups_for_power, interval_text, null_control_power, pairs_for_half_width,
                           variance_ratio)
from racelab.vocab import PR_REPORTED

MINUS = "\N{MINUS SIGN}"
REPORTED_SOURCE = "reported in PR #426 (B200)"


def pct(x: float, digits: int = 3) -> str:
    """A signed percentage with a true minus sign; a value that rounds to zero has no sign."""
    if round(x, digits) == 0:
        return f"{0:.{digits}f}%"
    return f"{x:+.{digits}f}%".replace("-", MINUS)


def shape_label(summary: TimingSummary, name: str) -> str:
    """The full label of the summary's shape whose short name (e.g. "topk512") is `name`."""
    found = [shape for shape in summary.shapes if short(shape) == name]
    if len(found) != 1:
        raise KeyError(f"{len(found)} shapes of this run are {name!r}: {list(summary.shapes)}")
    return found[0]


def paired(summary: TimingSummary, name: str, experiment: str, kind: str = "test"):
    """The paired result (racelab.stats.PairedResult) of shape `name` ("topk512") in one experiment."""
    return summary.shapes[shape_label(summary, name)][experiment].of(kind).paired


# ---------------------------------------------------------------------------------------------------
# Glued values
# ---------------------------------------------------------------------------------------------------

def _shape_values(summary: TimingSummary, name: str) -> dict:
    """One shape's values, formatted for the page."""
    shape = shape_label(summary, name)
    per = summary.shapes[shape]
    ab = per["ab"].test.paired
    out = {"shape": summary.manifest["shape_args"][shape].replace(",", ", "),
           "kernel_us": f"{ab.a_mean_ns / 1000:.1f} µs",
           "gpu_s": f"{summary.gpu_s.get(shape, float('nan')):.0f} s"}
    for experiment in ("ab", "ba"):
        t, c = per[experiment].test.paired, per[experiment].control.paired
        out[experiment] = {"delta": pct(t.delta_pct), "ci": f"{t.ci95_pct:.3f}%",
                           "ns": f"{t.delta_ns:+.1f} ns".replace("-", MINUS), "pairs": str(t.pairs),
                           "control": f"{pct(c.delta_pct)} ± {c.ci95_pct:.3f}%"}
    aa = per["aa"].test
    out["aa"] = {"covered": f"{aa.coverage.covered} of {aa.coverage.groups}",
                 "pairs": str(summary.manifest["plan"]["aa_pairs_per_group"]),
                 "resampled": f"{100 * aa.resampled.coverage:.0f}%" if aa.resampled.reps else "n/a",
                 "delta": f"{pct(aa.paired.delta_pct)} ± {aa.paired.ci95_pct:.3f}%"}
    return out


def timing_glue(summary: TimingSummary) -> dict:
    """The values chapter 05 glues from a twin-timing run (shapes topk=128 and topk=512)."""
    s128, s512 = _shape_values(summary, "topk128"), _shape_values(summary, "topk512")
    manifest, plan = summary.manifest, summary.manifest["plan"]
    groups = plan["aa_groups"]
    lo, prob = coverage_range(groups)
    out = {}
    for tag, v in (("topk128", s128), ("topk512", s512)):
        out |= {f"cost_{tag}_{k}": v[k] for k in ("shape", "kernel_us", "gpu_s")}
        out |= {f"cost_{tag}_{arm}_{k}": v[arm][k] for arm in ("ab", "ba")
                for k in ("delta", "ci", "ns", "pairs", "control")}
        out |= {f"cost_{tag}_aa_{k}": v["aa"][k] for k in ("covered", "pairs", "resampled", "delta")}
    return out | {
        "cost_aa_groups": str(groups),
        "cost_aa_range": f"{lo} to {groups} of {groups}",
        "cost_aa_range_prob": f"{100 * prob:.0f}%",
        "cost_wall_min": f"{manifest['wall_s'] / 60:.1f} min",
        "cost_processes": str(Plan(**plan).processes),
        "cost_launches": str(manifest["launches_per_process"]),
        "cost_import_s": f"{manifest['import_s_median']:.1f} s",
        "cost_gpu_per_process_s": f"{manifest['gpu_s_per_process_median']:.1f} s",
    }


def reported_glue() -> dict:
    """PR #426's figures (racelab.vocab.PR_REPORTED), formatted for the page."""
    t, n = PR_REPORTED["timing"], PR_REPORTED["numerics"]
    small, big, swapped = t["topk128"], t["b3-sq64-skv2048-topk512"], t["b3-sq64-skv2048-topk512-swapped"]
    return {"pr_topk128": f"{pct(small['delta_pct'])} ± {small['ci95_pct']:.3f}%",
            "pr_big": f"{pct(big['delta_pct'])} ± {big['ci95_pct']:.3f}%",
            "pr_big_ns": f"~+{big['delta_ns']:.0f} ns on {big['kernel_us']} µs",
            "pr_swapped": f"{pct(swapped['delta_pct'])} ± {swapped['ci95_pct']:.3f}%",
            "pr_control": f"|Δ| ≤ {t['control']['abs_delta_pct_max']}%",
            "pr_pairs": str(big["pairs"]),
            "pr_dik_unpatched": f"{n['d_index_k_max_rel_dev']['unpatched']:.1e}",
            "pr_dik_patched": f"{n['d_index_k_max_rel_dev']['patched']:.1e}",
            "pr_replays": str(n["replays"])}


def numerics_glue(result: dict) -> dict:
    """The values chapter 05 glues from an sm90-numerics result (racelab.experiments.sm90_numerics)."""
    twin = result["twin"]
    first = next(iter(next(iter(twin.values()))["variants"].values())) if twin else {"launches": 0}
    meta = result.get("upstream_meta", {})
    f32, b16 = result["upstream_fp32"]["summary"], result["upstream_bf16"]["summary"]

    def of(s, name):
        return f"{s[name]['identical_to_first']} of {s['replays']}"

    return {
        "num_twin_identical": f"{sum(e['identical_across_variants'] for e in twin.values())} of {len(twin)}",
        "num_twin_launches": str(first["launches"]),
        "num_shape": meta.get("shape_args", "").replace(",", ", "),
        "num_cudnn": meta.get("cudnn_version", "?"),
        **{f"num_{series}_replays": str(s["replays"]) for series, s in (("fp32", f32), ("bf16", b16))},
        **{f"num_{series}_{out}_{k}": str(s[out]["distinct_sha256"]) if k == "distinct" else of(s, out)
           for series, s in (("fp32", f32), ("bf16", b16)) for out in ("d_index_q", "d_weights", "d_index_k")
           for k in ("distinct", "identical")},
        **{f"num_{series}_dik_{name}": _dik_value(result, f"upstream_{series}", key) for series in ("fp32", "bf16")
           for name, key in (("max_rel_dev", "max_rel_dev"), ("normwise", "max_rel_dev_normwise"))},
        "num_dw_atomics": kernel_atomics_text(result, "d_weights"),
        **{f"num_{series}_dw_{'' if against == 'from_first' else 'other_'}{field.removeprefix('elements_')}":
           deviation_value(s, "d_weights", field, against)
           for series, s in (("fp32", f32), ("bf16", b16)) for against in AGAINST
           for field in ("max_abs", "max_rel", "max_ulps", "elements_differing")},
    }


# ---------------------------------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------------------------------

def shape_title(summary: TimingSummary, shape: str) -> str:
    """A shape as a reader names it: "topk=128, 132 CTAs"."""
    args = dict(kv.split("=") for kv in summary.manifest["shape_args"][shape].split(","))
    if "n_cta" in args:
        return f"topk={args['topk']}, {args['n_cta']} CTAs"
    if "b" in args:
        return f"b={args['b']}, s_q={args['s_q']}, topk={args['topk']}"
    return short(shape)


def summary_table(summary: TimingSummary):
    """The timing summary as the chapter shows it: readable shapes, µs to one decimal, percentages to three,
    the A/A coverage where there is one."""
    import pandas as pd

    rows = []
    for shape, per in summary.shapes.items():
        for name, entry in per.items():
            t, c = entry.test.paired, entry.control.paired
            cov = entry.test.coverage
            rows.append({"shape": shape_title(summary, shape), "experiment": EXPERIMENT_TITLES.get(name, name),
                         "pairs": t.pairs, "kernel": f"{t.a_mean_ns / 1000:.1f} µs",
                         "Δ kernel ± 95% CI": f"{pct(t.delta_pct)} ± {t.ci95_pct:.3f}%",
                         "Δ (ns)": f"{t.delta_ns:+.1f}".replace("-", MINUS),
                         "Δ control ± 95% CI": f"{pct(c.delta_pct)} ± {c.ci95_pct:.3f}%",
                         "A/A covering 0": f"{cov.covered} of {cov.groups}" if cov else None})
    return tables.show(pd.DataFrame(rows), wide=True, nowrap=True)


def reported_frame():
    """The PR's SM100 timing figures (racelab.vocab.PR_REPORTED), as a table labelled with where they come from."""
    import pandas as pd

    t = PR_REPORTED["timing"]
    rows = []
    for key in ("topk128", "b3-sq64-skv2048-topk512", "b3-sq64-skv2048-topk512-swapped"):
        e = t[key]
        rows.append({"shape": e["shape"], "kernel": e["kernel"], "pairs": e["pairs"], "delta (%)": e["delta_pct"],
                     "CI95 (%)": e["ci95_pct"], "source": REPORTED_SOURCE})
    rows.append({"shape": "both", "kernel": t["control"]["kernel"], "pairs": None,
                 "delta (%)": f"|delta| <= {t['control']['abs_delta_pct_max']}", "CI95 (%)": None,
                 "source": REPORTED_SOURCE})
    return pd.DataFrame(rows).set_index(["shape", "kernel"])


def reported_table():
    """reported_frame as the chapter shows it: whole pairs, "Δ ± CI" in one column, "—" where the PR gives no
    figure; where the figures come from is said once, above the table."""
    import pandas as pd

    frame = reported_frame().reset_index()
    shown = pd.DataFrame({
        "shape": frame["shape"], "kernel": frame["kernel"], "pairs": frame["pairs"],
        "Δ kernel ± 95% CI": [f"{pct(d)} ± {ci:.3f}%" if ci is not None and ci == ci else
                              str(d).replace("delta", "Δ").replace("<=", "≤") + "%"
                              for d, ci in zip(frame["delta (%)"], frame["CI95 (%)"])]})
    return tables.show(shown)


def twin_frame(result: dict):
    """The twin's numerics check: one row per shape and arrive variant."""
    import pandas as pd

    rows = []
    for shape, entry in result["twin"].items():
        for v, e in entry["variants"].items():
            rows.append({"shape": shape, "arrive": v, "launches": e["launches"], "sha256": e["sha256"][:16] + "…",
                         "same every launch": e["distinct_sha256"] == 1, "equal to torch": e["correct"],
                         "same for both arrives": entry["identical_across_variants"]})
    return pd.DataFrame(rows).set_index(["shape", "arrive"])


NOT_MEASURED = "not measured"
IDENTICAL = "0 (bytes identical)"
DEVIATION_COLUMNS = {"max_abs": "max |Δ|", "max_ulps": "max ulps", "elements_differing": "elements differing"}
AGAINST = {"from_first": "vs replay 0", "from_other": "vs other series' replay 0"}


def _sci(x) -> str:
    return f"{x:.1e}"


def _dik_value(result: dict, series_key: str, key: str) -> str:
    e = result[series_key]["summary"]["d_index_k"]
    return _sci(e[key]) if key in e else NOT_MEASURED  # a bf16 run before per-element deviations: not one


def deviation_value(summary: TimingSummary, name: str, field: str, against: str = "from_first", fmt=_sci) -> str:
    """One deviation figure of output `name` in a replay summary (racelab.experiments.sm90_numerics), as
    the page shows it: measured (`against`), "0 (bytes identical)" where every replay has the first one's
    sha256 (vs replay 0 only), else "not measured" (older runs read through racelab.core.formats)."""
    e = summary[name]
    value = (e.get(against) or {}).get(field)
    if value is not None:
        return fmt(value) if field.startswith("max_rel") or field == "max_abs" else f"{value:,}"
    if against == "from_first" and e.get("identical_to_first") == summary["replays"]:
        return IDENTICAL
    return NOT_MEASURED


def upstream_frame(result: dict):
    """The upstream replays: one row per output and d_index_k precision. Deviations are strings
    (deviation_value): a figure the run did not measure reads "not measured". The columns of the
    per-element deviation (max |Δ|, max ulps, elements differing, vs replay 0 and vs the other series'
    replay 0) are shown when the run has them."""
    import pandas as pd

    series_keys = [f"upstream_{series}" for series in ("fp32", "bf16") if f"upstream_{series}" in result]
    measured = {against for key in series_keys for e in result[key]["summary"].values()
                if isinstance(e, dict) for against in AGAINST if set(e.get(against) or ()) & set(DEVIATION_COLUMNS)}
    rows = []
    for key in series_keys:
        s = result[key]["summary"]
        for name in ("d_index_q", "d_weights", "d_index_k"):
            e = s[name]
            row = {"series": f"d_index_k in {key.removeprefix('upstream_')}", "output": name, "replays": s["replays"],
                   "distinct sha256": e["distinct_sha256"],
                   "identical to replay 0": f"{e['identical_to_first']} of {s['replays']}",
                   "max rel. deviation": deviation_value(s, name, "max_rel"),
                   "max deviation / max |x|": deviation_value(s, name, "max_rel_normwise"),
                   "non-finite values": e.get("nonfinite_max", NOT_MEASURED)}
            for against in AGAINST:
                if against in measured:
                    row.update({f"{title} {AGAINST[against]}": deviation_value(s, name, field, against)
                                for field, title in DEVIATION_COLUMNS.items()})
            rows.append(row)
    return pd.DataFrame(rows)


def kernel_atomics_text(result: dict, name: str = "d_weights") -> str:
    """The lines of the upstream kernel source that add into output `name` atomically or by reduction, as
    the run recorded them ("line 1005, line 1007 of <file>"); "none in <file>"; or "not recorded"."""
    atomics = result.get("kernel_atomics")
    if not atomics or not atomics.get("found"):
        return "not recorded"
    found = atomics["atomic_lines"].get(name, [])
    where = atomics["source"].rpartition("/")[2]
    return (", ".join(f"line {f['line']}" for f in found) + f" of {where}") if found else f"none in {where}"


def order_null_frame(summary: TimingSummary):
    """Per shape (test kernel, percent): the A/B and B/A pair deltas, the order effect with its interval,
    the A/A deltas, the F test of the A/B and B/A variance against the A/A variance, and the fix's effect
    with its plain paired-t interval and a conservative one (racelab.stats.order_and_null)."""
    import pandas as pd

    rows = [{"shape": shape_title(summary, shape), **r.as_dict()} for shape, r in order_null(summary).items()]
    if not rows:  # no shape has both A/B and B/A pairs (a run stopped before them)
        return pd.DataFrame(index=pd.Index([], name="shape"))
    return pd.DataFrame(rows).set_index("shape")


def spread_frame(runs):
    """(recorded run, its summary) pairs -> one row per run and shape: how far the run's processes spread
    (racelab.experiments.timing.load.process_spread), in the order given."""
    import pandas as pd

    rows = [row for run, summary in runs for row in process_spread(run, summary)]
    return pd.DataFrame(rows)


def spread_contrast(frame, run_a: str, run_b: str, kind: str = "test") -> dict:
    """Per shape of two runs in spread_frame: the ratio of their processes' spread (run_a over run_b) for
    the kernel `kind` ("test" or "control"), with the two-sided F test's p (racelab.stats.variance_ratio)."""
    a, b = (frame[frame["run"] == r].set_index("shape") for r in (run_a, run_b))
    return {shape: variance_ratio(a.at[shape, f"{kind} spread %"], int(a.at[shape, f"{kind} df"]),
                                  b.at[shape, f"{kind} spread %"], int(b.at[shape, f"{kind} df"]))
            for shape in a.index if shape in b.index}


def contrast_text(contrast: dict) -> str:
    """'1.07 and 0.85 (F test p = 0.78 and 0.49)': a spread_contrast's ratios and p, shape by shape."""
    if not contrast:
        return "(not recorded)"
    ratios = " and ".join(f"{c['ratio']:.2f}" for c in contrast.values())
    ps = " and ".join(f"{c['p']:.2g}" for c in contrast.values())
    return f"{ratios} (F test p = {ps})"


def interleaved_glue(summary: TimingSummary | None) -> dict:
    """Chapter 05's figures of an interleaved run (topk=128 and topk=512, in that order), formatted; every
    value "(not recorded)" when there is no run."""
    names = ("effect", "plain", "cons", "basis", "sd_ab", "sd_aa", "p", "order", "order_ci")
    if summary is None:
        out = {f"il_{k}_{n}": "(not recorded)" for k in ("128", "512") for n in names}
        return {**out, "il_pairs": "(not recorded)"}
    frame = order_null_frame(summary)
    if len(frame) != 2:
        raise ValueError(f"an interleaved run of the two twin shapes was expected, not {list(frame.index)}")
    small, large = frame.iloc[0], frame.iloc[1]

    def shape(r) -> dict:
        return {"effect": f"{r['effect']:+.3f}%", "plain": f"± {r['plain_half']:.3f}%",
                "cons": f"± {r['conservative_half']:.3f}%", "basis": r["conservative_basis"],
                "sd_ab": f"{r['sd_ab_ba_within']:.3f}%", "sd_aa": f"{r['sd_aa_within']:.3f}%",
                "p": f"{r['F_p_two_sided']:.2f}", "order": f"{r['order']:+.3f}%",
                "order_ci": f"{r['order_lo']:+.3f}% to {r['order_hi']:+.3f}%"}

    s, g = shape(small), shape(large)
    return {
        "il_128_effect": s["effect"], "il_128_plain": s["plain"], "il_128_cons": s["cons"],
        "il_128_basis": s["basis"], "il_128_sd_ab": s["sd_ab"], "il_128_sd_aa": s["sd_aa"], "il_128_p": s["p"],
        "il_128_order": s["order"], "il_128_order_ci": s["order_ci"],
        "il_512_effect": g["effect"], "il_512_plain": g["plain"], "il_512_cons": g["cons"],
        "il_512_basis": g["basis"], "il_512_sd_ab": g["sd_ab"], "il_512_sd_aa": g["sd_aa"], "il_512_p": g["p"],
        "il_512_order": g["order"], "il_512_order_ci": g["order_ci"],
        "il_pairs": f"{int(small['ab_n'])} A/B, {int(small['ba_n'])} B/A and {int(small['aa_n'])} A/A",
    }


def pairs_needed(summary: TimingSummary, target_pct: float) -> list[dict]:
    """Per shape of an interleaved run: the pairs per arm (A/B, and as many B/A) that the run's pooled A/B,
    B/A SD predicts for a 95% half-width of `target_pct` (racelab.stats.pairs_for_half_width), the processes
    a run with as many A/A pairs as A/B and B/A together would start, and their wall time at this run's
    seconds per process. Predicted from one run's SD, not measured."""
    manifest = summary.manifest
    per_process = manifest["wall_s"] / max(1, manifest["processes"])
    out = []
    for shape, r in order_null_frame(summary).iterrows():
        n = pairs_for_half_width(r["sd_ab_ba_within"], target_pct)
        out.append({"shape": shape, "sd %": r["sd_ab_ba_within"], "pairs per arm": n, "processes": 8 * n,
                    "wall s": 8 * n * per_process})
    return out


def null_power_frame(groups=(), nominal: float = 0.95, alternative: float = 0.85, power: float = 0.8):
    """The null control's binomial test at each number of groups in `groups`, and at the smallest number
    of groups that reaches `power` (racelab.stats.null_control_power, groups_for_power)."""
    import pandas as pd

    rows = [null_control_power(g, nominal, alternative) for g in groups]
    rows.append(groups_for_power(power, nominal, alternative))
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------------------------------

def device_model(summary: TimingSummary) -> str:
    """The GPU model a timing run measured on, as prose names it ("H200")."""
    return gpu_model((summary.manifest.get("device") or {}).get("name"))


def _interval(paired) -> str:
    return interval_text(paired.delta_pct, paired.ci95_pct)


def _close(fig):
    import matplotlib.pyplot as plt

    plt.close(fig)


def plot_pairs(summary: TimingSummary, title: str):
    """Per shape: every pair's delta (dots) and the mean with its Student-t 95% CI (bar), for the test
    kernel and the control kernel, in each experiment. `title`: the figure's title."""
    shapes = list(summary.shapes)
    names = list(next(iter(summary.shapes.values())))
    def means(shape):  # each experiment's two means with their intervals, as the figure draws them
        return "; ".join(f"{EXPERIMENT_TITLES.get(n, n).split(' (')[0]} kernel {_interval(r.test.paired)}, control "
                         f"{_interval(r.control.paired)}" for n, r in summary.shapes[shape].items())

    alt = (f"Per-pair relative kernel-time deltas of the SM90 twin on the {device_model(summary)}, one panel per "
           "shape; for each experiment (A/B, B/A, A/A) the test kernel's pair deltas and mean with 95% CI next to "
           "the control kernel's, around a zero line. "
           + " ".join(f"{shape_title(summary, shape)}: {means(shape)}." for shape in shapes))
    with style.figure(1, len(shapes), figsize=(3.4 * len(shapes), 3.4), alt=alt, squeeze=False) as (fig, axes):
        for ax, shape in zip(axes[0], shapes):
            per = summary.shapes[shape]
            for i, name in enumerate(names):
                for kind, dx, colour in (("test", -0.14, style.ROLE["measured"]), ("control", 0.14, style.ROLE["control"])):
                    res = per[name].of(kind).paired
                    d = [p.delta_pct for p in res.per_pair]
                    xs = [i + dx + 0.05 * ((k * 7919) % 11 - 5) / 5 for k in range(len(d))]
                    ax.scatter(xs, d, s=9, color=colour, alpha=0.45, linewidths=0)
                    ax.errorbar(i + dx, res.delta_pct, yerr=res.ci95_pct, fmt="_", ms=14, mew=2, color=colour,
                                capsize=5, elinewidth=2,
                                label=("kernel under test" if kind == "test" else "control kernel") if i == 0 else None)
            ax.axhline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
            ax.set_xticks(range(len(names)), [EXPERIMENT_TITLES.get(n, n).replace(" (", "\n(") for n in names])
            ax.set_title(f"{shape_title(summary, shape)} (own scale)", fontsize=10)
        axes[0][0].set_ylabel("all-lanes vs elected kernel time,\nper pair (%)")
        fig.legend(*axes[0][0].get_legend_handles_labels(), loc="lower center", ncol=2, fontsize=9, frameon=False,
                   bbox_to_anchor=(0.5, -0.1))
        fig.subplots_adjust(wspace=0.4)
    _close(fig)
    return fig


def plot_aa(summary: TimingSummary, title: str):
    """Each A/A group's 95% CI of the mean delta: the groups whose CI misses 0 stand out."""
    from matplotlib.ticker import MaxNLocator

    shapes = [s for s, per in summary.shapes.items() if "aa" in per]
    alt = ("The 95% confidence intervals of the independent A/A experiments on the SM90 twin, one row per "
           "experiment and one panel per shape; intervals that do not cover zero are highlighted.")
    with style.figure(1, len(shapes), figsize=(3.3 * len(shapes), 2.2), alt=alt, squeeze=False) as (fig, axes):
        for ax, shape in zip(axes[0], shapes):
            cov = summary.shapes[shape]["aa"].test.coverage
            for g, r in enumerate(cov.results):
                colour = style.ROLE["ordered"] if r.covers_zero else style.ROLE["race"]
                ax.errorbar(r.delta_pct, g, xerr=r.ci95_pct, fmt="o", ms=4, color=colour, capsize=3)
            ax.axvline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
            ax.set_title(f"{shape_title(summary, shape)}: {cov.covered} of {cov.groups} cover 0", fontsize=10)
            ax.set_xlabel("A2 vs A1 (%)")
            ax.set_ylabel("A/A experiment")
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
            ax.invert_yaxis()
    _close(fig)
    return fig


def plot_aa_runs(summaries: dict, title: str, phone: bool = False):
    """The A/A groups that the null control counts (pooled_coverage with NULL_MIN_PAIRS; every group when
    none counts) of several runs ({run id: summary}) in one panel, runs one after the other, numbered as in
    the order given: the CI of each group's mean. ``phone``: each run's name inside the panel, at its right
    edge, and the title on short lines, for a phone's column (the figure drawn for the page carries it)."""
    import textwrap

    from matplotlib.ticker import MaxNLocator

    pooled = pooled_coverage(summaries, min_pairs=NULL_MIN_PAIRS)
    counted = {(r["run"], r["shape"]) for r in pooled["runs"] if r["counted"]}
    alt = ("The 95% confidence intervals of the counted independent A/A experiments in the recorded null-control "
           "runs of the SM90 twin, one row per experiment, grouped by run; intervals that miss zero are "
           "highlighted.")
    rows = sum(len(p["aa"].test.coverage.results) for run_id, s in summaries.items()
               for shape, p in s.shapes.items() if "aa" in p and (not counted or (run_id, shape) in counted))
    with style.figure(1, 1, figsize=(3.6 if phone else 6.25, 1.2 + 0.16 * rows), alt=alt) as (fig, ax):
        row = 0
        for n, (run_id, summary) in enumerate(summaries.items()):
            for shape, per in summary.shapes.items():
                if "aa" not in per or (counted and (run_id, shape) not in counted):
                    continue
                first = row
                for r in per["aa"].test.coverage.results:
                    colour = style.ROLE["ordered"] if r.covers_zero else style.ROLE["race"]
                    ax.errorbar(r.delta_pct, row, xerr=r.ci95_pct, fmt="o", ms=3.5, color=colour, capsize=2.5)
                    row += 1
                if n % 2:
                    ax.axhspan(first - 0.5, row - 0.5, color=style.PALETTE["grey"], alpha=0.12, lw=0, zorder=0)
                # the run's id beside its block, outside the axes, so it never covers an interval (on a
                # phone inside the panel's right edge, on a white ground)
                ax.annotate(f"run {n + 1}\n{short(shape)}", (0.98 if phone else 1.02, (first + row - 1) / 2),
                            xycoords=("axes fraction", "data"), ha="right" if phone else "left", va="center",
                            fontsize=9, color=style.PALETTE["black"], annotation_clip=False,
                            bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.85} if phone else None)
        ax.axvline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
        if phone:  # room at the right, clear of the intervals, for the runs' names
            lo, hi = ax.get_xlim()
            ax.set_xlim(lo, hi + 0.5 * (hi - lo))
        heading = (f"Null-control runs: {pooled['covered']} of {pooled['groups']} counted A/A intervals cover 0 "
                   "(orange: misses 0)")
        ax.set_title("\n".join(textwrap.fill(t, 44) for t in (title, heading) if t) if phone else f"{title}\n{heading}",
                     fontsize=10)
        xlabel = "A2 vs A1 (%), mean and 95% CI of each A/A experiment"
        ax.set_xlabel(textwrap.fill(xlabel, 40) if phone else xlabel)
        ax.set_ylabel("A/A experiment")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.invert_yaxis()
    if not phone:
        style.phone_version(fig, lambda: plot_aa_runs(summaries, title, phone=True))
    return fig


def plot_forest(summary: TimingSummary, title: str):
    """Every timing delta with its 95% interval on one axis: the twin's A/B and B/A per shape, its pooled
    A/A per shape, and PR #426's reported B200 figures."""
    rows = []  # (label, delta %, half-width %, colour, note)
    for shape, per in summary.shapes.items():
        for name in ("ab", "ba", "aa"):
            if name not in per:
                continue
            r = per[name].test.paired
            role = "control" if name == "aa" else "measured"
            args = dict(kv.split("=") for kv in summary.manifest["shape_args"][shape].split(","))
            rows.append((f"twin, topk={args.get('topk', '?')}, {EXPERIMENT_TITLES.get(name, name).split(' (')[0]}",
                         r.delta_pct, r.ci95_pct, style.ROLE[role]))
    t = PR_REPORTED["timing"]
    for key, label in (("topk128", "topk=128, 1 CTA"), ("b3-sq64-skv2048-topk512", "b=3, topk=512, A/B"),
                       ("b3-sq64-skv2048-topk512-swapped", "b=3, topk=512, B/A")):
        e = t[key]
        rows.append((f"PR (reported), {label}", e["delta_pct"], e["ci95_pct"], style.ROLE["predicted"]))
    alt = (f"A forest plot of percent change in kernel time, mean and 95 % interval, the {device_model(summary)} "
           "twin's rows, then PR #426's reported B200 rows: "
           + "; ".join(f"{label}, {interval_text(d, ci)}" for label, d, ci, _ in rows) + ".")
    with style.figure(1, 1, figsize=(4.6, 0.6 + 0.3 * len(rows)), alt=alt) as (fig, ax):
        for y, (label, d, ci, colour) in enumerate(rows):
            ax.errorbar(d, y, xerr=ci, fmt="o", ms=5, color=colour, capsize=3, elinewidth=1.8)
            ax.annotate(pct(d), (d + ci, y), xytext=(6, 0), textcoords="offset points", va="center", fontsize=9)
        ax.axvline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
        ax.set_yticks(range(len(rows)), [r[0] for r in rows], fontsize=9)
        ax.invert_yaxis()
        ax.grid(axis="y", visible=False)
        ax.set_xlabel("all-lanes vs elected kernel time (%)\nmean and 95% CI")
        lo = min(d - ci for _, d, ci, _ in rows)
        hi = max(d + ci for _, d, ci, _ in rows)
        ax.set_xlim(lo - 0.1 * (hi - lo), hi + 0.25 * (hi - lo))
        if title:
            ax.set_title(title, fontsize=10, loc="left")
    _close(fig)
    return fig
