"""The evidence page's section on timing both builds in one process (racelab timing record --design
in-process): every such run's spread within and across processes, what lasts in a process, what alternating
places did, and the runs' intervals against the target. It returns a
racelab.book.cost_evidence.Section."""

import math

import pandas as pd
from IPython.display import Markdown

from racelab.book import cost, designs, tables
from racelab.book.cost_evidence import Section, _outputs
from racelab.core.formats import run_start
from racelab.experiments.timing import load, plan


def in_process_runs(il_pooled, il_runs) -> Section:
    """One process a pair: the values it glues and what it shows, from il_pooled, il_runs
    (its outputs: alt_figure)."""
    values, shown = {}, []

    in_process, ip_registry_runs = load.current_runs(plan.IN_PROCESS_EXPERIMENT, "sm90", "twin")
    ip_glue = {name: Markdown("(no in-process run is recorded)") for name in
               ("ip_runs", "ip_ratio", "ip_halves", "ip_copies", "ip_intervals", "ip_target", "ip_two_process",
                "ip_reading", "ip_copies_predicted", "ip_short", "ip_idle", "ip_by_registry", "ip_alt", "ip_agree")}
    alt_figure = None
    if in_process:
        frame_ip, intervals, by_run = _per_run(in_process)
        shown_ip = frame_ip.drop(columns=["copies", "launches", "alt", "copy means SD %", "from launches %"]).assign(
            run=frame_ip["run"].str.split("-").str[0])
        shown_ip.insert(1, "K × L", [f"{k} × {n:,}" + (" alt." if alt else "")
                                     for k, n, alt in zip(frame_ip["copies"], frame_ip["launches"], frame_ip["alt"])])
        # what lasts in a process is read from the runs with fixed places; --alternate is its test
        fixed_ip, alt_ip = frame_ip[~frame_ip["alt"]], frame_ip[frame_ip["alt"]]
        shown.append(tables.show(shown_ip))
        ip_glue["ip_by_registry"] = Markdown(", ".join(f"`{r.id}`" for r in ip_registry_runs) if ip_registry_runs
                                             else "no run yet")
        ip_glue["ip_runs"] = Markdown(", ".join(f"`{r.id}` (`{r.provenance.get('command')}`)" for r in in_process))
        ip_glue["ip_ratio"] = Markdown(f"{fixed_ip['ratio'].min():.1f} to {fixed_ip['ratio'].max():.1f}")
        ip_glue["ip_halves"] = Markdown(f"{_r2(fixed_ip['halves r'].min())} to {_r2(fixed_ip['halves r'].max())}")
        with_copies = fixed_ip[fixed_ip["copies"] > 1]
        ip_glue["ip_copies"] = Markdown(
            "no run loaded copies" if with_copies.empty else
            f"with {int(with_copies['copies'].iloc[0])} loaded copies of each build the copy means of a process spread "
            f"{with_copies['copy means SD %'].min():.3f}% to {with_copies['copy means SD %'].max():.3f}% against "
            f"{with_copies['from launches %'].min():.3f}% to {with_copies['from launches %'].max():.3f}% from their "
            "launches alone, so the copies hardly differ from one another; and the pair deltas still spread "
            f"{with_copies['ratio'].min():.1f} to {with_copies['ratio'].max():.1f} times their launch SE")
        ip_glue["ip_intervals"] = Markdown("; ".join(
            f"`{run_id}` ({mine[0]['copies']} cop{'y' if mine[0]['copies'] == 1 else 'ies'}, {mine[0]['pairs']} A/B "
            "pairs): " + ", ".join(f"{cost.pct(i['effect'])} ± {i['cons']:.3f}% at {i['shape']}" for i in mine)
            for run_id in dict.fromkeys(i["run"] for i in intervals)
            for mine in [[i for i in intervals if i["run"] == run_id]]))
        alternating = {run_id for run_id, (manifest, _) in by_run.items() if manifest.get("alternate")}
        target = plan.INTERLEAVED_TARGET_CI_PCT
        ip_glue["ip_target"], met_runs = _target(by_run, intervals, target)
        found = {"ip_copies_predicted": _copies_predicted(in_process, by_run, frame_ip, alternating),
                 "ip_two_process": _two_process(in_process, il_runs), "ip_reading": _reading(fixed_ip, with_copies),
                 "ip_idle": _idle(in_process, alternating)}
        found["ip_short"], found["ip_agree"] = _quoted(ip_registry_runs, in_process, intervals, alternating, met_runs,
                                                       il_runs, il_pooled)
        if not alt_ip.empty:
            found["ip_alt"] = _alternating(alt_ip, fixed_ip, in_process, by_run, target)
            alt_figure = designs.plot_half_widths(designs.half_width_frame(il_runs + in_process))
        ip_glue.update({name: value for name, value in found.items() if value is not None})
    values.update(ip_glue)
    return Section(values, shown, _outputs(locals(), 'alt_figure'))


