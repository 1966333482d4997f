"""What a reader sees on every page of the built book at 1280 px: no request leaves the site (MathJax
included), nothing is wider than the text column unless it scrolls inside its own box, every figure has a
caption and an alt text that describes it (not a file name), and a notebook page opens with its result."""

import re
import urllib.parse
from pathlib import Path

import pytest
from PIL import Image

from chromium_driver import HEIGHT, SITE
from racelab import style
from test_pages import NOTEBOOK_PAGES, PAGES

SMALLEST_TEXT_PX = 9  # the smallest text a figure may show, in CSS pixels, at 1280 px

LAYOUT = """(() => {
  const column = document.querySelector('article.bd-article') || document.querySelector('main');
  const box = column.getBoundingClientRect();
  const wide = [];
  for (const el of column.querySelectorAll('table, pre, div.cell_output > div.output, img, svg, .admonition')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || el.closest('.full-width, .tag_full-width')) continue;
    if (r.right > box.right + 1 || r.left < box.left - 1) {
      wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(r.width)} px ` +
                `(column ${Math.round(box.width)} px): ${el.textContent.trim().slice(0, 60)}`);
    }
  }
  const figures = [...column.querySelectorAll('img')].filter(i => !i.closest('.admonition-title'))
    .map(i => ({src: i.getAttribute('src'), current: i.currentSrc, alt: i.getAttribute('alt') || '',
                caption: (i.closest('figure')?.querySelector('figcaption')?.textContent || '').trim(),
                shown: i.getBoundingClientRect().width, natural: i.naturalWidth,
                column: box.width}));
  const firstBlock = [...column.querySelectorAll('section > *')].find(e => !/^H[1-6]$/.test(e.tagName));
  return {wide, figures, opensWithResult: !!firstBlock && firstBlock.matches('.admonition'),
          firstClass: firstBlock ? firstBlock.className : null};
})()"""

_FILE_NAME = re.compile(r"(^|/)[\w.-]+\.(png|svg|jpe?g|gif)$|_images/|^\.\./", re.I)


def _open(tab, site_url, docname):
    tab.open(site_url + "search.html")
    tab.evaluate("localStorage.setItem('mode', 'light'); localStorage.setItem('theme', 'light'); true")
    tab.open(site_url + docname + ".html")
    return tab.evaluate(LAYOUT)


def offsite(urls: list[str], site_url: str) -> list[str]:
    """Requests to any host but the site's own (data: and blob: URLs are the page's own)."""
    host = urllib.parse.urlsplit(site_url).netloc
    return sorted({u for u in urls if urllib.parse.urlsplit(u).scheme in ("http", "https", "ws", "wss")
                   and urllib.parse.urlsplit(u).netloc != host})


def test_offsite_filter():
    site = "http://127.0.0.1:8000/"
    assert offsite(["http://127.0.0.1:8000/_static/mathjax/tex-chtml.js", "data:image/png;base64,xx",
                    "https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"], site) == [
        "https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"]


@pytest.mark.parametrize("docname", [p for p in PAGES if p != "(book not built)"])
def test_no_request_leaves_the_site_and_nothing_overflows(docname, site_url, tab):
    state = _open(tab, site_url, docname)
    problems = [f"request to another host: {u}" for u in offsite(tab.requests(), site_url)]
    problems += [f"wider than the text column: {w}" for w in state["wide"]]
    assert not problems, f"{docname}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("docname", [p for p in PAGES if p != "(book not built)"])
def test_figures_have_captions_and_alt_text(docname, site_url, tab):
    state = _open(tab, site_url, docname)
    problems = []
    for fig in state["figures"]:
        if not fig["caption"]:
            problems.append(f"figure without a caption: {fig['src']}")
        if len(fig["alt"]) < 20 or _FILE_NAME.search(fig["alt"]):
            problems.append(f"figure whose alt text does not describe it: {fig['alt']!r} ({fig['src']})")
    assert not problems, f"{docname}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("docname", [p for p in NOTEBOOK_PAGES if "-evidence-" not in p]
                         + [p for p in PAGES if p == "book/intro"])
def test_page_opens_with_its_result(docname, site_url, tab):
    """Every chapter and the intro open with their findings; the evidence pages hold what the findings rest on."""
    state = _open(tab, site_url, docname)
    assert state["opensWithResult"], f"{docname}: the first block under the title is {state['firstClass']!r}, " \
                                     "not a result admonition"


DARK_FIGURES = """(() => [...document.querySelectorAll('article.bd-article img')].map(i => {
  const cs = getComputedStyle(i);
  return {src: i.getAttribute('src'), background: cs.backgroundColor, filter: cs.filter};
}))()"""


