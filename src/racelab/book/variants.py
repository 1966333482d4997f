"""Chapter 05's sections on code layout and on the other ways of fixing the handoff: the values, the table
and the forest plot of a twin-timing-variants run (racelab.experiments.timing.load.arms_effects), with the
racecheck hazards of a twin-racecheck-alternatives run and the happens-before model's verdicts
(racelab.experiments.twin_racecheck.handoff_verdicts) beside each handoff. Until a run is recorded every
value reads NOT_MEASURED: no default stands in for a measurement."""

from racelab import style
from racelab.book.cost import MINUS, pct
from racelab.core import store
from racelab.experiments.timing import load
from racelab.experiments.timing.designs import comparison_name
from racelab.experiments.timing.plan import ARMS_COMPARISONS, SWEEP_WORK, VARIANTS_EXPERIMENT
from racelab.experiments.twin_racecheck import handoff_verdicts
from racelab.experiments.racecheck_cases import RecordedCase
from racelab.vocab import PR_REPORTED, Experiment, TwinCodeLayout, TwinHandoff, TwinShape, twin_variant, twin_variant_name

NOT_MEASURED = "not measured yet"
NOT_MODELLED = "not modelled"
RACECHECK_EXPERIMENT = Experiment.TWIN_RACECHECK_ALTERNATIVES.value
VERDICT_RULES = ("ptx-formal", "ptx+warpsync", "racecheck")  # the model's rule sets shown beside each handoff
MAIN_WORK = {128: 1024, 512: 384}  # the twin's two timing shapes (racelab.experiments.timing.plan.TWIN_SHAPES)
PAD16 = comparison_name(twin_variant_name("elected", TwinCodeLayout.PAD16), "elected")
ALIGNED = comparison_name(twin_variant_name("all-lanes", TwinCodeLayout.ALIGNED),
                          twin_variant_name("elected", TwinCodeLayout.ALIGNED))
FIX = comparison_name("all-lanes", "elected")


def recorded_runs():
    """(timing run, racecheck run): the newest twin-timing-variants run measured by the twin backend on an
    SM90 GPU and the newest twin-racecheck-alternatives run on one; None for each that is not recorded."""
    timing = load.measured_run(VARIANTS_EXPERIMENT, needs="sm90", backend="twin")
    return timing, store.newest_or_none(RACECHECK_EXPERIMENT, gpu="sm90")


def shape_of(summary: load.TimingSummary, topk: int, work: int) -> str | None:
    """The run's shape label at (topk, work), or None."""
    for label, arg in summary.manifest["shape_args"].items():
        shape = TwinShape.parse(arg)
        if shape.topk == topk and shape.work == work:
            return label
    return None


def effects(summary: load.TimingSummary) -> dict:
    """{(shape label, comparison): row of load.arms_effects}."""
    return {(shape, r["comparison"]): r for shape, rows in load.arms_effects(summary).items() for r in rows}


def interval(row: dict) -> str:
    """"+2.170% ± 0.021%" on the pooled variance."""
    return f"{pct(row['effect'])} ± {row['pooled_half']:.3f}%"


def covers_zero(row: dict) -> bool:
    return abs(row["effect"]) <= row["pooled_half"]


def racecheck_hazards(run) -> dict:
    """{(handoff, topk): {"records", "hazard_bytes", "correct", "status"}} of a twin-racecheck-alternatives run."""
    if run is None:
        return {}

    out = {}
    for c in map(RecordedCase.from_entry, run.read_json("summary.json")["cases"]):
        out[(c.params["arrive"], c.params["topk"])] = {"records": (c.parsed or {}).get("records"),
                                                       "hazard_bytes": c.hazard_bytes, "correct": c.correct,
                                                       "status": c.status}
    return out


def model_verdicts(topks=(128, 512), heads: int = 64) -> dict:
    """{topk: twin_racecheck.handoff_verdicts(topk, heads)} (the model runs here, on the CPU)."""
    return {topk: handoff_verdicts(topk, heads) for topk in topks}