def _r2(x) -> str:
    """A correlation with a true minus sign."""
    return f"{x:.2f}".replace("-", cost.MINUS)


def _per_run(in_process):
    """Per in-process run: the rows of the within-process table (racelab.experiments.timing.load.within_process),
    the intervals of each shape, and {run id: (its manifest, its order/null statistics)}."""
    rows, intervals, by_run = [], [], {}
    for run in in_process:
        summary_ip = load.summarize_folder(run)
        on = load.order_null(summary_ip)
        for r in load.within_process(run):
            rows.append({"run": run.id, "copies": r["copies"], "launches": summary_ip.manifest["launches_per_process"],
                         "alt": bool(summary_ip.manifest.get("alternate")),
                         "shape": cost.short(r["shape"]), "arm": {"ab": "A/B", "ba": "B/A", "aa": "A/A"}[r["arm"]],
                         "pairs": r["pairs"], "SD %": round(r["sd"], 3), "launch SE %": round(r["launch_se"], 3),
                         "ratio": round(r["ratio"], 1), "halves r": round(r["halves_r"], 2),
                         "copy means SD %": None if r["copies"] == 1 else round(r["copy_sd"], 4),
                         "from launches %": None if r["copies"] == 1 else round(r["copy_launch_se"], 4)})
        by_run[run.id] = (summary_ip.manifest, on)
        for shape, got in on.items():
            per = summary_ip.shapes[shape]
            intervals.append({"run": run.id, "copies": summary_ip.manifest.get("copies") or 1, "shape": cost.short(shape),
                              "effect": got.effect, "cons": got.conservative_half,
                              "ab": per["ab"].test.paired.ci95_pct, "ba": per["ba"].test.paired.ci95_pct,
                              "sd": got.sd_ab_ba_within, "pairs": got.ab_n})
    return pd.DataFrame(rows), intervals, by_run


def _copies_predicted(in_process, by_run, frame_ip, alternating):
    """If the loaded code's placement were what lasts, K copies would divide its variance by K: predicted from the
    first one-copy run (its lasting part: SD^2 less launch SE^2) for each run with copies, and measured (None
    without both kinds of run)."""
    copies_of = {run_id: manifest.get("copies") or 1 for run_id, (manifest, _) in by_run.items()}
    single = next((r for r in in_process if copies_of[r.id] == 1 and r.id not in alternating), None)
    multi = [r for r in in_process if copies_of[r.id] > 1 and r.id not in alternating]
    if single is None or not multi:
        return None
    if True:
        m1, on1 = by_run[single.id]
        texts = []
        for run in multi:
            m2, on2 = by_run[run.id]
            k, factor = m2["copies"], m1["launches_per_process"] / m2["launches_per_process"]
            pred, meas = [], []
            for shape in on1:
                se1 = frame_ip[(frame_ip["run"] == single.id) & (frame_ip["shape"] == cost.short(shape))
                               & frame_ip["arm"].isin(["A/B", "B/A"])]["launch SE %"].mean()
                lasting2 = max(0.0, on1[shape].sd_ab_ba_within ** 2 - se1 ** 2)
                pred.append(math.sqrt(lasting2 / k + se1 ** 2 * factor))
                meas.append(on2[shape].sd_ab_ba_within)
            texts.append(f"for `{run.id}` ({k} copies, {m2['launches_per_process']} launches) that predicts A/B, "
                         "B/A delta SDs of " + " and ".join(f"{x:.3f}%" for x in pred) + "; it measured "
                         + " and ".join(f"{x:.3f}%" for x in meas))
    return Markdown("; ".join(texts))


