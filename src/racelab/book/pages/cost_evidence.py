"""The cost evidence page (95): the sections not in racelab.book.cost_evidence, each returning a Section (the
values it glues, what it shows, and its outputs for later cells) that the cell publishes."""

import pandas as pd
from IPython.display import Markdown, Pretty

from racelab.book import banner as banners
from racelab.book import cost, findings, real_alignments, real_results, tables, variants
from racelab.book.cost_evidence import Section
from racelab.experiments import sm90_numerics as numerics
from racelab.experiments import twin_racecheck as twin_module
from racelab.experiments.timing import load, plan
from racelab.experiments.timing.plan import REAL_PAIRS
from racelab.vocab import Experiment


def headline_run() -> Section:
    """The twin's timing run the page reads (its banner; outputs: run)."""
    run, mode = load.recorded_run(Experiment.TWIN_TIMING, needs="sm90")
    return Section({}, [banners.banner(run, mode)], {"run": run})


def layout_diff(summary) -> Section:
    """What the delta is made of: the all-lanes build against the elected one, instruction by instruction, and
    where each build's read loops start, per shape of the run."""
    layouts = {}
    for shape, args in summary.manifest["shape_args"].items():
        spec = plan.parse_shape(args)
        layouts[shape] = twin_module.layout_diff(spec.topk, spec.heads, spec.work)
    first = next(iter(layouts.values()))
    shifts = {e - a for d in layouts.values() for e, a in zip(
        (int(x, 16) for x in d["variants"]["elected"]["loop_starts"]),
        (int(x, 16) for x in d["variants"]["all-lanes"]["loop_starts"]))}
    values = {"layout_diff_lines": len([d for d in first["diff"] if d.startswith("-")]),
              "layout_loop_shift": ", ".join(f"{s} bytes" for s in sorted(shifts))}
    table = pd.DataFrame([{"shape": shape, "variant": variant, "instructions": v["instructions"],
                           "loop starts": ", ".join(v["loop_starts"]), "loop starts mod 128": v["loop_starts_mod_128"]}
                          for shape, d in layouts.items() for variant, v in d["variants"].items()])
    return Section(values, [Pretty("elected (-) against all-lanes (+):\n" + "\n".join(first["diff"])),
                            tables.show(table, wide=True)])


def null_power(null_summaries) -> Section:
    """The null control's power: with the A/A groups counted so far (none without a run), the largest number of
    misses a 95 % coverage test allows, its power against 85 % coverage, and the groups a power of 0.8 needs."""
    seen = load.pooled_coverage(null_summaries, min_pairs=plan.NULL_MIN_PAIRS)["groups"] if null_summaries else 0
    power = cost.null_power_frame((seen,) if seen else ())
    needed, first = power.iloc[-1], power.iloc[0]
    values = {"null_power_groups": str(seen) if seen else "(not recorded)",
              "null_power_reject": str(int(first["reject_at_most"])) if seen else "(not recorded)",
              "null_power_85": f"{first['power']:.2f}" if seen else "(not recorded)",
              "null_power_verdict": Markdown("can tell 95 % from 85 % coverage" if seen and first["power"] >= 0.8
                                             else "cannot yet tell 95 % from 85 % coverage"),
              "null_groups_needed": str(int(needed["groups"])),
              "null_groups_needed_reject": str(int(needed["reject_at_most"])),
              "null_groups_needed_power": f"{needed['power']:.2f}",
              "null_groups_needed_pairs": str(4 * int(needed["groups"]))}
    return Section(values, [tables.show(power)])


def interleaved_shown() -> Section:
    """The newest interleaved run of the twin: its banner, its table, the order/null table, the GPU's state
    before and after (outputs: interleaved, interleaved_summary; None without a run)."""
    run = load.measured_run(plan.INTERLEAVED_EXPERIMENT, needs="sm90", backend="twin")
    if run is None:
        return Section({}, [Pretty(f"No {plan.INTERLEAVED_EXPERIMENT!r} run is recorded on an SM90 GPU: there is no "
                                   "interleaved measurement to show.")], {"interleaved": None, "interleaved_summary": None})
    summary = load.summarize_folder(run)
    states = pd.DataFrame([{"when": when, **entry} for when, entry in summary.manifest["gpu_state"].items()])
    smi = [Pretty(f"nvidia-smi {when} the run:\n" + run.read_text(f"gpu-{when}.csv"))
           for when in ("before", "after") if f"gpu-{when}.csv" in run.files()]
    return Section({}, [banners.banner(run, "replay"), cost.summary_table(summary),
                        tables.show(cost.order_null_frame(summary).T, index=True, wide=True),
                        tables.show(states, wide=True), *smi], {"interleaved": run, "interleaved_summary": summary})


def figure_or_line(figure, line: str = "") -> list:
    """`figure` to show, or `line` where there is none (nothing without a line)."""
    return [figure] if figure is not None else [Pretty(line)] if line else []


