"""Where the twin's hazards are: every hazard byte of a parsed racecheck report mapped onto the twin's
shared-memory layout (which array, which element, which of the writing lane's stores), counted by store
site, by writer lane, by reader thread and by byte offset, and set against the count the store pattern
predicts. Figures use racelab.style.

The mapping needs only the layout (racelab.vocab.TwinLayout) and where the layout starts in the shared
window: the twin reports that itself (its smem probe, in the kernel output each run records); without
it, `infer_base` finds the one start that puts every hazard byte inside the two arrays."""

from collections.abc import Iterable

import pandas as pd

from racelab import style
from racelab.model.programs import predicted_hazard_bytes
from racelab.readers import racecheck_log
from racelab.experiments.racecheck_cases import RecordedCase
from racelab.vocab import WARP_SIZE, ArriveMode, TwinLayout

# ------------------------------------------------------------------ reading records (racelab.readers.racecheck_log)

def record_fields(rec) -> dict:
    """The fields the breakdown uses from one racelab.readers.racecheck_log.HazardRecord."""
    return {"address": int(rec.address), "type": rec.type,
            "writer_thread": int(rec.writer.thread[0]), "reader_thread": int(rec.reader.thread[0]),
            "block": int(rec.block[0]), "writer_site": rec.writer.site, "reader_site": rec.reader.site}


# ------------------------------------------------------------------ mapping onto the layout

class BreakdownError(ValueError):
    pass


def infer_base(addresses: Iterable[int], layout: TwinLayout, candidates: Iterable[int] = ()) -> int:
    """The shared-window address where SharedStorage starts: the first candidate (e.g. the twin's own
    probe) under which every address lands in sGradSignal or sW; else the one 128-aligned start that does.
    BreakdownError if none or several do."""
    addresses = sorted(set(int(a) for a in addresses))
    if not addresses:
        raise BreakdownError("no hazard addresses to place")

    def fits(base):
        return all(layout.locate(a - base) is not None for a in addresses)

    for base in candidates:
        if base is not None and fits(int(base)):
            return int(base)
    lo = addresses[0] - layout.size
    fitting = [b for b in range(max(0, lo - lo % layout.align), addresses[0] + 1, layout.align) if fits(b)]
    if len(fitting) != 1:
        raise BreakdownError(f"{len(fitting)} layout starts fit {len(addresses)} hazard addresses "
                             f"({hex(addresses[0])}..{hex(addresses[-1])}) for topk={layout.topk}, "
                             f"heads={layout.heads}; "
                             "pass the twin's smem probe as base")
    return fitting[0]


def hazard_frame(records, layout: TwinLayout, base: int | None = None, candidates: Iterable[int] = ()) -> pd.DataFrame:
    """One row per hazard record, placed on the layout: array, element, byte, the lane that stores it,
    which store of that lane, and whether racecheck's writer is that lane."""
    rows = [record_fields(r) for r in records]
    if any(r["writer_thread"] >= WARP_SIZE for r in rows):
        raise BreakdownError("a hazard's writer is not in warp 0: this is not the twin's handoff")
    columns = ["address", "offset", "array", "element", "byte", "layout_lane", "store", "lane_store", "site",
               "type", "writer_thread", "writer_lane", "reader_thread", "block", "writer_site", "reader_site",
               "writer_is_layout_lane"]
    if not rows:
        return pd.DataFrame(columns=columns)
    if base is None:
        base = infer_base((r["address"] for r in rows), layout, candidates)
    out = []
    for r in rows:
        offset = r["address"] - base
        site = layout.locate(offset)
        if site is None:
            raise BreakdownError(f"hazard at shared {hex(r['address'])} (offset {offset} from {hex(base)}) is in "
                                 f"neither array of the topk={layout.topk}, heads={layout.heads} layout")
        writer_lane = r["writer_thread"]  # warp 0: thread index = lane
        out.append({**r, "offset": offset, "array": site.array, "element": site.element, "byte": site.byte,
                    "layout_lane": site.lane, "store": site.store, "lane_store": site.lane_store,
                    "site": site.label, "writer_lane": writer_lane,
                    "writer_is_layout_lane": writer_lane == site.lane})
    return pd.DataFrame(out, columns=columns)


def by_site(df: pd.DataFrame, layout: TwinLayout) -> pd.DataFrame:
    """Hazard bytes per store site (array x the lane's store number), in program order."""
    counts = df.groupby("site").size() if len(df) else pd.Series(dtype=int)
    labels = layout.store_labels()
    table = pd.DataFrame({"site": labels, "hazard bytes": [int(counts.get(s, 0)) for s in labels]})
    table["lanes"] = [df.loc[df["site"] == s, "writer_lane"].nunique() if len(df) else 0 for s in labels]
    return table


