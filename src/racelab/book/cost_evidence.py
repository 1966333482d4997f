"""The computations of 95-evidence-cost.md (the evidence behind chapter 05), one function a section: each
takes what it needs as arguments, returns a Section (the values the page glues and the tables
and figures it shows, in order) and writes back the names later cells use."""

import math
import statistics
from dataclasses import dataclass, field

import matplotlib.pyplot as plt
import pandas as pd
from IPython.display import Markdown, display
from myst_nb import glue

from racelab import stats
from racelab.book import cost, findings, tables, variants
from racelab.core import store
from racelab.core import corrections as corrections_
from racelab.book import banner as banners
from racelab.experiments.timing import load, plan
from racelab.stats import interval_text


@dataclass
class Section:
    values: dict = field(default_factory=dict)
    shown: list = field(default_factory=list)
    out: dict = field(default_factory=dict)  # what a later section or cell takes from this one, by name

    def publish(self, *names: str):
        """Glue every value (not displayed) and display what the section shows, in order; return the named
        outputs (one alone, several as a tuple; None for one a branch did not make)."""
        for name, value in self.values.items():
            glue(name, value, display=False)
        for item in self.shown:
            display(item)
        got = tuple(self.out.get(name) for name in names)
        return got[0] if len(got) == 1 else got or None


def _outputs(local: dict, *names: str) -> dict:
    """The names a later cell takes from a section, those it defined (a branch may not have)."""
    return {name: local[name] for name in names if name in local}


def method(run) -> Section:
    """The method: the values it glues and what it shows, from run
    (its outputs: stand_in, summary)."""
    values, shown = {}, []

    summary = load.summarize_folder(run)
    values.update({**cost.timing_glue(summary), **cost.reported_glue()})
    # does an experiment's 95% interval leave out zero?
    verdict = {False: "distinguishable from zero", True: "not distinguishable from zero"}
    values["cost_topk128_ab_verdict"] = verdict[cost.paired(summary, "topk128", "ab").covers_zero]
    values["cost_topk128_ba_verdict"] = verdict[cost.paired(summary, "topk128", "ba").covers_zero]
    values["cost_topk512_ab_verdict"] = verdict[cost.paired(summary, "topk512", "ab").covers_zero]
    values["cost_topk512_ba_verdict"] = verdict[cost.paired(summary, "topk512", "ba").covers_zero]
    # the target set for the method, and the experiments that missed it
    values["cost_target"] = (f"a half-width of at most {plan.TARGET_CI_PCT}% within {plan.TARGET_GPU_S / 60:.0f} minutes "
         "of GPU time per shape")
    experiments, missed = load.target_misses(summary, plan.TARGET_CI_PCT, plan.TARGET_GPU_S)
    misses = []
    for m in missed:
        why = ([f"half-width {m['ci95_pct']:.3f}%"] if m["ci95_pct"] is not None else []) + (
            [f"{m['gpu_s']:.0f} s of GPU time"] if m["gpu_s"] is not None else [])
        misses.append(f"{'A/B' if m['experiment'] == 'ab' else 'B/A'} at {m['shape']} ({', '.join(why)})")
    timing = cost.timing_glue(summary)
    resampled = (timing["cost_topk512_aa_resampled"], timing["cost_topk128_aa_resampled"])
    values["cost_aa_resampled_sentence"] = ("" if "n/a" in resampled else
         f"Drawing subsets of all A/A pairs as large as the A/B experiment gives a resampled coverage of "
         f"{resampled[0]} and {resampled[1]} (the subsets overlap: an estimate, not independent experiments).")
    values["cost_target_verdict"] = ("met by A/B and B/A at every shape" if not misses else
         "not met by any experiment" if len(misses) == experiments else
         "met by every A/B and B/A experiment except " + " and ".join(misses))

    def stand_in(summary):
        return (f"The method measured on {summary.manifest['device']['name']} with the SM90 twin (a stand-in "
                "for the SM100 kernel)")

    manifest = summary.manifest
    shown.append(Markdown(f"The method, measured on {manifest['device']['name']} with the SM90 twin (a stand-in for the "
                     f"SM100 kernel): {manifest['launches_per_process']:,} launches per kernel per shape per process, "
                     f"{manifest['plan']['ab_pairs']} A/B pairs, {manifest['plan']['ba_pairs']} B/A pairs, "
                     f"{manifest['plan']['aa_groups']} A/A groups of {manifest['plan']['aa_pairs_per_group']} pairs."))
    shown.append(cost.summary_table(summary))
    return Section(values, shown, _outputs(locals(), 'stand_in', 'summary'))