def _verdict_text(v: dict) -> str:
    if v["verdict"] == NOT_MODELLED:
        return NOT_MODELLED
    return v["verdict"] + (f" ({v['unordered_bytes']} B)" if v.get("unordered_bytes") else "")


def correctness_frame(racecheck_run, verdicts: dict):
    """One row per handoff and topk: racecheck's hazard records and bytes (hazard mode, one CTA), whether the
    output was right, and the model's verdict under each rule set of VERDICT_RULES."""
    import pandas as pd

    hazards = racecheck_hazards(racecheck_run)
    rows = []
    for topk, per in verdicts.items():
        for handoff in TwinHandoff:
            h = hazards.get((handoff.value, topk))
            rows.append({"handoff": handoff.value, "topk": topk, "what it does": handoff.description,
                         "racecheck hazard bytes": NOT_MEASURED if h is None else h["hazard_bytes"],
                         "output correct": NOT_MEASURED if h is None else h["correct"],
                         **{f"model: {rules}": _verdict_text(per[handoff.value][rules]) for rules in VERDICT_RULES}})
    return pd.DataFrame(rows)


def variants_frame(summary: load.TimingSummary | None, racecheck_run=None, verdicts: dict | None = None):
    """The alternatives' table: per handoff comparison and shape (both timing shapes), the effect on the
    twin's kernel time with its pooled and conservative 95% half-widths, in ns, and the correctness columns
    (racecheck hazard bytes at that topk, the model's ptx-formal verdict). Without a run: NOT_MEASURED."""
    import pandas as pd

    verdicts = verdicts if verdicts is not None else model_verdicts()
    hazards = racecheck_hazards(racecheck_run)
    table = effects(summary) if summary is not None else {}
    rows = []
    for b, a in ARMS_COMPARISONS:
        handoff, layout = twin_variant(b)
        for topk, work in MAIN_WORK.items():
            shape = shape_of(summary, topk, work) if summary is not None else None
            r = table.get((shape, comparison_name(b, a)))
            h = hazards.get((handoff.value, topk)) if layout is TwinCodeLayout.NATURAL else None
            v = verdicts.get(topk, {}).get(handoff.value, {}).get("ptx-formal")
            rows.append({"variant": b, "against": a, "topk": topk,
                         "pairs": r["pairs"] if r else NOT_MEASURED,
                         "Δ kernel ± 95% (pooled)": interval(r) if r else NOT_MEASURED,
                         "± conservative": f"{r['conservative_half']:.3f}%" if r else NOT_MEASURED,
                         "Δ (ns)": f"{r['delta_ns']:+.0f}".replace("-", MINUS) if r else NOT_MEASURED,
                         "racecheck hazard bytes": (h["hazard_bytes"] if h else NOT_MEASURED)
                         if layout is TwinCodeLayout.NATURAL else "as " + handoff.value,
                         "model (ptx-formal)": _verdict_text(v) if v else NOT_MODELLED})
    return pd.DataFrame(rows)


def forest_rows(summary: load.TimingSummary) -> list[tuple]:
    """(label, topk, effect %, pooled half %) of every comparison at both timing shapes."""
    table = effects(summary)
    rows = []
    for b, a in ARMS_COMPARISONS:
        for topk, work in MAIN_WORK.items():
            r = table.get((shape_of(summary, topk, work), comparison_name(b, a)))
            if r is not None:
                rows.append((f"{b} vs {a}", topk, r["effect"], r["pooled_half"]))
    return rows


