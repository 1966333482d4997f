"""Chapter 03's pictures and listings: the per-lane execution grid of the load warp, the compiler matrix as
a grid of builds, and PTX and SASS side by side as HTML. matplotlib is imported only inside the figures."""

from __future__ import annotations

import html
import re
import textwrap
from dataclasses import dataclass

from racelab import style
from racelab.readers.sass import ArriveSite, Instruction, lanes_executing, opcode_role
from racelab.vocab import WARP_SIZE

WARP = WARP_SIZE


def row_role(insn: Instruction) -> str:
    """:func:`racelab.readers.sass.opcode_role` of an instruction."""
    return opcode_role(insn.opcode)


def role_colours(arrive_role: str) -> dict:
    """The colour of each opcode role, with the arrive in ``style.ROLE[arrive_role]``."""
    # the fence pair in green, well apart from the arrive's vermillion (elected) or blue (all lanes)
    return {"store": style.PALETTE["purple"], "fence": style.PALETTE["green"], "elect": style.PALETTE["yellow"],
            "arrive": style.ROLE[arrive_role], "other": style.ROLE["control"]}


@dataclass(frozen=True)
class StreamRow:
    """One row of the per-lane picture: an instruction, or a run of unremarkable ones folded together."""

    label: str
    role: str
    lanes: frozenset | None  # None: depends on data
    instructions: tuple[Instruction, ...]


def stream_rows(site: ArriveSite, fold: int = 4) -> list[StreamRow]:
    """``site.stream`` as rows, with runs of ``fold`` or more consecutive "other" instructions that all
    lanes execute folded into one row (address arithmetic and global loads)."""
    rows: list[StreamRow] = []
    run: list[Instruction] = []

    def flush():
        if len(run) >= fold:
            ops = sorted({i.base for i in run})
            rows.append(StreamRow(f"{run[0].address:04x}-{run[-1].address:04x} {len(run)} insns: "
                                  f"{', '.join(ops[:3])}{', ...' if len(ops) > 3 else ''}", "other",
                                  frozenset(range(WARP)), tuple(run)))
        else:
            rows.extend(StreamRow(f"{i.address:04x}  {i.text[:42]}", "other", lanes_executing(site, i), (i,))
                        for i in run)
        run.clear()

    for insn in site.stream:
        lanes = lanes_executing(site, insn)
        if row_role(insn) == "other" and lanes == frozenset(range(WARP)):
            run.append(insn)
            continue
        flush()
        rows.append(StreamRow(f"{insn.address:04x}  {insn.text[:42]}", row_role(insn), lanes, (insn,)))
    flush()
    return rows


def lane_grid(rows: list[StreamRow]):
    """rows x 32 lanes: 1 where the lane executes, 0 where it does not, -1 where it depends on data."""
    import numpy as np
    grid = np.zeros((len(rows), WARP), dtype=int)
    for r, row in enumerate(rows):
        if row.lanes is None:
            grid[r, :] = -1
        else:
            grid[r, sorted(row.lanes)] = 1
    return grid


# the shade of an executed instruction of no other role: dark enough that an executed cell stays apart from an
# unexecuted (blank) one also when the dark theme shows the figure inverted
OTHER_ALPHA = 0.6


def short_label(label: str) -> str:
    """A row's label as the phone drawing gives it: the opcode (its first two parts where it is long) with
    its predicate, or a folded run's instruction count."""
    if "insns:" in label:
        return label.split(":")[0].split(maxsplit=1)[1]
    parts = label.split()[1:]
    pred = parts[0] + " " if parts and parts[0].startswith("@") else ""
    opcode = parts[1 if pred else 0]
    return pred + (".".join(opcode.split(".")[:2]) if len(opcode) > 18 else opcode)


def _lane_rgba(rows, colours):
    """The cells of one panel of lanes_figure: (instruction, lane) filled in its role's colour where the lane
    executes it (paler for other instructions), faint grey where it does not."""
    import matplotlib.colors as mcolors
    import numpy as np

    grid = lane_grid(rows)
    rgba = np.zeros((len(rows), WARP, 4))
    for r, row in enumerate(rows):
        rgb = mcolors.to_rgba(colours[row.role])[:3]
        for lane in range(WARP):
            if grid[r, lane] == 1:
                rgba[r, lane] = (*rgb, OTHER_ALPHA if row.role == "other" else 1.0)
            elif grid[r, lane] == -1:
                rgba[r, lane] = (*mcolors.to_rgba(style.ROLE["control"])[:3], 0.1)
    return rgba


