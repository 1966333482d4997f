"""Chapter 05's main line: the headline run's table, the layout table, the real kernel's rows and the one
figure that puts them beside PR #426's reported figures. Every value comes from racelab.book.findings (the
same functions that make the intro and the Result box), quoted to the digits its half-width supports."""

import pandas as pd

from racelab import style
from racelab.book import findings
from racelab.book.cost import MINUS, _close
from racelab.stats import interval_text
from racelab.vocab import PR_REPORTED

SHAPES = {"topk128": "topk=128", "topk512": "topk=512"}
COMPARISONS = {"pad16": "elected moved 16 B (pad) vs elected", "aligned": "fix vs bug, both loops aligned"}


def headline_frame() -> pd.DataFrame:
    """One row per shape of the headline run: the fix's effect with its conservative 95 % interval, the
    variance it rests on and its df, and the pairs of each kind."""
    head = findings.cost_headline()
    return pd.DataFrame([{"shape": SHAPES[k], "fix vs bug (95 %)": head[k]["text"], "variance": head[k]["basis"],
                          "df": head[k]["df"], "A/B + B/A pairs": f"{head[k]['ab_n']} + {head[k]['ba_n']}",
                          "A/A pairs": head[k]["aa_n"]} for k in SHAPES])


def layout_frame() -> pd.DataFrame:
    """The layout comparisons at both shapes: the effect on the variance pooled over the run's comparisons
    (its df) and on the conservative one (its df), with the pairs each comparison rests on."""
    lay = findings.layout_headline()
    rows = []
    for key, what in COMPARISONS.items():
        for topk in (128, 512):
            got = lay.get(f"{key}_{topk}")
            if got:
                rows.append({"comparison": what, "shape": f"topk={topk}", "pooled (95 %)": got["text"],
                             "df": got["df"], "conservative (95 %)": got["cons_text"], "df, cons.": got["cons_df"],
                             "pairs": f"{got['a_first']} + {got['b_first']}"})
    return pd.DataFrame(rows)


def real_kernel_rows(rec, what: str = "K_CONSUMED closed vs shipped") -> pd.DataFrame:
    """The real SM90 kernel's timing run, per shape: the effect with its conservative interval (quoted to
    what its df supports), the df and the pairs."""
    from racelab.book import cost
    from racelab.experiments.timing import load

    if rec is None:
        return pd.DataFrame()
    frame = cost.order_null_frame(load.summarize_folder(rec))
    return pd.DataFrame([{"shape": shape.split(" (")[0], f"{what} (95 %)":
                          interval_text(r["effect"], r["conservative_half"]), "df": int(r["conservative_df"]),
                          "A/B + B/A pairs": f"{int(r['ab_n'])} + {int(r['ba_n'])}"} for shape, r in frame.iterrows()])


def plot_overview():
    """The headline run at both shapes (conservative intervals), the layout comparisons (pooled), and PR #426's
    reported B200 figures, on one axis of percent change in kernel time."""
    head, lay, t = findings.cost_headline(), findings.layout_headline(), PR_REPORTED["timing"]
    rows = [(f"twin, fix vs bug, {SHAPES[k]}", head[k]["effect"], head[k]["half"], style.ROLE["measured"])
            for k in SHAPES]
    rows += [(f"twin, {COMPARISONS[key].split(' vs')[0] if key == 'pad16' else 'fix, loops aligned'}, topk={topk}",
              lay[f"{key}_{topk}"]["effect"], lay[f"{key}_{topk}"]["half"], style.ROLE["membar"])
             for key in COMPARISONS for topk in (128, 512) if f"{key}_{topk}" in lay]
    rows += [(f"PR #426 (reported, B200), {label}", t[key]["delta_pct"], t[key]["ci95_pct"], style.ROLE["predicted"])
             for key, label in (("topk128", "topk=128"), ("b3-sq64-skv2048-topk512", "b=3, topk=512"))]
    alt = ("A forest plot of percent change in kernel time: the twin's fix against the bug near +2.2 % at topk=128 "
           "and at zero at topk=512; the padded elected build near +2.2 % at topk=128 and −0.9 % at topk=512; "
           "the aligned builds near zero; PR 426's reported rows near zero and +0.2 %.")
    with style.figure(1, 1, figsize=(6.4, 0.9 + 0.42 * len(rows)), alt=alt) as (fig, ax):
        for y, (label, d, ci, colour) in enumerate(rows):
            ax.errorbar(d, y, xerr=ci, fmt="o", ms=6, color=colour, capsize=3, elinewidth=1.8)
            ax.annotate(f"{d:+.2f} %".replace("-", MINUS), (d + ci, y), xytext=(6, 0), textcoords="offset points",
                        va="center", fontsize=11)
        ax.axvline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
        ax.set_yticks(range(len(rows)), [r[0] for r in rows], fontsize=11)
        ax.invert_yaxis()
        ax.grid(axis="y", visible=False)
        ax.set_xlabel("change in kernel time (%), mean and 95 % interval", fontsize=11)
        lo, hi = min(d - ci for _, d, ci, _ in rows), max(d + ci for _, d, ci, _ in rows)
        ax.set_xlim(lo - 0.1 * (hi - lo), hi + 0.3 * (hi - lo))
    _close(fig)
    return fig