def by_writer_lane(df: pd.DataFrame) -> pd.DataFrame:
    counts = df.groupby("writer_lane").size() if len(df) else pd.Series(dtype=int)
    return pd.DataFrame({"writer lane": range(WARP_SIZE),
                         "hazard bytes": [int(counts.get(lane, 0)) for lane in range(WARP_SIZE)]})


def predicted_vs_measured(measured: Iterable[dict]) -> pd.DataFrame:
    """Rows of {topk, heads, arrive, measured} -> the table with the prediction beside each."""
    rows = []
    for m in measured:
        predicted = predicted_hazard_bytes(m["topk"], m["heads"], m["arrive"])
        rows.append({"topk": m["topk"], "heads": m["heads"], "arrive": ArriveMode.parse(m["arrive"]).value,
                     "predicted": predicted, "measured": int(m["measured"]),
                     "agrees": predicted == int(m["measured"])})
    return pd.DataFrame(rows)


# ------------------------------------------------------------------ figures

def _array_colours():
    return {"sGradSignal": style.ROLE["race"], "sW": style.PALETTE["orange"]}


def plot_store_sum(df: pd.DataFrame, layout: TwinLayout, title: str | None = None):
    """One horizontal bar of every hazard byte, split by the store that wrote it (colour: array), each
    segment labelled with its bytes; every writing lane contributes the same, so one bar says it all."""
    sites = by_site(df, layout)
    colours = _array_colours()
    total = int(sites["hazard bytes"].sum())
    lanes = int(sites["lanes"].max())
    with style.figure(1, 1, figsize=(6.25, 1.7),
                      alt=f"One bar of {total} hazard bytes split into the {len(sites)} stores each writing lane "
                          f"makes: {layout.grad_stores_per_lane} sGradSignal stores and "
                          f"{layout.w_stores_per_lane} sW stores, by {lanes} lanes each; lane 0 contributes none.") \
            as (fig, ax):
        left = 0
        for _, row in sites.iterrows():
            array = "sGradSignal" if row["site"].startswith("sGradSignal") else "sW"
            width = int(row["hazard bytes"])
            ax.barh(0, width, left=left, color=colours[array], edgecolor="white", linewidth=1.5, height=0.6)
            ax.text(left + width / 2, 0, f"{row['site'].split(' store ')[1]}\n{width:,} B", ha="center",
                    va="center", color="white", fontsize=9, fontweight="bold")
            left += width
        ax.set_xlim(0, total)
        ax.set_ylim(-0.45, 0.45)
        ax.set_yticks([])
        ax.grid(False)
        for side in ("left", "top", "right"):
            ax.spines[side].set_visible(False)
        ax.set_xlabel("hazard bytes (topk={}, heads={})".format(layout.topk, layout.heads))
        grad = [s for s in sites["site"] if s.startswith("sGradSignal")]
        ax.set_title(title or f"{total:,} B = {lanes} lanes × ({len(grad)} × {layout.grad_bytes} B sGradSignal + "
                     f"{len(sites) - len(grad)} × {layout.w_bytes} B sW); lane 0 (it arrives): 0 B",
                     fontsize=10, loc="left")
    return fig


def lane_offset_grid(df: pd.DataFrame, layout: TwinLayout):
    """A [32 lanes x (sGradSignal..sW end) bytes] count grid and its first byte offset."""
    import numpy as np
    start, stop = layout.grad_offset, layout.w_offset + layout.heads * layout.w_bytes
    grid = np.zeros((WARP_SIZE, stop - start), dtype=int)
    for lane, offset in zip(df["writer_lane"], df["offset"]):
        if lane is not None and start <= offset < stop:
            grid[int(lane), int(offset) - start] += 1
    return grid, start


def plot_lane_address_heatmap(df: pd.DataFrame, layout: TwinLayout, title: str | None = None):
    """Which lane wrote which shared byte that racecheck flagged: writer lane (rows) x byte offset from the
    start of SharedStorage (columns)."""
    from matplotlib.colors import LinearSegmentedColormap

    grid, start = lane_offset_grid(df, layout)
    cmap = LinearSegmentedColormap.from_list("hazard", ["#FFFFFF", style.ROLE["race"]])
    stop = start + grid.shape[1]
    with style.figure(1, 1, figsize=(6.25, 3.4),
                      alt=f"Heat map of hazard bytes by writer lane (rows 0-31) and shared byte offset "
                          f"{start}-{stop - 1}; each lane's flagged bytes are its own elements, every 32nd, "
                          f"in sGradSignal and sW; lane 0's row is empty.") as (fig, ax):
        ax.imshow(grid, aspect="auto", interpolation="nearest", cmap=cmap, vmin=0, vmax=max(1, grid.max()),
                  extent=(start - 0.5, stop - 0.5, WARP_SIZE - 0.5, -0.5))
        ax.axvline(layout.w_offset - 0.5, color=style.PALETTE["black"], linewidth=0.8)
        ax.text(layout.grad_offset, -1.2, "sGradSignal", fontsize=10, va="bottom")
        ax.text(layout.w_offset, -1.2, "sW", fontsize=10, va="bottom")
        ax.text(start + 8, 0, "← lane 0 (arrives): no hazard bytes", fontsize=9, va="center",
                color=style.PALETTE["black"])
        ax.set_xlabel("byte offset in SharedStorage")
        ax.set_ylabel("writer lane")
        ax.grid(False)
        ax.set_yticks(range(0, WARP_SIZE, 4))
        ax.set_title(title or f"Hazard bytes by writer lane and shared address "
                              f"(topk={layout.topk}, heads={layout.heads})", pad=24, fontsize=10)
    return fig


