"""Pictures of the happens-before model: one column per thread, events top to bottom in
happens-before depth, edges coloured by the rule that made them, unordered pairs in red."""

from __future__ import annotations

from typing import Iterable

from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch

from racelab import style
from racelab.model.happens_before import (
    Analysis,
    Arrive,
    BarSync,
    Elect,
    Fence,
    Load,
    MbarInit,
    Ref,
    Store,
    SyncWarp,
    Wait,
    analyze,
    describe,
    lane_of,
    warp_of,
)
from racelab.model.programs import VARIANTS, calibration

COLOURS = {
    "po": style.PALETTE["grey"],
    "mbarrier": style.ROLE["ordered"],
    "bar.sync": style.PALETTE["blue"],
    "syncwarp": style.PALETTE["purple"],
    "membar": style.ROLE["membar"],
    "release-acquire": style.PALETTE["sky"],
    "race": style.ROLE["race"],
}
MARKERS = {Store: "s", Load: "o", Arrive: "^", Wait: "v", Fence: "D", SyncWarp: "h", Elect: "*",
           BarSync: "P", MbarInit: "X"}
# The book's text column at 1280 px is 688 px; at the figure dpi (110) a figure this wide is shown at its
# natural size, so its 7 pt labels stay about 10 px tall.
COLUMN_IN = 6.2
LEGEND = {
    "po": "program order",
    "mbarrier": "release-arrive → acquire-wait",
    "bar.sync": "bar.sync (all participants)",
    "syncwarp": "__syncwarp (synchronizes its lanes)",
    "syncwarp-local": "__syncwarp (racecheck: orders its lanes only)",
    "membar": "MEMBAR.ALL.CTA (converged warp, assumed semantics)",
    "release-acquire": "st.release → ld.acquire of a flag",
    "race": "unordered conflicting pair",
}


def _columns(a: Analysis, threads: Iterable[int | None] | None) -> list[int | None]:
    cols = list(threads) if threads is not None else list(a.program.show)
    if not cols:
        cols = sorted(a.program.threads)[:6]
    unknown = [t for t in cols if t is not None and t not in a.program.threads]
    if unknown:
        raise ValueError(f"threads {unknown} are not in program {a.program.name}")
    return cols


def _x_positions(cols: list[int | None]) -> list[float]:
    """Thread columns 1.7 apart; a gap column (None) takes half that on either side."""
    xs = [0.0]
    for prev, nxt in zip(cols, cols[1:]):
        xs.append(xs[-1] + (0.85 if prev is None or nxt is None else 1.7))
    return xs


def _wrap(label: str, width: int = 12) -> str:
    """A node label longer than `width` on two lines: broken before a `[` (the first line may then run two
    characters longer), else at a space (dropped), else after a `.`."""
    if len(label) <= width:
        return label
    for sep, limit, after in (("[", width + 3, 0), (" ", width + 1, 0), (".", width, 1)):
        cut = label.rfind(sep, 1, limit)
        if cut > 0:
            cut += after
            return label[:cut] + "\n" + label[cut + (sep == " "):]
    return label


NARROW_LABEL = 11  # characters a node label's line may take in a phone's drawing


def _wrap_lines(label: str, width: int) -> str:
    """A node label on lines of at most `width` characters where it can be: broken at spaces and before a `[`,
    and a word longer than a line after its `.`s."""
    import re

    words = []
    for word in re.findall(r"\[[^\]]*\]|[^\s\[]+", label):
        while len(word) > width and "." in word[:width]:
            cut = word.rfind(".", 0, width) + 1
            words.append(word[:cut])
            word = word[cut:]
        words.append(word)
    lines: list[str] = []
    for word in words:
        glue = "" if word.startswith("[") or (lines and lines[-1].endswith(".")) else " "
        if lines and len(lines[-1]) + len(glue) + len(word) <= width:
            lines[-1] += glue + word
        else:
            lines.append(word)
    return "\n".join(lines)


