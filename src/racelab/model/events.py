"""The events of a happens-before program, one list per thread (linear thread id in the CTA; lane =
tid % 32, warp = tid // 32): weak shared stores and loads, release stores and acquire loads of flags,
fences, ``__syncwarp``, ``elect.sync``, ``bar.sync`` and mbarrier init / arrive / wait; and
:class:`Builder`, which collects them into a :class:`Program`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Union

from racelab.model.errors import ModelError  # noqa: F401 - raised here, caught by the model's callers
from racelab.vocab import WARP_SIZE

FULL_MASK = 0xFFFFFFFF

FENCE_ACQ_REL = "fence.acq_rel.cta"
FENCE_PROXY_ASYNC = "fence.proxy.async.shared::cta"
FENCE_SC = "fence.sc.cta"
FENCE_KINDS = (FENCE_ACQ_REL, FENCE_PROXY_ASYNC, FENCE_SC)
# How ptxas lowers each fence on sm_90a / sm_100a (the recorded SASS of the calibration and of the
# upstream kernel; fence.sc.cta for completeness). The membar-assumed rule set credits a fence whose
# lowering holds a MEMBAR; ptxas lowers bar.warp.sync to WARPSYNC.ALL, or to nothing when it knows the warp
# is converged.
SASS_LOWERING = {
    FENCE_ACQ_REL: ("MEMBAR.ALL.CTA",),
    FENCE_PROXY_ASYNC: ("MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S"),
    FENCE_SC: ("MEMBAR.SC.CTA",),
    "syncwarp": ("WARPSYNC.ALL",),
}
PROXIES = ("generic", "async")



def lane_of(tid: int) -> int:
    return tid % WARP_SIZE


def warp_of(tid: int) -> int:
    return tid // WARP_SIZE


# --------------------------------------------------------------------------------------------------
# Events


@dataclass(frozen=True)
class Store:
    """A weak ``st.shared`` of ``size`` bytes at ``addr`` (``proxy="async"``: written by an async op);
    ``sem="release"``: ``st.release.cta``, the one store that sets a flag."""

    addr: int
    size: int
    label: str = ""
    proxy: str = "generic"
    sem: str = "weak"


@dataclass(frozen=True)
class Load:
    """A weak ``ld.shared`` (``proxy="async"``: read by TMA / WGMMA / UMMA, issued by this thread);
    ``sem="acquire"``: ``ld.acquire.cta`` in a loop until it reads the flag's release store."""

    addr: int
    size: int
    label: str = ""
    proxy: str = "generic"
    sem: str = "weak"


@dataclass(frozen=True)
class Fence:
    """``fence.acq_rel.cta``, ``fence.proxy.async.shared::cta`` or ``fence.sc.cta``."""

    kind: str = FENCE_ACQ_REL


@dataclass(frozen=True)
class SyncWarp:
    """``__syncwarp(mask)`` / ``bar.warp.sync mask``: every lane of the mask must execute it."""

    mask: int = FULL_MASK


@dataclass(frozen=True)
class Elect:
    """``elect.sync _|p, mask``: waits for the mask's lanes, elects ``leader``; no memory ordering."""

    leader: int = 0
    mask: int = FULL_MASK


@dataclass(frozen=True)
class BarSync:
    """``bar.sync id{, count}`` / ``__syncthreads()``; ``count=None``: every thread of the program."""

    barrier: int = 0
    count: int | None = None


@dataclass(frozen=True)
class MbarInit:
    """``mbarrier.init.shared::cta.b64 [bar], count``."""

    bar: str
    count: int


@dataclass(frozen=True)
class Arrive:
    """``mbarrier.arrive{.release|.relaxed}.cta``: ``count`` arrivals toward this thread's next phase."""

    bar: str
    count: int = 1
    sem: str = "release"


@dataclass(frozen=True)
class Wait:
    """``mbarrier.try_wait{.acquire|.relaxed}.cta`` loop until ``phase`` (0, 1, 2, ...) completes."""

    bar: str
    phase: int = 0
    sem: str = "acquire"