def lanes_figure(panels: list[tuple[str, str, ArriveSite]], phone: bool = False):
    """One panel per (title, role, site): the load warp's instructions (rows) by lane (columns), a cell
    filled where that lane executes that instruction. ``role`` is a key of ``style.ROLE`` for the arrive.
    ``phone``: drawn for a phone's column, rows labelled by their opcode alone (short_label; the figure drawn
    for the page carries this one as its phone version)."""
    import matplotlib.colors as mcolors
    import matplotlib.patches as mpatches
    import numpy as np
    tables = [(title, role, site, stream_rows(site)) for title, role, site in panels]
    nrows = max(len(rows) for *_, rows in tables)

    def arrivers(site, rows):
        return next(len(r.lanes or ()) for r in rows if site.arrive in r.instructions)

    alt = ("Per-lane execution of the load warp's code up to the W_LOADED arrive; rows are instructions, columns "
           "lanes 0 to 31. " + " ".join(f"{title}: {arrivers(site, rows)} of 32 lanes execute the arrive, all 32 "
                                        f"execute the shared stores and MEMBAR.ALL.CTA and FENCE.VIEW.ASYNC.S before it."
                                        for title, _, site, rows in tables))
    # panels stacked, each the width of the text column, so that the labels keep their size on the page
    width = 3.6 if phone else 6.8
    with style.figure(len(panels), 1, figsize=(width, len(panels) * (0.18 * nrows + 0.9) + 0.5), alt=alt,
                      squeeze=False) as (fig, axes):
        for ax, (title, role, site, rows) in zip(axes[:, 0], tables):
            colours = role_colours(role)
            ax.imshow(_lane_rgba(rows, colours), aspect="auto", interpolation="nearest", extent=(-0.5, WARP - 0.5, len(rows) - 0.5, -0.5))
            ax.set_yticks(range(len(rows)))
            ax.set_yticklabels([short_label(row.label) if phone else row.label for row in rows], fontsize=8,
                               family="monospace")
            ax.set_xticks([0, 8, 16, 24, 31])
            ax.set_xlabel("lane")
            ax.set_xticks(np.arange(-0.5, WARP, 1), minor=True)
            ax.set_yticks(np.arange(-0.5, len(rows), 1), minor=True)
            ax.grid(which="minor", color="white", linewidth=0.5)
            ax.grid(which="major", visible=False)
            ax.tick_params(which="minor", length=0)
            a = next(r for r, row in enumerate(rows) if site.arrive in row.instructions)
            ax.add_patch(mpatches.Rectangle((-0.5, a - 0.5), WARP, 1, fill=False, edgecolor=style.PALETTE["black"],
                                            linewidth=1.6, zorder=3))
            ax.annotate(f"{arrivers(site, rows)} of 32\nlanes arrive", xy=(WARP - 0.5, a), xytext=(WARP + 1.2, a),
                        va="center", fontsize=9, fontweight="bold", color=colours["arrive"], annotation_clip=False,
                        arrowprops={"arrowstyle": "->", "color": colours["arrive"]})
            ax.set_title(title.split(":")[0] if phone else title, fontsize=10, loc="left")
        colours = role_colours("unpatched")
        handles = [mpatches.Patch(color=c, label=l) for l, c in [
            ("shared store", colours["store"]), ("MEMBAR / FENCE", colours["fence"]), ("ELECT", colours["elect"]),
            ("arrive, unpatched", style.ROLE["unpatched"]), ("arrive, patched", style.ROLE["patched"]),
            ("other (executed)", mcolors.to_rgba(style.ROLE["control"], OTHER_ALPHA))]]
        handles.append(mpatches.Patch(facecolor="white", edgecolor=style.PALETTE["grey"], label="not executed"))
        fig.tight_layout(rect=(0, 0.12 if phone else 0.07, 1, 1))
        fig.legend(handles=handles, loc="lower center", ncol=2 if phone else 4, fontsize=9, frameon=False)
    if not phone:
        style.phone_version(fig, lambda: lanes_figure(panels, phone=True))
    return fig


