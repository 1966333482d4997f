"""Read SASS: parse an nvdisasm listing line by line, follow register values, and find an mbarrier's arrive
site (the init and its count, the arrive and its predicate, the ``ELECT`` that set it, and every
instruction from the warp's last shared store to the arrive), and which lanes run each instruction.

This module is the reader's face; the listing's line types live in :mod:`racelab.readers.sass_listing`,
the register dataflow in :mod:`racelab.readers.sass_flow`, the cubin's ptxas notes in
:mod:`racelab.readers.cubin`. It reads text: producing that text (``nvdisasm``) is
:mod:`racelab.toolchain.nvidia`'s job, compiling upstream's kernel :mod:`racelab.experiments.arrive_site`'s.

How the mbarrier operations look in sm_90a/sm_100a SASS (read off real builds of the kernel):

* ``mbarrier.init``   -> ``SYNCS.EXCH.64 URZ, [UR9+0x80], UR10``: a 64-bit exchange of the barrier's
  initial state, built just before by ``UMOV``/``UIADD3``/``USHF``: both 32-bit halves hold
  ``2^20 - count`` (the low half shifted left by 1, the high half by 11). :func:`init_count` evaluates
  that little computation and decodes the count.
* ``mbarrier.arrive`` -> ``SYNCS.ARRIVE.TRANS64[.A1T0] RZ, [UR9+0x80], RZ`` (``A1T0``: one arrival, no
  transaction bytes); an elected arrive is predicated on the ``P`` register written by ``ELECT``.
* ``mbarrier.try_wait`` -> ``SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR9+0x80], R56`` (the retry stub that
  ptxas appends re-tests with ``SYNCS.PHASECHK.TRANS64`` through another base register).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from racelab.readers.cubin import CubinNotes, cubin_notes, elf_sections  # noqa: F401
from racelab.readers.sass_flow import BRANCH_TARGET, MASK, Flow, Linear, branch_target  # noqa: F401
from racelab.readers.sass_listing import (  # noqa: F401
    GPR, PREDICATE, BarrierNotFound, Disassembly, Instruction, LineType, ParseError, SassError, classify,
    parse, parse_listing, split_operands)
from racelab.vocab import WARP_SIZE

WARP = WARP_SIZE


# --------------------------------------------------------------------------------------------------
# mbarrier operations
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SharedAddress:
    registers: tuple[str, ...]  # base registers, RZ/URZ left out
    offset: int

    @classmethod
    def parse(cls, operand: str) -> "SharedAddress | None":
        m = re.fullmatch(r"\[([^\]]*)\]", operand.strip())
        if not m:
            return None
        regs, offset = [], 0
        for part in re.findall(r"[+-]?[^+-]+", m[1].replace(" ", "")):
            sign = -1 if part.startswith("-") else 1
            token = part.lstrip("+-")
            if re.fullmatch(r"0x[0-9a-fA-F]+|\d+", token):
                offset += sign * int(token, 0)
            elif token not in ("RZ", "URZ"):
                regs.append(token)
        return cls(tuple(regs), offset)

    def __str__(self) -> str:
        return "+".join(self.registers) + f"+{self.offset:#x}"


class MbarOp(enum.Enum):
    INIT = "init"
    ARRIVE = "arrive"
    WAIT = "wait"


@dataclass(frozen=True)
class BarrierOp:
    kind: MbarOp
    insn: Instruction
    address: SharedAddress


def barrier_ops(insns: list[Instruction]) -> list[BarrierOp]:
    """Every SYNCS instruction that initialises, arrives on, or waits on an mbarrier, with its address."""
    out = []
    for insn in insns:
        if insn.base != "SYNCS":
            continue
        mods = insn.modifiers
        if mods[:1] == ("EXCH",):
            kind = MbarOp.INIT
        elif mods[:1] == ("ARRIVE",):
            kind = MbarOp.ARRIVE
        elif mods[:1] == ("PHASECHK",):
            kind = MbarOp.WAIT
        else:
            continue
        addr = next((a for a in map(SharedAddress.parse, insn.operands) if a is not None), None)
        if addr is None:
            raise SassError(f"line {insn.line}: {insn.opcode} without a shared-memory address: {insn.text}")
        out.append(BarrierOp(kind, insn, addr))
    return out


def _pair(reg: str) -> str:
    m = re.fullmatch(r"(U?R)(\d+)", reg)
    if not m:
        raise SassError(f"{reg} is not a register pair base")
    return f"{m[1]}{int(m[2]) + 1}"


def init_count(flow: Flow, op: BarrierOp) -> int:
    """Decode the arrival count an init (``SYNCS.EXCH.64``) installs: both halves of the exchanged
    64-bit value hold 2^20 - count (low half << 1, high half << 11); the two must agree."""
    if op.kind is not MbarOp.INIT:
        raise SassError(f"line {op.insn.line}: not an init: {op.insn.text}")
    index = flow.index[op.insn]
    value_reg = op.insn.operands[-1]
    low = flow.constant(index, value_reg)
    high = flow.constant(index, _pair(value_reg))
    count_low = (1 << 20) - ((low >> 1) & 0xFFFFF)
    count_high = (1 << 20) - ((high >> 11) & 0xFFFFF)
    if count_low != count_high or low & 1:
        raise SassError(f"line {op.insn.line}: init value {high:#010x}:{low:#010x} is not 2^20-count in both halves")
    return count_low


# --------------------------------------------------------------------------------------------------
# The arrive site
# --------------------------------------------------------------------------------------------------

def starts_stream(insn: Instruction) -> bool:
    """Whether a warp's straight-line stream starts after ``insn``: a branch, a CTA barrier, a call, or an
    unconditional exit. A predicated ``EXIT`` (some lanes leave, as ``if (lane == 0)`` compiles) does not."""
    if insn.base in ("BRA", "BRX", "JMP", "CALL", "BAR"):
        return True
    return insn.base in ("EXIT", "RET") and insn.predicate in (None, "PT")


@dataclass(frozen=True)
class ArriveSite:
    """One mbarrier's arrive in a kernel, with what a reader needs to judge the handoff."""

    function: str
    offset: int  # the barrier's offset above the lowest-addressed initialised barrier
    base: tuple[str, ...]
    init: Instruction | None
    init_count: int | None
    arrive: Instruction
    predicate_setter: Instruction | None  # the instruction that wrote the arrive's predicate (ELECT)
    waits: tuple[Instruction, ...]
    last_store: Instruction | None  # the last STS before the arrive
    before_arrive: tuple[Instruction, ...]  # from last_store to the arrive, both included
    stream: tuple[Instruction, ...]  # the warp's straight-line code ending one past the arrive

    @property
    def predicated(self) -> bool:
        return self.arrive.predicate not in (None, "PT")

    @property
    def elected(self) -> bool:
        return self.predicate_setter is not None and self.predicate_setter.base == "ELECT"

    @property
    def between(self) -> tuple[Instruction, ...]:
        """The instructions strictly between the last shared store and the arrive."""
        return self.before_arrive[1:-1] if self.last_store is not None else ()

    def to_json(self) -> dict:
        setter = self.predicate_setter
        return {
            "function": self.function,
            "arrive": {"offset": f"{self.offset:#x}", "address": f"{self.arrive.address:#06x}",
                       "predicated": self.predicated, "predicate": self.arrive.predicate,
                       "text": self.arrive.text},
            "elect": ({"address": f"{setter.address:#06x}", "text": setter.text} if setter else None),
            "init_count": self.init_count,
            "init": ({"address": f"{self.init.address:#06x}", "text": self.init.text} if self.init else None),
            "waits": [{"address": f"{w.address:#06x}", "text": w.text} for w in self.waits],
            "before_arrive": [(f"@{i.predicate} " if i.predicate else "") + i.opcode for i in self.before_arrive],
            "before_arrive_text": [i.listing() for i in self.before_arrive],
            "membar_before_arrive": any(i.opcode.startswith("MEMBAR") for i in self.before_arrive),
        }