def null_control_runs(stand_in) -> Section:
    """Runs made for the null control: the values it glues and what it shows, from stand_in
    (its outputs: null_figure, null_runs, null_summaries)."""
    values, shown = {}, []

    # the unit pooled here is the A/A group, so the groups of a run a make-live budget shortened count too
    null_runs = store.all_runs(plan.NULL_EXPERIMENT, "sm90")
    if not null_runs:
        print(f"No {plan.NULL_EXPERIMENT!r} run is recorded: the coverage above is all there is.")
        for name in ("runs", "groups", "covered", "coverage", "expected", "expected_prob", "pairs", "protocol",
                     "wall_min", "early_launches"):
            values[f"null_{name}"] = "(not recorded)"
        values["null_exit_text"] = Markdown("")
    else:
        null_summaries = {}
        for r in null_runs:
            shown.append(banners.banner(r, "replay"))
            null_summaries[r.id] = load.summarize_folder(r)
        shown.append(tables.show(pd.DataFrame([{"run": n + 1, "id": r.id, "command": r.provenance["command"]}
                                          for n, r in enumerate(null_runs)]), wide=True))
        pooled = load.pooled_coverage(null_summaries, min_pairs=plan.NULL_MIN_PAIRS)
        values["null_runs"] = len(null_runs)
        values["null_runs_counted"] = len({r["run"] for r in pooled["runs"] if r["counted"]})
        counted = pooled["groups"] > 0
        values["null_groups"] = pooled["groups"] if counted else "(none yet)"
        values["null_covered"] = pooled["covered"] if counted else "(none)"
        values["null_coverage"] = f"{100 * pooled['coverage']:.0f}%" if counted else "no groups counted"
        values["null_expected"] = pooled["expected_at_least"] if counted else "(none)"
        values["null_expected_prob"] = f"{100 * pooled['expected_prob']:.0f}%" if counted else "(not applicable)"
        values["null_pairs"] = (" or ".join(sorted({str(r["pairs per group"]) for r in pooled["runs"] if r["counted"]}))
             or "(none)")
        values["null_min_pairs"] = plan.NULL_MIN_PAIRS
        values["null_early_launches"] = (" or ".join(sorted({r["protocol"].split(",")[0] for r in pooled["runs"]
                                                       if r["pairs per group"] < plan.NULL_MIN_PAIRS}))
             or "(none)")
        values["null_protocol"] = pooled["protocol"] or "(none)"
        values["null_wall_min"] = f"{null_summaries[null_runs[-1].id].manifest['wall_s'] / 60:.1f} min"
        shown.append(tables.show(pd.DataFrame(pooled["runs"])))
        values["null_exit_text"] = _exit_text(null_runs, null_summaries, pooled)
        null_figure = cost.plot_aa_runs(null_summaries, stand_in(next(iter(null_summaries.values()))))
        plt.close(null_figure)
    return Section(values, shown, _outputs(locals(), 'null_figure', 'null_runs', 'null_summaries'))