def _matrix_cell(ax, x: float, y: float, r: dict | None, mpatches, narrow: bool = False) -> None:
    """One build's cell of the matrix figure, its top-left corner at (x, y): the instructions from the last
    shared store to the arrive as coloured boxes, and the init count, the arrive's predicate and ptxas
    (``narrow``: on two lines)."""
    ax.add_patch(mpatches.Rectangle((x, y), 0.96, 0.9, facecolor="white", edgecolor=style.ROLE["control"],
                                    linewidth=0.6))
    if r is None or not r["ok"]:
        ax.text(x + 0.48, y + 0.45, "no build" if r is None else "build failed", ha="center", va="center",
                fontsize=7, color=style.ROLE["control"])
        return
    colours = role_colours("unpatched" if r["predicated"] else "patched")
    ops = r["before_arrive"]
    w = 0.88 / len(ops)
    for k, op in enumerate(ops):
        opcode = op.split()[-1]
        never = op.startswith("@!PT")
        kind = opcode_role(opcode)
        ax.add_patch(mpatches.Rectangle((x + 0.04 + k * w, y + 0.08), w * 0.92, 0.38,
                                        facecolor="white" if never else colours[kind],
                                        edgecolor=colours[kind] if never else "none",
                                        linestyle=":" if never else "-", linewidth=0.6,
                                        alpha=0.35 if kind == "other" else 1.0))
        short = {"store": "STS", "fence": opcode.split(".")[0][:3], "arrive": "ARV", "elect": "ELT"}
        if kind in short and not never:
            ax.text(x + 0.04 + (k + 0.46) * w, y + 0.27, short[kind], ha="center", va="center",
                    fontsize=7.5, color="white" if kind != "elect" else "black", rotation=90)
    pred = r["arrive"].split()[0] if r["predicated"] else "all lanes"
    sep = "\n" if narrow else " · "
    ax.text(x + 0.48, y + 0.7, f"init {r['init_count']} · {pred}{sep}ptxas {r['ptxas']}",
            ha="center", va="center", fontsize=8, color=colours["arrive"])


def _matrix_legend(mpatches) -> list:
    """The legend of matrix_figure: one patch per kind of box a cell draws."""
    colours = role_colours("unpatched")
    return [mpatches.Patch(color=colours["store"], label="STS (last shared store)"),
            mpatches.Patch(facecolor="white", edgecolor=style.ROLE["control"], linestyle=":",
                           label="@!PT LDS (never executes)"),
            mpatches.Patch(color=colours["fence"], label="MEMBAR.ALL.CTA / FENCE.VIEW.ASYNC.S"),
            mpatches.Patch(color=style.ROLE["unpatched"], label="arrive, elected (@P)"),
            mpatches.Patch(color=style.ROLE["patched"], label="arrive, all lanes"),
            mpatches.Patch(color=style.ROLE["control"], alpha=0.35, label="register-only instruction")]


def matrix_figure(rows: list[dict], phone: bool = False):
    """The recorded matrix as a grid: one cell per (release, DSL) x topk, showing the instructions from
    the last shared store to the W_LOADED arrive as coloured boxes, with the init count and predicate.
    ``phone``: one column of cells, each under its own label, for a phone's column (the figure drawn for the
    page carries this one as its phone version)."""
    import matplotlib.patches as mpatches
    keys = sorted({(r["release"], r["dsl"]) for r in rows})
    topks = sorted({r["topk"] for r in rows})
    by = {(r["release"], r["dsl"], r["topk"]): r for r in rows}
    n_ok = sum(r["ok"] for r in rows)
    n_membar = sum(1 for r in rows if r["ok"] and r["membar_before_arrive"])
    alt = (f"Grid of {len(rows)} builds (releases x DSL versions x topk). {n_membar} of {n_ok} builds that compiled "
           f"carry MEMBAR.ALL.CTA and FENCE.VIEW.ASYNC.S between the last shared store and the W_LOADED arrive; "
           f"the arrive is predicated (elected) in every 1.26.0 build and unpredicated in every 1.27.0 build.")
    size = (3.6, 1.0 * len(keys) + 2.6) if phone else (7.2, 0.75 * len(keys) + 2.0)
    with style.figure(1, 1, figsize=size, alt=alt) as (fig, ax):
        if phone:  # each (release, DSL) row under its own label, the topk columns kept
            for y, (release, dsl) in enumerate(keys):
                ax.text(0.02, 1.35 * y + 0.22, f"{release}, DSL {dsl}", ha="left", va="center", fontsize=9)
                for x, topk in enumerate(topks):
                    _matrix_cell(ax, x, 1.35 * y + 0.4, by.get((release, dsl, topk)), mpatches, narrow=True)
            ax.set_xlim(0, len(topks))
            ax.set_ylim(1.35 * len(keys), 0)
            ax.xaxis.tick_top()
            ax.set_xticks([x + 0.48 for x in range(len(topks))], [f"topk={t}" for t in topks], fontsize=9)
            ax.set_yticks([])
            ax.tick_params(length=0)
            ax.spines[:].set_visible(False)
        else:
            for y, (release, dsl) in enumerate(keys):
                for x, topk in enumerate(topks):
                    _matrix_cell(ax, x, y, by.get((release, dsl, topk)), mpatches)
            ax.set_xlim(0, len(topks))
            ax.set_ylim(len(keys), 0)
            ax.set_xticks([x + 0.48 for x in range(len(topks))])
            ax.set_xticklabels([f"topk={t}" for t in topks])
            ax.set_yticks([y + 0.45 for y in range(len(keys))])
            ax.set_yticklabels([f"{rel}, DSL {dsl}" for rel, dsl in keys])
            ax.tick_params(length=0)
            for side in ("left", "bottom"):
                ax.spines[side].set_visible(False)
        ax.grid(False)
        handles = _matrix_legend(mpatches)
        title = "From the load warp's last shared store to the W_LOADED arrive, per build"
        if phone:
            ax.set_title(textwrap.fill(title, 44), fontsize=10, loc="left")
            fig.tight_layout(rect=(0, 1.3 / size[1], 1, 1))
            fig.legend(handles=handles, loc="lower left", ncol=1, fontsize=8.5, frameon=False)
        else:
            ax.set_title(title, fontsize=10)
            fig.tight_layout(rect=(0, 0.14, 1, 1))
            fig.legend(handles=handles, loc="lower center", ncol=2, fontsize=8.5, frameon=False)
    if not phone:
        style.phone_version(fig, lambda: matrix_figure(rows, phone=True))
    return fig