def _gap_label(prev: int | None, nxt: int | None, last: int) -> str:
    if prev is not None and nxt is not None and warp_of(prev) == warp_of(nxt) and nxt - prev > 1:
        lo, hi = lane_of(prev) + 1, lane_of(nxt) - 1
        return f"lanes {lo}–{hi}" if hi > lo else f"lane {lo}"
    if prev is not None and nxt is None and last > prev:
        return f"threads {prev + 1}–{last}" if last > prev + 1 else f"thread {last}"
    return "…"


def alt_text(a: Analysis, cols: list[int | None]) -> str:
    shown = [t for t in cols if t is not None]
    pairs = [r for r in a.races if r.write.tid in shown and r.other.tid in shown]
    text = (f"Happens-before graph of {a.program.name} ({a.program.description}) under the {a.rules.name} rule set. "
            f"Columns are threads {', '.join(str(t) for t in shown)}; events run top to bottom. "
            f"{a.unordered_bytes} shared bytes are unordered.")
    if pairs:
        seen = sorted({(r.write.tid, r.other.tid) for r in pairs})
        text += " Orange-red dashed lines join the unordered pairs: " + "; ".join(
            f"thread {w}'s store and thread {o}'s access" for w, o in seen) + "."
    else:
        text += " No unordered pair is drawn."
    return text


def layers(a: Analysis) -> dict[Ref, int]:
    """A layer per event: the longest happens-before path to it, with the members of each collective
    (bar.sync, __syncwarp, MEMBAR) pulled onto one layer."""
    g = a.graph
    preds: dict[int, list[int]] = {}
    for s, d, _ in g.edges:
        preds.setdefault(d, []).append(s)
    groups = [[g.node[m] for m in members] for _, members in g.collectives]
    depth = [0] * len(g.refs)
    for _ in range(len(groups) + 2):
        changed = False
        for _ in range(len(g.refs)):  # relax to a fixpoint (the graph is a DAG)
            moved = False
            for d, ps in preds.items():
                want = max(depth[p] + (0 if g.refs[p] is None else 1) for p in ps)
                if want > depth[d]:
                    depth[d], moved = want, True
            if not moved:
                break
            changed = True
        for group in groups:
            top = max(depth[i] for i in group)
            for i in group:
                if depth[i] != top:
                    depth[i], changed = top, True
        if not changed:
            break
    return {ref: depth[i] for ref, i in g.node.items()}


