"""Chapter 05's main line: the headline run's table, the fix over code layouts (its table and the layout
figure), the real kernel's rows and the figure that puts them beside PR #426's reported figures. Every value comes from racelab.book.findings (the
same functions that make the intro and the Result box), quoted to the digits its half-width supports."""

import pandas as pd

from racelab import stats, style
from racelab.book import cost, findings, real_results, variants
from racelab.book.cost import _close
from racelab.core import store
from racelab.experiments.timing import load
from racelab.experiments.timing.plan import LAYOUT_OFFSETS
from racelab.stats import interval_text, signed_pct
from racelab.vocab import Experiment, PR_REPORTED

SHAPES = {"topk128": "topk=128", "topk512": "topk=512"}


def headline_frame() -> pd.DataFrame:
    """One row per shape of the headline run: the fix's effect with its conservative 95 % interval, the
    variance it rests on and its df, and the pairs of each kind."""
    head = findings.cost_headline()
    return pd.DataFrame([{"shape": SHAPES[k], "fix vs bug (95 %)": head[k]["text"], "variance": head[k]["basis"],
                          "df": head[k]["df"], "A/B + B/A pairs": f"{head[k]['ab_n']} + {head[k]['ba_n']}",
                          "A/A pairs": head[k]["aa_n"]} for k in SHAPES])


def real_kernel_rows(rec, what: str = "K_CONSUMED closed vs shipped") -> pd.DataFrame:
    """The real SM90 kernel's timing run, per shape: the effect with its conservative interval (quoted to
    what its df supports), the df and the pairs."""
    if rec is None:
        return pd.DataFrame()
    frame = cost.order_null_frame(load.summarize_folder(rec))
    return pd.DataFrame([{"shape": shape.split(" (")[0], f"{what} (95 %)":
                          interval_text(r["effect"], r["conservative_half"]), "df": int(r["conservative_df"]),
                          "A/B + B/A pairs": f"{int(r['ab_n'])} + {int(r['ba_n'])}"} for shape, r in frame.iterrows()])


def layouts_frame() -> pd.DataFrame:
    """The fix over code layouts at both shapes (findings.layouts_headline): the fix as compiled (the headline
    run), averaged over the eight offsets (the mixed model), its range over them, the two controls, and the A/A
    groups whose interval covers zero."""
    head, over = findings.cost_headline(), findings.layouts_headline()
    if not over:
        return pd.DataFrame()
    rows = {"fix vs bug, as compiled (headline run)": lambda k: head[k]["text"],
            "fix vs bug, averaged over 8 layouts (mixed model)": lambda k: over[k]["text"],
            "fix vs bug, range over the 8 layouts": lambda k: " to ".join(signed_pct(x) for x in over[k]["range"]),
            "bug moved 128 B vs bug (same alignment)": lambda k: over[k]["controls"][128]["text"],
            "bug moved 16 B vs bug (layout alone)": lambda k: over[k]["controls"][16]["text"],
            "A/A groups whose 95 % interval covers 0": lambda k: f"{over[k]['null']['covered']} of "
                                                           f"{over[k]['null']['groups']}"}
    return pd.DataFrame([{"measure": name, **{SHAPES[k]: get(k) for k in SHAPES}} for name, get in rows.items()])


def plot_layouts():
    """Each build's time against where its compute warpgroup's first read loop lands modulo 128 bytes, per
    shape: the bug (elected) and the fix (all-lanes) at eight offsets, relative to the bug as compiled
    (mixed model, 95 % intervals). Where the two handoffs fall on one curve, the time is the layout's."""
    over = findings.layouts_headline()
    marks = {"elected": ("o", style.ROLE["measured"], "bug (one elected lane arrives)"),
             "all-lanes": ("s", style.ROLE["membar"], "fix (all 32 lanes arrive)")}

    def span(key, handoff):  # the builds' range of one handoff at one shape, in the figure's numbers
        times = [b["time_pct"] for b in over[key]["builds"] if b["handoff"] == handoff and b["offset"] < 128]
        return f"{signed_pct(min(times))} to {signed_pct(max(times))}"

    alt = ("Two panels, topk=128 and topk=512: kernel time of each build, in percent against the bug as compiled, "
           "against the first read loop's address modulo 128. " + ". ".join(
               f"At {SHAPES[k]} the bug's builds span {span(k, 'elected')} and the fix's {span(k, 'all-lanes')}"
               for k in SHAPES) + ".")
    with style.figure(1, 2, figsize=(9.6, 3.6), alt=alt) as (fig, axes):
        for ax, key in zip(axes, SHAPES):
            for handoff, (marker, colour, label) in marks.items():
                pts = sorted((b["head_mod_128"], b["time_pct"], b["half_pct"]) for b in over[key]["builds"]
                             if b["handoff"] == handoff and b["offset"] < 128)
                ax.errorbar([p[0] + (3 if handoff == "all-lanes" else -3) for p in pts], [p[1] for p in pts],
                            yerr=[p[2] for p in pts], fmt=marker, ms=7, color=colour, capsize=3, label=label,
                            mfc="none" if handoff == "all-lanes" else colour)
            ax.axhline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
            ax.set_xticks(range(0, 128, 16))
            ax.set_xlabel("first read loop's address mod 128 (bytes)", fontsize=11)
            ax.set_title(SHAPES[key], fontsize=12)
        axes[0].set_ylabel("kernel time vs bug as compiled (%)", fontsize=11)
        axes[0].legend(fontsize=10, loc="center right")
    _close(fig)
    return fig


