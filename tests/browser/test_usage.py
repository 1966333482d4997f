"""The provenance page of the built book names, for every run chapter 05 shows, chapter 05 as its user:
the store logged each load while the book built (no notebook is executed again here)."""

import re

from chromium_cdp import ROOT, SITE

from racelab.core import store


def _expected():
    runs = {("twin-timing", store.newest("twin-timing", "sm90").id),
            ("sm90-numerics", store.newest("sm90-numerics", "sm90").id)}
    nulls = {("twin-timing-null", r.id) for r in store.all_runs("twin-timing-null", "sm90")}
    assert len(nulls) >= 2
    return runs | nulls


def test_the_build_logged_every_run_chapter_05_loads():
    log = ROOT / "_build" / "racelab-usage.jsonl"
    assert log.exists(), f"{log} is missing: build the book first (make book-replay)"
    used = {(e["experiment"], e["run"]) for e in store.read_usage(log) if e["page"] == "notebooks/05-cost"}
    missing = _expected() - used
    assert not missing, missing


def test_the_provenance_page_lists_chapter_05_for_each_of_them():
    html = (SITE / "notebooks" / "90-provenance.html").read_text()
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)
    for experiment, run in _expected():
        row = next((r for r in rows if run in r and experiment in r), None)
        assert row is not None, f"no row for {experiment}/{run}"
        assert "05-cost.html" in row, f"{experiment}/{run}: the row does not link chapter 05"
