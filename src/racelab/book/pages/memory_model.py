"""Chapter 06 (the memory model): what each of its code cells glues and shows. Each function returns
(values, what it shows): the values glued by name, and a table (or a line) to show."""

import re

import pandas as pd
from IPython.display import Markdown

from racelab.book import banner as banners
from racelab.book import findings, tables
from racelab.book import memory_model as mm
from racelab.core import choice as choosing
from racelab.experiments import litmus as litmus_test


def glue_name(*parts) -> str:
    """A glue name from parts: "wl", "elected", "ptx-formal" -> "wl_elected_ptx_formal"."""
    return re.sub(r"[^0-9A-Za-z]+", "_", "_".join(parts)).strip("_")


def catalogue() -> tuple[dict, pd.DataFrame]:
    """The catalogue's tests, rows (a test under a rule set) and rows as expected, and the comparison with
    NVlabs' Alloy model; the table is one row per test."""
    cat = mm.catalogue_table()
    values = {"cat_tests": cat.index.get_level_values("test").nunique(), "cat_rows": len(cat),
              "cat_match": int(cat["as expected"].sum()), **mm.alloy_comparison()[0]}
    return values, mm.catalogue_overview(cat)


def w_loaded() -> tuple[dict, pd.DataFrame]:
    """The W_LOADED handoff's variants: the checker's verdict under each rule set, and in how many of the
    (variant, rule set) cells the checker and the happens-before model agree on a race."""
    wl = mm.w_loaded_table()
    values = {glue_name("wl", row["variant"], rules): row[f"checker: {rules}"]
              for _, row in wl.iterrows() for rules in mm.PTX_RULES}
    agree = [(row[f"checker: {r}"] == "allowed") == (row[f"model: {r} (bytes)"] > 0)
             for _, row in wl.iterrows() for r in mm.PTX_RULES]
    values.update(wl_agree=sum(agree), wl_cells=len(agree))
    return values, mm.w_loaded_view(wl)


def rule_sets() -> tuple[dict, pd.DataFrame]:
    """The happens-before model's unordered bytes of each program under each rule set, and the programs on
    which the rule sets disagree."""
    table = mm.rule_set_table()
    values = {glue_name("m", name, rules): int(value) for name, row in table.iterrows() for rules, value in row.items()}
    return values | {"m_disagree": ", ".join(mm.disagreements(table))}, table


def _span(window: dict, first: str, last: str) -> str:
    return f"{window[first]:#06x}–{window[last]:#06x}"


def litmus_run():
    """The litmus run the chapter shows (racelab.core.choice.choose: replayed, or measured live on an SM90 GPU
    under RACELAB_MODE=live), its choice and its table: (choice, run, table), run and table None where no run
    is recorded."""
    choice = choosing.choose(litmus_test.EXPERIMENT, needs="sm90")
    run = litmus_test.record() if choice.live else choice.run
    return choice, run, (litmus_test.table(run) if run is not None else None)


def litmus_shown(choice, run, litmus: pd.DataFrame | None) -> list:
    """What the chapter shows of the litmus run: its banner and its table, or how to record one."""
    if run is None:
        return [Markdown(f"No litmus run is recorded yet. On an H200: `{litmus_test.command()}`.")]
    return [banners.for_choice(choice, run),
            tables.show(litmus[["leader", "trials", "reads checked", "stale reads", "timeouts"]], index=True)]


def litmus_converged(run, litmus: pd.DataFrame | None) -> dict:
    """The converged configurations of the litmus run: their store windows in the SASS (lane 0 as leader and
    elect.sync), how long a configuration ran, and their reads and stale reads together."""
    converged, windows = mm.litmus_converged(run, litmus) if run is not None else ([], None)
    if not converged:
        return {}
    sass = run.read_text("mp_mbarrier.sass")
    lane0 = mm.litmus_store_window(sass, 0, "lane0")
    elect = mm.litmus_store_window(sass, 0, "elect")
    seconds = litmus.loc[[c for c, *_ in converged if c != "V0-lane0-skew"], "seconds"]
    rows = litmus_test.converged_rows(litmus)
    return {"lit_windows": len(windows), "lit_nobranch": int((windows["branches between"] == 0).sum()),
            "lit_lane0_bsync": f"{lane0['reconverge_text']} at {lane0['reconverge']:#06x}",
            "lit_lane0_stores": _span(lane0, "first_store", "last_store"), "lit_lane0_arrive": f"{lane0['arrive']:#06x}",
            "lit_elect_sync": f"{elect['reconverge_text']} at {elect['reconverge']:#06x}",
            "lit_elect_elect": f"{elect['elect']:#06x}", "lit_elect_stores": _span(elect, "first_store", "last_store"),
            "lit_seconds": f"{seconds.min():.2f}–{seconds.max():.2f} s",
            "lit_skew_seconds": f"{litmus.loc['V0-lane0-skew', 'seconds']:.2f} s",
            "lit_reads": findings.times_ten(int(rows["reads checked"].sum()), 2),
            "lit_stale": int(rows["stale reads"].sum())}


def _diverging(litmus: pd.DataFrame, config: str) -> dict:
    row = litmus.loc[config]
    return {"stale": int(row["stale reads"]), "others": litmus_test.other_lanes_reads(int(row["reads checked"])),
            "leader_stale": int(row["stale reads of the leader's words"])}


def litmus_diverging(run, litmus: pd.DataFrame | None) -> tuple[dict, object]:
    """The diverging producer and its positive control: where the branch, each side's stores, the arrive and
    the reconvergence sit in the SASS, and the stale reads of lanes 1-31's words (of their reads: 31 of 32)
    and of the leader's words; what is shown is their table, or a line saying the run has none."""
    if run is None or "V0-diverge" not in litmus.index:
        return {}, Markdown("The displayed litmus run has no diverging configuration.")
    lay = mm.litmus_diverge_layout(run.read_text("mp_mbarrier.sass"), 0, "diverge")
    d, c = _diverging(litmus, "V0-diverge"), _diverging(litmus, "V0-diverge-forced")
    values = {"div_branch": f"{lay['branch_text'].split()[0]} BRA at {lay['branch']:#06x}",
              "div_other_stores": "{:#06x}–{:#06x}".format(*lay["other_lanes_stores"][:2]),
              "div_lane0_stores": "{:#06x}–{:#06x}".format(*lay["lane0_stores"][:2]),
              "div_arrive": f"{lay['arrive']:#06x}", "div_bsync": f"{lay['reconverge']:#06x}",
              "div_reconverged": "reconverges" if lay["reconverged"] else "does not reconverge",
              "div_stale": f"{d['stale']:,}", "div_others": f"{d['others']:,}",
              "div_share": f"{100 * d['stale'] / d['others']:.2f} %",
              "div_leader": f"{d['leader_stale'] + c['leader_stale']:,}", "div_control_stale": f"{c['stale']:,}",
              "div_control_share": f"{100 * c['stale'] / c['others']:.2f} %",
              "div_seconds": f"{litmus.loc['V0-diverge', 'seconds']:.2f} s",
              "div_skew": f"{int(litmus.loc['V0-diverge', 'skew cycles']):,}"}
    shown = litmus.loc[["V0-diverge", "V0-diverge-forced"],
                       ["trials", "reads checked", "stale reads", "stale reads of the leader's words", "timeouts"]]
    return values, tables.show(shown, index=True)
