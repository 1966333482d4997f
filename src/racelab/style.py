"""One look for every figure: Okabe-Ito colours (colour-blind safe), an opaque light panel that reads
on the theme's light and dark modes, and alt text carried with each figure. A figure shown in a notebook
is a PNG that records its resolution and its smallest text (`SMALLEST_TEXT_PT`, `DPI` text chunks), so a
page can be checked for text too small at the width it is displayed at, and its alt text (`ALT`), which
the book's page gives the image where its cell names none (racelab.book.sphinx_ext)."""

import base64
import io
from contextlib import contextmanager

import matplotlib
import matplotlib.gridspec
from matplotlib.figure import Figure
from matplotlib.text import Text

import matplotlib.pyplot as plt  # noqa: E402

# Okabe & Ito (2008), "Color Universal Design".
PALETTE = {
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "black": "#000000",
    "grey": "#999999",
}
# Semantic roles, used the same way in every chapter.
ROLE = {
    "unpatched": PALETTE["vermillion"],
    "patched": PALETTE["blue"],
    "race": PALETTE["vermillion"],
    "ordered": PALETTE["green"],
    "control": PALETTE["grey"],
    "membar": PALETTE["orange"],
    "predicted": PALETTE["sky"],
    "measured": PALETTE["black"],
}
CYCLE = [PALETTE[k] for k in ("blue", "orange", "green", "vermillion", "purple", "sky", "yellow", "black")]

RC = {
    "figure.facecolor": "white",  # opaque: dark mode shows a light card, never black-on-black
    "axes.facecolor": "white",
    "savefig.facecolor": "white",
    "axes.prop_cycle": matplotlib.cycler(color=CYCLE),
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "font.size": 10,
    "axes.titlesize": 11,
    "figure.dpi": 110,
    "savefig.dpi": 150,
    "savefig.bbox": "tight",
    "svg.fonttype": "none",
}


def apply() -> None:
    plt.rcParams.update(RC)


@contextmanager
def figure(*args, alt: str, **kwargs):
    """plt.subplots under the book's style; `alt` is the figure's alt text, stored on the figure.
    The style is applied globally rather than in an rc_context: leaving an rc_context would restore
    `interactive` as it was before the notebook's inline backend switched on, hiding later figures."""
    apply()
    fig, axes = plt.subplots(*args, **kwargs)
    fig.alt_text = alt
    show_as_png()
    yield fig, axes


def alt_text(fig) -> str:
    return getattr(fig, "alt_text", "")


SMALLEST_TEXT_PT = "racelab:smallest-text-pt"
DPI = "racelab:dpi"
ALT = "Description"  # the PNG's own key for a description of the image
PHONE = "racelab:phone-png"  # the figure drawn again for a phone's column: a PNG, base64, inside the PNG
# A phone's text column (a 390 px screen less the theme's margins) and the smallest text a figure may show
# there, both in CSS pixels; the phone drawing is made narrow enough that its smallest text reaches that size.
PHONE_COLUMN_PX = 358
SMALLEST_TEXT_PX = 9
PHONE_CELL_HEIGHT_IN = (1.9, 3.4)  # the height one panel may take in the phone drawing


def _texts(artist):
    if not artist.get_visible():
        return
    if isinstance(artist, Text) and artist.get_text().strip():
        yield artist
    for child in artist.get_children():
        yield from _texts(child)


def smallest_text_pt(fig) -> float | None:
    """The smallest font size, in points, of any visible, non-empty text on the figure."""
    sizes = [t.get_fontsize() for t in _texts(fig)]
    return min(sizes) if sizes else None


def _meta(fig) -> dict:
    meta = {DPI: f"{fig.dpi:g}"}
    pt = smallest_text_pt(fig)
    if pt is not None:
        meta[SMALLEST_TEXT_PT] = f"{pt:g}"
    if alt_text(fig):
        meta[ALT] = alt_text(fig)
    return meta


def _save(fig, meta) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=fig.dpi, bbox_inches="tight", metadata=meta)
    return buf.getvalue()


def png_width(png: bytes) -> int:
    """A PNG's width in pixels (its IHDR chunk)."""
    return int.from_bytes(png[16:20], "big")