def plot_overview(phone: bool = False):
    """The fix as compiled (the headline run, conservative intervals), averaged over code layouts (the mixed
    model), the bug moved 16 bytes (layout alone), and PR #426's reported B200 figures, on one axis of
    percent change in kernel time. ``phone``: each row's label and interval above its point, for a phone's
    column (the figure drawn for the page carries this one as its phone version)."""
    head, over, t = findings.cost_headline(), findings.layouts_headline(), PR_REPORTED["timing"]
    rows = [(f"twin, fix vs bug as compiled, {SHAPES[k]}", head[k]["effect"], head[k]["half"], style.ROLE["measured"])
            for k in SHAPES]
    if over:
        rows += [(f"twin, fix vs bug over 8 layouts, {SHAPES[k]}", over[k]["model"]["effect_pct"],
                  over[k]["model"]["half_pct"], style.ROLE["measured"]) for k in SHAPES]
        rows += [(f"twin, bug moved 16 B vs bug, {SHAPES[k]}", over[k]["controls"][16]["effect"],
                  over[k]["controls"][16]["half"], style.ROLE["membar"]) for k in SHAPES]
    rows += [(f"PR #426 (reported, B200), {label}", t[key]["delta_pct"], t[key]["ci95_pct"], style.ROLE["predicted"])
             for key, label in (("topk128", "topk=128"), ("b3-sq64-skv2048-topk512", "b=3, topk=512"))]
    alt = ("A forest plot of percent change in kernel time, mean and 95 % interval: "
           + "; ".join(f"{label}, {interval_text(d, ci)}" for label, d, ci, _ in rows) + ".")
    size = (3.6, 0.8 + 0.62 * len(rows)) if phone else (6.4, 0.9 + 0.42 * len(rows))
    with style.figure(1, 1, figsize=size, alt=alt) as (fig, ax):
        for y, (label, d, ci, colour) in enumerate(rows):
            ax.errorbar(d, y, xerr=ci, fmt="o", ms=6, color=colour, capsize=3, elinewidth=1.8)
            if phone:  # the label and the interval in words on a line of their own, above the point
                ax.annotate(f"{label}: {interval_text(d, ci)}", (0.0, y), xycoords=("axes fraction", "data"),
                            xytext=(3, 7), textcoords="offset points", va="bottom", fontsize=9)
            else:  # the interval in words, rounded as the prose rounds it: most are too narrow to see as bars
                ax.annotate(interval_text(d, ci), (d + ci, y), xytext=(6, 0), textcoords="offset points",
                            va="center", fontsize=11)
        ax.axvline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
        if phone:
            ax.set_yticks([])
            ax.set_ylim(len(rows) - 0.6, -0.9)
        else:
            ax.set_yticks(range(len(rows)), [r[0] for r in rows], fontsize=11)
            ax.invert_yaxis()
        ax.grid(axis="y", visible=False)
        ax.set_xlabel("change in kernel time (%), mean and 95 % interval", fontsize=9 if phone else 11)
        lo, hi = min(d - ci for _, d, ci, _ in rows), max(d + ci for _, d, ci, _ in rows)
        ax.set_xlim(lo - 0.1 * (hi - lo), hi + (0.1 if phone else 0.75) * (hi - lo))
    _close(fig)
    if not phone:
        style.phone_version(fig, lambda: plot_overview(phone=True))
    return fig


