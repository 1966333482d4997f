"""The real kernel's alignments design (`racelab timing real --alignments`, real-timing-alignments) for the cost
evidence page, chapter 05 and the K_CONSUMED report: the fix against the bug with both moved by each 16-byte
offset 0-112, the placebo (the bug moved 128 bytes further: the same alignment) at each, and the bug moved 16
bytes, in one randomised run a machine start; the fix and the placebo through one model
(racelab.experiments.timing.layouts.real_alignments). Runs of different GPU models are never pooled: the fit
takes the model with the most machine starts."""

from racelab.core import store
from racelab.experiments.timing import layouts
from racelab.experiments.timing.plan import REAL_ALIGNMENTS_EXPERIMENT
from racelab.stats import interval_text


def runs(root=None) -> list:
    """Every measured real-timing-alignments run of upstream's SM90 kernel, newest first."""
    return store.candidates(REAL_ALIGNMENTS_EXPERIMENT, "sm90", backend="real", root=root)


def fits(recorded=None) -> list[dict]:
    """layouts.real_alignments at every shape, over the runs of one GPU model (the one with the most machine
    starts), each with "gpu" and "runs" (ids); [] when none is recorded."""
    recorded = runs() if recorded is None else recorded
    if not recorded:
        return []
    by_gpu: dict = {}
    for run in recorded:
        by_gpu.setdefault(run.gpu_name, []).append(run)
    gpu, chosen = max(by_gpu.items(), key=lambda kv: (len({layouts.start_of(r) for r in kv[1]}), len(kv[1])))
    shapes = sorted(layouts.alignment_pairs(chosen)["shape"].unique())
    return [{"gpu": gpu, "runs": [r.id for r in chosen], **layouts.real_alignments(chosen, shape)}
            for shape in shapes]


def _topk(fit: dict) -> str:
    """The shape's topk, as the glue names and titles give it ("128")."""
    return fit["shape"].split("topk")[-1]


def _range(fit: dict) -> str:
    low, high = fit["range_pct"]
    return f"{low:+.2f} % to {high:+.2f} %".replace("-", "\u2212")


def table(found: list[dict]):
    """One row a shape: the fix averaged over the eight alignments (the fit's interval), the placebo through the
    same model and whether its interval covers 0, the fix's effect at single alignments (lowest to highest),
    the bug moved 16 bytes, the machine starts and pairs."""
    import pandas as pd

    return pd.DataFrame([{
        "shape": f["shape"], "fix, over the alignments": interval_text(f["fix"]["effect_pct"], f["fix"]["half_pct"]),
        "placebo (+128 B)": interval_text(f["placebo"]["effect_pct"], f["placebo"]["half_pct"]),
        "placebo covers 0": "yes" if f["placebo_covers_zero"] else "NO",
        "fix at single alignments": _range(f),
        "bug moved 16 B": interval_text(f["layout_16"]["effect"], f["layout_16"]["half"]) if f["layout_16"] else "",
        "starts": f["fix"]["starts"], "pairs (fix)": f["fix"]["pairs"]} for f in found])


def offsets_table(found: list[dict]):
    """Every alignment at every shape: the fix's and the placebo's mean pair delta there (Student-t 95 %)."""
    import pandas as pd

    rows = []
    for f in found:
        placebo = {o["offset"]: o for o in f["placebo"]["offsets"]}
        for o in f["fix"]["offsets"]:
            p = placebo.get(o["offset"])
            rows.append({"shape": f["shape"], "offset (B)": o["offset"], "fix": interval_text(o["effect"], o["half"]),
                         "pairs": o["n"], "placebo": interval_text(p["effect"], p["half"]) if p else "",
                         "placebo pairs": p["n"] if p else 0})
    return pd.DataFrame(rows)