def _exit_text(null_runs, null_summaries, pooled) -> Markdown:
    """Whether the counted null-control runs' processes ended right after their results or ran their
    interpreter's teardown first (processes.csv has each process's time from its results to its exit, exit_s,
    only in runs made since the worker ends right after its results), and why their groups pool either way."""
    def exits(run):
        return [float(r["exit_s"]) for r in load.process_rows(run) if r.get("exit_s")]

    def per_process(runs):
        return sum(null_summaries[r.id].manifest["wall_s"] for r in runs) / sum(
            null_summaries[r.id].manifest["processes"] for r in runs)

    counted_ids = [r["run"] for r in pooled["runs"] if r["counted"]]
    counted_runs = [r for r in null_runs if r.id in counted_ids]
    fast = [r for r in counted_runs if exits(r)]
    slow = [r for r in counted_runs if not exits(r)]
    return Markdown(
        f"In {len(fast)} of the {len(counted_runs)} counted runs the processes end as soon as their results are "
        f"written (median {statistics.median(x for r in fast for x in exits(r)):.2f} s from results to exit); in "
        f"the other {len(slow)} they ran their interpreter's full teardown first: {per_process(fast):.1f} s of wall time a "
        f"process against {per_process(slow):.1f} s. Either way a process exits after it has measured and before "
        "the next one is told to go, so what a measuring process shares the GPU with is the same, and their groups "
        "are pooled." if fast and slow else "")


def interleaved_run(interleaved, interleaved_summary) -> Section:
    """A/B, B/A and A/A pairs in one random order: the values it glues and what it shows, from interleaved, interleaved_summary
    (its outputs: nothing)."""
    values, shown = {}, []

    values.update(cost.interleaved_glue(None if interleaved is None else interleaved_summary))
    values["il_target_pct"] = f"{plan.INTERLEAVED_TARGET_CI_PCT}%"
    if interleaved is None:
        values["il_target_verdict"] = Markdown("(not recorded)")
        values["il_order_verdict"] = Markdown("(not recorded)")
        values["il_target_needed"] = Markdown("(not recorded)")
    else:

        il_cells, il_missed = load.target_misses(interleaved_summary, plan.INTERLEAVED_TARGET_CI_PCT, math.inf)
        values["il_target_verdict"] = (Markdown(
            "met by A/B and B/A at both shapes" if not il_missed else
            "not met: " + ", ".join(f"{m['experiment'].upper().replace('AB', 'A/B').replace('BA', 'B/A')} at "
                                    f"{m['shape']} **{m['ci95_pct']:.3f}%**" for m in il_missed)))
        # what the target would take: predicted from this run's SDs, and from the full run with the smallest SDs
        def needed_text(rows):
            first, *rest = [f"{r['pairs per arm']}" + (" pairs per arm" if not n else "") + f" at {r['shape'].split(',')[0]}"
                            for n, r in enumerate(rows)]
            return " and ".join([first, *rest])
        il_need = cost.pairs_needed(interleaved_summary, plan.INTERLEAVED_TARGET_CI_PCT)
        il_need_runs = [(r, cost.pairs_needed(load.summarize_folder(r), plan.INTERLEAVED_TARGET_CI_PCT))
                        for r in load.current_runs(plan.INTERLEAVED_EXPERIMENT, "sm90")[0]]
        quiet_run, quiet_need = min(il_need_runs, key=lambda x: max(r["pairs per arm"] for r in x[1]))
        il_worst = max(il_need, key=lambda r: r["processes"])  # every process times both shapes
        values["il_target_needed"] = (Markdown(
            f"at this run's A/B, B/A SDs the target is *predicted* to need {needed_text(il_need)} "
            f"(A/B, and as many B/A); every process times both shapes, so with as many A/A pairs that is "
            f"{il_worst['processes']} processes, about {il_worst['wall s'] / 60:.0f} min of "
            f"{cost.device_model(interleaved_summary)} at this run's "
            f"{il_worst['wall s'] / il_worst['processes']:.1f} s a process. At the SDs of `{quiet_run.id}`, the full "
            f"run with the smallest SDs, it would need {needed_text(quiet_need)}"))
        il_frame = cost.order_null_frame(interleaved_summary)
        covers = [lo <= 0 <= hi for lo, hi in zip(il_frame["order_lo"], il_frame["order_hi"])]
        values["il_order_verdict"] = (Markdown(
            "both intervals cover zero: no sign that which process runs first matters" if all(covers) else
            "an order effect at " + " and ".join(where for where, c in zip(("topk=128", "topk=512"), covers)
                                                 if not c)))
    return Section(values, shown)