_PTX_MARKS = [(r"fence\.proxy\.async", "fence"), (r"elect\.sync", "elect"), (r"mbarrier\.arrive", "arrive"),
              (r"st\.shared", "store")]
_SASS_MARKS = [(r"\b(MEMBAR|FENCE)\.", "fence"), (r"\bELECT\b", "elect"), (r"SYNCS\.ARRIVE", "arrive"),
               (r"\bSTS\b", "store")]
UNMARKED = ("expect_tx",)
"""Lines never highlighted: ``mbarrier.arrive.expect_tx`` is the Q TMA pipeline's arrive, not W_LOADED's."""
_CELL_STYLE = "vertical-align:top;padding:0 8px"
_PRE_STYLE = "font-size:11px;line-height:1.25"


def listing_html(columns: list[tuple[str, list[str], str]], arrive_role: str = "unpatched",
                 unmarked=UNMARKED) -> str:
    """Listings one above the other (each as wide as the text column, long lines wrapped), with a colour key;
    ``columns`` is (title, lines, "ptx"|"sass"). Stores, the fence, ``elect.sync``/``ELECT`` and the arrive
    are highlighted in the chapter's colours, except on lines that contain one of ``unmarked``."""
    colours = role_colours(arrive_role)
    key = " ".join(f'<span style="background:{colours[role]}40;border-left:3px solid {colours[role]};'
                   f'padding:0 6px;margin-right:6px">{label}</span>'
                   for role, label in (("store", "shared store"), ("fence", "fence / MEMBAR"),
                                       ("elect", "election"), ("arrive", "W_LOADED arrive")))
    blocks = [f'<p class="racelab-listing-key">{key}</p>']
    for title, lines, kind in columns:
        marks = _PTX_MARKS if kind == "ptx" else _SASS_MARKS
        out = []
        for line in lines:
            esc = html.escape(line.expandtabs(4))
            role = next((r for pat, r in marks if re.search(pat, line)), None)
            if role and not any(word in line for word in unmarked):
                out.append(f'<span style="background:{colours[role]}40;border-left:3px solid {colours[role]};'
                           f'display:block">{esc}</span>')
            else:
                out.append(f'<span style="display:block">{esc}</span>')
        blocks.append(f'<p><strong>{html.escape(title)}</strong></p>'
                      f'<pre style="{_PRE_STYLE};white-space:pre-wrap;overflow-wrap:anywhere">{"".join(out)}</pre>')
    return f'<div class="racelab-listing">{"".join(blocks)}</div>'


def site_listing(result, role: str):
    """The PTX and the SASS of one upstream build's load warp side by side, from its register reallocation to
    the arrive (racelab.experiments.arrive_site.upstream_analysis's result), with the arrive coloured as `role`."""
    from IPython.display import HTML

    ptx = [text for _, text in result.ptx_region()]
    sass_lines = [insn.listing() for insn in result.site.stream]
    return HTML(listing_html([(f"PTX ({result.info['variant']}, PTX ISA {result.info['ptx']['version']})", ptx, "ptx"),
                              (f"SASS (ptxas {result.info['ptxas']})", sass_lines, "sass")], arrive_role=role))