def glue(found: list[dict]) -> dict:
    """The values the pages glue ("ra_*") and the sentence that reports the design: what the fix costs over
    all eight alignments, whether the placebo lets that interval mean anything, and the single-alignment
    range a user meets as compiled."""
    if not found:
        return {"ra_recorded": "no", "ra_sentence": "No run of this design on a GPU is recorded yet."}
    first = found[0]
    starts, df = first["fix"]["starts"], first["fix"]["df"]
    fit = (f"one machine start; OLS, Student-t 95 %, {df} df" if starts == 1 else
           f"{starts} machine starts; " + first["fix"]["fit"].replace(" (", ", ").replace(")", ""))
    out = {"ra_recorded": "yes", "ra_gpu": first["gpu"], "ra_runs": ", ".join(first["runs"]),
           "ra_starts": str(starts), "ra_fit": fit}
    for f in found:
        key = _topk(f)
        out.update({f"ra_{key}": interval_text(f["fix"]["effect_pct"], f["fix"]["half_pct"]),
                    f"ra_{key}_placebo": interval_text(f["placebo"]["effect_pct"], f["placebo"]["half_pct"]),
                    f"ra_{key}_range": _range(f), f"ra_{key}_pairs": str(f["fix"]["pairs"]),
                    f"ra_{key}_covers": f["placebo_covers_zero"]})
    shapes = [_topk(f) for f in found]
    covered = all(out[f"ra_{k}_covers"] for k in shapes)
    per_shape = "; ".join(f"at topk={k} the fix gives {out[f'ra_{k}']} and the placebo {out[f'ra_{k}_placebo']}"
                          for k in shapes)
    ranges = " and ".join(f"{out[f'ra_{k}_range']} at topk={k}" for k in shapes)
    verdict = ("every placebo interval covers 0, so the fit separates the fix from a move of the code" if covered else
               "the placebo's interval excludes 0: moving the unchanged kernel by 128 bytes, to the same alignment "
               "modulo 128, changes its time by more than the fix's own delta, so on this kernel where the code "
               "lands decides its time at the size the fix could change it, and the fix's interval measures these "
               "builds, not the fix")
    out["ra_sentence"] = (
        f"The alignments design was run on the {first['gpu']} ({out['ra_runs']}; {out['ra_fit']}): averaged over "
        f"the eight 16-byte alignments, {per_shape}; {verdict}. At single alignments, as a build is compiled, the "
        f"fix's effect ranges from {ranges}.")
    return out


def chapter_glue(found=None) -> dict:
    """What chapter 05 and the K_CONSUMED report say of the real kernel's cost ("rc_*"): from the alignments
    design where a run of it is recorded, else from the real-timing-layouts runs (one offset a run, half of
    the alignments; racelab.book.real_results), saying which."""
    from racelab.book import real_results

    found = fits() if found is None else found
    if found:
        said = glue(found)
        keys = [_topk(f) for f in found]
        ranges = " and ".join(f"from {said['ra_' + k + '_range']} at topk={k}" for k in keys)
        return {"rc_sentence": said["ra_sentence"], "rc_design": "alignments",
                "rc_layouts": "all eight 16-byte alignments in one randomised run a machine start, with a placebo",
                "rc_band": f"On upstream's SM90 sibling ({said['ra_gpu']}) the fix's effect moves {ranges} over "
                           "the eight alignments."}
    old = real_results.real_layouts_glue()
    return {"rc_sentence": old["rl_sentence"], "rc_design": "offsets", "rc_band": old["rl_band"],
            "rc_layouts": f"{old['rl_n_offsets']} code layouts"}


def chapter_table(found=None):
    """Chapter 05's table of the real kernel's cost: the alignments design's (table) where recorded, else the
    real-timing-layouts runs' (real_results.real_layout_chapter_table)."""
    from racelab.book import real_results

    found = fits() if found is None else found
    return table(found) if found else real_results.real_layout_chapter_table()


def clocks(run) -> str:
    """The GPU's SM clock before and after a run, as recorded (gpu-before.csv, gpu-after.csv): the settings are
    left as they are, so the reader sees where the clock stood."""
    def sm(name):
        try:
            lines = run.read_text(name).splitlines()
        except Exception:  # noqa: BLE001 - a run without the file says so
            return "not recorded"
        return lines[1].split(",")[0].strip() if len(lines) > 1 else "not recorded"

    return f"{sm('gpu-before.csv')} before, {sm('gpu-after.csv')} after"


