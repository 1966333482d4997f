"""The provenance page of the built book names, for every run chapter 05 and its evidence page show, that
page as its user: the store logged each load while the book built (no notebook is executed again here)."""

import re

from chromium_driver import ROOT, SITE

from racelab.core import store
from racelab.core import usage


def _expected() -> dict[str, set]:
    """{page: {(experiment, run id)}}: chapter 05's headline run (chosen by its protocol id) and the numerics
    run; its evidence page's twin-timing run and every null-control run."""
    from racelab.book import findings

    head = store.by_protocol(findings.COST_EXPERIMENT, "sm90", findings.COST_PROTOCOL)
    nulls = {("twin-timing-null", r.id) for r in store.all_runs("twin-timing-null", "sm90")}
    assert len(nulls) >= 2
    return {"notebooks/05-cost": {(findings.COST_EXPERIMENT, head.id),
                                  ("sm90-numerics", store.newest("sm90-numerics", "sm90").id)},
            "notebooks/95-evidence-cost": {("twin-timing", store.newest("twin-timing", "sm90").id)} | nulls}


def test_the_build_logged_every_run_chapter_05_loads():
    log = ROOT / "_build" / "racelab-usage.jsonl"
    assert log.exists(), f"{log} is missing: build the book first (make book)"
    entries = usage.read_usage(log)
    for page, runs in _expected().items():
        used = {(e["experiment"], e["run"]) for e in entries if e["page"] == page}
        assert not runs - used, (page, runs - used)


def test_the_provenance_page_lists_chapter_05_for_each_of_them():
    html = (SITE / "notebooks" / "90-provenance.html").read_text()
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)
    for page, runs in _expected().items():
        for experiment, run in runs:
            row = next((r for r in rows if run in r and experiment in r), None)
            assert row is not None, f"no row for {experiment}/{run}"
            assert page.split("/")[1] + ".html" in row, f"{experiment}/{run}: the row does not link {page}"