def pooled_runs() -> Section:
    """Pooled over the runs of the registry's command: the values it glues and what it shows, from nothing
    (its outputs: il_pooled, il_runs)."""
    values, shown = {}, []

    _, il_runs = load.current_runs(plan.INTERLEAVED_EXPERIMENT, "sm90", "twin")
    pool_glue = {name: Markdown("(fewer than two runs of the registry's command are recorded)") for name in
                 ("il_pool_runs", "il_pool_ids", "il_pool_128", "il_pool_512", "il_pool_agree", "il_pool_verdict",
                  "il_pool_needed")}
    if len(il_runs) >= 2:
        il_pooled = load.pooled_order_null([load.summarize_folder(r) for r in il_runs])
        shown.append(tables.show(pd.DataFrame([{
            "shape": cost.short(shape), "runs": r.runs, "A/B pairs": r.ab_n, "B/A pairs": r.ba_n,
            "A/A pairs": r.aa_n, "effect %": f"{r.effect:+.3f}", "± conservative %": f"{r.conservative_half:.3f}",
            "A/B ± %": f"{r.ab_half:.3f}", "B/A ± %": f"{r.ba_half:.3f}", "runs agree, p": f"{r.runs_p:.2f}"}
            for shape, r in il_pooled.items()]), wide=True))
        rows = list(il_pooled.values())
        target = plan.INTERLEAVED_TARGET_CI_PCT
        missed = [(cost.short(sh), arm, half) for sh, r in il_pooled.items()
                  for arm, half in (("ab", r.ab_half), ("ba", r.ba_half)) if half > target]
        pool_glue["il_pool_runs"] = Markdown(str(len(il_runs)))
        pool_glue["il_pool_ids"] = Markdown(", ".join(f"`{r.id}`" for r in il_runs))
        for tag, r in zip(("128", "512"), rows):
            pool_glue[f"il_pool_{tag}"] = Markdown(f"**{r.effect:+.3f}% ± {r.conservative_half:.3f}%**")
        pool_glue["il_pool_agree"] = Markdown(
            ("the runs agree on the effect" if all(r.runs_p >= 0.05 for r in rows) else
             "the runs do **not** agree on the effect at every shape, so the pooled interval is not to be quoted")
            + " (p = " + " and ".join(f"{r.runs_p:.2f}" for r in rows) + ")")
        pool_glue["il_pool_verdict"] = Markdown(
            "met by A/B and B/A at both shapes" if not missed else
            "not met: " + ", ".join(f"{'A/B' if arm == 'ab' else 'B/A'} at {sh} **{h:.3f}%**" for sh, arm, h in missed))
        newest_manifest = load.summarize_folder(il_runs[-1]).manifest
        per_run = max(1, int(newest_manifest["plan"]["ab_pairs"]))
        needed = max(stats.pairs_for_half_width(r.sd_ab_ba_within, target) for r in rows)
        pool_glue["il_pool_needed"] = Markdown(
            f"at the pooled SDs the target is *predicted* to need {needed} pairs per arm, about "
            f"{math.ceil(needed / per_run)} runs of the registry's command ({per_run} A/B and {per_run} B/A pairs "
            f"each, the newest of which took {newest_manifest['wall_s'] / 60:.1f} min) in all")
    values.update(pool_glue)
    return Section(values, shown, _outputs(locals(), 'il_pooled', 'il_runs'))


