"""The programs the book runs through the happens-before model: the calibration variants V0-V7, the
twin of the W_LOADED handoff, the closed form of its hazard count, and the exercises.

Addresses are byte offsets in the model's shared space, not the kernels' real shared-memory layout;
only which thread touches which byte matters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from racelab.model.events import (
    FENCE_ACQ_REL,
    FENCE_PROXY_ASYNC,
    FULL_MASK,
    Arrive,
    BarSync,
    Builder,
    Elect,
    Fence,
    Load,
    MbarInit,
    ModelError,
    Program,
    Store,
    SyncWarp,
    Wait,
    lane_of,
    tma_store_read,
)
from racelab.vocab import WARP_SIZE, ArriveMode, CalibrationVariant, VocabError

# --------------------------------------------------------------------------------------------------
# Calibration: warp 0 stores one float per lane, signals; warp 1 waits and thread 32+i reads word i.

# The model's own wording of each variant (shown in the book's tables and pictures).
_WORDING = {
    CalibrationVariant.V0: "lane 0 arrives (count 1)",
    CalibrationVariant.V1: "__syncwarp(), then lane 0 arrives (count 1)",
    CalibrationVariant.V2: "all 32 lanes arrive (count 32)",
    CalibrationVariant.V3: "fence.proxy.async.shared::cta, then lane 0 arrives (count 1)",
    CalibrationVariant.V4: "fence.acq_rel.cta, then lane 0 arrives (count 1)",
    CalibrationVariant.V5: "fence.acq_rel.cta and __syncwarp(), then lane 0 arrives (count 1)",
    CalibrationVariant.V6: "bar.sync 1, 32 across warp 0, then lane 0 arrives (count 1)",
    CalibrationVariant.V7: "each lane st.release its flag; lane 0 ld.acquire every flag, then arrives (count 1)",
}
VARIANTS = {variant.name: _WORDING[variant] for variant in CalibrationVariant}
FLAGS = 4 * WARP_SIZE  # V7's flags live after the 32 data words: flag i at FLAGS + 4*i
# What each variant puts between the stores and the arrive (all lanes execute it).
_BETWEEN = {
    CalibrationVariant.V0: (),
    CalibrationVariant.V1: (SyncWarp(),),
    CalibrationVariant.V2: (),
    CalibrationVariant.V3: (Fence(FENCE_PROXY_ASYNC),),
    CalibrationVariant.V4: (Fence(FENCE_ACQ_REL),),
    CalibrationVariant.V5: (Fence(FENCE_ACQ_REL), SyncWarp()),
    CalibrationVariant.V6: (BarSync(1, WARP_SIZE),),
    CalibrationVariant.V7: (),  # per lane: see _flag_handoff
}
WRITERS = range(0, WARP_SIZE)
READERS = range(WARP_SIZE, 2 * WARP_SIZE)


def _variant(variant: str | CalibrationVariant) -> CalibrationVariant:
    if isinstance(variant, CalibrationVariant):
        return variant
    if variant not in VARIANTS:
        raise ModelError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    return CalibrationVariant[variant]


def arrive_mode(arrive: str | ArriveMode) -> ArriveMode:
    """An :class:`~racelab.vocab.ArriveMode`, or its spelling ("elected", "all", "all-lanes")."""
    try:
        return ArriveMode.parse(arrive)
    except VocabError as exc:
        raise ModelError(str(exc)) from None


def _flag_handoff(tid: int) -> list:
    """V7 for one lane of warp 0: release its own flag; lane 0 then acquires every lane's flag."""
    lane = lane_of(tid)
    out = [Store(FLAGS + 4 * lane, 4, f"flag[{lane}]", sem="release")]
    if lane == 0:
        out += [Load(FLAGS + 4 * i, 4, f"flag[{i}]", sem="acquire") for i in range(WARP_SIZE)]
    return out