def _barrier_at(ops, addr: dict, offset: int, what: str, fname: str):
    """The init, the one arrive and the waits of the barrier ``offset`` bytes above the lowest-addressed barrier
    the kernel initialises (addresses compared as values); BarrierNotFound where any is missing or not unique."""
    inits = [o for o in ops if o.kind is MbarOp.INIT]
    resolved = [o for o in inits if addr[o] is not None]
    if not resolved:
        why = f"{len(inits)} inits, none with a resolvable address" if inits else "no mbarrier init (SYNCS.EXCH)"
        raise BarrierNotFound(f"{what}: no barrier at shared offset {offset:#x} in {fname}: {why}")
    terms = addr[resolved[0]].terms
    group = [o for o in resolved if addr[o].terms == terms]
    low = min(addr[o].const for o in group)
    target = Linear((low + offset) & MASK, terms)
    init_at = [o for o in group if addr[o] == target]
    if len(init_at) != 1:
        raise BarrierNotFound(f"{what}: expected one mbarrier init (SYNCS.EXCH) at shared offset {offset:#x} "
                              f"in {fname}, found {len(init_at)} (inits at "
                              f"{sorted({hex(addr[o].const - low) for o in group})})")
    init = init_at[0]
    arrives = [o for o in ops if o.kind is MbarOp.ARRIVE and addr[o] == target]
    if len(arrives) != 1:
        loose = sum(1 for o in ops if o.kind is MbarOp.ARRIVE and addr[o] is None)
        raise BarrierNotFound(f"{what}: expected exactly one SYNCS.ARRIVE on the barrier at shared offset "
                              f"{offset:#x} ([{target}]) in {fname}, found {len(arrives)}"
                              + (f" ({loose} arrives with unresolved addresses)" if loose else ""))
    waits = [o for o in ops if o.kind is MbarOp.WAIT and addr[o] == target]
    return init, arrives[0], waits