def draw_hb(a: Analysis, ax, threads: Iterable[int | None] | None = None, title: str | None = None,
            legend: bool = True, labels: bool = True, compact: bool = False, narrow: bool = False) -> None:
    """Draw the happens-before graph of an analysis on `ax` (``narrow``: labels on short lines and a key of one
    column, for a phone's drawing)."""
    g = a.graph
    cols = _columns(a, threads)
    col_x = _x_positions(cols)
    x_of = {tid: x for tid, x in zip(cols, col_x) if tid is not None}
    shown = [ref for ref in g.node if ref.tid in x_of]
    layer = layers(a)
    depths = sorted({layer[ref] for ref in shown})
    row = {d: i for i, d in enumerate(depths)}

    def pos(ref: Ref) -> tuple[float, float]:
        return x_of[ref.tid], -row[layer[ref]]

    used = {"po"}
    raced = {r.write for r in a.races} | {r.other for r in a.races}
    # program order
    for tid in x_of:
        refs = sorted((r for r in shown if r.tid == tid), key=lambda r: r.index)
        for r0, r1 in zip(refs, refs[1:]):
            (x0, y0), (x1, y1) = pos(r0), pos(r1)
            ax.plot([x0, x1], [y0, y1], color=COLOURS["po"], lw=1.2, zorder=1)
    # collectives: a bar across the shown participants
    for kind, members in g.collectives:
        pts = [pos(m) for m in members if m.tid in x_of]
        if len(pts) < 2 and not (kind == "membar" and pts):
            continue
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        local = kind == "syncwarp" and not a.rules.syncwarp_composes
        used.add("syncwarp-local" if local else kind)
        ax.plot([min(xs) - 0.25, max(xs) + 0.25], [sum(ys) / len(ys)] * 2, color=COLOURS[kind],
                lw=3 if kind == "membar" else 2, ls="--" if local else "-", alpha=0.8, zorder=2)
    # release-arrive -> acquire-wait, release store -> acquire load
    for s, d, kind in g.edges:
        if kind not in ("mbarrier", "release-acquire"):
            continue
        src, dst = g.refs[s], g.refs[d]
        if src.tid in x_of and dst.tid in x_of:
            used.add(kind)
            ax.add_patch(FancyArrowPatch(pos(src), pos(dst), arrowstyle="-|>", mutation_scale=10,
                                         color=COLOURS[kind], lw=1.4, shrinkA=6, shrinkB=6, zorder=3))
    # unordered pairs
    drawn = set()
    for r in a.races:
        if r.write.tid in x_of and r.other.tid in x_of and (r.write, r.other) not in drawn:
            drawn.add((r.write, r.other))
            used.add("race")
            ax.add_patch(FancyArrowPatch(pos(r.write), pos(r.other), arrowstyle="-", color=COLOURS["race"],
                                         lw=1.6, ls="--", connectionstyle="arc3,rad=-0.25", shrinkA=6, shrinkB=6,
                                         zorder=4))
    # nodes
    for ref in shown:
        ev = a.event(ref)
        x, y = pos(ref)
        face = COLOURS["race"] if ref in raced else "white"
        ax.plot([x], [y], marker=MARKERS[type(ev)], ms=9 if isinstance(ev, Elect) else 7, mfc=face,
                mec=style.PALETTE["black"], color=style.PALETTE["black"], zorder=5)
        if labels:
            text = _wrap_lines(describe(ev), NARROW_LABEL) if narrow else _wrap(describe(ev))
            ax.text(x + 0.14, y + 0.12, text, fontsize=7, va="bottom", ha="left", zorder=6)
    # headers and gaps
    top = 0.9
    for i, (tid, x) in enumerate(zip(cols, col_x)):
        if tid is None:
            prev = next((t for t in reversed(cols[:i]) if t is not None), None)
            nxt = next((t for t in cols[i + 1:] if t is not None), None)
            ax.text(x, -(len(depths) - 1) / 2, "⋯", fontsize=16, ha="center", va="center", color=COLOURS["po"])
            ax.text(x, top - 0.35, _gap_label(prev, nxt, max(a.program.threads)).replace(" ", "\n", 1),
                    fontsize=7, ha="center", va="center", color=COLOURS["po"])
        else:
            ax.text(x, top, f"thread {tid}\nw{warp_of(tid)} · l{lane_of(tid)}", fontsize=7.5, ha="center",
                    va="bottom")
    ax.set_xlim(-0.6, col_x[-1] + 1.4)
    ax.set_ylim(-(len(depths) - 1) - 0.6, top + 0.9)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.grid(False)
    for side in ("left", "bottom", "top", "right"):
        ax.spines[side].set_visible(False)
    ax.set_title(title if title is not None else
                 f"{a.program.name} under {a.rules.name}: {a.unordered_bytes} unordered bytes", fontsize=10)
    if legend:
        handles = [Line2D([], [], color=COLOURS["syncwarp" if k == "syncwarp-local" else k], lw=2,
                          ls="--" if k in ("race", "syncwarp-local") else "-", label=LEGEND[k])
                   for k in LEGEND if k in used]
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=1 if narrow else min(2, len(handles)),
                  fontsize=7.5, frameon=False)


PHONE_IN = 3.6  # a phone drawing's width: its 7 pt labels show at 9 px or more in a phone's text column


