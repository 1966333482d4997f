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


def test_the_pr_box_quotes_each_reported_figure_from_the_prs_data():
    """The box "What PR #426 reports" takes every figure from vocab.PR_REPORTED (the only place they live), gives
    both timings with their intervals, and keeps the book's inferences apart, marked as the book's."""
    box = findings.pr_box().data
    t = PR_REPORTED["timing"]
    for key in ("topk128", "b3-sq64-skv2048-topk512", "b3-sq64-skv2048-topk512-swapped"):
        assert f"{abs(t[key]['delta_pct']):.3f} % ± {t[key]['ci95_pct']:.3f} %" in box
    assert f"exactly {findings.pr_racecheck_row()['unpatched']} byte-level hazards" in box
    assert "MEMBAR.ALL.CTA" in box and f"{PR_REPORTED['numerics']['replays']} replays" in box
    quoted, book = box.split("*The book's reading, not the PR's:*")
    assert "one build of each variant" in book and "one build" not in quoted


def test_the_same_bug_elsewhere_is_counted_once():
    """One reconciliation behind the intro, chapter 07 and chapter 08: its chain adds up, its table has a row
    per report, its probe rows say the count is the probe's, and the findings quote the same numbers."""
    from racelab.book import reports
    from racelab.experiments import lint_releases

    hits = lint_releases.recorded().read_json("hits.json")
    items = reports.all_reports(hits)
    got = reports.reconciliation(items, hits)
    table = got["table"]
    assert got["sites"] == got["fixed"] + got["open"]
    assert got["reports"] == got["store_reports"] + got["load_reports"] == len(items) == len(table) <= 12
    assert got["store_reports"] <= got["open"] <= got["open_hits"]
    assert got["visible"] == sum(f.racecheck_can_see for f, _, _ in items)
    probes = table[table["evidence"].str.startswith("K-tail probe")]
    assert len(probes) == got["probe"] and probes["racecheck records, shipped → patched"].str.endswith(
        "(the probe's)").all()
    for key in ("sites", "fixed", "open", "reports", "visible"):
        assert f" {got[key]} " in got["sentence"]
    for finding in (findings.elsewhere(), findings.reports()):
        assert f"{got['reports']} " in finding.bottom_line and f"{got['visible']} " in finding.bottom_line
    consumed = table[table["report"] == "bwd-sm90-k-consumed"]
    assert len(consumed) <= 1 and (consumed.empty or consumed["side"].iloc[0] == "load (WAR)")


def test_the_pages_glue_the_one_reconciliation():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for page in ("book/intro.md", "notebooks/07-elsewhere.md", "notebooks/08-reports.md"):
        text = (root / page).read_text()
        assert "{glue:md}`recon_sentence`" in text and "```{glue} recon_table" in text, page
    for page in ("book/intro.md", "notebooks/04-racecheck.md", "notebooks/05-cost.md"):
        assert "```{glue:md} pr_box\n:format: myst" in (root / page).read_text(), page


def test_report_counts_are_read_off_the_reports():
    from racelab.book.reports import load_side

    measured = "## Numerics\n\nbf16: identical.\n\n## Cost\n\nPaired timing of shipped and patched: not measured.\n"
    assert load_side.measured_sections(measured) == {"Cost": False, "Numerics": True}
    assert load_side.measured_sections("## Cost\n\n+0.8 %\n") == {"Cost": True, "Numerics": False}


def test_every_page_that_shows_an_interactive_table_loads_its_bundle_first():
    """tables.interactive needs tables.interactive_mode() earlier in the page, or the table stays at
    "Loading ITables..." (the browser test checks the rendered pages; this catches it before a build)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for page in [*root.glob("notebooks/*.md"), *root.glob("book/*.md")]:
        text = page.read_text()
        first = text.find("tables.interactive(")
        if first >= 0:
            init = text.find("tables.interactive_mode()")
            assert 0 <= init < first, f"{page.name}: an interactive table before tables.interactive_mode()"


def test_ptx_sections_link_to_the_pinned_edition():
    from docutils import nodes

    from racelab.book import sphinx_ext
    from racelab.book.ptx_isa import EDITION, SECTIONS
    from racelab.book.ptx_isa import section_url as ptx_section_url

    assert ptx_section_url("8.9.4") == EDITION["url"] + "#memory-synchronization"
    para = nodes.paragraph("", "", nodes.Text("nothing in §8.9.4's list; see §8.9.1.1. Not §3.4.4."),
                           nodes.literal("", "§8.9.5"))
    doc = nodes.document(None, None)
    doc += para

    class App:
        pass

    sphinx_ext._link_ptx_sections(App(), doc, "page")
    refs = [(r.astext(), r["refuri"]) for r in doc.findall(nodes.reference)]
    assert refs == [("§8.9.4", ptx_section_url("8.9.4")), ("§8.9.1.1", ptx_section_url("8.9.1.1"))]
    assert doc.astext() == "nothing in §8.9.4's list; see §8.9.1.1. Not §3.4.4.§8.9.5"
    assert set(SECTIONS) >= {"8.5", "8.7.1", "8.9.4", "8.9.5"}


def test_the_primer_comes_before_the_first_chapter():
    from pathlib import Path

    toc = (Path(__file__).resolve().parents[1] / "_toc.yml").read_text()
    assert toc.index("book/primer") < toc.index("notebooks/02-calibration")


def test_the_lab_puts_glued_values_into_the_prose():
    """In JupyterLab a glue role renders as a span holding the value's name; the lab's glue wrapper sends a
    script that puts the value there: Markdown rendered, text escaped, figures and tables left to the cell."""
    import json

    import matplotlib.pyplot as plt
    import pandas as pd
    from IPython.display import Markdown

    from racelab.book import lab

    assert lab.prose_html(Markdown("**620** → `0`")) == "<strong>620</strong> → <code>0</code>"
    assert lab.prose_html("a < b") == "a &lt; b" and lab.prose_html(3) == "3"
    assert lab.prose_html(Markdown("one\n\n- a\n- b")).startswith("<p>one</p>")
    fig = plt.figure()
    assert lab.prose_html(fig) is None and lab.fill_script("f", fig) is None
    plt.close(fig)
    assert lab.prose_html(pd.DataFrame({"a": [1]}).style) is None
    script = lab.fill_script("result_x", Markdown("**1**")).data
    assert 'glued["result_x"] = ' + json.dumps("<strong>1</strong>") in script and lab.FILLED_CLASS in script