def plot_forest(summary: load.TimingSummary):
    """Every comparison's effect with its 95% interval (pooled variance), one row per comparison, both
    timing shapes side by side in two colours."""
    rows = forest_rows(summary)
    labels = list(dict.fromkeys(r[0] for r in rows))
    colour = {128: style.PALETTE["blue"], 512: style.PALETTE["orange"]}
    alt = ("A forest plot: one row per way of building the SM90 twin, each compared with the elected build "
           "(the layout rows with their own baselines); for each, the change in kernel time with its 95% "
           "interval at topk=128 and at topk=512, in two colours, around a zero line.")
    with style.figure(1, 1, figsize=(6.25, 0.9 + 0.42 * len(labels)), alt=alt) as (fig, ax):
        for label, topk, effect, half in rows:
            y = labels.index(label) + (-0.15 if topk == 128 else 0.15)
            ax.errorbar(effect, y, xerr=half if half == half else None, fmt="o", ms=4.5, color=colour[topk],
                        capsize=3, elinewidth=1.6, label=f"topk={topk}")
        handles, names = ax.get_legend_handles_labels()
        seen = dict(zip(names, handles))
        ax.legend(seen.values(), seen.keys(), fontsize=9, frameon=False, loc="lower right")
        ax.axvline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
        ax.set_yticks(range(len(labels)), labels, fontsize=9)
        ax.invert_yaxis()
        ax.grid(axis="y", visible=False)
        ax.set_xlabel("change in the twin's kernel time (%), mean and 95% interval (pooled variance)")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return fig


def sweep_frame(summary: load.TimingSummary):
    """The work sweep at topk=128: per trip count, the fix's effect against the bug in percent and in ns,
    and the 16-byte shift's, with their pooled intervals."""
    import pandas as pd

    table = effects(summary)
    rows = []
    for work in sorted({MAIN_WORK[128], *SWEEP_WORK}):
        shape = shape_of(summary, 128, work)
        fix, pad = table.get((shape, FIX)), table.get((shape, PAD16))
        if fix is None:
            continue
        rows.append({"work (loop trips)": work, "kernel (µs)": f"{fix['kernel_us']:.1f}",
                     "all-lanes vs elected": interval(fix), "… in ns": f"{fix['delta_ns']:+.0f}".replace("-", MINUS),
                     "elected+pad16 vs elected": interval(pad) if pad else NOT_MEASURED,
                     "… in ns ": f"{pad['delta_ns']:+.0f}".replace("-", MINUS) if pad else NOT_MEASURED})
    return pd.DataFrame(rows)


def code_frame(summary: load.TimingSummary, topk: int = 128):
    """The SASS of each timed build at topk=`topk` (main work), as its worker read it before timing it:
    pads, read-loop heads (and mod 128), MEMBARs, and whether the padded build landed as intended."""
    import pandas as pd

    code = summary.manifest.get("code") or {}
    shape = shape_of(summary, topk, MAIN_WORK[topk])
    rows = []
    for variant, per in code.items():
        c = per.get(shape)
        if c is None:
            continue
        rows.append({"build": variant, "pads": c.get("pad"), "read loop heads": ", ".join(c["read_loop_heads"]),
                     "mod 128": ", ".join(str(x) for x in c["read_loop_heads_mod_128"]),
                     "MEMBAR": c["ordering"]["MEMBAR"], "instructions": c["instructions"],
                     "landed as intended": (c.get("verify") or {}).get("ok", True)})
    return pd.DataFrame(rows)


def _ratio_text(x: float, y: float) -> str:
    return f"{abs(x) / abs(y):.1f}×" if y else "n/a"