@pytest.mark.parametrize("docname", [p for p in PAGES if p != "(book not built)"])
def test_dark_mode_figures_are_not_white_cards(docname, site_url, tab):
    """The figures are drawn on white; in the dark theme they must be shown inverted (racelab.css), not on
    the theme's light card."""
    tab.open(site_url + "search.html")
    tab.evaluate("localStorage.setItem('mode', 'dark'); localStorage.setItem('theme', 'dark'); true")
    tab.open(site_url + docname + ".html")
    figures = tab.evaluate(DARK_FIGURES)
    tab.evaluate("localStorage.setItem('mode', 'light'); localStorage.setItem('theme', 'light'); true")
    white = [f["src"] for f in figures if "invert" not in f["filter"]
             or f["background"] in ("rgb(255, 255, 255)", "rgba(255, 255, 255, 1)")]
    assert not white, f"{docname}: figures on an opaque light card in dark mode: {white}"


def text_record(png: Path) -> tuple[float, float, int] | None:
    """(smallest text in points, dpi, width in pixels) that a figure's PNG records (racelab.style.png_bytes),
    or None when it records none."""
    with Image.open(png) as im:
        info = getattr(im, "text", {}) or {}
        if style.SMALLEST_TEXT_PT not in info or style.DPI not in info:
            return None
        return float(info[style.SMALLEST_TEXT_PT]), float(info[style.DPI]), im.width


def smallest_text_px(points: float, dpi: float, natural_px: float, shown_px: float) -> float:
    """A text of `points` in a figure rendered at `dpi` to `natural_px` wide and displayed `shown_px` wide,
    in CSS pixels."""
    return points * dpi / 72 * shown_px / natural_px


def test_smallest_text_px():
    assert smallest_text_px(7, 110, 600, 600) == pytest.approx(10.69, abs=0.01)
    assert smallest_text_px(7, 110, 1529, 688) < SMALLEST_TEXT_PX  # the old six-panel grid, 0.45 x


@pytest.mark.parametrize("docname", [p for p in PAGES if p != "(book not built)"])
def test_figure_text_is_legible_at_1280(docname, site_url, tab):
    """Every figure's smallest text, from the font sizes and dpi its PNG records and the width the page
    shows it at, is at least SMALLEST_TEXT_PX."""
    state = _open(tab, site_url, docname)
    page = SITE / (docname + ".html")
    problems = []
    for fig in state["figures"]:
        path = (page.parent / urllib.parse.unquote(fig["src"])).resolve()
        if fig["shown"] == 0:
            problems.append(f"figure not displayed at 1280 px: {fig['src']}")
            continue
        record = text_record(path) if path.suffix.lower() == ".png" and path.exists() else None
        if record is None:
            problems.append(f"figure with no record of its smallest text: {fig['src']}")
            continue
        points, dpi, width = record
        assert width == fig["natural"], f"{fig['src']}: the page loaded a different image"
        px = smallest_text_px(points, dpi, width, fig["shown"])
        if px < SMALLEST_TEXT_PX:
            problems.append(f"{points:g} pt text at {dpi:g} dpi, {width} px shown at {fig['shown']:.0f} px: "
                            f"{px:.1f} px ({fig['alt'][:60]})")
    assert not problems, f"{docname}:\n  " + "\n  ".join(problems)


PHONE_WIDTH = 390  # a phone's screen, in CSS pixels


@pytest.mark.parametrize("docname", [p for p in PAGES if p != "(book not built)"])
def test_figures_on_a_phone(docname, site_url, tab):
    """At 390 px every figure is shown from a drawing whose smallest text is at least SMALLEST_TEXT_PX there
    (its phone drawing, racelab.book.phone, where the desktop one would be too small), no figure is wider than
    the text column (none scrolls in a box of its own), and the page does not scroll sideways."""
    tab.metrics(HEIGHT, PHONE_WIDTH)
    try:
        state = _open(tab, site_url, docname)
        page_wide = tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    finally:
        tab.metrics(HEIGHT)
    problems = []
    for fig in state["figures"]:
        path = (SITE / urllib.parse.unquote(urllib.parse.urlsplit(fig["current"]).path).lstrip("/")).resolve()
        record = text_record(path) if path.suffix.lower() == ".png" and path.exists() else None
        if record is None:
            problems.append(f"figure with no record of its smallest text: {fig['current']}")
            continue
        points, dpi, width = record
        px = smallest_text_px(points, dpi, width, fig["shown"])
        if px < SMALLEST_TEXT_PX:
            problems.append(f"{path.name}: {points:g} pt text shown at {px:.1f} px ({fig['alt'][:60]})")
        if fig["shown"] > fig["column"] + 1:
            problems.append(f"{path.name}: {fig['shown']:.0f} px wide in a {fig['column']:.0f} px column "
                            f"({fig['alt'][:60]})")
    if page_wide > 1:
        problems.append(f"the page scrolls sideways by {page_wide} px")
    assert not problems, f"{docname} at {PHONE_WIDTH} px:\n  " + "\n  ".join(problems)