def runs_table(found: list[dict]):
    """One row a run of the fit: its id, GPU, machine start, the SM clock before and after, the pairs it holds."""
    import pandas as pd

    from racelab.experiments.timing import load

    rows = []
    for run in runs():
        if found and run.id in found[0]["runs"]:
            summary = load.summarize_folder(run)
            rows.append({"run": run.id, "GPU": run.gpu_name, "machine start": layouts.start_of(run)[:8],
                         "SM clock": clocks(run), "wall (s)": round(summary.manifest.get("wall_s", 0)),
                         "command": run.provenance["command"]})
    return pd.DataFrame(rows)


def plot(found: list[dict], twin: dict | None = None, phone: bool = False):
    """Per shape, the fix's effect at each of the eight alignments on the real kernel, its placebo there (the
    bug moved 128 bytes: the same alignment), and the twin's fix at each offset (its layouts design), with the
    fit's average over the alignments as a line; 95 % intervals. ``twin``: the twin's layouts design
    (racelab.book.findings.layouts_headline), or None. ``phone``: the panels one under another and the key in
    one column, for a phone's text column (the page's drawing carries this one)."""
    from racelab import style

    twin = twin or {}
    key = {f["shape"]: "topk" + _topk(f) for f in found}
    series = []
    for f in found:
        real_gpu, twin_gpu = f["gpu"], twin.get("model", "")
        series.append((f, [("real kernel: fix", f["fix"]["offsets"], "s", style.ROLE["measured"], -4),
                           ("real kernel: placebo (+128 B)", f["placebo"]["offsets"], "^", style.ROLE["membar"], 0),
                           (f"twin ({twin_gpu}): fix", (twin.get(key[f["shape"]]) or {}).get("offsets", []), "o",
                            style.ROLE["predicted"], 4)], real_gpu))
    alt = ("Per shape, percent change in kernel time at each 16-byte offset: " + "; ".join(
        f"{f['shape']}: the real kernel's fix averages {interval_text(f['fix']['effect_pct'], f['fix']['half_pct'])} "
        f"and ranges {_range(f)}, its placebo averages "
        f"{interval_text(f['placebo']['effect_pct'], f['placebo']['half_pct'])}" for f in found) + ".")
    grid = (len(found), 1) if phone else (1, len(found))
    size = (3.3, 3.0 * len(found) + 1.1) if phone else (4.8 * len(found), 4.4)
    with style.figure(*grid, figsize=size, alt=alt, squeeze=False) as (fig, axes):
        for ax, (f, lines, gpu) in zip(axes.flat, series):
            for label, offsets, marker, colour, dx in lines:
                if offsets:
                    ax.errorbar([o["offset"] + dx for o in offsets], [o["effect"] for o in offsets],
                                yerr=[o["half"] for o in offsets], fmt=marker, ms=6, color=colour, capsize=3,
                                label=label)
            ax.axhline(f["fix"]["effect_pct"], color=style.ROLE["measured"], lw=1, ls="--",
                       label="real kernel: fix over the alignments")
            ax.axhline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
            ax.set_xticks(range(0, 128, 16))
            ax.set_xlabel("both builds moved by (bytes)", fontsize=10)
            ax.set_title(f"topk={_topk(f)}" + ("" if phone else f" ({gpu})"), fontsize=10)
            if phone:
                ax.set_ylabel("B vs A (%)", fontsize=9)
        axes[0][0].set_ylabel("B vs A (%)" if phone else "kernel time, B vs A (%)", fontsize=9 if phone else 10)
        handles, labels = axes[0][0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="lower center", ncol=1 if phone else 2, fontsize=9 if phone else 10,
                   frameon=False)
        fig.tight_layout(rect=(0, 0.13 if phone else 0.16, 1, 1))
    import matplotlib.pyplot as plt

    plt.close(fig)  # shown where the page displays it, once
    if not phone:
        style.phone_version(fig, lambda: plot(found, twin, phone=True))
    return fig
