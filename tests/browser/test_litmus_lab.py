"""The litmus lab in the browser (book/litmus-lab.md): Pyodide and Viz.js load from the site itself, a
program typed into the page is checked by the book's checker in the page, and the verdict per rule set, the
races and the execution graph appear; a catalogue program picked from the menu gives the catalogue's verdict."""

import json
import time

from chromium_driver import SITE
from racelab.model import catalogue
from test_pages import _set_mode, unexplained

PAGE = "book/litmus-lab.html"
SB = r"""name: SB-relaxed
thread T0 cta=0 warp=0
  st.relaxed.cta x 1
  r0 = ld.relaxed.cta y
thread T1 cta=0 warp=1
  st.relaxed.cta y 1
  r1 = ld.relaxed.cta x
exists: T0:r0=0 /\ T1:r1=0
"""


def _wait(tab, expression: str, timeout: float = 180.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        got = tab.evaluate(expression)
        if got:
            return got
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {expression}")


def _verdicts(tab) -> dict:
    return json.loads(tab.evaluate("""JSON.stringify(Object.fromEntries([...document.querySelectorAll(
        '#lab-result .lab-rules')].map(s => [s.dataset.rules, {verdict: s.querySelector('.lab-verdict').textContent,
        text: s.querySelector('pre').textContent, svg: !!s.querySelector('.lab-graph svg'),
        graph: (s.querySelector('.lab-graph svg') || {textContent: ''}).textContent,
        same: (s.querySelector('.lab-same-graph') || {textContent: ''}).textContent}])))"""))


def test_a_typed_program_is_checked_in_the_page_offline(site_url, tab):
    status = json.loads((SITE / "_static" / "litmus-lab" / "runtime.json").read_text())
    assert status["ok"], f"this build has no lab runtime: {status.get('why')}"
    tab.open(site_url + PAGE)  # a first visit of the site: its theme mode set as a reader's browser keeps it
    _set_mode(tab, "light")
    tab.open(site_url + PAGE)
    assert _wait(tab, "document.getElementById('litmus-lab').dataset.ready") == "yes", \
        tab.evaluate("document.getElementById('lab-status').textContent")
    tab.evaluate(f"document.getElementById('lab-source').value = {json.dumps(SB)}; true")
    tab.evaluate("document.getElementById('lab-run').click(); true")
    _wait(tab, "document.querySelectorAll('#lab-result .lab-rules').length === 2")
    got = _verdicts(tab)
    assert set(got) == {"ptx-formal", "ptx+warpsync"}
    for r in got.values():  # store buffering with relaxed accesses: allowed, morally strong, so no race
        assert "T0:r0=0 /\\ T1:r1=0 is allowed" in r["verdict"] and "race-free" in r["text"]
    # the two rule sets draw the same execution: one graph, and a note under the second
    first, second = got["ptx-formal"], got["ptx+warpsync"]
    assert first["svg"] and "rf" in first["graph"] and "po" in first["graph"]
    assert not second["svg"] and "same execution as under ptx-formal" in second["same"]
    # a catalogue program from the menu: MP with release and acquire is forbidden, its cycle drawn
    tab.evaluate("const p = document.getElementById('lab-pick'); p.value = 'MP+rel-acq'; "
                 "p.dispatchEvent(new Event('change')); document.getElementById('lab-run').click(); true")
    _wait(tab, "[...document.querySelectorAll('#lab-result .lab-verdict')].some(h => h.textContent.includes('forbidden'))")
    mp = _verdicts(tab)["ptx-formal"]
    assert "forbidden" in mp["verdict"] and "causality" in mp["verdict"] and "sw" in mp["graph"]
    assert "fr (cycle)" in mp["graph"] and "cause (cycle)" in mp["graph"]  # the forbidding cycle, marked
    assert "data races" in mp["text"]  # forbidden is not race-free: the flag read of 0 leaves x racing
    # a line the checker cannot read is named, not a crash
    tab.evaluate("document.getElementById('lab-source').value = 'thread A\\n  st.bogus x 1\\nexists: A:r0=0\\n'; "
                 "document.getElementById('lab-run').click(); true")
    assert "lab:2" in _wait(tab, "(document.querySelector('#lab-result .lab-error') || {}).textContent")
    offsite = [u for u in tab.requests() if not u.startswith(site_url) and not u.startswith(("data:", "blob:"))]
    errors = unexplained(tab.errors(), PAGE)
    assert offsite == [] and errors == [], errors


SPIN = catalogue.by_name()["MP+rel-acq+spin"].text  # a spin-wait written with filter:


def test_a_filter_program_and_a_link_that_carries_it(site_url, tab):
    """A spin-wait written with `filter:` is forbidden and race-free in the page; checking it puts it in the
    address, and opening that address in a fresh page shows the program and checks it again."""
    tab.open(site_url + PAGE)
    assert _wait(tab, "document.getElementById('litmus-lab').dataset.ready") == "yes"
    tab.evaluate(f"document.getElementById('lab-source').value = {json.dumps(SPIN)}; "
                 "document.getElementById('lab-run').click(); true")
    _wait(tab, "document.querySelectorAll('#lab-result .lab-rules').length === 2")
    for r in _verdicts(tab).values():
        assert "T1:r1=0 is forbidden" in r["verdict"] and "T1:r0=1" in r["verdict"] and "race-free" in r["text"]
    link = tab.evaluate("location.href")
    assert "#p=" in link
    tab.open(site_url + "search.html")
    tab.open(link)
    assert _wait(tab, "document.getElementById('litmus-lab').dataset.ready") == "yes"
    _wait(tab, "document.querySelectorAll('#lab-result .lab-rules').length === 2")
    assert tab.evaluate("document.getElementById('lab-source').value") == SPIN
    assert all("forbidden" in r["verdict"] for r in _verdicts(tab).values())


def test_a_tma_handoff_typed_with_and_without_expect_tx(site_url, tab):
    """The SM90/SM100 load pipeline typed into the page: with mbarrier.arrive.expect_tx the stale read is
    forbidden and race-free, and the graph has the bulk copy's own column and its release (sw) to the wait;
    with a plain arrive the phase may complete before the copy, so the stale read is allowed and the copy's
    async write races with the consumer's read."""
    tab.open(site_url + PAGE)
    assert _wait(tab, "document.getElementById('litmus-lab').dataset.ready") == "yes"
    tests = catalogue.by_name()
    for name, verdict in (("TMA-load+expect_tx", "forbidden"), ("TMA-load-no-expect_tx", "allowed")):
        tab.evaluate("document.getElementById('lab-result').innerHTML = ''; "
                     f"document.getElementById('lab-source').value = {json.dumps(tests[name].text)}; "
                     "document.getElementById('lab-run').click(); true")
        _wait(tab, "document.querySelectorAll('#lab-result .lab-rules').length === 2")
        got = _verdicts(tab)
        for r in got.values():
            assert f"C:r0=0 is {verdict}" in r["verdict"], (name, r["verdict"])
        formal = got["ptx-formal"]
        assert "P.copy1" in formal["graph"] and "async write s" in formal["graph"], name
        if verdict == "forbidden":
            assert "race-free" in formal["text"] and "sw" in formal["graph"]
        else:
            assert "async write s" in formal["text"] and "ld.weak s" in formal["text"], formal["text"]


def test_opened_as_a_file_the_page_says_it_needs_a_server(tab):
    tab.open((SITE / PAGE).as_uri())
    assert _wait(tab, "document.getElementById('litmus-lab').dataset.ready") == "file"
    assert "opened as a file" in tab.evaluate("document.getElementById('lab-status').textContent")


def test_predict_then_check_on_the_graded_path(site_url, tab):
    """A graded exercise picked from its menu shows its question and its program, and Check waits for a
    prediction; after the check the page sets the prediction against the checker's verdict."""
    tab.open(site_url + PAGE)
    assert _wait(tab, "document.getElementById('litmus-lab').dataset.ready") == "yes"
    tab.evaluate("const g = document.getElementById('lab-graded'); g.value = '1-MP'; "
                 "g.dispatchEvent(new Event('change')); true")
    assert "May it still read the old data?" in tab.evaluate("document.getElementById('lab-question').textContent")
    assert tab.evaluate("document.getElementById('lab-run').disabled") is True
    assert "st.weak x 1" in tab.evaluate("document.getElementById('lab-source').value")
    tab.evaluate("document.querySelector('input[name=\"lab-prediction\"][value=\"forbidden\"]').click(); true")
    assert tab.evaluate("document.getElementById('lab-run').disabled") is False
    tab.evaluate("document.getElementById('lab-run').click(); true")
    feedback = _wait(tab, "(document.querySelector('#lab-result .lab-feedback') || {}).textContent")
    assert "You predicted forbidden; under ptx-formal the checker says allowed" in feedback