# ------------------------------------------------------------------ a recorded "twin-racecheck" run

class TwinRun:
    """What a recorded twin-racecheck run (racelab twin record) holds, as tables; its cases typed
    (racecheck_cases.RecordedCase, with topk, heads, ctas, arrive in `params`)."""

    def __init__(self, rec):
        self.rec = rec
        self.summary = rec.read_json("summary.json")
        self.cases = [RecordedCase.from_entry(c) for c in self.summary["cases"]]

    @staticmethod
    def _key(c) -> tuple:
        return c.report, c.params["topk"], c.params["heads"], c.params["ctas"], c.params["arrive"]

    def case(self, report: str, topk: int = 128, heads: int = 64, ctas: int = 1, arrive="elected"):
        arrive = ArriveMode.parse(arrive).value
        for c in self.cases:
            if self._key(c) == (report, topk, heads, ctas, arrive):
                return c
        raise KeyError(f"run {self.rec.id} has no {report}-mode case topk={topk} heads={heads} ctas={ctas} {arrive}")

    def _usable(self, c) -> dict:
        if c.status != "ok" or not c.parsed:
            raise BreakdownError(f"case {c.name} of run {self.rec.id} did not complete: status {c.status}"
                                 f"{', ' + c.parse_error if c.parse_error else ''}")
        return c.parsed

    def counts(self) -> pd.DataFrame:
        """One row per racecheck run: what racecheck printed and whether the kernel's output was right."""
        rows = []
        for c in self.cases:
            parsed = c.parsed or {}
            summary = parsed.get("summary") or {}
            _, topk, heads, ctas, arrive = self._key(c)
            rows.append({"report": c.report, "topk": topk, "heads": heads, "CTAs": ctas, "arrive": arrive,
                         "status": c.status, "output correct": c.correct,
                         "hazard records": parsed.get("records"), "analysis reports": parsed.get("reports"),
                         "errors": summary.get("errors"), "warnings": summary.get("warnings"),
                         "byte hazards": parsed.get("hazard_bytes"),
                         "predicted byte hazards": predicted_hazard_bytes(topk, heads, arrive) * ctas,
                         "wall s": c.params.get("wall_s")})
        return pd.DataFrame(rows)

    def measured(self, report: str = "hazard", topk: int = 128, heads: int = 64, ctas: int = 1,
                 arrive="elected") -> int:
        """Byte hazards of one case: hazard records in hazard mode, the summed [N hazards] in analysis mode."""
        return int(self._usable(self.case(report, topk, heads, ctas, arrive))["hazard_bytes"])

    def reports(self, ctas: int, arrive="elected", topk: int = 128, heads: int = 64) -> int:
        """Analysis-mode error reports (what the default racecheck run prints) for one grid size."""
        return int(self._usable(self.case("analysis", topk, heads, ctas, arrive))["reports"])

    def comparison(self) -> pd.DataFrame:
        """Predicted vs measured byte hazards for every hazard-mode case."""
        rows = [{"topk": k[1], "heads": k[2], "arrive": k[4], "measured": self.measured(*k)}
                for k in map(self._key, self.cases) if k[0] == "hazard"]
        return predicted_vs_measured(rows)

    def smem_base(self, c) -> int | None:
        """Where SharedStorage started in the shared window, as the twin itself reported it in that run."""
        probe = (c.kernel_output or {}).get("smem_probe") or {}
        return probe.get("mbar")

    def hazard_frame(self, topk: int = 128, heads: int = 64, arrive="elected") -> pd.DataFrame:
        """Every hazard record of the one-CTA hazard-mode run, placed on the layout. The log is parsed again
        for its records; its byte hazards must be the count the run recorded (`measured`), which the
        chapter's prose takes, so the figure and the number cannot disagree."""
        c = self.case("hazard", topk, heads, 1, arrive)
        recorded = self._usable(c)["hazard_bytes"]
        layout = TwinLayout(topk, heads)
        with self.rec.open_stream(c.log) as stream:
            report = racecheck_log.parse(stream, keep_records=True)
        if report.hazard_bytes != recorded:
            raise BreakdownError(f"{c.log} of run {self.rec.id} holds {report.hazard_bytes} byte hazards; "
                                 f"its summary.json recorded {recorded}")
        base = self.smem_base(c)
        return hazard_frame(report.record_list, layout, candidates=[base] if base is not None else [])