def set_up_batches(interleaved, interleaved_summary) -> Section:
    """Setting up processes in batches: the values it glues and what it shows, from interleaved, interleaved_summary
    (its outputs: nothing)."""
    values, shown = {}, []

    full_interleaved = load.current_runs(plan.INTERLEAVED_EXPERIMENT, "sm90")[0]
    spread = cost.spread_frame([(r, load.summarize_folder(r)) for r in full_interleaved])
    if len(spread):  # every run here made 1,000 launches a process after 0.2 s of warm-up: the set-up differs
        cross = {r.id: load.cross_shape_correlation(r) for r in full_interleaved}
        shown_spread = pd.DataFrame({
            "run": spread["run"], "set-up": spread["protocol"].str.split(", ").str[-1],
            "r across shapes": spread["run"].map(lambda i: round(cross[i]["r"], 2) if cross[i] else None),
            "shape": spread["shape"].map(cost.short), "processes": spread["processes"],
            "test spread %": spread["test spread %"].round(3),
            "control spread %": spread["control spread %"].round(3),
            "SD A/B, B/A %": spread["SD A/B, B/A %"].round(3), "SD A/A %": spread["SD A/A %"].round(3),
            "s / process": spread["s per process"].round(1)})
        shown.append(tables.show(shown_spread, wide=True))
    row, same_day, earlier = _day_and_protocol(spread, interleaved)
    def contrast(a, b, kind):
        return cost.contrast_text(cost.spread_contrast(spread, a, b, kind)) if a and b else "(not recorded)"

    values["sp_test_protocol"] = contrast(interleaved and interleaved.id, same_day, "test")
    values["sp_control_protocol"] = contrast(interleaved and interleaved.id, same_day, "control")
    values["sp_test_day"] = contrast(same_day, earlier, "test")
    seconds = {r: spread[spread["run"] == r]["s per process"].iloc[0]
               for r in (None if row is None else row["run"], same_day) if r}
    shown_cross = cross.get(interleaved.id) if interleaved is not None and len(spread) else None
    counted_cross = [c for c in cross.values() if c and c["n"] >= 20] if len(spread) else []
    values["sp_cross"] = ("(not recorded)" if not shown_cross else
         f"r = {shown_cross['r']:.2f} over {shown_cross['n']} processes, p = {shown_cross['p']:.2g}")
    values["sp_cross_range"] = ("(not recorded)" if not counted_cross else
         f"{min(c['r'] for c in counted_cross):+.2f} to {max(c['r'] for c in counted_cross):+.2f}")
    values["sp_cross_runs"] = len(counted_cross)
    values["sp_seconds"] = (f"{seconds[row['run']]:.1f} s against {seconds[same_day]:.1f} s" if len(seconds) == 2
         else "(not recorded)")
    values["sp_batch"] = ("(not recorded)" if interleaved is None else
         interleaved_summary.manifest.get("set_up_batch") or "none: set-up after GO")
    values["sp_overlaps"] = ("(not recorded)" if interleaved is None else
         f"{interleaved_summary.manifest.get('set_ups_during_measurement', 'not counted')} of "
         f"{interleaved_summary.manifest['processes']}")
    values["sp_same_day"] = Markdown(f"`{same_day}`" if same_day else "(none recorded)")
    values["sp_earlier"] = Markdown(f"`{earlier}`" if earlier else "(none recorded)")
    # what the two contrasts say, in words that follow their F tests (5 % level, both shapes)
    runs_by_id = {r.id: r for r in full_interleaved}
    def commit_text(run_id):
        return _commit_text(runs_by_id[run_id])
    values["sp_shown_commit"] = (Markdown(f"`{commit_text(interleaved.id)}`" if interleaved is not None and
                                     interleaved.id in runs_by_id else "(none recorded)"))
    values["sp_same_day_commit"] = Markdown(f"`{commit_text(same_day)}`" if same_day else "(none recorded)")
    values["sp_earlier_commit"] = Markdown(f"`{commit_text(earlier)}`" if earlier else "(none recorded)")
    values["sp_machines"] = (Markdown(f"`{_vm_kernel(runs_by_id[same_day])}` and `{_vm_kernel(runs_by_id[earlier])}`"
                                      if same_day and earlier else "(not recorded)"))
    values["sp_reading"], values["sp_control_reading"] = _spread_readings(
        spread, interleaved and interleaved.id, same_day, earlier,
        same_code=bool(same_day and earlier) and commit_text(same_day) == commit_text(earlier) != "no commit recorded")
    return Section(values, shown)


def _commit_text(run) -> str:
    """The first 10 hex digits of the commit a run's code came from (corrections_.commit_of), or a phrase saying none."""
    commit, _ = corrections_.commit_of(run)
    return commit[:10] if commit else "no commit recorded"