def layout_runs() -> Section:
    """The variants run (the layout experiments) and the alternatives' racecheck run: the banner, the code and
    the sweep of the variants run (outputs: variants_summary, alternatives_run)."""
    variants_run, alternatives_run = variants.recorded_runs()
    if variants_run is None:
        return Section({}, [Pretty(f"No {plan.VARIANTS_EXPERIMENT!r} run is recorded on an SM90 GPU: the layout "
                                   "experiments are not measured yet (`racelab timing variants` records one).")],
                       {"variants_summary": None, "alternatives_run": alternatives_run})
    summary = load.summarize_folder(variants_run)
    return Section({}, [banners.banner(variants_run, "replay"), tables.show(variants.code_frame(summary), wide=True),
                        tables.show(variants.sweep_frame(summary), wide=True, nowrap=True)],
                   {"variants_summary": summary, "alternatives_run": alternatives_run})


def _membar_sentence(variants_summary) -> str:
    if variants_summary is None:
        return "Whether the MEMBAR goes with the fence is not measured yet (the run keeps each build's SASS)."
    alt = variants.alternatives_glue(variants_summary)
    fix_m, bare_m = alt["alt_membar_all_lanes"], alt["alt_membar_all_lanes_no_fence"]
    return (f"The fix's timed build holds {fix_m} MEMBAR and the build without the fence {bare_m}: "
            + ("the MEMBAR.ALL.CTA is the fence's lowering and goes with it (the SASS above)." if fix_m != bare_m
               else "the MEMBAR does not go with the fence (the SASS above)."))


def alternatives(variants_summary, alternatives_run) -> Section:
    """Other ways of fixing the handoff: racecheck's banner, each build's correctness and timing against the bug
    with the model's verdicts, the handoff's SASS as timed, and which handoffs each rule set finds clean
    (outputs: alternatives_figure, None without a variants run)."""
    verdicts = variants.model_verdicts()
    head = (Pretty(f"No {variants.RACECHECK_EXPERIMENT!r} run is recorded: racecheck's columns are not measured yet.")
            if alternatives_run is None else banners.banner(alternatives_run, "replay"))
    sass = [Pretty(f"{build}: the load warp's handoff as timed\n  " + "\n  ".join(lines))
            for build, lines in variants.handoff_sass(variants_summary).items()]
    clean = {rules: [h for h, per in verdicts[128].items() if per[rules]["verdict"] == "clean"]
             for rules in variants.VERDICT_RULES}
    values = {"alt_clean_formal": ", ".join(clean["ptx-formal"]),
              "alt_clean_warpsync_only": ", ".join(h for h in clean["ptx+warpsync"] if h not in clean["ptx-formal"])
              or "none",
              "alt_race_racecheck": ", ".join(h for h, per in verdicts[128].items()
                                              if per["racecheck"]["verdict"] == "race"),
              "alt_membar_sentence": _membar_sentence(variants_summary)}
    shown = [head, tables.show(variants.correctness_frame(alternatives_run, verdicts), wide=True),
             tables.show(variants.variants_frame(variants_summary, alternatives_run, verdicts), wide=True,
                         nowrap=True), *sass]
    figure = None if variants_summary is None else variants.plot_forest(variants_summary)
    return Section(values, shown, {"alternatives_figure": figure})


def numerics_section() -> Section:
    """The SM90 numerics run: its banner, its values, the twin's table (outputs: num)."""
    run, mode = load.recorded_run(Experiment.SM90_NUMERICS, needs="sm90")
    num = numerics.load_recorded(run)
    return Section(cost.numerics_glue(num), [banners.banner(run, mode), tables.show(cost.twin_frame(num), index=True)],
                   {"num": num})


def _sm100_sentence(run) -> str:
    if run is None:
        return "No SM100 timing run is recorded, so the driver's own B200 figures are absent."
    g = real_results.timing_glue(run, "sm100")
    return (f"Measured with the driver: {g['sm100_t_128_effect']} {g['sm100_t_128_cons']} at topk=128 and "
            f"{g['sm100_t_512_effect']} {g['sm100_t_512_cons']} at the multi-block shape (conservative intervals, "
            f"{g['sm100_t_pairs']} pairs).")


def real_sm100() -> Section:
    """The real kernel's timing and numerics values, SM100 and SM90; the SM100 timing run's banner and table, or
    a note that the figures are PR #426's; the PR's table (outputs: sm90_t, sm90_n)."""
    runs = real_results.runs()
    sm100_t, sm90_t = runs[(Experiment.REAL_TIMING, "sm100")], runs[(Experiment.REAL_TIMING, "sm90")]
    sm100_n, sm90_n = runs[(Experiment.REAL_NUMERICS, "sm100")], runs[(Experiment.REAL_NUMERICS, "sm90")]
    values = {**real_results.timing_glue(sm100_t, "sm100"), **real_results.timing_glue(sm90_t, "sm90"),
              **real_results.numerics_glue(sm100_n, "sm100"), **real_results.numerics_glue(sm90_n, "sm90"),
              "real_timing_source": ("reported in PR #426 (no SM100 run is recorded here)" if sm100_t is None else
                                     f"measured on {sm100_t.gpu_name} by this book (run {sm100_t.id})"),
              "sm100_t_sentence": Markdown(_sm100_sentence(sm100_t))}
    shown = ([Markdown(":::{note}\nNo SM100 timing run of the real kernel is recorded: the figures below are "
                       "reported in PR #426 (B200), not measured here. On a B200, `make live` (step "
                       "`real-timing`) records one.\n:::")] if sm100_t is None else
             [banners.banner(sm100_t, "replay"), cost.summary_table(load.summarize_folder(sm100_t))])
    return Section(values, shown + [cost.reported_table()], {"sm90_t": sm90_t, "sm90_n": sm90_n})