def calibration(variant: str | CalibrationVariant) -> Program:
    """Calibration variant V0..V7 (kernels/calibration/mbar_calib.cu; V0-V5 measured under racecheck:
    124/124/0/124/124/124)."""
    variant = _variant(variant)
    b = Builder(variant.name, _WORDING[variant])
    b.add(0, MbarInit("full", variant.arrive_count))
    if variant is CalibrationVariant.V7:  # the kernel zeroes the flags before its __syncthreads
        b.add(WRITERS, lambda t: Store(FLAGS + 4 * lane_of(t), 4, f"flag[{lane_of(t)}] = 0"))
    b.add([*WRITERS, *READERS], BarSync(0))
    b.add(WRITERS, lambda t: Store(4 * lane_of(t), 4, f"x[{lane_of(t)}]"))
    b.add(WRITERS, list(_BETWEEN[variant]))
    if variant is CalibrationVariant.V7:
        b.add(WRITERS, _flag_handoff)
    b.add(WRITERS, lambda t: Arrive("full") if lane_of(t) in variant.arrive.arriving_lanes else None)
    b.add(READERS, Wait("full", 0))
    b.add(READERS, lambda t: Load(4 * lane_of(t), 4, f"x[{lane_of(t)}]"))
    return b.build(show=(0, 1, None, 31, 32, 33, None, 63))


# --------------------------------------------------------------------------------------------------
# The twin of IndexerBackwardSm100's W_LOADED handoff

LOAD_WARP = range(0, WARP_SIZE)  # warp 0: the load warp
COMPUTE_WG = range(4 * WARP_SIZE, 8 * WARP_SIZE)  # warps 4-7: the compute warpgroup
GS_BYTES, W_BYTES = 4, 2  # sGradSignal is fp32, sW is bf16


# How a twin program's name spells its arrive mode ("twin(topk=128, heads=64, arrive=all)").
_ARRIVE_LABEL = {ArriveMode.ELECTED: "elected", ArriveMode.ALL_LANES: "all"}


