"""The figures of the book's findings box that no chapter glues itself: PR #426's racecheck count and the
store-pattern sum that accounts for it (from racelab.vocab), the fence pair every recorded build runs on all
lanes before the arrive (from the newest sass-matrix run), and the litmus test's stale-read count (from the
newest litmus run). Everything else in the box is pasted from the chapter that measures it."""

from IPython.display import Markdown

from racelab.core import store
from racelab.experiments import litmus, sass_matrix
from racelab.vocab import PR_REPORTED, PR_URL, WARP_SIZE, ArriveMode, TwinLayout

FENCE_OPS = ("MEMBAR", "FENCE")


def pr_racecheck_row(shape: str = "one-cta") -> dict:
    return next(row for row in PR_REPORTED["racecheck"] if row["shape"] == shape and row["report"] == "hazard")


def store_sum(topk: int = 128, heads: int = 64) -> tuple[int, str]:
    """The bytes the non-arriving lanes store, and the sum written out per lane:
    (620, "31 lanes × (4 × 4 B + 2 × 2 B)") at topk=128, heads=64."""
    layout = TwinLayout(topk, heads)
    idle = WARP_SIZE - len(ArriveMode.ELECTED.arriving_lanes)
    total = idle * (layout.grad_stores_per_lane * layout.grad_bytes + layout.w_stores_per_lane * layout.w_bytes)
    text = (f"{idle} lanes × ({layout.grad_stores_per_lane} × {layout.grad_bytes} B + "
            f"{layout.w_stores_per_lane} × {layout.w_bytes} B)")
    return total, text


def fence_pairs(rows: list[dict]) -> dict:
    """The unpredicated MEMBAR/FENCE instructions between the last shared store and the arrive, per build:
    the distinct sequences, and how many builds carry each."""
    seqs: dict[tuple, int] = {}
    for row in rows:
        if not row["ok"]:
            continue
        ops = tuple(op for op in row["before_arrive"][1:-1]
                    if not op.startswith("@") and op.split(".")[0] in FENCE_OPS)
        seqs[ops] = seqs.get(ops, 0) + 1
    return seqs


def scientific(n: int) -> str:
    """38522880000 -> "3.9 × 10¹⁰"; below 10,000 the number itself."""
    exp = len(str(abs(int(n)))) - 1
    if exp < 4:
        return f"{n:,}"
    sup = str(exp).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"{n / 10 ** exp:.1f} × 10{sup}" if exp else f"{n:,}"


def intro_glue() -> dict:
    row = pr_racecheck_row()
    total, text = store_sum()
    if total != row["unpatched"]:
        raise ValueError(f"the store pattern gives {total} bytes, PR #426 reports {row['unpatched']}")
    out = {"pr_racecheck": f"{row['unpatched']:,} → {row['patched']:,}",
           "pr_formula": f"{total:,} = {text}",
           "pr_link": Markdown(f"[PR #426]({PR_URL})"),
           "warp_size": WARP_SIZE}

    rows = sass_matrix.rows(store.newest(sass_matrix.EXPERIMENT, gpu="cpu"))
    seqs = fence_pairs(rows)
    pair, builds = max(seqs.items(), key=lambda kv: kv[1])
    out.update(sass_pair=Markdown("`" + " ; ".join(pair) + "`"), sass_membar_builds=builds,
               sass_builds=len(rows))

    out.update(litmus_glue(store.choose(litmus.EXPERIMENT, needs="sm90").run))
    return out


def litmus_glue(run) -> dict:
    """The litmus run in two parts: the configurations whose warp is converged at the arrive (leader
    "elect" or "lane0", as the compiler emits the handoff) and the diverging producer ("diverge": lane 0's
    side of a branch, its arrive included, may run before lanes 1-31 store); the positive control
    ("diverge-forced") is left out."""
    if run is None:
        return {"litmus_converged_stale": "(no litmus run recorded)", "litmus_converged_reads": "—",
                "litmus_converged_n": 0, "litmus_diverge_share": "—"}
    table = litmus.table(run)
    leader = table["leader"].astype(str)
    converged = table[~leader.str.startswith("diverge")]
    out = {"litmus_converged_stale": f"{int(converged['stale reads'].sum()):,}",
           "litmus_converged_reads": scientific(int(converged["reads checked"].sum())),
           "litmus_converged_n": len(converged)}
    diverge = table[leader == "diverge"]
    if len(diverge):
        others = diverge["reads checked"].sum() * (WARP_SIZE - 1) // WARP_SIZE  # reads of lanes 1-31's words
        out["litmus_diverge_share"] = f"{100 * diverge['stale reads'].sum() / others:.0f} %"
    else:
        out["litmus_diverge_share"] = "(not run)"
    return out
