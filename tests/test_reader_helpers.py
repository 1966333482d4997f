"""The book's presentation helpers: the findings box's sums and counts (racelab.book.findings) and the one
table format (racelab.book.tables)."""

import math

import pandas as pd
import pytest

from racelab.book import findings, tables
from racelab.vocab import PR_REPORTED, TwinLayout


def test_store_sum_is_the_pr_count_and_follows_the_layout():
    total, text = findings.store_sum(128, 64)
    assert total == findings.pr_racecheck_row()["unpatched"] == 620
    assert text == "31 lanes × (4 × 4 B + 2 × 2 B)"
    big, big_text = findings.store_sum(512, 64)
    layout = TwinLayout(512, 64)
    assert big == 31 * (layout.grad_stores_per_lane * 4 + layout.w_stores_per_lane * 2) == 2108
    assert big_text.startswith("31 lanes × (16 × 4 B")


def test_pr_racecheck_row_is_the_hazard_mode_one_cta_row():
    row = findings.pr_racecheck_row()
    assert row in PR_REPORTED["racecheck"] and row["shape"] == "one-cta" and row["report"] == "hazard"


def test_fence_pairs_counts_unpredicated_fences_per_build():
    ok = {"ok": True, "before_arrive": ["STS", "@!PT LDS", "MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S", "@P0 SYNCS.ARRIVE"]}
    predicated = {"ok": True, "before_arrive": ["STS", "@P1 MEMBAR.ALL.CTA", "SYNCS.ARRIVE"]}
    failed = {"ok": False, "before_arrive": []}
    assert findings.fence_pairs([ok, ok, predicated, failed]) == {("MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S"): 2, (): 1}


@pytest.mark.parametrize("n, text", [(38522880000, "3.9 × 10¹⁰"), (269660160000, "2.7 × 10¹¹"), (9999, "9,999"),
                                     (0, "0")])
def test_scientific(n, text):
    assert findings.scientific(n) == text


def test_litmus_glue_without_a_run_says_so():
    out = findings.litmus_glue(None)
    assert out["litmus_converged_n"] == 0 and "no litmus run" in out["litmus_converged_stale"]


@pytest.mark.parametrize("value, text", [(81840, "81,840"), (8128.0, "8,128"), (0.16612, "0.166"), (math.nan, "—"),
                                         (None, "—"), (pd.NA, "—"), (True, "yes"), ([], "—"),
                                         (["a", "b"], "a, b"), ("1–31", "1–31"), (47.6264, "47.6")])
def test_cell(value, text):
    assert tables.cell(value) == text


def test_show_drops_or_keeps_the_index_and_tags_wide_tables():
    df = pd.DataFrame({"hazards": [620, 81840]}, index=pd.Index(["V0", "V1"], name="variant"))
    html = tables.show(df, index=True, wide=True).to_html()
    assert "racelab-wide" in html and ">V0<" in html and "81,840" in html
    plain = tables.show(df).to_html()
    assert ">V0<" not in plain and "racelab-wide" not in plain


def test_calibration_table_lets_long_instructions_break_after_a_dot():
    calib = pd.DataFrame({"warp 0 before the signal": ["bar.sync 1, 32; lane 0 arrives", "lane 0 arrives"],
                          "arrive count": [1, 1], "hazards": [124, 0], "writer lanes": ["1–31", "–"],
                          "wrong values read": [0, 0],
                          "SASS before the arrive": ["BAR.SYNC.DEFER_BLOCKING", "MEMBAR.ALL.CTA; FENCE.VIEW.ASYNC.S"]},
                         index=pd.Index(["V6", "V3"], name="variant"))
    html = tables.calibration(calib).to_html()
    assert "BAR.<wbr>SYNC.<wbr>DEFER_BLOCKING" in html  # breaks where a word of four or more follows
    assert "MEMBAR.ALL.CTA; FENCE.<wbr>VIEW.<wbr>ASYNC.S<" in html  # never before a short tail


def test_the_k_tail_probes_memcpy_note_is_given_over_every_recorded_run():
    """racecheck names a different share of the same records 'invalid memcpy_async synchronization' from one
    run to the next, so the evidence page gives the newest run's count with the range over every run."""
    from racelab.book import elsewhere
    from racelab.core import store
    from racelab.experiments import k_tail_probe

    runs = store.all_runs(k_tail_probe.EXPERIMENT, "sm90")
    if len(runs) < 2:
        pytest.skip("fewer than two K-tail probe runs are recorded")
    per_run = [elsewhere.probe_numbers(k_tail_probe.table(r), 200)["memcpy"] for r in runs]
    newest = runs[-1]
    text = elsewhere.memcpy_over_runs(newest, 200, elsewhere.probe_numbers(k_tail_probe.table(newest), 200))
    assert text.startswith(f"{per_run[-1]:,} in this run (")
    assert f"{min(per_run):,} to {max(per_run):,} in the {len(runs)} recorded runs" in text
