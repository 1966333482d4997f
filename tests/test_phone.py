"""Figures on a phone: the phone drawing a figure's PNG carries (racelab.style.phone_png) and the page
rewrite that offers it (racelab.book.phone)."""

import io

import matplotlib

matplotlib.use("Agg")

from PIL import Image  # noqa: E402

from racelab import style  # noqa: E402
from racelab.book import phone  # noqa: E402


def _shown_px(png: bytes, width_px: float) -> float:
    with Image.open(io.BytesIO(png)) as im:
        pt, dpi = float(im.text[style.SMALLEST_TEXT_PT]), float(im.text[style.DPI])
        return pt * dpi / 72 * width_px / im.width


def test_a_wide_figure_is_stacked_and_drawn_legible_for_a_phone():
    with style.figure(1, 3, figsize=(9, 3), alt="three panels") as (fig, axes):
        for ax in axes:
            ax.plot([1, 2, 3])
            ax.set_title("a panel title long enough to hold the drawing wide on a narrow phone screen")
    desktop = style.png_bytes(fig)
    drawn = style.png_phone(io.BytesIO(desktop))
    assert drawn is not None
    with Image.open(io.BytesIO(drawn)) as im:
        assert im.height > im.width  # the three panels one under another
    assert _shown_px(drawn, style.PHONE_COLUMN_PX) >= style.SMALLEST_TEXT_PX
    assert _shown_px(desktop, style.PHONE_COLUMN_PX) < style.SMALLEST_TEXT_PX  # the desktop one would not be
    assert phone.legible_width(drawn) <= style.PHONE_COLUMN_PX
    assert fig.axes[0].get_title().count("\n") == 0  # the figure itself is left as it was


def test_a_narrow_figure_needs_no_phone_drawing():
    with style.figure(1, 1, figsize=(3, 2), alt="one small panel") as (fig, ax):
        ax.plot([1, 2])
    assert style.png_phone(io.BytesIO(style.png_bytes(fig))) is None


def test_a_figure_may_draw_its_own_phone_version():
    with style.figure(1, 2, figsize=(9, 3), alt="two panels") as (fig, _):
        pass

    def own():
        with style.figure(1, 1, figsize=(3, 3), alt="the phone one") as (small, ax):
            ax.set_title("own")
        return small

    style.phone_version(fig, own)
    fig.axes[0].set_title("x")
    drawn = style.png_phone(io.BytesIO(style.png_bytes(fig)))
    with Image.open(io.BytesIO(drawn)) as im:
        assert im.text[style.ALT] == "the phone one"


def test_long_row_labels_move_above_their_rows_on_a_phone():
    labels = [f"comparison number {k} of a forest plot, named at length" for k in range(6)]
    with style.figure(1, 1, figsize=(8, 3), alt="a forest plot") as (fig, ax):
        ax.errorbar(range(6), range(6), xerr=0.3, fmt="o")
        ax.set_yticks(range(6), labels, fontsize=9)
        ax.invert_yaxis()
    drawn = style.png_phone(io.BytesIO(style.png_bytes(fig)))
    assert drawn is not None  # without the move the axes would be squeezed by the labels, and no drawing made
    assert phone.legible_width(drawn) <= style.PHONE_COLUMN_PX
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == labels  # the figure itself is unchanged


def test_the_wide_figures_of_the_book_draw_their_own_phone_versions():
    """Chapter 03's matrix, chapter 05's overview and the happens-before graphs: each carries a phone drawing
    whose smallest text shows at 9 px or more in a phone's column."""
    from racelab.book import sass_figures
    from racelab.model import plot as model_plot, programs

    row = {"release": "1.27.0", "dsl": "4.6.1", "topk": 128, "ok": True, "predicated": False,
           "before_arrive": ["STS [R1], R2", "MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S", "SYNCS.ARRIVE.TRANS64.A1T0"],
           "arrive": "SYNCS.ARRIVE.TRANS64.A1T0", "init_count": 32, "ptxas": "13.3", "membar_before_arrive": True}
    rows = [dict(row, release=r, dsl=d, topk=t, predicated=r == "1.26.0", init_count=1 if r == "1.26.0" else 32,
                 arrive=("@P0 " if r == "1.26.0" else "") + row["arrive"])
            for r in ("1.26.0", "1.27.0") for d in ("4.5.0", "4.6.1", "4.8.1") for t in (128, 512, 2048)]
    figures = [sass_figures.matrix_figure(rows), model_plot.plot_hb(programs.twin(128, 64), "ptx-formal"),
               model_plot.plot_hb(programs.calibration("V0"), "ptx-formal")]
    for fig in figures:
        desktop = style.png_bytes(fig)
        drawn = style.png_phone(io.BytesIO(desktop))
        assert drawn is not None
        assert _shown_px(desktop, style.PHONE_COLUMN_PX) < style.SMALLEST_TEXT_PX
        assert phone.legible_width(drawn) <= style.PHONE_COLUMN_PX, fig.alt_text[:60]


def test_the_page_offers_the_phone_drawing_and_a_second_run_changes_nothing(tmp_path):
    with style.figure(1, 3, figsize=(9, 3), alt="three panels") as (fig, axes):
        for ax in axes:
            ax.plot([1, 2, 3])
    images = tmp_path / "_images"
    images.mkdir()
    (images / "f.png").write_bytes(style.png_bytes(fig))
    page = tmp_path / "p.html"
    page.write_text('<figure><img alt="x" src="_images/f.png"></figure>')
    assert phone.offer(page) == 1
    first = page.read_text()
    assert '<source media="(max-width: 700px)" srcset="_images/f-phone.png">' in first
    assert "--phone-min-width:" in first and (images / "f-phone.png").is_file()
    assert phone.offer(page) == 1 and page.read_text() == first
