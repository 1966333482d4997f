"""Chapter 05's timing designs side by side. For every full run of the twin that holds A/B, B/A and A/A pairs
in one seeded order (two fresh processes a pair, or one process timing both builds, with fixed or alternating
places in the round): the A/B and B/A half-widths, the conservative half-width of the fix's effect and the
pair-delta SDs per shape (racelab.experiments.timing.load.order_null), and a dot plot of the half-widths
against the method's target."""

import pandas as pd

from racelab.experiments.timing import load, plan
from racelab.experiments.timing.designs import design_named

TWO_PROCESSES = "two processes a pair"
FIXED = "one process, fixed places"
ALTERNATING = "one process, alternating places"
DESIGNS = (TWO_PROCESSES, FIXED, ALTERNATING)  # in the order the chapter tells them


def design_of(manifest: dict) -> str:
    """The design a run's plan.json names, as DESIGNS spells it (loaded copies are a column of their own)."""
    if design_named(manifest.get("design")).whole_pair:
        return ALTERNATING if manifest.get("alternate") else FIXED
    return TWO_PROCESSES


def half_width_frame(runs) -> pd.DataFrame:
    """One row per run and shape: design, run, copies, pairs (A/B, as many B/A), the A/B and B/A Student-t
    95% half-widths (`ab_half`, `ba_half`, percent), the fix's effect and its conservative half-width, the
    pair-delta SDs (A/B and B/A within their kind, A/A within its position) and the F test's two-sided p."""
    rows = []
    for run in runs:
        summary = load.summarize_folder(run)
        manifest = summary.manifest
        for shape, got in load.order_null(summary).items():
            per = summary.shapes[shape]
            rows.append({"design": design_of(manifest), "run": run.id, "copies": manifest.get("copies") or 1,
                         "shape": load.short(shape), "pairs": got.ab_n,
                         "ab_half": per["ab"].test.paired.ci95_pct,
                         "ba_half": per["ba"].test.paired.ci95_pct,
                         "effect": got.effect, "conservative_half": got.conservative_half,
                         "sd_ab_ba": got.sd_ab_ba_within, "sd_aa": got.sd_aa_within, "F_p": got.F_p_two_sided})
    frame = pd.DataFrame(rows)
    if not frame.empty:
        frame["worse_half"] = frame[["ab_half", "ba_half"]].max(axis=1)
        frame["met"] = frame["worse_half"] <= plan.INTERLEAVED_TARGET_CI_PCT
    return frame


def plot_half_widths(frame: pd.DataFrame, target: float = plan.INTERLEAVED_TARGET_CI_PCT):
    """Per run (a row, grouped by design, oldest first within a design), the larger of its A/B and B/A
    half-widths at each shape, with the target as a dashed line."""
    import matplotlib.pyplot as plt

    runs = (frame.assign(order=frame["design"].map(DESIGNS.index))
            .sort_values(["order", "run"])[["design", "run", "copies", "pairs"]].drop_duplicates("run"))
    fig, ax = plt.subplots(figsize=(8, 0.3 * len(runs) + 1.2))
    y_of = {run: -i for i, run in enumerate(runs["run"])}
    styles = ({"marker": "o", "color": "C0"}, {"marker": "s", "facecolors": "none", "edgecolors": "C1"})
    for shape, style in zip(sorted(frame["shape"].unique()), styles):
        mine = frame[frame["shape"] == shape]
        ax.scatter(mine["worse_half"], [y_of[r] for r in mine["run"]], s=30, label=shape, zorder=3, **style)
    ax.axvline(target, color="grey", linestyle="--", linewidth=1)
    ax.text(target, 0.55, f" target {target}%", color="grey", fontsize=8, va="bottom")
    stamp = {r: f"{r[4:6]}-{r[6:8]} {r[9:11]}:{r[11:13]}" for r in runs["run"]}  # 20261202T073306Z-h200
    labels = [f"{r.design} · {stamp[r.run]} · {r.pairs} pairs" + (f" · {r.copies} copies" if r.copies > 1 else "")
              for r in runs.itertuples()]
    ax.set_yticks(list(y_of.values()), labels, fontsize=8)
    ax.set_ylim(-len(runs) + 0.4, 1.2)
    ax.set_xscale("log")
    ticks = [t for t in (0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5) if t <= 1.2 * frame["worse_half"].max()]
    ax.set_xticks(ticks, [f"{t:g}" for t in ticks])
    ax.minorticks_off()
    ax.set_xlabel("larger of the A/B and B/A 95% half-widths, % (log scale)")
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    plt.close(fig)  # shown by the page's display(), not twice
    return fig