def _target(by_run, intervals, target):
    """Whether each run's A/B and B/A half-widths met `target` at both shapes: the sentence, and the runs that met it."""
    met_runs = [run_id for run_id in by_run if all(max(i["ab"], i["ba"]) <= target
                                                   for i in intervals if i["run"] == run_id)]
    text = Markdown(
        ("met at both shapes by A/B and B/A in " + ", ".join(f"`{r}`" for r in met_runs) + "; " if met_runs else "")
        + ("not met in the others (the larger of the A/B and B/A half-widths): " + "; ".join(
            f"`{run_id}` " + ", ".join(f"{max(i['ab'], i['ba']):.4f}% at {i['shape']}"
                                       for i in intervals if i["run"] == run_id)
            for run_id in by_run if run_id not in met_runs)
           if len(met_runs) < len(by_run) else "met in every run"))
    return text, met_runs


def _two_process(in_process, il_runs):
    """The registry's two-process run recorded nearest in time on the first in-process run's day, against it (None
    without one)."""
    first_ip = in_process[0]
    same_day_il = [r for r in il_runs if r.id[:8] == first_ip.id[:8]]
    if not same_day_il:
        return None
    if True:
        near = min(same_day_il, key=lambda r: abs((run_start(r.id) - run_start(first_ip.id)).total_seconds()))
        two = load.order_null(load.summarize_folder(near))
        one = load.order_null(load.summarize_folder(first_ip))
        return Markdown(
            f"On the same machine and day, the registry's two-process run nearest in time (`{near.id}`) had "
            "A/B and B/A delta SDs of " + " and ".join(f"{two[sh].sd_ab_ba_within:.3f}%" for sh in two)
            + " at topk=128 and topk=512, against " + " and ".join(f"{one[sh].sd_ab_ba_within:.3f}%" for sh in one)
            + f" in one process a pair (`{first_ip.id}`, one copy)")



def _reading(fixed_ip, with_copies):
    """What the runs with fixed places say lasts in a process."""
    lasting = not fixed_ip.empty and fixed_ip["halves r"].min() > 0.5 and fixed_ip["ratio"].min() > 1.5
    copies_agree = not with_copies.empty and (
        with_copies["copy means SD %"] < 1.5 * with_copies["from launches %"]).all()
    return Markdown(
        "What differs between processes is then not the tensors (shared) and not a clock that drifts (the "
        "builds take turns launch by launch)" + (", nor where a loaded copy of the code sits (the copies agree)"
                                                   if copies_agree else "")
        + ". It lasts for the whole life of a process, which is why more launches do not average it away"
        + (", and it goes with a build's place in the round, not with its loaded code: the copies that share a "
           "place agree with one another, while two places holding the same code (the A/A pairs) differ"
           if copies_agree else "")
        if lasting else "The runs do not show a lasting difference between processes beyond their launches.")



def _idle(in_process, alternating):
    """The GPU's idle time between launches, before each build, against the A/A deltas (the newest run that recorded it)."""
    idle = next(((r, got) for r in reversed(in_process) if r.id not in alternating
                 for got in [load.idle_and_delta(r)] if got), None)
    if idle is None:
        return Markdown("No run recorded the GPU's idle time between launches, so the host's "
                                      "launch loop is not ruled in or out")
    else:
        run_idle, got = idle
        return Markdown(
            f"One candidate is the host: the Python loop that launches the kernels leaves the GPU idle between "
            f"them, and a build's place in the round decides how long. `{run_idle.id}` recorded that idle time "
            "(CUPTI start times; medians per process): before the build launched first "
            + " and ".join(f"{g['idle_first_ns'] / 1000:.2f} µs" for g in got.values())
            + ", before the second " + " and ".join(f"{g['idle_second_ns'] / 1000:.2f} µs" for g in got.values())
            + " at topk=128 and topk=512; over its A/A pairs the delta correlates with the difference of the two "
            "idle times at r = " + " and ".join(f"{g['r']:.2f} (p = {g['p']:.2g}, n = {g['n']})" for g in got.values())
            + (". The idle time thus does not account for the lasting difference; what does was not found"
               if all(g["p"] >= 0.05 for g in got.values()) else
               ". The idle time goes with the delta at " + ", ".join(
                   cost.short(sh) for sh, g in got.items() if g["p"] < 0.05) + " (a correlation, not a cause)"))