def find_arrive_site(dis: Disassembly, offset: int | None = None, function: str | None = None,
                     what: str = "the barrier") -> ArriveSite:
    """The arrive on the barrier ``offset`` bytes above the lowest-addressed barrier the kernel initialises.

    Addresses are compared as values (:meth:`Flow.value`), not as register names: ptxas may rebuild the
    shared-memory base in another register for each warp role (DSL 4.5.0 builds init through ``UR14``
    and arrive through ``UR9``). For upstream's kernel the lowest initialised barrier is the start of
    ``SharedStorage`` (``Q_mbar[0]``), so ``offset`` is the barrier's offset in that struct. With
    ``offset=None`` the function must hold exactly one arrive (a one-barrier kernel). Raises
    :class:`BarrierNotFound` when the barrier is missing or its arrive is not unique."""
    insns = dis.function(function)
    fname = insns[0].function if insns else function
    flow = Flow(insns, dis.labels.get(fname))
    ops = barrier_ops(insns)
    addr = {op: flow.address(op) for op in ops}
    inits = [o for o in ops if o.kind is MbarOp.INIT]
    if offset is None:
        arrives = [o for o in ops if o.kind is MbarOp.ARRIVE]
        if len(arrives) != 1:
            raise BarrierNotFound(f"{what}: expected exactly one mbarrier arrive in {fname}, found {len(arrives)}")
        arrive = arrives[0]
        init = inits[0] if len(inits) == 1 else None
        waits = [o for o in ops if o.kind is MbarOp.WAIT]
    else:
        init, arrive, waits = _barrier_at(ops, addr, offset, what, fname)
    a_index = flow.index[arrive.insn]
    start = a_index
    while start > 0 and not starts_stream(insns[start - 1]):
        start -= 1
    # the predicate's writer and the last store are looked for in the warp's straight-line stream only
    setter = None
    pred = (arrive.insn.predicate or "").lstrip("!")
    if pred and pred != "PT":
        setter = next((insns[j] for j in range(a_index - 1, start - 1, -1) if insns[j].writes_predicate(pred)), None)
    store_index = next((j for j in range(a_index - 1, start - 1, -1) if insns[j].base == "STS"), None)
    return ArriveSite(
        function=fname, offset=offset if offset is not None else arrive.address.offset,
        base=arrive.address.registers,
        init=init.insn if init else None, init_count=init_count(flow, init) if init else None,
        arrive=arrive.insn, predicate_setter=setter, waits=tuple(o.insn for o in waits),
        last_store=insns[store_index] if store_index is not None else None,
        before_arrive=tuple(insns[store_index:a_index + 1]) if store_index is not None else (arrive.insn,),
        stream=tuple(insns[start:a_index + 2]))