def _vm_kernel(run) -> str:
    """The lent machine's kernel release, from the platform string a run's provenance holds."""
    platform = run.provenance.get("platform") or ""
    return platform.split("-x86_64")[0].removeprefix("Linux-") or "not recorded"


def _day_and_protocol(spread, interleaved):
    """The run shown (its row of `spread`), the newest full run of the other protocol on its day, and that
    protocol's newest earlier run: what the protocol changes on one day, and what the day changes under one
    protocol (None for any not recorded)."""
    row = None if interleaved is None else spread[spread["run"] == interleaved.id].iloc[0]
    same_day = earlier = None
    if row is not None:
        other = spread[(spread["protocol"] != row["protocol"])]
        same_day = next((r for r in reversed(other["run"].unique()) if
                         other[other["run"] == r]["date"].iloc[0] == row["date"]), None)
        if same_day is not None:
            proto = other[other["run"] == same_day]["protocol"].iloc[0]
            before = other[(other["protocol"] == proto) & (other["date"] < row["date"])]
            earlier = before["run"].iloc[-1] if len(before) else None
    return row, same_day, earlier


def _spread_readings(spread, shown_id, same_day, earlier, same_code: bool):
    """What the two contrasts say, in words that follow their F tests (5 % level, both shapes): the reading of
    the kernel under test and of the control kernel."""
    if not (shown_id and same_day and earlier):
        return Markdown("(not recorded)"), Markdown("(not recorded)")
    by_protocol = list(cost.spread_contrast(spread, shown_id, same_day, "test").values())
    by_day = list(cost.spread_contrast(spread, same_day, earlier, "test").values())
    control = cost.spread_contrast(spread, shown_id, same_day, "control").values()
    day = all(c["p"] < 0.05 and c["ratio"] > 1 for c in by_day)
    # how far the protocol moved the spread on one day, as a factor either way
    protocol_factor = max(max(c["ratio"], 1 / c["ratio"]) for c in by_protocol)
    held = " (both runs made by the same code, so the code is held fixed)" if same_code else ""
    if day and not any(c["p"] < 0.05 for c in by_protocol):
        reading = ("under one protocol the spread of the kernel under test changed from day to day"
                   f"{held}, and not with the protocol on one day, so the width of the run above is the day's")
    elif day and protocol_factor < min(c["ratio"] for c in by_day):
        directions = (" and not in the same direction at both shapes"
                      if len({c["ratio"] > 1 for c in by_protocol}) > 1 else "")
        reading = ("under one protocol the spread of the kernel under test grew from day to day"
                   f"{held}; on one day the protocol moved it too, but by less (at most a factor of "
                   f"{protocol_factor:.2f}{' either way)' if directions else ')'}{directions}"
                   ", so most of the width of the run above is the day's")
    else:
        reading = "the contrasts do not separate a day's spread from the protocol's for the kernel under test"
    more = all(c["p"] < 0.05 and c["ratio"] > 1 for c in control)
    return Markdown(reading), Markdown("spreads more when other processes hold idle contexts" if more else
                                      "spreads no measurably differently with set-up batches")