def png_bytes(fig, phone: bool = True) -> bytes:
    """The figure as a PNG at its own dpi, trimmed to its content, with its dpi and smallest text recorded,
    and (``phone``) the phone drawing of :func:`phone_png` carried inside it, for the book to offer a phone."""
    meta = _meta(fig)
    drawn = _save(fig, meta)
    if phone:
        small = phone_png(fig, png_width(drawn))
        if small is not None:
            meta[PHONE] = base64.b64encode(small).decode("ascii")
            drawn = _save(fig, meta)
    return drawn


def _grid(ax):
    spec = ax.get_subplotspec() if hasattr(ax, "get_subplotspec") else None
    return spec.get_topmost_subplotspec() if spec is not None else None


def phone_png(fig, drawn_px: int | None = None) -> bytes | None:
    """The figure drawn again for a phone's text column: its panels one under another (a grid of r x c panels
    becomes r*c rows, in reading order) and narrow enough that its smallest text shows at SMALLEST_TEXT_PX
    when the trimmed drawing fills PHONE_COLUMN_PX; None where the desktop drawing (``drawn_px`` wide,
    trimmed) already does, or has no text. The width is corrected until the trimmed drawing fits (labels
    outside the axes keep their size as the axes narrow). It draws a copy: the figure itself is unchanged."""
    import pickle

    pt = smallest_text_pt(fig)
    if pt is None:
        return None
    limit_px = pt * fig.dpi / 72 * PHONE_COLUMN_PX / SMALLEST_TEXT_PX * 0.98
    if drawn_px is not None and drawn_px <= limit_px:
        return None
    own = getattr(fig, "phone_figure", None)  # a figure that draws its own phone version (phone_version)
    if own is not None:
        small = own()
        drawn = _save(small, _meta(small))
        plt.close(small)
        return drawn
    drawn = _phone_drawing(pickle.loads(pickle.dumps(fig)), limit_px, labels_above=False)
    if drawn is None:  # the row labels took the width: a second try with each label above its row
        drawn = _phone_drawing(pickle.loads(pickle.dumps(fig)), limit_px, labels_above=True)
    return drawn


def _phone_drawing(fig, limit_px: float, labels_above: bool) -> bytes | None:
    """phone_png's drawing of `fig` (a copy it may change), or None where a panel ends up squeezed."""
    width_in, height_in = fig.get_size_inches()
    _wrap_long_texts(fig, limit_px / fig.dpi)
    rows_above = _labels_above(fig) if labels_above else 0
    if labels_above and not rows_above:
        plt.close(fig)
        return None
    axes = [ax for ax in fig.axes if _grid(ax) is not None and ax.get_visible()]
    grids = {id(_grid(ax).get_gridspec()) for ax in axes}
    specs = {ax: _grid(ax) for ax in axes}
    rows = max((sp.get_gridspec().nrows for sp in specs.values()), default=1)
    cols = max((sp.get_gridspec().ncols for sp in specs.values()), default=1)
    target_in = limit_px / fig.dpi
    cell_h = height_in / rows * min(1.0, target_in / (width_in / cols))
    cell_h = min(max(cell_h, PHONE_CELL_HEIGHT_IN[0], PHONE_ROW_IN * rows_above), max(PHONE_CELL_HEIGHT_IN[1],
                                                                                     PHONE_ROW_IN * rows_above))
    if len(grids) == 1 and cols > 1:
        panels = sorted(axes, key=lambda ax: (specs[ax].rowspan.start, specs[ax].colspan.start))
        stacked = matplotlib.gridspec.GridSpec(len(panels), 1, figure=fig)
        for i, ax in enumerate(panels):
            ax.set_subplotspec(stacked[i, 0])
        height = cell_h * len(panels)
    else:
        height = max(height_in * min(1.0, target_in / width_in), cell_h * rows)
    try:
        fig.set_layout_engine("constrained")
    except RuntimeError:  # a colorbar made under another engine: keep that engine
        pass
    width, drawn = min(target_in, width_in), b""
    for _ in range(6):
        fig.set_size_inches(width, height)
        drawn = _save(fig, _meta(fig))
        if png_width(drawn) <= limit_px:
            break
        width *= limit_px / png_width(drawn) * 0.97
    squeezed = _squeezed(fig, png_width(drawn) / fig.dpi)
    plt.close(fig)
    return None if squeezed else drawn


PHONE_ROW_IN = 0.6  # the height a row takes in a phone drawing whose row labels sit above their rows