def lanes_executing(site: ArriveSite, insn: Instruction) -> frozenset[int] | None:
    """Which lanes of a converged warp execute ``insn`` of ``site.stream``; None when it depends on data.

    Unpredicated (or ``@PT``): all 32. ``@!PT``: none (ptxas's never-executed placeholder). A predicate
    written by ``ELECT``: the elected lane, drawn as lane 0 (the lowest active lane, which hardware picks in
    practice; PTX promises only one lane), and ``@!P`` the other 31."""
    index = site.stream.index(insn)
    alive = frozenset(range(WARP))
    for earlier in site.stream[:index]:  # lanes that left through a predicated EXIT run nothing after it
        if earlier.base == "EXIT":
            gone = _guarded_lanes(site, earlier)
            if gone is None:
                return None
            alive -= gone
    lanes = _guarded_lanes(site, insn)
    return None if lanes is None else lanes & alive


def _guarded_lanes(site: ArriveSite, insn: Instruction) -> frozenset[int] | None:
    pred = insn.predicate
    if pred in (None, "PT"):
        return frozenset(range(WARP))
    if pred == "!PT":
        return frozenset()
    name = pred.lstrip("!")
    index = site.stream.index(insn)
    setter = next((site.stream[j] for j in range(index - 1, -1, -1) if site.stream[j].writes_predicate(name)), None)
    if setter is not None and setter.base == "ELECT":
        return frozenset(range(1, WARP)) if pred.startswith("!") else frozenset({0})
    return None


# --------------------------------------------------------------------------------------------------
# What lies between the stores and the arrive
# --------------------------------------------------------------------------------------------------

ORDERING = ("MEMBAR", "FENCE", "WARPSYNC", "BAR", "ELECT")
"""Opcode prefixes of the instructions that could order a lane's store before another lane's arrive."""


def ordering_before_arrive(site: ArriveSite) -> tuple[str, ...]:
    """The opcodes (with modifiers) of the memory barriers, fences, warp and CTA barriers and elections
    strictly between the site's last shared store and its arrive, in program order."""
    return tuple(i.opcode for i in site.between if i.opcode.startswith(ORDERING))


def opcode_role(opcode: str) -> str:
    """What an opcode is in the handoff: "store", "fence", "elect", "arrive" or "other"."""
    parts = opcode.split(".")
    if parts[0] == "STS":
        return "store"
    if parts[0] in ("MEMBAR", "FENCE"):
        return "fence"
    if parts[0] == "ELECT":
        return "elect"
    if parts[0] == "SYNCS" and parts[1:2] == ["ARRIVE"]:
        return "arrive"
    return "other"


def store_count(insns) -> int:
    """How many shared stores (``STS*``) a run of instructions holds."""
    return sum(1 for i in insns if i.base == "STS")
