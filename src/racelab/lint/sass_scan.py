"""The lint's shape in compiled code: shared stores made by every lane of a warp, then a `SYNCS.ARRIVE` that
one lane makes, with no CTA barrier between. The listing is read by `racelab.readers.sass` (instructions,
straight-line streams, which lanes execute what); this module only looks for the pattern."""

import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from racelab.lint.ast_lint import ELECTED, SYNCWARP
from racelab.readers import sass
from racelab.toolchain import nvidia
from racelab.vocab import WARP_SIZE

# shared-memory writes a lane makes itself: plain stores, stmatrix, cp.async (LDGSTS), shared atomics
SASS_STORES = ("STS", "STSM", "LDGSTS", "ATOMS", "REDS")
ALL_LANES = frozenset(range(WARP_SIZE))


@dataclass
class SassHit:
    """An elected `SYNCS.ARRIVE` after shared stores made by all lanes, in one straight-line stream."""

    function: str
    arrive: str  # address and text
    elect: str  # the ELECT (or the lane == 0 test) that picks the lane
    stores: list  # address and text of each store since the stream began or since the last BAR/WARPSYNC
    syncwarp: bool  # a WARPSYNC lies between the stores and the arrive
    membar: bool  # a MEMBAR lies between the last store and the arrive (the ordering that hides the race)
    reason: str

    def to_dict(self) -> dict:
        return asdict(self)


def _at(insn: sass.Instruction) -> str:
    return f"/*{insn.address:04x}*/ {insn.text}"


def _leaves(insn: sass.Instruction) -> bool:
    """A predicated EXIT or BRA: the lanes whose predicate holds leave the stream."""
    return insn.base in ("EXIT", "BRA") and insn.predicate not in (None, "PT")


class _Stream:
    """One warp's straight-line code as it is scanned, and which lanes run each instruction of it."""

    def __init__(self, function: str, lane_tests: dict):
        self.function, self.insns, self.lane_tests = function, [], lane_tests

    def setter(self, insn: sass.Instruction) -> sass.Instruction | None:
        """The instruction of the stream that last wrote `insn`'s predicate."""
        name = (insn.predicate or "").lstrip("!")
        index = self.insns.index(insn)
        return next((i for i in reversed(self.insns[:index]) if name and i.writes_predicate(name)), None)

    def guard(self, insn: sass.Instruction) -> frozenset | None:
        """The lanes whose predicate lets `insn` run: `sass.lanes_executing` (unpredicated, ELECT), else a
        lane test the reader does not decode (`ISETP.EQ|NE P, lane, RZ` on the lane index)."""
        index = self.insns.index(insn)
        kept = tuple(i for i in self.insns[:index] if not _leaves(i)) + (insn,)
        site = sass.ArriveSite(function=self.function, offset=0, base=(), init=None, init_count=None, arrive=insn,
                               predicate_setter=None, waits=(), last_store=None, before_arrive=(), stream=kept)
        lanes = sass.lanes_executing(site, insn)
        if lanes is not None:
            return lanes
        setter = self.setter(insn)
        test = self.lane_tests.get(id(setter)) if setter is not None else None
        if test is None:
            return None
        zero = (test == "eq") != insn.predicate.startswith("!")
        return frozenset({0}) if zero else ALL_LANES - {0}

    def lanes(self, insn: sass.Instruction) -> frozenset | None:
        """The lanes of a converged warp that execute `insn`: its guard, less the lanes that left earlier
        through a predicated EXIT or BRA; None when its guard depends on data. A leave on a predicate that
        depends on data (`@P0 EXIT` after a test of the warp index) is taken to send whole warps away, so the
        lanes of a warp that stays are those that were there before it."""
        alive = ALL_LANES
        for earlier in self.insns[:self.insns.index(insn)]:
            if _leaves(earlier):
                gone = self.guard(earlier)
                if gone is not None:
                    alive -= gone
        own = self.guard(insn)
        return None if own is None else own & alive

    def chooser(self, insn: sass.Instruction) -> str:
        """The ELECT or lane test that picked the one lane running `insn`: its own predicate's, else the
        one of the EXIT or BRA that made the other lanes leave."""
        candidates = [insn] + [i for i in reversed(self.insns[:self.insns.index(insn)]) if _leaves(i)]
        for i in candidates:
            setter = self.setter(i) if i.predicate not in (None, "PT") else None
            if setter is not None:
                return _at(setter)
        return ""


