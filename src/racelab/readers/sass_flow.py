"""Register dataflow in one function's SASS: a tiny evaluator for the straight-line integer code that builds
shared addresses and mbarrier init values.

Values are linear in "symbols" (special registers such as ``SR_CgaCtaId``, constant-bank words): enough to
see that ``[UR14+0x80]`` and ``[UR9+0x80]`` are the same barrier when both registers hold
``(SR_CgaCtaId << 24) + 0x400``."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

from racelab.readers.sass_listing import PREDICATE, Instruction, SassError

MASK = 0xFFFFFFFF
BRANCH_TARGET = re.compile(r"^`\((?P<label>[^)+]+)\)$")
"""A branch operand naming a label: ```(.L_x_4)``."""


def branch_target(insn: Instruction) -> str | None:
    """The label a ``BRA`` jumps to, or None (not a branch, or a computed target)."""
    if insn.base != "BRA":
        return None
    m = next((m for m in map(BRANCH_TARGET.match, insn.operands) if m), None)
    return m["label"] if m else None


@dataclass(frozen=True)
class Linear:
    """const + sum(coef * symbol), modulo 2^32."""

    const: int = 0
    terms: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, const: int = 0, terms: dict | None = None) -> "Linear":
        kept = tuple(sorted((k, v & MASK) for k, v in (terms or {}).items() if v & MASK))
        return cls(const & MASK, kept)

    def __add__(self, other: "Linear") -> "Linear":
        terms = dict(self.terms)
        for k, v in other.terms:
            terms[k] = terms.get(k, 0) + v
        return Linear.of(self.const + other.const, terms)

    def scale(self, factor: int) -> "Linear":
        return Linear.of(self.const * factor, {k: v * factor for k, v in self.terms})

    @property
    def is_const(self) -> bool:
        return not self.terms

    def __str__(self) -> str:
        parts = [(f"{v:#x}*" if v != 1 else "") + k for k, v in self.terms]
        return " + ".join(parts + [f"{self.const:#x}"])


def _imm(token: str) -> int | None:
    t = token.strip()
    neg = t.startswith("-")
    t = t.lstrip("-")
    if re.fullmatch(r"0x[0-9a-fA-F]+|\d+", t):
        v = int(t, 0)
        return -v if neg else v
    return None


class Flow:
    """Register values in one function's code, following its control flow.

    :meth:`value` is a reaching-definitions walk: back through straight-line code to the instruction
    that writes the register, and at a branch target into every predecessor (the fall-through and each
    ``BRA`` to it); the predecessors must agree. It follows the moves, adds, shifts, LEAs and constant
    multiplies ptxas uses to build constants and shared addresses; ``S2R``/``S2UR`` and constant-bank
    loads become symbols. A predicated definition counts as the definition. Anything else is a
    :class:`SassError` naming the instruction."""

    def __init__(self, insns: list[Instruction], labels: dict[str, int] | None = None):
        self.insns = insns
        self.index = {insn: i for i, insn in enumerate(insns)}
        by_address = {insn.address: i for i, insn in enumerate(insns)}
        self.sources: dict[int, list[int]] = {}
        for i, insn in enumerate(insns):
            if insn.base != "BRA":
                continue
            for op in insn.operands:
                m = BRANCH_TARGET.match(op)
                if m and labels and m["label"] in labels and labels[m["label"]] in by_address:
                    self.sources.setdefault(by_address[labels[m["label"]]], []).append(i)
        self._memo: dict[tuple[int, str], Linear | None] = {}

    def falls_through(self, i: int) -> bool:
        insn = self.insns[i]
        if insn.predicate not in (None, "PT"):
            return True
        if insn.base in ("EXIT", "RET", "BRX", "JMX") or insn.opcode.startswith("BPT.TRAP"):
            return False
        if insn.base == "BRA":
            return any(PREDICATE.match(o) and o not in ("PT",) for o in insn.operands)  # BRA.U UP0, ...
        return True

    def value(self, index: int, reg: str) -> Linear:
        """The value of ``reg`` just before ``insns[index]``."""
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 20000))
        try:
            v = self._before(index, reg)
        finally:
            sys.setrecursionlimit(old)
        if v is None:
            raise SassError(f"cannot evaluate {reg} before line {self.insns[index].line}: it is only defined "
                            f"around a loop")
        return v

    def _before(self, p: int, reg: str) -> Linear | None:
        if reg in ("RZ", "URZ"):
            return Linear()
        start = p
        # straight-line code: step back while p has a single, fall-through predecessor that keeps reg
        while True:
            if p in self.sources or p == 0:
                break
            if not self.falls_through(p - 1):
                break
            if self.insns[p - 1].writes_register(reg):
                return self._def(p - 1, reg)
            p -= 1
        key = (p, reg)
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = None  # in progress: a loop back to here adds no information
        preds = list(self.sources.get(p, []))
        if p > 0 and self.falls_through(p - 1):
            preds.append(p - 1)
        if not preds:
            raise SassError(f"cannot evaluate {reg}: nothing before line {self.insns[start].line} writes it")
        values = []
        for q in preds:
            v = self._def(q, reg) if self.insns[q].writes_register(reg) else self._before(q, reg)
            if v is not None:
                values.append(v)
        if values and any(v != values[0] for v in values):
            raise SassError(f"cannot evaluate {reg} before line {self.insns[start].line}: its paths disagree "
                            f"({', '.join(sorted({str(v) for v in values}))})")
        result = values[0] if values else None
        self._memo[key] = result
        return result

    def _def(self, j: int, reg: str) -> Linear:
        insn = self.insns[j]
        srcs = [o for o in insn.operands[1:] if not PREDICATE.match(o)]

        def val(tok: str) -> Linear:
            neg = tok.startswith("-")
            core = tok.lstrip("-")
            v = _imm(core)
            if v is not None:
                lin = Linear.of(v)
            else:
                lin = self._before(j, core)
                if lin is None:
                    raise SassError(f"cannot evaluate {core} before line {insn.line}: only defined around a loop")
            return lin.scale(-1) if neg else lin

        def const(tok: str) -> int:
            lin = val(tok)
            if not lin.is_const:
                raise SassError(f"cannot evaluate {reg}: line {insn.line} {insn.text} needs a constant {tok}")
            return lin.const

        op = insn.opcode
        if op in ("UMOV", "MOV", "R2UR") and len(srcs) == 1:
            return val(srcs[0])
        if op in ("IMAD.MOV.U32", "IMAD.U32", "IMAD.MOV") and len(srcs) == 3 and srcs[0] in ("RZ", "URZ"):
            return val(srcs[2])
        if op in ("UIADD3", "IADD3", "VIADD", "IADD"):
            total = Linear()
            for o in srcs:
                total = total + val(o)
            return total
        if op in ("USHF.L.U32", "SHF.L.U32") and len(srcs) == 3:
            return val(srcs[0]).scale(1 << (const(srcs[1]) & 31))
        if op in ("ULEA", "LEA") and len(srcs) == 3:
            return val(srcs[0]).scale(1 << (const(srcs[2]) & 31)) + val(srcs[1])
        if op in ("IMAD", "IMAD.IADD", "IMAD.SHL.U32", "UIMAD") and len(srcs) == 3:
            a, b = val(srcs[0]), val(srcs[1])
            if not (a.is_const or b.is_const):
                raise SassError(f"cannot evaluate {reg}: line {insn.line} {insn.text} multiplies two unknowns")
            prod = a.scale(b.const) if b.is_const else b.scale(a.const)
            return prod + val(srcs[2])
        if op in ("S2R", "S2UR", "CS2R") and len(srcs) == 1:
            return Linear.of(0, {srcs[0]: 1})
        if insn.base in ("LDC", "LDCU") and len(srcs) == 1 and srcs[0].startswith("c["):
            return Linear.of(0, {srcs[0]: 1})
        raise SassError(f"cannot evaluate {reg}: line {insn.line} {insn.text} is not a move, add, shift or LEA")

    def constant(self, index: int, reg: str) -> int:
        """Like :meth:`value`, for a register that must hold a constant."""
        lin = self.value(index, reg)
        if not lin.is_const:
            raise SassError(f"cannot evaluate {reg} before line {self.insns[index].line}: not a constant ({lin})")
        return lin.const

    def address(self, op) -> Linear | None:
        """A barrier operation's full shared address (its base registers' values + its offset), or None
        if not evaluable. ``op`` is a :class:`racelab.readers.sass.BarrierOp`."""
        index = self.index[op.insn]
        try:
            total = Linear.of(op.address.offset)
            for reg in op.address.registers:
                total = total + self.value(index, reg)
            return total
        except SassError:
            return None