def _align(n: int, to: int = 128) -> int:
    return -(-n // to) * to


def twin_layout(topk: int, heads: int) -> dict[str, tuple[int, int, int]]:
    """name -> (base byte offset, element count, element bytes) in the model's shared space."""
    return {"sGradSignal": (0, topk, GS_BYTES), "sW": (_align(topk * GS_BYTES), heads, W_BYTES)}


def twin(topk: int = 128, heads: int = 64, arrive: str | ArriveMode = ArriveMode.ELECTED, fence: bool = True,
         elected_lane: int = 0, reader_shift: int = 0) -> Program:
    """The W_LOADED handoff. Load-warp lane l stores sGradSignal[si*32 + l] and sW[wi*32 + l] for every
    in-range si, wi (the per-lane stride of upstream ``_load_warp``), then ``fence.proxy.async`` (what
    ``fence_view_async_shared()`` emits), then either the elected lane arrives on W_LOADED initialised
    with count 1 (1.24.0-1.26.0) or all 32 lanes arrive on a count-32 barrier (the fix, 1.27.0+).
    Compute thread 128+c waits on phase 0 and reads sGradSignal[c], [c+128], ... and sW[c], [c+128],
    ...: each element once, never by its writer. ``reader_shift`` rotates that assignment (thread
    128 + (c + shift) % 128 reads what c would); the unordered byte count does not depend on it."""
    mode = arrive_mode(arrive)
    elected = mode is ArriveMode.ELECTED
    if topk < 1 or heads < 1:
        raise ModelError(f"topk and heads must be >= 1 (got topk={topk}, heads={heads})")
    if topk > 16384 or heads > 4096:
        raise ModelError("topk <= 16384 and heads <= 4096 keep the model quick")
    if not 0 <= elected_lane < WARP_SIZE:
        raise ModelError("elected_lane must be a lane, 0..31")
    layout = twin_layout(topk, heads)
    desc = (f"topk={topk}, heads={heads}, {'fence.proxy.async, ' if fence else ''}"
            + ("elected lane arrives (count 1)" if elected else "all 32 lanes arrive (count 32)"))
    b = Builder(f"twin(topk={topk}, heads={heads}, arrive={_ARRIVE_LABEL[mode]}{'' if fence else ', no fence'})",
                desc)
    b.add(0, MbarInit("W_LOADED", mode.count))
    b.add([*LOAD_WARP, *COMPUTE_WG], BarSync(0))

    def stores(tid: int) -> list:
        lane, out = lane_of(tid), []
        for name, (base, n, size) in layout.items():
            for pos in range(lane, n, WARP_SIZE):
                out.append(Store(base + size * pos, size, f"{name}[{pos}]"))
        return out

    b.add(LOAD_WARP, stores)
    if fence:
        b.add(LOAD_WARP, Fence(FENCE_PROXY_ASYNC))
    if elected:
        b.add(LOAD_WARP, Elect(elected_lane))
        b.add(LOAD_WARP, lambda t: Arrive("W_LOADED") if lane_of(t) == elected_lane else None)
    else:
        b.add(LOAD_WARP, Arrive("W_LOADED"))
    b.add(COMPUTE_WG, Wait("W_LOADED", 0))

    def loads(tid: int) -> list:
        c, out = (tid - COMPUTE_WG.start - reader_shift) % len(COMPUTE_WG), []
        for name, (base, n, size) in layout.items():
            for pos in range(c, n, len(COMPUTE_WG)):
                out.append(Load(base + size * pos, size, f"{name}[{pos}]"))
        return out

    b.add(COMPUTE_WG, loads)
    return b.build(show=(0, 1, None, 31, 128, 129, None))


def elements_of_lane(n: int, lane: int) -> int:
    """How many of n elements a lane stores when lanes stride by 32 (pos = i*32 + lane, pos < n)."""
    return len(range(lane, n, WARP_SIZE))


def predicted_hazard_bytes(topk: int, heads: int, arrive: str | ArriveMode = ArriveMode.ELECTED,
                           elected_lane: int = 0) -> int:
    """Closed form of the twin's unordered bytes under ptx / racecheck: every byte the load warp stores,
    less the elected lane's own (its arrive releases them); 0 when all lanes arrive."""
    if arrive_mode(arrive) is ArriveMode.ALL_LANES:
        return 0
    return (GS_BYTES * (topk - elements_of_lane(topk, elected_lane))
            + W_BYTES * (heads - elements_of_lane(heads, elected_lane)))


# --------------------------------------------------------------------------------------------------
# Names

# The checker's W_LOADED tests (racelab.model.catalogue) and the calibration variant of the same shape.
CATALOGUE_VARIANTS = {
    "W_LOADED-elected": "V0",
    "W_LOADED-bar.warp.sync": "V1",
    "W_LOADED-all-lanes": "V2",
    "W_LOADED-fence.acq_rel": "V4",
    "W_LOADED-bar.sync": "V6",
    "W_LOADED-flag-handoff": "V7",
}


def standard_programs() -> dict[str, Program]:
    """The book's table rows: V0-V7 and the twin at topk=128/heads=64, unpatched and fixed."""
    out = {name: calibration(name) for name in VARIANTS}
    out["twin"] = twin(128, 64, ArriveMode.ELECTED)
    out["twin-fixed"] = twin(128, 64, ArriveMode.ALL_LANES)
    return out


def program_by_name(name: str) -> Program:
    """V0..V7, twin, twin-fixed, or twin:TOPK:HEADS[:all|:elected]."""
    if name in VARIANTS:
        return calibration(name)
    if name == "twin":
        return twin()
    if name == "twin-fixed":
        return twin(arrive=ArriveMode.ALL_LANES)
    if name.startswith("twin:"):
        parts = name.split(":")
        try:
            topk, heads = int(parts[1]), int(parts[2])
        except (IndexError, ValueError):
            raise ModelError(f"bad twin name {name!r}; expected twin:TOPK:HEADS[:all]") from None
        return twin(topk, heads, parts[3] if len(parts) > 3 else ArriveMode.ELECTED)
    raise ModelError(f"unknown program {name!r}")


def sort_key(name: str) -> tuple:
    order = [*VARIANTS, "twin", "twin-fixed"]
    return (order.index(name) if name in order else len(order), name)


# --------------------------------------------------------------------------------------------------
# Exercises: "which of these kernels race?" Each answer is what the model says (tests assert it).


@dataclass(frozen=True)
class Exercise:
    key: str
    title: str
    question: str
    program: Program
    answers: dict[str, str]  # rule set -> "race" | "clean" | "hang" (checked by tests/test_model.py)
    explanation: str
    fixed: Program | None = None
    tags: tuple[str, ...] = field(default=())


def _handoff(name: str, desc: str, count: int, between=(), arrivers="lane0") -> Program:
    b = Builder(name, desc)
    b.add(0, MbarInit("full", count))
    b.add([*WRITERS, *READERS], BarSync(0))
    b.add(WRITERS, lambda t: Store(4 * lane_of(t), 4, f"x[{lane_of(t)}]"))
    b.add(WRITERS, list(between))
    if arrivers == "elect":
        b.add(WRITERS, Elect(0))
    b.add(WRITERS, lambda t: Arrive("full") if arrivers == "all" or lane_of(t) == 0 else None)
    b.add(READERS, Wait("full", 0))
    b.add(READERS, lambda t: Load(4 * lane_of(t), 4, f"x[{lane_of(t)}]"))
    return b.build(show=(0, 1, None, 31, 32, 33, None, 63))


def _reuse(elected_release: bool) -> Program:
    """Producer warp fills, consumer warp reads and releases the buffer on EMPTY, producer refills."""
    desc = ("consumer's elected lane arrives on EMPTY (count 1)" if elected_release
            else "all 32 consumer lanes arrive on EMPTY (count 32)")
    b = Builder("reuse-" + ("elected" if elected_release else "all"), desc)
    b.add(0, [MbarInit("full", WARP_SIZE), MbarInit("empty", 1 if elected_release else WARP_SIZE)])
    b.add([*WRITERS, *READERS], BarSync(0))
    b.add(WRITERS, lambda t: [Store(4 * lane_of(t), 4, f"x[{lane_of(t)}] = a"), Arrive("full"),
                              Wait("empty", 0), Store(4 * lane_of(t), 4, f"x[{lane_of(t)}] = b")])
    b.add(READERS, lambda t: [Wait("full", 0), Load(4 * lane_of(t), 4, f"x[{lane_of(t)}]")])
    if elected_release:
        b.add(READERS, Elect(0))
    b.add(READERS, lambda t: Arrive("empty") if not elected_release or lane_of(t) == 0 else None)
    return b.build(show=(0, 1, None, 31, 32, 33, None, 63))


def _tma_store(proxy_fence: bool) -> Program:
    """Every thread of warp 0 writes a tile; bar.sync; thread 0 issues a TMA store that reads it."""
    desc = ("fence.proxy.async by every writer, bar.sync, thread 0 issues the TMA store" if proxy_fence
            else "bar.sync, then thread 0 issues the TMA store")
    b = Builder("tma-store-" + ("fenced" if proxy_fence else "unfenced"), desc)
    b.add(WRITERS, lambda t: Store(4 * lane_of(t), 4, f"tile[{lane_of(t)}]"))
    if proxy_fence:
        b.add(WRITERS, Fence(FENCE_PROXY_ASYNC))
    b.add(WRITERS, BarSync(0))
    b.add(0, tma_store_read(0, 4 * WARP_SIZE, "TMA store reads tile"))
    return b.build(show=(0, 1, None, 31))


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        "A", "The elected signal",
        "Warp 0's 32 lanes each store one float; then `elect.sync` picks lane 0, which arrives on `full` "
        "(count 1). Warp 1 waits on phase 0 and thread 32+i reads word i. Does it race?",
        _handoff("A", "elect.sync, elected lane arrives (count 1)", 1, arrivers="elect"),
        {"ptx-formal": "race", "ptx+warpsync": "race", "racecheck": "race", "membar-assumed": "race"},
        "Yes, under every rule set. The elected lane's release covers everything before it in causality "
        "order, but nothing puts lanes 1-31's stores there: `elect.sync` waits for the lanes of its mask and "
        "is no synchronizes-with edge (PTX ISA §8.9.4). Lanes 1-31's stores (124 bytes) are unordered with "
        "the reads of threads 33-63, a data race (§8.7.1): a reader may see the word's older value, and weak racing accesses "
        "are not even promised to be single-copy atomic.",
        fixed=_handoff("A-fixed", "all 32 lanes arrive (count 32)", WARP_SIZE, arrivers="all"),
        tags=("mbarrier", "elect")),
    Exercise(
        "B", "Every lane signals",
        "The same, but `full` is initialised with count 32 and every lane of warp 0 arrives. Does it race?",
        _handoff("B", "all 32 lanes arrive (count 32)", WARP_SIZE, arrivers="all"),
        {"ptx-formal": "clean", "ptx+warpsync": "clean", "racecheck": "clean", "membar-assumed": "clean"},
        "No: each lane's release-arrive orders its own store before the phase completes, and the waiters' "
        "acquire sees the completed phase. This is the PR #426 fix.",
        tags=("mbarrier",)),
    Exercise(
        "C", "Counted wrong",
        "`full` is initialised with count 32 (as in the fix), but only the elected lane arrives. Does it race?",
        _handoff("C", "count 32, but only the elected lane arrives", WARP_SIZE, arrivers="elect"),
        {"ptx-formal": "hang", "ptx+warpsync": "hang", "racecheck": "hang", "membar-assumed": "hang"},
        "It never gets far enough to race: phase 0 needs 32 arrivals and gets 1, so warp 1 waits forever. "
        "Changing the count and the arrivers is one change, not two.",
        fixed=_handoff("C-fixed", "all 32 lanes arrive (count 32)", WARP_SIZE, arrivers="all"),
        tags=("mbarrier", "deadlock")),
    Exercise(
        "D", "Releasing the buffer from one lane",
        "Warp 0 fills a buffer and all its lanes arrive on `full` (count 32). Warp 1 waits, each lane reads "
        "one word, then the elected lane arrives on `empty` (count 1). Warp 0 waits on `empty` and "
        "overwrites the buffer. Does it race? (cudnn-frontend #993 is this shape.)",
        _reuse(elected_release=True),
        {"ptx-formal": "race", "ptx+warpsync": "race", "racecheck": "race", "membar-assumed": "race"},
        "Yes, write-after-read: only reader lane 0's load happens before the refill; lanes 1-31 of warp 1 "
        "may still be reading words 1-31 when warp 0 overwrites them. The consumer side needs every reader "
        "to arrive (count 32), exactly like the producer side.",
        fixed=_reuse(elected_release=False),
        tags=("mbarrier", "write-after-read")),
    Exercise(
        "E", "A TMA store after __syncthreads",
        "Warp 0's lanes write a tile to shared memory, all threads `bar.sync`, and thread 0 issues a TMA "
        "store that reads the tile. Does it race? (cudnn-frontend #784 is this shape.)",
        _tma_store(proxy_fence=False),
        {"ptx-formal": "race", "ptx+warpsync": "race", "racecheck": "clean", "membar-assumed": "race"},
        "Yes: the TMA engine reads through the async proxy, and `bar.sync` orders generic-proxy accesses "
        "only. The conventional placement has each writer execute `fence.proxy.async.shared::cta` between "
        "its store and the barrier (the fixed program). It is not the only one this book's model accepts: one "
        "proxy fence by thread 0 after the barrier, before the TMA store, also leaves nothing unordered. PTX "
        "ISA §8 says where on the causality path a proxy fence must sit only for alias proxy fences, so which "
        "placements suffice for the async proxy is an open question, not a rule. racecheck says nothing: "
        "bulk-copy reads are not thread reads, so it cannot see this race.",
        fixed=_tma_store(proxy_fence=True),
        tags=("proxy", "tma")),
    Exercise(
        "F", "A fence, then the elected signal",
        "Every lane stores, executes `fence.proxy.async.shared::cta` (as `fence_view_async_shared()` "
        "emits), then the elected lane arrives (count 1). This is the unpatched W_LOADED handoff. Does it race?",
        _handoff("F", "fence.proxy.async, elect.sync, elected lane arrives (count 1)", 1,
                 between=(Fence(FENCE_PROXY_ASYNC),), arrivers="elect"),
        {"ptx-formal": "race", "ptx+warpsync": "race", "racecheck": "race", "membar-assumed": "clean"},
        "Under the PTX rules, yes: a fence is half of a release pattern only with a later strong write of its "
        "own thread (§8.8), lane i makes none, so nothing synchronizes lane i with lane 0. racecheck agrees. "
        "The fence becomes MEMBAR.ALL.CTA, run by the whole warp before the elected arrive; if a MEMBAR "
        "performs every lane's earlier stores before any lane goes on (assumed, not documented), the "
        "membar-assumed rule set finds nothing. That makes the MEMBAR one sufficient mechanism under an "
        "assumption, not a promise: V0, with no MEMBAR, read back correctly too.",
        fixed=_handoff("F-fixed", "fence.proxy.async, all 32 lanes arrive (count 32)", WARP_SIZE,
                       between=(Fence(FENCE_PROXY_ASYNC),), arrivers="all"),
        tags=("fence", "latent")),
    Exercise(
        "G", "A named barrier, then the elected signal",
        "Warp 0's lanes store, then all 32 execute `bar.sync 1, 32` (a named barrier for warp 0 only), then "
        "lane 0 arrives on `full` (count 1). Does it race?",
        _handoff("G", "bar.sync 1, 32, then lane 0 arrives (count 1)", 1, between=(BarSync(1, WARP_SIZE),)),
        {"ptx-formal": "clean", "ptx+warpsync": "clean", "racecheck": "race", "membar-assumed": "clean"},
        "No, under the PTX rules. `bar.sync` is in §8.9.4's synchronizes-with list, so lane i's store is "
        "before lane 0's arrive in causality order, and the arrive's release carries it to the waiter by "
        "transitivity (cumulativity, §8.9.5). One lane's arrive can speak for the other 31 when something in "
        "the list synchronizes them with it first. racecheck still reports this shape (calibration V6), so its "
        "report is not a verdict of the PTX rules. Replace the named barrier with `__syncwarp` and the PTX "
        "answer depends on the rule set (V1).",
        tags=("cumulativity", "bar.sync")),
)