def _sm90_reading(run) -> tuple[str, str]:
    """What the SM90 run can say: its size against PR #426's protocol, and whether the two shapes move apart."""
    frame = cost.order_null_frame(load.summarize_folder(run))
    ab_pairs = int(frame["ab_n"].min()) if len(frame) else 0
    apart = len(frame) == 2 and all(abs(r["effect"]) > r["conservative_half"] for _, r in frame.iterrows()) and (
        (frame["effect"].iloc[0] > 0) != (frame["effect"].iloc[1] > 0))
    size = f"a short run, {ab_pairs} A/B pairs a shape" if ab_pairs < REAL_PAIRS else f"{ab_pairs} A/B pairs a shape"
    reading = ((f"The run is short ({ab_pairs} A/B pairs a shape against the PR's {REAL_PAIRS}): a proof that the "
                "driver times the real kernel end to end within one device session, not the PR's protocol."
                if ab_pairs < REAL_PAIRS else f"The run has the PR's {REAL_PAIRS} A/B pairs a shape or more.")
               + (" The topk=128 figure moves the other way from the one at the multi-block shape, where the extra "
                  "arrives happen once per top-k block: as with the twin, a change in code layout is not ruled out."
                  if apart else ""))
    return size, reading


def real_sm90(sm90_t, sm90_n) -> Section:
    """The SM90 kernel's timing run (its size and reading, banner and table, or a note) and numerics run."""
    if sm90_t is None:
        values = {"sm90_t_reading": Markdown(""), "sm90_t_size": "not recorded"}
        shown = [Markdown(":::{note}\nNo H200 timing run of the SM90 kernel is recorded (`make live`, step "
                          "`real-timing`).\n:::")]
    else:
        size, reading = _sm90_reading(sm90_t)
        values = {"sm90_t_size": size, "sm90_t_reading": Markdown(reading)}
        shown = [banners.banner(sm90_t, "replay"), tables.show(real_results.timing_table(sm90_t))]
    if sm90_n is not None:
        shown += [banners.banner(sm90_n, "replay"),
                  tables.show(real_results.numerics_table(sm90_n).drop(columns=["what it is", "status"]))]
    return Section(values, shown)


def code_layouts() -> Section:
    """Which moved builds are layout-only, per kernel (a banner and tables per kernel, or a note), and the real
    kernel's one-offset-a-run layout runs (their banners and tables)."""
    shown = []
    for kernel in ("sm90", "sm100", "fwd"):
        run = real_results.code_layout_run(kernel)
        if run is None:
            shown.append(Markdown(f":::{{note}}\nNo code-layout run of {kernel} is recorded "
                                  f"(`racelab sass --layouts --kernel {kernel}`).\n:::"))
            continue
        summary, builds = real_results.code_layout_frames(run)
        shown += [banners.banner(run, "replay"), tables.show(summary)]
        if kernel == "sm90":
            shown.append(tables.interactive(builds, "code-layout-sm90-builds"))
    layout_runs = real_results.real_layout_runs()
    moved = real_results.real_layouts_glue(layout_runs)
    values = {**real_results.code_layout_glue(), **moved,
              **{name: Markdown(moved[name]) for name in ("rl_sentence", "rl_fit_sentence") if name in moved}}
    if layout_runs:
        shown += [banners.banner(run, "replay") for run in layout_runs]
        shown += [tables.show(real_results.real_layout_table(layout_runs)),
                  tables.show(real_results.real_layout_offsets(layout_runs))]
    return Section(values, shown)


def alignments() -> Section:
    """The real kernel at every alignment (racelab.book.real_alignments): its values, its runs' banners and
    tables (outputs: figure, None without a fit)."""
    fits = real_alignments.fits()
    glued = real_alignments.glue(fits)
    values = {**glued, **({"ra_sentence": Markdown(glued["ra_sentence"])} if "ra_sentence" in glued else {})}
    if not fits:
        return Section(values, [], {"figure": None})
    shown = [banners.banner(run, "replay") for run in real_alignments.runs()]
    shown += [tables.show(real_alignments.runs_table(fits), wide=True), tables.show(real_alignments.table(fits)),
              tables.interactive(real_alignments.offsets_table(fits), "real-alignments-offsets")]
    return Section(values, shown, {"figure": real_alignments.plot(fits, findings.layouts_headline())})