def layout_reading(variants_summary) -> Section:
    """Is the topk=128 delta where the code lands?: the values it glues and what it shows, from variants_summary
    (its outputs: nothing)."""
    values, shown = {}, []

    layout_values = variants.layout_glue(variants_summary)
    values.update({**layout_values, **variants.alternatives_glue(variants_summary)})
    if variants_summary is None:
        reading = ("Not measured yet: which reading the three experiments support is glued here from the run "
                   "once one is recorded.")
        for_pr = "Until then the question stays open."
    else:
        pad_moves = layout_values["lay_pad16_verdict"] == "distinguishable from zero"
        aligned_zero = layout_values["lay_aligned_verdict"] == "not distinguishable from zero"
        reading = {
            (True, True): "Measured: code layout. Moving the unchanged elected build by 16 bytes changes its time, and "
                          "with the first read loop aligned in both builds the fix's effect is not distinguishable "
                          "from zero: the topk=128 difference is where the code lands, not what the arrives cost.",
            (False, False): "Measured: not layout. Moving the elected build by 16 bytes changes nothing that this run "
                            "can tell from zero, and with the loops aligned the fix still costs a measurable amount: "
                            "the difference goes with the arrives.",
            (True, False): "Measured: both. A 16-byte move of the unchanged build changes its time, and with the loops "
                           "aligned the fix still differs from the bug: layout moves the time, and something in the "
                           "builds besides layout does too.",
            (False, True): "Measured: neither test isolates it. The 16-byte move of the elected build is not "
                           "distinguishable from zero, and neither is the fix once both builds are aligned: the "
                           "difference needs the exact layout of the two natural builds.",
        }[(pad_moves, aligned_zero)]
        for_pr = (f"A 16-byte move of unchanged code changed the twin's time by {layout_values['lay_pad16']}, "
                  f"{layout_values['lay_pad16_vs_pr']} the size of PR #426's reported {layout_values['lay_pr']}: "
                  "a difference of that size between two builds does not measure the 31 arrives unless the "
                  "builds' layouts are controlled. The PR's figure compares two binaries and does not report controlling "
                  "their layout, so it does not by itself establish what the arrives cost; whether layout moves the "
                  "real kernel on a B200 is not measured (this is the twin, on an SM90 stand-in)." if pad_moves else
                  f"On the twin a 16-byte move costs nothing measurable ({layout_values['lay_pad16']}). That is "
                  "evidence from another kernel on other hardware; the real kernel's layout is not measured here, "
                  f"so the PR's {layout_values['lay_pr']} still cannot be split into arrives and layout.")
    values["lay_reading"] = reading
    values["lay_for_pr"] = for_pr
    return Section(values, shown)


def layouts_section() -> Section:
    """The fix over code layouts (chapter 05's Result): every run with its machine start, the fix at every
    offset with the first read loop's alignment of each build, the mixed model's terms, the controls and the
    A/A groups, per shape."""

    over = findings.layouts_headline()
    sec = Section()
    if not over:
        sec.shown.append(f"No {findings.LAYOUTS_EXPERIMENT!r} run of protocol {findings.LAYOUTS_PROTOCOL} is "
                         "recorded: `racelab timing layouts` records one.")
        return sec
    runs = findings.layout_runs()
    plans = [(r, r.read_json("plan.json")) for r in runs]
    sec.shown.append(tables.show(pd.DataFrame([
        {"run": r.id, "machine start (boot id)": r.read_json("provenance.json").get("boot_id"),
         "seed": m["seed"], "processes": m["processes"], "wall (s)": round(m["wall_s"])} for r, m in plans])))
    rows, model = [], []
    for key in ("topk128", "topk512"):
        got = over[key]
        for o in got["offsets"]:
            rows.append({"shape": got["shape"], "offset (B)": o["offset"], "bug's loop mod 128": o["bug_head_mod_128"],
                         "fix's loop mod 128": o["fix_head_mod_128"], "fix vs bug (95 %, t)": interval_text(o["effect"], o["half"]),
                         "df": o["df"], "pairs": o["n"], "starts": o["starts"]})
        m = got["model"]
        model.append({"shape": got["shape"], "fix over layouts (Wald 95 %)": got["text"],
                      "SD between offsets (%)": round(m["between_offsets_sd_pct"], 2),
                      "SD starts (%)": round(m["sd_start_pct"], 3), "SD processes (%)": round(m["sd_process_pct"], 3),
                      "SD residual (%)": round(m["sd_residual_pct"], 3), "processes": m["processes"],
                      "starts": m["starts"], "bug moved 128 B": got["controls"][128]["text"],
                      "bug moved 16 B": got["controls"][16]["text"],
                      "A/A covering 0": f"{got['null']['covered']} of {got['null']['groups']} (≥ "
                                        f"{got['null']['expected_at_least']} expected)"})
    sec.shown.append(tables.interactive(pd.DataFrame(rows), "fix-over-layouts-per-offset"))
    sec.shown.append(tables.show(pd.DataFrame(model).set_index("shape").T.rename_axis("measure").reset_index()))
    sec.values["lay_runs"] = str(len(runs))
    return sec