def _pct(x: float, digits: int = 2) -> str:
    return f"{x:+.{digits}f} %".replace("-", MINUS)


def prose_values(real_rec=None) -> dict:
    """The figures chapter 05's prose quotes, each from the run that produced it (or PR #426's reported
    figures): launches a process, the loops' shift in the all-lanes build, the layout comparisons, their
    pairs and df, and the real kernel's pairs and df."""
    from racelab.book import variants
    from racelab.experiments.timing import load

    head, lay, t = findings.cost_headline(), findings.layout_headline(), PR_REPORTED["timing"]
    run = store_run(head)
    out = {"c_launches": f"{run.read_json('plan.json')['launches_per_process']:,}"}
    v_run, _ = variants.recorded_runs()
    summary = load.summarize_folder(v_run)
    code, shape = summary["manifest"]["code"], variants.shape_of(summary, 128, variants.MAIN_WORK[128])
    shift = {int(e, 16) - int(a, 16) for e, a in zip(code["elected"][shape]["read_loop_heads"],
                                                    code["all-lanes"][shape]["read_loop_heads"])}
    out["c_shift"] = " or ".join(f"{s} bytes" for s in sorted(shift))
    for key in ("pad16", "aligned"):
        for topk in (128, 512):
            got = lay[f"{key}_{topk}"]
            out[f"c_{key}_{topk}"] = _pct(got["effect"], 2 if abs(got["effect"]) > 0.1 else 3)
            out[f"c_{key}_{topk}_df"] = str(got["df"])
            out[f"c_{key}_{topk}_cons_df"] = str(got["cons_df"])
    p = lay["pad16_128"]
    out["c_layout_pairs"] = f"{p['a_first']} A/B and {p['b_first']} B/A pair{'s' if p['b_first'] > 1 else ''}"
    out["pr_small"] = f"{_pct(t['topk128']['delta_pct'], 3)} ± {t['topk128']['ci95_pct']:.3f} %"
    big = t["b3-sq64-skv2048-topk512"]
    out["pr_big"] = f"{_pct(big['delta_pct'], 3)} ± {big['ci95_pct']:.3f} %"
    out["pr_big_effect"] = _pct(big["delta_pct"], 3)
    out["pr_pairs"] = str(big["pairs"])
    out["pr_replays"] = str(PR_REPORTED["numerics"]["replays"])
    rows = real_kernel_rows(real_rec)
    if len(rows):
        out["c_real_pairs"] = " and ".join(sorted(set(rows["A/B + B/A pairs"])))
        out["c_real_df"] = " and ".join(sorted({str(d) for d in rows["df"]}))
    else:
        out["c_real_pairs"] = out["c_real_df"] = "not recorded"
    return out


def store_run(head: dict):
    from racelab.core import store

    return store.by_protocol(findings.COST_EXPERIMENT, "sm90", head["protocol"])


def sm100_values(rec) -> dict:
    """The real SM100 kernel's timing as chapter 05 quotes it: where its figures come from (a run recorded
    on a B200 through `make live`, or PR #426's report), and, with a run, its conservative intervals with df."""
    from IPython.display import Markdown

    from racelab.book import real_kernel

    out = real_kernel.timing_glue(rec, "sm100")
    if rec is None:
        out["real_timing_source"] = "reported in PR #426 (no SM100 run is recorded here)"
        out["sm100_t_sentence"] = Markdown("")
        return out
    rows = real_kernel_rows(rec, "fix vs bug")
    out["real_timing_source"] = f"measured on {rec.gpu_name} by this book (run {rec.id})"
    out["sm100_t_sentence"] = Markdown("Measured with the driver: " + "; ".join(
        f"{r['fix vs bug (95 %)']} at {r['shape']} ({r['df']} df, {r['A/B + B/A pairs']} pairs)"
        for _, r in rows.iterrows()) + " (conservative intervals).")
    return out