def sass_scan(listing: str) -> list[SassHit]:
    """Scan an nvdisasm listing for the race's shape: in one warp's straight-line stream (broken by a
    branch, BAR, call or unconditional exit, as `racelab.readers.sass` defines a stream; a predicated EXIT or
    BRA that leaves one lane running does not break it), shared stores executed by more than one lane and
    later a SYNCS.ARRIVE that exactly one lane executes (by ELECT, or by a test of the thread or lane index
    against zero), with no BAR between. A WARPSYNC in between gives reason `syncwarp-then-elected-arrive`.

    Limits: other one-lane tests (`warp_idx == k and lane == 0` folded into one predicate, a lane index
    kept in memory) are not recognised; stores before a branch are not followed across it; the barrier's
    count is not decoded, so a barrier that expects one arrival per warp is reported like any other."""
    dis = sass.parse(listing)
    hits = []
    for fname, insns in dis.functions.items():
        lane_regs: set[str] = set()  # registers holding the thread or lane index
        lane_tests: dict[int, str] = {}  # id(ISETP) -> "eq" (lane == 0) or "ne" (lane != 0)
        stream = _Stream(fname, lane_tests)
        stores, syncwarp, since_store = [], False, []
        for insn in insns:
            ops = insn.operands
            # `if (lane == 0)` compiles to S2R SR_TID.X / SR_LANEID, LOP3 with 0x1f, ISETP against RZ
            if insn.base == "S2R" and len(ops) > 1 and ops[1] in ("SR_TID.X", "SR_LANEID"):
                lane_regs.add(ops[0])
            elif insn.base == "LOP3" and len(ops) > 2 and ops[1] in lane_regs and ops[2] == "0x1f":
                lane_regs.add(ops[0])
            elif insn.base == "ISETP" and len(ops) > 3 and ops[2] in lane_regs and ops[3] == "RZ" and \
                    insn.modifiers[:1] in (("EQ",), ("NE",)):
                lane_tests[id(insn)] = insn.modifiers[0].lower()
            elif ops and ops[0] in lane_regs and not insn.predicate:
                lane_regs.discard(ops[0])
            stream.insns.append(insn)
            if _leaves(insn) and len(stream.lanes(insn) or ()) == WARP_SIZE - 1:
                continue  # every lane but one leaves: the stream goes on with that one
            if sass.starts_stream(insn):
                stream = _Stream(fname, lane_tests)
                stores, syncwarp, since_store = [], False, []
                continue
            if insn.base == "WARPSYNC":
                syncwarp = True
            if insn.base in SASS_STORES:
                lanes = stream.lanes(insn)
                if lanes is None or len(lanes) > 1:
                    stores.append(_at(insn))
                    since_store = []
                continue
            since_store.append(insn)
            if insn.base == "SYNCS" and insn.modifiers[:1] == ("ARRIVE",):
                lanes = stream.lanes(insn)
                if lanes is not None and len(lanes) == 1 and stores:
                    hits.append(SassHit(
                        function=fname, arrive=_at(insn), elect=stream.chooser(insn), stores=list(stores),
                        syncwarp=syncwarp, membar=any(i.base == "MEMBAR" for i in since_store),
                        reason=SYNCWARP if syncwarp else ELECTED))
                if lanes is not None and len(lanes) in (1, WARP_SIZE):
                    stores, syncwarp = [], False  # reported, or released by every lane's own arrive
    return hits


def listing(cubin: bytes | Path) -> str:
    """The nvdisasm listing `sass_scan` reads, of a cubin file or of cubin bytes."""
    if isinstance(cubin, Path):
        return nvidia.disassemble(cubin)
    with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
        f.write(cubin)
        f.flush()
        return nvidia.disassemble(Path(f.name))
