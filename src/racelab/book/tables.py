"""How the book shows a table: no index column, integers with thousands separators, floats to a few
significant figures, "—" for a missing value, and a class that lets a wide table scroll inside its own box
with its first (key) column kept in view (book/_static/racelab.css)."""

import numbers
import hashlib
import re

import pandas as pd

from racelab.style import ROLE

MISSING = "—"


def count_over_runs(counts: list[int]) -> str:
    """A count as every recorded run that measured it gives it (two runs or more): "the same in all N recorded
    runs", or "LO to HI in the N recorded runs"."""
    if len(set(counts)) == 1:
        return f"the same in all {len(counts)} recorded runs"
    return f"{min(counts):,} to {max(counts):,} in the {len(counts)} recorded runs"


def cell(value, digits: int = 3) -> str:
    """One value as a reader should see it: 81840 -> "81,840", 8128.0 -> "8,128", 0.1662 -> "0.166",
    NaN/None/<NA> -> "—", a list -> its items joined by commas, True/False -> "yes"/"no"."""
    if isinstance(value, (list, tuple, set)):
        return ", ".join(map(str, value)) or MISSING
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return MISSING
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, numbers.Integral):
        return f"{value:,}"
    if isinstance(value, numbers.Real):
        if float(value).is_integer() and abs(value) < 1e15:
            return f"{int(value):,}"
        return f"{value:,.{digits}g}" if abs(value) < 1000 else f"{value:,.0f}"
    return str(value)


def show(df: pd.DataFrame, *, index: bool = False, wide: bool = False, nowrap: bool = False, digits: int = 3):
    """A Styler of `df` under the book's conventions. `index=True` turns the index into leading columns
    (the key column first) instead of dropping it; `wide`: may scroll sideways, first column pinned;
    `nowrap`: cells keep to one line (numbers with their units)."""
    frame = df.reset_index() if index else df.reset_index(drop=True)
    classes = " ".join(["racelab-table"] + (["racelab-wide"] if wide else []) + (["racelab-nowrap"] if nowrap else []))
    # the ids pandas gives the table's cells come from the table itself, not from a random uuid, so that the
    # same table renders to the same HTML (what `racelab book glue-values` compares)
    uuid = hashlib.sha256(frame.to_csv().encode()).hexdigest()[:12]
    return (frame.style.format(lambda v: cell(v, digits)).hide(axis="index").set_uuid(uuid)
            .set_table_attributes(f'class="{classes}"'))


def calibration(calib: pd.DataFrame):
    """Chapter 02's table: variant, what warp 0 does, the SASS before the arrive, racecheck's byte hazards
    (racy in red, clean in green) and the values read back wrong."""
    shown = calib[["warp 0 before the signal", "arrive count", "SASS before the arrive", "hazards",
                   "writer lanes", "wrong values read"]].rename(columns={"warp 0 before the signal": "warp 0 does",
                                                                          "arrive count": "count"})
    return (show(shown, index=True, wide=True)
            # a long instruction (BAR.SYNC.DEFER_BLOCKING) may break after a dot that a word of 4 or more
            # characters follows, so that every column fits
            .format(lambda v: re.sub(r"\.(?=\w{4})", ".<wbr>", cell(v)), subset=["SASS before the arrive"])
            .map(lambda v: f"color: {ROLE['race'] if v else ROLE['ordered']}; font-weight: bold", subset=["hazards"]))


def interactive_mode():
    """Load the DataTables bundle that itables ships into the page, once, so that the page's interactive
    tables work offline (no connection to a CDN)."""
    from itables import init_notebook_mode

    init_notebook_mode(all_interactive=False, connected=False)


def interactive(df: pd.DataFrame, name: str, *, digits: int = 3):
    """A long table as a sortable, searchable, filterable DataTable (itables, offline), every row on pages of
    25, with buttons that copy it or download it as `<name>.csv`. Cells are formatted as `show` formats them;
    the CSV holds the same text. Needs `interactive_mode()` earlier in the page."""
    from IPython.display import HTML
    from itables import to_html_datatable

    frame = df.reset_index(drop=True).map(lambda v: cell(v, digits))
    html = to_html_datatable(frame, connected=False, showIndex=False, pageLength=25, lengthMenu=[10, 25, 100, -1],
                             layout={"topStart": "buttons", "topEnd": "search"}, classes="display compact racelab-itable",
                             buttons=["pageLength", {"extend": "csvHtml5", "title": name}, "copyHtml5"])
    return HTML(html)