def _phone_columns(cols: list[int | None]) -> list[int | None]:
    """At most four thread columns for a phone: the first two and the last two shown, a gap column between
    them where threads are left out."""
    real = [t for t in cols if t is not None]
    if len(real) <= 4:
        return [t for i, t in enumerate(cols) if t is not None or 0 < i < len(cols) - 1]
    return [*real[:2], None, *real[-2:]]


def plot_hb(program, rules="ptx-formal", threads: Iterable[int | None] | None = None, figsize=None,
            phone: bool = False):
    """One happens-before graph (a Program or an Analysis) as a figure with alt text. It carries a phone
    drawing of itself (``phone``): at most four thread columns, the title and the key on narrower lines."""
    import textwrap

    a = program if isinstance(program, Analysis) else analyze(program, rules)
    cols = _columns(a, threads)
    layer = layers(a)
    depth = len({layer[r] for r in a.graph.node if r.tid in cols})
    figsize = figsize or ((PHONE_IN, 0.55 * depth + 2.8) if phone else (COLUMN_IN, 0.55 * depth + 2.2))
    title = f"{a.program.name} under {a.rules.name}: {a.unordered_bytes} unordered bytes"
    with style.figure(1, 1, figsize=figsize, alt=alt_text(a, cols)) as (fig, ax):
        draw_hb(a, ax, cols, title=textwrap.fill(title, 48) if phone else title, narrow=phone)
        if phone:  # the graph takes the drawing's whole width: its columns need it for their labels
            fig.subplots_adjust(left=0.01, right=0.99)
    if not phone:
        style.phone_version(fig, lambda: plot_hb(a, threads=_phone_columns(cols), phone=True))
    return fig


def plot_variants(rules="ptx-formal", names: Iterable[str] | None = None, ncols: int = 2,
                  threads: Iterable[int | None] = (0, 1, None, 31, 32, 33)):
    """V0-V7 (or the named calibration variants) under one rule set, one small graph each."""
    names = list(names) if names is not None else list(VARIANTS)
    analyses = [analyze(calibration(n), rules) for n in names]
    nrows = -(-len(names) // ncols)
    alt = (f"Happens-before graphs of the calibration variants {', '.join(names)} under the {analyses[0].rules.name} "
           "rule set: " + "; ".join(f"{a.program.name} ({a.program.description}) {a.unordered_bytes} unordered bytes"
                                     for a in analyses) + ".")
    with style.figure(nrows, ncols, figsize=(7.0 * ncols, 4.4 * nrows), alt=alt, squeeze=False) as (fig, axes):
        for ax, a in zip(axes.flat, analyses):
            draw_hb(a, ax, list(threads), title=f"{a.program.name}: {a.program.description}\n"
                                                f"{a.unordered_bytes} unordered bytes", legend=False, compact=True)
        for ax in list(axes.flat)[len(analyses):]:
            ax.set_visible(False)
        rs = analyses[0].rules
        kinds = ["po", "mbarrier", "bar.sync", {"barrier": "syncwarp", "lanes-only": "syncwarp-local"}.get(rs.syncwarp),
                 "membar" if rs.membar else None, "release-acquire" if rs.release_acquire else None, "race"]
        kinds = [k for k in kinds if k is not None]
        handles = [Line2D([], [], color=COLOURS["syncwarp" if k == "syncwarp-local" else k], lw=2,
                          ls="--" if k in ("race", "syncwarp-local") else "-", label=LEGEND[k]) for k in kinds]
        fig.legend(handles=handles, loc="lower center", ncol=len(handles), fontsize=8, frameon=False)
        fig.suptitle(f"Calibration variants under the {analyses[0].rules.name} rule set", fontsize=12)
        fig.tight_layout(rect=(0, 0.04, 1, 0.97))
    return fig


__all__ = ["alt_text", "draw_hb", "plot_hb", "plot_variants"]