def prose_values(real_rec=None) -> dict:
    """The figures chapter 05's prose quotes, each from the run that produced it (or PR #426's reported
    figures): launches a process, the loops' shift in the all-lanes build, the layout comparisons, their
    pairs and df, and the real kernel's pairs and df."""
    head, lay, t = findings.cost_headline(), findings.layout_headline(), PR_REPORTED["timing"]
    run = store_run(head)
    out = {"c_launches": f"{run.read_json('plan.json')['launches_per_process']:,}"}
    v_run, _ = variants.recorded_runs()
    summary = load.summarize_folder(v_run)
    code, shape = summary.manifest["code"], variants.shape_of(summary, 128, variants.MAIN_WORK[128])
    shift = {int(e, 16) - int(a, 16) for e, a in zip(code["elected"][shape]["read_loop_heads"],
                                                    code["all-lanes"][shape]["read_loop_heads"])}
    out["c_shift"] = " or ".join(f"{s} bytes" for s in sorted(shift))
    for key in ("pad16", "aligned"):
        for topk in (128, 512):
            got = lay[f"{key}_{topk}"]
            out[f"c_{key}_{topk}"] = signed_pct(got["effect"], 2 if abs(got["effect"]) > 0.1 else 3)
            out[f"c_{key}_{topk}_df"] = str(got["df"])
            out[f"c_{key}_{topk}_cons_df"] = str(got["cons_df"])
    p = lay["pad16_128"]
    out["c_layout_pairs"] = f"{p['a_first']} A/B and {p['b_first']} B/A pair{'s' if p['b_first'] > 1 else ''}"
    out.update(layout_values())
    out["pr_small"] = f"{signed_pct(t['topk128']['delta_pct'], 3)} ± {t['topk128']['ci95_pct']:.3f} %"
    big = t["b3-sq64-skv2048-topk512"]
    out["pr_big"] = f"{signed_pct(big['delta_pct'], 3)} ± {big['ci95_pct']:.3f} %"
    out["pr_big_effect"] = signed_pct(big["delta_pct"], 3)
    out["pr_pairs"] = str(big["pairs"])
    out["pr_replays"] = str(PR_REPORTED["numerics"]["replays"])
    rows = real_kernel_rows(real_rec)
    if len(rows):
        out["c_real_pairs"] = " and ".join(sorted(set(rows["A/B + B/A pairs"])))
        out["c_real_df"] = " and ".join(sorted({str(d) for d in rows["df"]}))
    else:
        out["c_real_pairs"] = out["c_real_df"] = "not recorded"
    return out


def layout_values() -> dict:
    """The layouts design's figures chapter 05's prose quotes (l_*), each from its recorded runs."""
    over = findings.layouts_headline()
    if not over:
        return {k: "not recorded" for k in ("l_offsets", "l_pairs", "l_starts", "l_processes", "l_range_128",
                                            "l_range_512", "l_c128_128", "l_c128_512", "l_c16_512", "l_null",
                                            "l_power", "l_slow_heads", "l_sd_offsets_128", "l_sd_offsets_512",
                                            "l_alternative", "l_slow_pct", "l_bug_head", "l_fix_head")}
    o128, o512 = over["topk128"], over["topk512"]
    m = o128["model"]
    slow_builds = [b for b in o128["builds"] if b["time_pct"] > 1.0]  # the alignments a build is slow at
    slow = sorted({b["head_mod_128"] for b in slow_builds})
    first = {b["handoff"]: b["head_mod_128"] for b in o128["builds"] if b["offset"] == 0}
    return {"l_offsets": f"{len(LAYOUT_OFFSETS)} offsets, {LAYOUT_OFFSETS[0]} to {LAYOUT_OFFSETS[-1]} bytes in "
                         f"{LAYOUT_OFFSETS[1] - LAYOUT_OFFSETS[0]}-byte steps",
            "l_pairs": f"{m['pairs_per_offset']} pairs an offset",
            "l_starts": f"{over['starts']} separate starts of the machine",
            "l_processes": str(m["processes"]),
            "l_range_128": " to ".join(signed_pct(x) for x in o128["range"]),
            "l_range_512": " to ".join(signed_pct(x) for x in o512["range"]),
            "l_c128_128": o128["controls"][128]["text"], "l_c128_512": o512["controls"][128]["text"],
            "l_c16_512": o512["controls"][16]["text"],
            "l_null": f"{o128['null']['covered']} and {o512['null']['covered']} of {o128['null']['groups']}",
            "l_power": f"{o128['null']['power']:.2f}",
            "l_alternative": f"{stats.null_control_power(o128['null']['groups'])['alternative']:.0%}".replace("%", " %"),
            "l_slow_pct": ("about " + signed_pct(sum(b["time_pct"] for b in slow_builds) / len(slow_builds), 1).lstrip("+")
                           if slow_builds else "not"),
            "l_bug_head": str(first.get("elected")), "l_fix_head": str(first.get("all-lanes")),
            "l_slow_heads": " and ".join(str(h) for h in slow) if slow else "none",
            "l_sd_offsets_128": f"{m['between_offsets_sd_pct']:.1f} %",
            "l_sd_offsets_512": f"{o512['model']['between_offsets_sd_pct']:.1f} %"}


