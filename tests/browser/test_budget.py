"""The main line's budgets, on the built pages at 1280 px (DEVELOPERS' *shape of the book*): each
investigation chapter's prose within its word budget, at most 4 figures, a Result box of at most 60 words,
and every main-text table at most 12 rows with every column visible without scrolling. Long tables belong
to the evidence pages, where they are interactive."""

import pytest

from chromium_driver import HEIGHT, WIDTH
from test_pages import PAGES
from test_reader import _open

MAIN = {"notebooks/02-calibration": 2500, "notebooks/03-sass": 2500, "notebooks/04-racecheck": 2500,
        "notebooks/05-cost": 2500, "notebooks/07-elsewhere": 2500, "notebooks/08-reports": 2500,
        "notebooks/06-memory-model": 4500}
MAX_FIGURES, MAX_ROWS, RESULT_WORDS = 4, 12, 60
# A desktop browser window 1280 px wide draws a vertical scrollbar (15 px on Linux and Windows) that the
# emulated viewport does not, so the page is laid out, and its tables measured, 15 px narrower.
SCROLLBAR_PX = 15

MEASURE = """(() => {
  const column = document.querySelector('article.bd-article') || document.querySelector('main');
  const clone = column.cloneNode(true);
  clone.querySelectorAll('.cell_input, pre, table, script, style, .racelab-run, '
                         + 'details, .headerlink, figure, .racelab-run').forEach(e => e.remove());
  const words = clone.textContent.split(/\\s+/).filter(w => /\\w/.test(w)).length;
  const result = [...column.querySelectorAll('.admonition')].find(
      a => (a.querySelector('.admonition-title')?.textContent || '').trim() === 'Result');
  const resultWords = result ? result.textContent.replace('Result', '').split(/\\s+/)
      .filter(w => /\\w/.test(w)).length : null;
  const figures = column.querySelectorAll('figure img, .cell_output img').length;
  const tables = [...column.querySelectorAll('table')].filter(t => !t.closest('.dataTables_wrapper, .dt-container')
      && !t.classList.contains('dataTable'))
    .map(t => {
      const box = t.parentElement;
      return {rows: t.querySelectorAll('tbody tr').length, width: t.scrollWidth,
              visible: Math.min(box.clientWidth, column.clientWidth),
              head: (t.querySelector('tr')?.textContent || '').trim().slice(0, 60)};
    });
  return {words, resultWords, figures, tables};
})()"""


@pytest.mark.parametrize("docname", sorted(MAIN))
def test_main_line_budget(tab, site_url, docname):
    if docname not in PAGES:
        pytest.fail(f"{docname} is not in the built site")
    tab.metrics(HEIGHT, WIDTH - SCROLLBAR_PX)
    try:
        _open(tab, site_url, docname)
        got = tab.evaluate(MEASURE)
    finally:
        tab.metrics(HEIGHT)
    problems = []
    if got["words"] > MAIN[docname]:
        problems.append(f"{got['words']} words of prose, budget {MAIN[docname]}")
    if got["resultWords"] is None or got["resultWords"] > RESULT_WORDS:
        problems.append(f"Result box: {got['resultWords']} words (at most {RESULT_WORDS})")
    if got["figures"] > MAX_FIGURES:
        problems.append(f"{got['figures']} figures (at most {MAX_FIGURES})")
    for t in got["tables"]:
        if t["rows"] > MAX_ROWS:
            problems.append(f"table of {t['rows']} rows (at most {MAX_ROWS}): {t['head']}")
        if t["width"] > t["visible"] + 1:
            problems.append(f"table {t['width']} px wide in {t['visible']} px: columns hidden: {t['head']}")
    assert not problems, f"{docname}: " + "; ".join(problems)