def _labels_above(fig) -> int:
    """Each long y tick label (over a sixth of the figure's width) moved to a line of its own above its row, at
    the panel's left edge, the tick left bare: the most rows so moved on one panel (0: none moved)."""
    fig.canvas.draw()
    most = 0
    for ax in fig.axes:
        ticks = [(pos, t) for pos, t in zip(ax.get_yticks(), ax.get_yticklabels()) if t.get_text().strip()]
        if not ticks or max(t.get_window_extent().width for _, t in ticks) < fig.bbox.width / 6:
            continue
        inverted = ax.yaxis_inverted()
        gap = min((b - a for a, b in zip(sorted(ax.get_yticks()), sorted(ax.get_yticks())[1:])), default=1.0)
        for pos, t in ticks:  # halfway to the row above, clear of points dodged about the row
            ax.annotate(t.get_text(), (0.0, pos + (-gap if inverted else gap) / 2), xycoords=("axes fraction", "data"),
                        xytext=(2, 0), textcoords="offset points", va="center", ha="left", fontsize=t.get_fontsize(),
                        color=t.get_color(), annotation_clip=False)
        ax.set_yticks([pos for pos, _ in ticks], [""] * len(ticks))
        lo, hi = sorted(ax.get_ylim())
        if inverted:  # room above the top row for its label
            ax.set_ylim(hi, min(lo, min(p for p, _ in ticks) - 0.8 * gap))
        else:
            ax.set_ylim(lo, max(hi, max(p for p, _ in ticks) + 0.8 * gap))
        most = max(most, len(ticks))
    return most


PHONE_MIN_PANEL = 0.4  # the least share of the drawing's width a panel may keep in a phone drawing


def _squeezed(fig, drawn_in: float) -> bool:
    """Whether a redrawn figure left a panel narrower than PHONE_MIN_PANEL of the trimmed drawing (labels that
    keep their size took the width): such a drawing reads worse than the desktop one scrolled sideways."""
    fig.canvas.draw()
    widths = [ax.get_window_extent().width / fig.dpi for ax in fig.axes
              if ax.get_visible() and ax.has_data()]
    return bool(widths) and min(widths) < PHONE_MIN_PANEL * drawn_in


def _wrap_long_texts(fig, width_in: float) -> None:
    """Titles, axis labels and figure texts longer than `width_in` at their size are broken into lines (at
    spaces), so that a phone drawing is not held wide by one long line."""
    import textwrap

    texts = [*fig.texts, *([fig._suptitle] if getattr(fig, "_suptitle", None) else [])]
    for ax in fig.axes:
        texts += [ax.title, getattr(ax, "_left_title", None), getattr(ax, "_right_title", None),
                  ax.xaxis.label, ax.yaxis.label]
    for t in filter(None, texts):
        text = t.get_text()
        chars = max(16, int(width_in * 72 / (0.6 * t.get_fontsize())))
        if len(text) > chars and "\n" not in text and "$" not in text:
            t.set_text(textwrap.fill(text, chars))


def phone_version(fig, make) -> None:
    """Give `fig` a phone drawing of its own: ``make()`` returns a new figure drawn for a phone's column (where
    stacking the panels and narrowing them, phone_png's way, would squeeze what the figure is about)."""
    fig.phone_figure = make


def png_info(source) -> dict:
    """The text chunks of a PNG made by `png_bytes` (a path, a file object, or the PNG's bytes): {} for none,
    or for a file that is no PNG."""
    from PIL import Image, UnidentifiedImageError

    if isinstance(source, bytes):
        source = io.BytesIO(source)
    try:
        with Image.open(source) as im:
            return dict(getattr(im, "text", None) or {})
    except (OSError, UnidentifiedImageError):
        return {}


def png_phone(path) -> bytes | None:
    """The phone drawing a PNG made by `png_bytes` carries, or None."""
    data = png_info(path).get(PHONE)
    return base64.b64decode(data) if data else None


def png_alt(path) -> str:
    """The alt text a PNG made by `png_bytes` carries ("" for none, or for a file that is no PNG)."""
    return png_info(path).get(ALT, "")


def show_as_png() -> None:
    """In an IPython kernel, display (and glue) every matplotlib figure through `png_bytes`."""
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is not None:
        shell.display_formatter.formatters["image/png"].for_type(Figure, png_bytes)