def layout_glue(summary: load.TimingSummary | None) -> dict:
    """The layout section's values: the 16-byte shift of the elected build, the fix with both builds'
    first read loop aligned, the sweep's ends, the loop heads, and the comparison with PR #426's +0.218%
    (racelab.vocab.PR_REPORTED). Every value NOT_MEASURED without a run."""
    keys = ("pad16", "pad16_verdict", "pad16_ns", "aligned", "aligned_verdict", "natural", "sweep_lo", "sweep_hi",
            "sweep_ns_lo", "sweep_ns_hi", "sweep_work_lo", "sweep_work_hi", "heads_elected", "heads_pad16",
            "heads_aligned", "pads_aligned", "pad16_vs_pr", "pad16_512", "aligned_512")
    pr = PR_REPORTED["timing"]["b3-sq64-skv2048-topk512"]
    out = {f"lay_{k}": NOT_MEASURED for k in keys}
    out["lay_pr"] = f"{pct(pr['delta_pct'])} ± {pr['ci95_pct']:.3f}%"
    works = sorted({MAIN_WORK[128], *SWEEP_WORK})  # the design's trip counts, not a measurement
    out["lay_sweep_plan"] = ", ".join(map(str, works[:-1])) + f" and {works[-1]}"
    if summary is None:
        return out
    table = effects(summary)
    s128, s512 = shape_of(summary, 128, MAIN_WORK[128]), shape_of(summary, 512, MAIN_WORK[512])
    verdict = {True: "not distinguishable from zero", False: "distinguishable from zero"}

    for key, comparison, shape in (("pad16", PAD16, s128), ("aligned", ALIGNED, s128), ("natural", FIX, s128),
                                   ("pad16_512", PAD16, s512), ("aligned_512", ALIGNED, s512)):
        row = table.get((shape, comparison))
        if row is not None:
            out[f"lay_{key}"] = interval(row)
            if f"lay_{key}_verdict" in out:
                out[f"lay_{key}_verdict"] = verdict[covers_zero(row)]
    pad = table.get((s128, PAD16))
    if pad is not None:
        out["lay_pad16_ns"] = f"{pad['delta_ns']:+.0f} ns".replace("-", MINUS)
        out["lay_pad16_vs_pr"] = _ratio_text(pad["effect"], pr["delta_pct"])
    works = sorted(w for w in {MAIN_WORK[128], *SWEEP_WORK} if table.get((shape_of(summary, 128, w), FIX)))
    if len(works) >= 2:
        lo, hi = (table[(shape_of(summary, 128, w), FIX)] for w in (works[0], works[-1]))
        out.update(lay_sweep_lo=interval(lo), lay_sweep_hi=interval(hi), lay_sweep_work_lo=str(works[0]),
                   lay_sweep_work_hi=str(works[-1]),
                   lay_sweep_ns_lo=f"{lo['delta_ns']:+.0f} ns".replace("-", MINUS),
                   lay_sweep_ns_hi=f"{hi['delta_ns']:+.0f} ns".replace("-", MINUS))
    code = summary.manifest.get("code") or {}

    def heads(variant):
        c = (code.get(variant) or {}).get(s128)
        return ", ".join(c["read_loop_heads"]) if c else NOT_MEASURED

    out.update(lay_heads_elected=heads("elected"), lay_heads_pad16=heads("elected+pad16"),
               lay_heads_aligned=heads("elected+aligned"))
    pads = [f"{v} {((code.get(v) or {}).get(s128) or {}).get('pad', '?')}"
            for v in ("elected+aligned", "all-lanes+aligned") if v in code]
    if pads:
        out["lay_pads_aligned"] = " and ".join(pads)
    return out


def alternatives_glue(summary: load.TimingSummary | None) -> dict:
    """Per handoff at both shapes: its effect against the bug with the pooled interval, or NOT_MEASURED."""
    table = effects(summary) if summary is not None else {}
    out = {}
    for handoff in TwinHandoff:
        if handoff is TwinHandoff.ELECTED:
            continue
        for topk, work in MAIN_WORK.items():
            shape = shape_of(summary, topk, work) if summary is not None else None
            r = table.get((shape, comparison_name(handoff.value, "elected")))
            key = f"alt_{handoff.name.lower()}_{topk}"
            out[key] = interval(r) if r else NOT_MEASURED
    code = (summary.manifest.get("code") if summary else None) or {}
    s128 = shape_of(summary, 128, MAIN_WORK[128]) if summary is not None else None
    for handoff in (TwinHandoff.ALL_LANES, TwinHandoff.ALL_LANES_NO_FENCE):
        c = (code.get(handoff.value) or {}).get(s128)
        out[f"alt_membar_{handoff.name.lower()}"] = str(c["ordering"]["MEMBAR"]) if c else NOT_MEASURED
    return out


def handoff_sass(summary: load.TimingSummary | None, variants=("all-lanes", "all-lanes-no-fence"), topk: int = 128) -> dict:
    """{variant: the load warp's handoff in SASS (twin_layout.handoff_segment) of the timed build}, from the
    run's manifest; {} without a run."""
    if summary is None:
        return {}
    code, shape = summary.manifest.get("code") or {}, shape_of(summary, topk, MAIN_WORK[topk])
    return {v: code[v][shape]["handoff_sass"] for v in variants if shape in (code.get(v) or {})}