Event = Union[Store, Load, Fence, SyncWarp, Elect, BarSync, MbarInit, Arrive, Wait]
ACCESS_TYPES = (Store, Load)
ACCESS_SEMANTICS = {Store: ("weak", "release"), Load: ("weak", "acquire")}


def tma_store_read(addr: int, size: int, label: str = "TMA store reads smem") -> Load:
    """The shared-memory read of a TMA store (``cp.async.bulk`` smem→global), issued by this thread."""
    return Load(addr, size, label, proxy="async")


def describe(event: Event) -> str:
    """A short label for a node in a picture or a line of a report."""
    if isinstance(event, (Store, Load)):
        op = "st" if isinstance(event, Store) else "ld"
        where = event.label or f"[{event.addr}:{event.addr + event.size}]"
        sem = "" if event.sem == "weak" else f".{event.sem}"
        return f"{op}{'.async' if event.proxy == 'async' else ''}{sem} {where}"
    if isinstance(event, Fence):
        return event.kind.replace(".shared::cta", "").replace(".cta", "")
    if isinstance(event, SyncWarp):
        return "__syncwarp" if event.mask == FULL_MASK else f"__syncwarp({event.mask:#x})"
    if isinstance(event, Elect):
        return f"elect.sync → lane {event.leader}"
    if isinstance(event, BarSync):
        return f"bar.sync {event.barrier}"
    if isinstance(event, MbarInit):
        return f"init {event.bar} ({event.count})"
    if isinstance(event, Arrive):
        sem = "" if event.sem == "release" else f".{event.sem}"
        cnt = "" if event.count == 1 else f" ×{event.count}"
        return f"arrive{sem} {event.bar}{cnt}"
    if isinstance(event, Wait):
        sem = "" if event.sem == "acquire" else f".{event.sem}"
        return f"wait{sem} {event.bar} φ{event.phase}"
    raise ModelError(f"not an event: {event!r}")


# --------------------------------------------------------------------------------------------------
# Programs


@dataclass(frozen=True)
class Program:
    """Per-thread event lists. ``show`` suggests which threads a picture draws (``None`` = a gap)."""

    name: str
    threads: dict[int, tuple[Event, ...]]
    description: str = ""
    show: tuple[int | None, ...] = ()

    def events(self) -> Iterable[tuple[int, int, Event]]:
        for tid in sorted(self.threads):
            for index, event in enumerate(self.threads[tid]):
                yield tid, index, event


class Builder:
    """Collects per-thread events. ``add(tids, x)``: x is an event, or a function of tid returning an
    event, a list of events or None."""

    def __init__(self, name: str, description: str = ""):
        self.name = name
        self.description = description
        self._threads: dict[int, list[Event]] = {}

    def thread(self, tid: int) -> list[Event]:
        if tid < 0:
            raise ModelError(f"thread id {tid} < 0")
        return self._threads.setdefault(tid, [])

    def add(self, tids: int | Iterable[int], what: Event | Callable[[int], object]) -> "Builder":
        for tid in ([tids] if isinstance(tids, int) else tids):
            made = what(tid) if callable(what) else what
            if made is None:
                continue
            for event in (made if isinstance(made, (list, tuple)) else [made]):
                self.thread(tid).append(event)
        return self

    def build(self, show: Iterable[int | None] = ()) -> Program:
        threads = {tid: tuple(evs) for tid, evs in sorted(self._threads.items())}
        return Program(self.name, threads, self.description, tuple(show))


__all__ = [
    "ACCESS_SEMANTICS", "ACCESS_TYPES", "FENCE_ACQ_REL", "FENCE_KINDS", "FENCE_PROXY_ASYNC", "FENCE_SC",
    "FULL_MASK", "PROXIES", "SASS_LOWERING", "Arrive", "BarSync", "Builder", "Elect", "Event", "Fence", "Load",
    "MbarInit", "ModelError", "Program", "Store", "SyncWarp", "Wait", "describe", "lane_of", "tma_store_read",
    "warp_of",
]