# --------------------------------------------------------------------------------------------------
# The twin with each way of fixing the handoff (racelab.vocab.TwinHandoff)


def twin_handoff(topk: int = 128, heads: int = 64, handoff="elected") -> Program:
    """The twin's W_LOADED handoff as `handoff` makes it (kernels/handoff_twin_sm90.py): the per-lane stores,
    the fence where the handoff keeps it, then ``bar.sync 1, 32`` / ``__syncwarp`` / per-lane release flags
    that lane 0 acquires, then the elected or every lane's arrive. The bulk copy is not a program of this
    model: its writes complete through the mbarrier's transaction count (complete_tx), which the model does
    not have (racelab.model.happens_before), so asking for it raises ModelError."""
    from racelab.vocab import TwinHandoff

    try:
        handoff = TwinHandoff.parse(handoff)
    except VocabError as exc:
        raise ModelError(str(exc)) from None
    if handoff is TwinHandoff.BULK_COPY:
        raise ModelError("bulk-copy: cp.async.bulk completes through mbarrier complete_tx, which this model "
                         "does not have")
    if handoff in (TwinHandoff.ELECTED, TwinHandoff.ALL_LANES, TwinHandoff.ALL_LANES_NO_FENCE):
        return twin(topk, heads, handoff.arrive, fence=handoff.fence)
    base = twin(topk, heads, ArriveMode.ELECTED)
    flags = _align(max(start + n * size for start, n, size in twin_layout(topk, heads).values()))
    between = {TwinHandoff.BAR_SYNC: (BarSync(1, WARP_SIZE),), TwinHandoff.SYNCWARP: (SyncWarp(),)}.get(handoff, ())
    b = Builder(f"twin(topk={topk}, heads={heads}, handoff={handoff.value})",
                f"topk={topk}, heads={heads}, fence.proxy.async, {handoff.description}")
    for tid, events in base.threads.items():
        for event in events:
            if isinstance(event, Elect) and handoff is TwinHandoff.LANE_FLAGS:
                lane = lane_of(tid)
                b.add(tid, Store(flags + 4 * lane, 4, f"flag[{lane}]", sem="release"))
                if lane == 0:
                    b.add(tid, [Load(flags + 4 * i, 4, f"flag[{i}]", sem="acquire") for i in range(WARP_SIZE)])
            if isinstance(event, Elect):
                b.add(tid, list(between))
            if isinstance(event, BarSync) and event.barrier == 0 and handoff is TwinHandoff.LANE_FLAGS \
                    and tid in LOAD_WARP:
                b.add(tid, Store(flags + 4 * lane_of(tid), 4, f"flag[{lane_of(tid)}] = 0"))
            b.add(tid, event)
    return b.build(show=base.show)


def exercise(key: str) -> Exercise:
    for ex in EXERCISES:
        if ex.key == key:
            return ex
    raise ModelError(f"unknown exercise {key!r}; choose one of {', '.join(e.key for e in EXERCISES)}")


__all__ = [
    "CATALOGUE_VARIANTS", "EXERCISES", "FLAGS", "Exercise", "VARIANTS", "arrive_mode", "calibration",
    "elements_of_lane", "exercise", "predicted_hazard_bytes", "program_by_name", "sort_key",
    "standard_programs", "twin", "twin_handoff", "twin_layout", "FULL_MASK",
]