def _quoted(ip_registry_runs, in_process, intervals, alternating, met_runs, il_runs, il_pooled):
    """The run the Result box quotes (the newest made by the registry's command, else the newest) and, with two or
    more two-process runs, the quoted run less those runs pooled: the difference of two independent estimates,
    its half-width the two conservative halves in quadrature (approximate; None with fewer runs)."""
    quoted = (ip_registry_runs or in_process)[-1].id
    mine = [i for i in intervals if i["run"] == quoted]
    how = ("timing both builds in one process with their places in the round alternating" if quoted in alternating
           else "timing both builds in one process")
    short = Markdown(
        f"{how} (not the PR's protocol) {'met' if quoted in met_runs else 'did not meet'} it: "
        + ", ".join(f"{cost.pct(i['effect'])} ± {i['cons']:.3f}% at {i['shape']}" for i in mine)
        + f" (`{quoted}`, {mine[0]['pairs']} pairs per arm; A/B and B/A half-widths "
        + ", ".join(f"{i['ab']:.3f}% and {i['ba']:.3f}%" for i in mine) + ")")
    # the quoted run against the registry's two-process runs pooled (above): the difference of two
    # independent estimates, its half-width the two conservative halves in quadrature (approximate)
    agree_text = None
    if len(il_runs) >= 2:
        agree = []
        for i in mine:
            pooled = next(r for sh, r in il_pooled.items() if cost.short(sh) == i["shape"])
            d, h = i["effect"] - pooled.effect, math.hypot(i["cons"], pooled.conservative_half)
            agree.append(f"{cost.pct(d)} ± {h:.3f}% at {i['shape']} ({'covers' if abs(d) <= h else 'misses'} zero)")
        agree_text = Markdown(
            f"`{quoted}` less the pooled two-process runs is " + ", ".join(agree)
            + " (the two conservative half-widths in quadrature, an approximate 95% interval)")
    return short, agree_text


def _alternating(alt_ip, fixed_ip, in_process, by_run, target):
    """What alternating places did: the spread of the pair deltas and of a process's halves against fixed places, and
    the A/B, B/A deltas' SD against the A/A deltas' (two-sided F test) in each alternating run."""
    if True:
        alt_ids = list(dict.fromkeys(alt_ip["run"]))
        first_alt = next(r for r in in_process if r.id == alt_ids[0])
        need = cost.pairs_needed(load.summarize_folder(first_alt), target)
        consistency, differ = [], []
        for run_id in alt_ids:
            cells = []
            for shape, got in by_run[run_id][1].items():
                cells.append(f"{got.sd_ab_ba_within:.3f}% against {got.sd_aa_within:.3f}% at "
                             f"{cost.short(shape)} (p = {got.F_p_two_sided:.2g})")
                if got.F_p_two_sided < 0.05:
                    larger = "A/B and B/A" if got.sd_ab_ba_within > got.sd_aa_within else "A/A"
                    differ.append(f"at {cost.short(shape)} in `{run_id}` the {larger} deltas spread more "
                                  f"(p = {got.F_p_two_sided:.2g}), and the conservative interval rests on "
                                  f"the {got.conservative_basis} variance")
            consistency.append(f"`{run_id.split('-')[0]}` " + ", ".join(cells))
        text = Markdown(
            f"in {len(alt_ids)} runs (" + ", ".join(f"`{r}`" for r in alt_ids) + ") the pair deltas spread "
            f"{alt_ip['ratio'].min():.1f} to {alt_ip['ratio'].max():.1f} times their launch SE, against "
            f"{fixed_ip['ratio'].min():.1f} to {fixed_ip['ratio'].max():.1f} with fixed places, and a process's "
            f"two halves correlate {_r2(alt_ip['halves r'].min())} to {_r2(alt_ip['halves r'].max())} (against "
            f"{_r2(fixed_ip['halves r'].min())} to {_r2(fixed_ip['halves r'].max())}). What lasted in a process "
            "has gone; what is left above the launch SE is small and not explained here. The A/A deltas now "
            "spread about as the A/B and B/A deltas do (the SD of A/B and B/A, within their kind, against A/A; "
            "two-sided F test): " + "; ".join(consistency) + ". "
            + (f"{len(consistency) * 2 - len(differ)} of {len(consistency) * 2} comparisons find no difference at "
               "the 5% level; " + "; ".join(differ) if differ else
               "No comparison finds a difference at the 5% level")
            + f". From the SDs of the first of these runs, `{alt_ids[0]}`, "
            f"the {target}% target was *predicted* to need " + " and ".join(
                f"{r['pairs per arm']} pairs per arm at {r['shape'].split(',')[0]}" for r in need))
    return text