def store_run(head: dict):
    return store.by_protocol(findings.COST_EXPERIMENT, "sm90", head["protocol"])


def sm100_values(rec) -> dict:
    """The real SM100 kernel's timing as chapter 05 quotes it: where its figures come from (a run recorded
    on a B200 through `make live`, or PR #426's report), and, with a run, its conservative intervals with df."""
    from IPython.display import Markdown

    out = real_results.timing_glue(rec, "sm100")
    if rec is None:
        out["real_timing_source"] = "reported in PR #426 (no SM100 run is recorded here)"
        out["sm100_t_sentence"] = Markdown("")
        return out
    rows = real_kernel_rows(rec, "fix vs bug")
    out["real_timing_source"] = f"measured on {rec.gpu_name} by this book (run {rec.id})"
    flags = timing_flags(real_results.timing_table(rec))
    out["sm100_t_sentence"] = Markdown("Measured with the driver: " + "; ".join(
        f"{r['fix vs bug (95 %)']} at {r['shape']} ({r['df']} df, {r['A/B + B/A pairs']} pairs)"
        for _, r in rows.iterrows()) + " (conservative intervals)." + "".join(f" **To look into:** {f}" for f in flags))
    return out


# which of PR #426's timings stands beside a measured shape, and which of the twin's layout ranges
_PR_KEY = {128: "topk128", 512: "b3-sq64-skv2048-topk512"}


def timing_flags(table) -> list[str]:
    """The measured shapes of a real-kernel timing (real_results.timing_table) whose conservative interval
    misses PR #426's interval and whose effect lies outside the twin's range over code layouts at that topk:
    a result to look into, said beside PR #426's figure, never silently in its place."""
    over = findings.layouts_headline()
    flags = []
    for _, row in table.iterrows():
        topk = int(str(row["shape"]).rsplit("topk=", 1)[-1])
        pr = PR_REPORTED["timing"].get(_PR_KEY.get(topk, ""))
        if pr is None:
            continue
        lo, hi = row["effect %"] - row["± conservative %"], row["effect %"] + row["± conservative %"]
        misses_pr = hi < pr["delta_pct"] - pr["ci95_pct"] or lo > pr["delta_pct"] + pr["ci95_pct"]
        band = (over.get(f"topk{topk}") or {}).get("range")
        outside = band is None or not band[0] <= row["effect %"] <= band[1]
        if misses_pr and outside:
            flags.append(f"at {row['shape']} the fix measured {interval_text(row['effect %'], row['± conservative %'])}, "
                         f"outside PR #426's {signed_pct(pr['delta_pct'], 3)} ± {pr['ci95_pct']:.3f} % and "
                         + (f"outside the {signed_pct(band[0])} to {signed_pct(band[1])} that code layout alone gives the twin"
                            if band else "with no layout range to compare")
                         + "; both are shown, the PR's figure stays beside it.")
    return flags


def chapter_values() -> dict:
    """Every value chapter 05 glues from its runs: the Result box and bottom line, PR #426's box, the real
    kernel's prose (SM90 and SM100), the SM90 real kernel over code layouts (racelab.book.real_alignments;
    its sentence and band as Markdown) and whether the twin's outputs are byte-identical."""
    from IPython.display import Markdown

    from racelab.book import real_alignments
    from racelab.experiments import sm90_numerics

    real_runs = real_results.runs()
    aligned = real_alignments.chapter_glue()
    num_run, _ = load.recorded_run(Experiment.SM90_NUMERICS, needs="sm90")
    return {**findings.glue_values(["cost"]), "pr_box": findings.pr_box(),
            **prose_values(real_runs[(Experiment.REAL_TIMING, "sm90")]), **sm100_values(real_runs[(Experiment.REAL_TIMING, "sm100")]),
            **aligned, **{name: Markdown(aligned[name]) for name in ("rc_sentence", "rc_band")},
            "num_twin_identical": cost.numerics_glue(sm90_numerics.load_recorded(num_run))["num_twin_identical"]}


def cost_banner():
    """The banner of the twin's cost run the chapter quotes (the protocol findings.COST_PROTOCOL names)."""
    from racelab.book.banner import banner

    return banner(store.by_protocol(findings.COST_EXPERIMENT, "sm90", findings.COST_PROTOCOL), "replay")


def layout_banners() -> list:
    """The banners of the code-layout runs the layouts table reads."""
    from racelab.book.banner import banner

    return [banner(run, "replay") for run in findings.layout_runs()]
