"""Read SASS: disassemble a cubin with nvdisasm, parse it line by line, and find the W_LOADED arrive.

``racelab sass --release 1.26.0 --topk 128`` compiles upstream's SM100 indexer backward (through
:mod:`racelab.toolchain.upstream`, cached), disassembles it, and prints the W_LOADED handoff: the mbarrier's init
count, the arrive and its predicate (and the ``ELECT`` that set it), and every instruction from the load
warp's last shared store to the arrive. ``--json`` prints the same as one object. ``run_matrix()``
records the releases x DSL versions x topk matrix in the result store.

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

import argparse
import enum
import importlib.util
import json
import re
import struct
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

WARP = 32


class SassError(RuntimeError):
    """Anything this module refuses; the message says what was asked and what was missing."""


class NvdisasmMissing(SassError):
    pass


class ParseError(SassError):
    pass


class BarrierNotFound(SassError):
    pass


# --------------------------------------------------------------------------------------------------
# nvdisasm and the cubin's notes
# --------------------------------------------------------------------------------------------------

def nvdisasm_path() -> Path:
    """nvdisasm from the ``nvidia-cuda-nvdisasm`` wheel (``site-packages/nvidia/cu1*/bin/nvdisasm``), else the
    CUDA toolkit's (a GPU machine may have the toolkit but not the wheel)."""
    spec = importlib.util.find_spec("nvidia")
    searched = []
    for base in (spec.submodule_search_locations or []) if spec else []:
        for sub in ("cu13", "cu12", "cuda_nvdisasm"):
            candidate = Path(base) / sub / "bin" / "nvdisasm"
            searched.append(str(candidate))
            if candidate.exists():
                return candidate
    for candidate in (shutil.which("nvdisasm"), "/usr/local/cuda/bin/nvdisasm"):
        if candidate and Path(candidate).exists():
            return Path(candidate)
        searched.append(str(candidate or "nvdisasm on PATH"))
    raise NvdisasmMissing("nvdisasm not found: install the pip package nvidia-cuda-nvdisasm "
                          f"(searched {searched})")


def disassemble(cubin: Path | str, code_only: bool = False) -> str:
    """nvdisasm's listing of a cubin with ``//## File`` line info if present: every section, or with
    `code_only` only the code sections."""
    cubin = Path(cubin)
    if not cubin.exists():
        raise SassError(f"no cubin at {cubin}")
    args = [str(nvdisasm_path()), *(["-c"] if code_only else []), "-g", str(cubin)]
    proc = subprocess.run(args, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SassError(f"nvdisasm failed on {cubin}: {proc.stderr.strip()}")
    return proc.stdout


@dataclass(frozen=True)
class CubinNotes:
    """What ptxas wrote into the cubin's ``.note.nv.tkinfo`` section."""

    tool: str  # "ptxas"
    version: str  # "13.3"
    build: str  # "V13.3.27"
    options: str  # "-O 3 -arch sm_100a"

    @property
    def text(self) -> str:
        return f"{self.tool} {self.version} ({self.build})"


def _elf_sections(data: bytes) -> dict[str, bytes]:
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise SassError("not a 64-bit ELF file (a cubin)")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strtab_off = headers[shstrndx][4]
    out = {}
    for name_off, _type, _flags, _addr, offset, size in headers:
        end = data.index(b"\0", strtab_off + name_off)
        out[data[strtab_off + name_off:end].decode()] = data[offset:offset + size]
    return out


def cubin_notes(cubin: Path | str) -> CubinNotes:
    """The ptxas version and options recorded in the cubin (no GPU or disassembler needed)."""
    sections = _elf_sections(Path(cubin).read_bytes())
    note = sections.get(".note.nv.tkinfo")
    if note is None:
        raise SassError(f"{cubin}: no .note.nv.tkinfo section: cannot tell which ptxas built it")
    strings = [s.decode(errors="replace") for s in re.findall(rb"[\x20-\x7e]{3,}", note)]
    m = next((re.search(r"release (\d+\.\d+), (V[\d.]+)", s) for s in strings if "compilation tools" in s), None)
    if not m:
        raise SassError(f"{cubin}: .note.nv.tkinfo names no tool version: {strings}")
    tool = next((s for s in strings if s in ("ptxas", "nvcc", "nvlink")), strings[1] if len(strings) > 1 else "?")
    options = next((s.strip() for s in strings if s.lstrip().startswith("-")), "")
    return CubinNotes(tool, m[1], m[2], options)


# --------------------------------------------------------------------------------------------------
# Line types and the parser
# --------------------------------------------------------------------------------------------------

class LineType(enum.Enum):
    """Every kind of line nvdisasm prints, each with its compiled regex. Examples:

    INSTRUCTION    ``        /*0ac0*/               @P0 SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR9+0x80], RZ ;``
    DATA           ``        /*0030*/ 	.string	"ptxas"``
    LABEL          ``.L_x_339:``
    LINE_INFO      ``	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 60``
    SECTION_BANNER ``//--------------------- .text.kernel_gemm --------------------------``
    COMMENT        ``	//----- nvinfo : EIATTR_REGCOUNT``
    DIRECTIVE      ``	.section	.text.kernel_gemm,"ax",@progbits``
    BLANK          ```` (an empty line)

    Types are tried in this order; a line no type matches is a :class:`ParseError` naming its number.
    """

    INSTRUCTION = (
        r"^\s+/\*(?P<address>[0-9a-f]+)\*/\s+(?:@(?P<predicate>!?U?P(?:T|\d+))\s+)?"
        r"(?P<opcode>[A-Z][A-Z0-9_]*(?:\.[A-Za-z0-9_]+)*)(?:\s+(?P<operands>[^;]*?))?\s*;\s*(?:/\*.*\*/\s*)?$",
        "        /*0ac0*/               @P0 SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR9+0x80], RZ ;")
    DATA = (r"^\s+/\*(?P<address>[0-9a-f]+)\*/\s+\.(?P<kind>byte|short|word|dword|quad|string|zero|align)\b(?P<value>.*)$",
            '        /*0030*/ \t.string\t"ptxas"')
    LABEL = (r"^(?P<name>[^\s:]+):\s*$", ".L_x_339:")
    LINE_INFO = (r'^\s*//## File "(?P<file>[^"]*)", line (?P<line>\d+)(?P<rest>.*)$',
                 '\t//## File "/work/main/kernels/calibration/mbar_calib.cu", line 60')
    SECTION_BANNER = (r"^//-{5,}\s*(?P<name>.*?)\s*-{5,}\s*$",
                      "//--------------------- .text.kernel_gemm --------------------------")
    COMMENT = (r"^\s*//.*$", "\t//----- nvinfo : EIATTR_REGCOUNT")
    DIRECTIVE = (r"^\s*\.(?P<name>[A-Za-z_]\w*)\b(?P<args>.*)$", '\t.section\t.text.kernel_gemm,"ax",@progbits')
    BLANK = (r"^\s*$", "")

    def __init__(self, pattern: str, example: str):
        self.regex = re.compile(pattern)
        self.example = example


def classify(line: str, lineno: int = 0) -> tuple[LineType, re.Match]:
    for kind in LineType:
        m = kind.regex.match(line)
        if m:
            return kind, m
    raise ParseError(f"line {lineno}: not a line nvdisasm prints (no line type matches): {line!r}")


_PRED_REG = re.compile(r"^!?U?P(?:T|\d+)$")
_GPR = re.compile(r"^(?:U?R\d+|U?RZ)$")


def split_operands(text: str | None) -> tuple[str, ...]:
    """Split at commas outside brackets, braces, parentheses and backquotes."""
    if not text:
        return ()
    out, depth, cur, tick = [], 0, [], False
    for ch in text:
        if ch == "`":
            tick = not tick
        elif not tick and ch in "[({":
            depth += 1
        elif not tick and ch in "])}":
            depth -= 1
        if ch == "," and depth == 0 and not tick:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur).strip())
    return tuple(o for o in out if o)


@dataclass(frozen=True)
class Instruction:
    address: int
    predicate: str | None  # "P0", "!P0", "UP0", "!PT"; None when unconditional
    opcode: str  # with modifiers: "SYNCS.ARRIVE.TRANS64.A1T0"
    operands: tuple[str, ...]
    function: str
    line: int  # 1-based line number in the listing
    source: tuple[str, int] | None = None  # (file, line) from -g line info

    @property
    def base(self) -> str:
        return self.opcode.split(".", 1)[0]

    @property
    def modifiers(self) -> tuple[str, ...]:
        return tuple(self.opcode.split(".")[1:])

    @property
    def text(self) -> str:
        pred = f"@{self.predicate} " if self.predicate else ""
        ops = (" " + ", ".join(self.operands)) if self.operands else ""
        return f"{pred}{self.opcode}{ops}"

    def listing(self) -> str:
        return f"/*{self.address:04x}*/ {self.text} ;"

    def writes_predicate(self, pred: str) -> bool:
        """Whether this instruction writes predicate ``pred`` (a destination: first operand, or second
        after a register destination, as in ``LEA R8, P1, ...`` or ``IADD3 R1, P0, ...``)."""
        ops = self.operands
        return bool(ops) and (ops[0] == pred or (len(ops) > 1 and ops[1] == pred and bool(_GPR.match(ops[0]))))

    def writes_register(self, reg: str) -> bool:
        return bool(self.operands) and self.operands[0] == reg


@dataclass
class Disassembly:
    arch: str | None
    functions: dict[str, list[Instruction]] = field(default_factory=dict)
    labels: dict[str, dict[str, int]] = field(default_factory=dict)  # function -> label -> address
    line_types: dict[LineType, int] = field(default_factory=dict)

    @property
    def instructions(self) -> list[Instruction]:
        return [i for insns in self.functions.values() for i in insns]

    def function(self, name: str | None = None) -> list[Instruction]:
        """A function's instructions; without a name, the kernel's (the function with the most code)."""
        if name is None:
            if not self.functions:
                raise SassError("the listing holds no code")
            return max(self.functions.values(), key=len)
        if name not in self.functions:
            raise SassError(f"no function {name!r}; functions: {sorted(self.functions)}")
        return self.functions[name]


def parse(text: str) -> Disassembly:
    """Parse a full nvdisasm listing; every line must be of a known :class:`LineType`."""
    dis = Disassembly(arch=None)
    function_symbols: set[str] = set()
    current = None
    source = None
    pending_labels: list[str] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        kind, m = classify(line, lineno)
        dis.line_types[kind] = dis.line_types.get(kind, 0) + 1
        if kind is LineType.DIRECTIVE:
            name, args = m["name"], m["args"].strip()
            if name == "target":
                dis.arch = args.split()[0] if args else None
            elif name == "section":
                sec = args.split(",")[0].strip()
                current = sec[len(".text."):] if sec.startswith(".text.") else None
                source = None
            elif name == "type" and args.endswith("@function"):
                function_symbols.add(args.split(",")[0].strip())
        elif kind is LineType.LABEL and m["name"] in function_symbols:
            current = m["name"]
        elif kind is LineType.LABEL and current is not None:
            pending_labels.append(m["name"])
        elif kind is LineType.LINE_INFO:
            source = (m["file"], int(m["line"]))
        elif kind is LineType.INSTRUCTION:
            if current is None:
                raise ParseError(f"line {lineno}: an instruction outside any .text section: {line.strip()!r}")
            insn = Instruction(int(m["address"], 16), m["predicate"], m["opcode"], split_operands(m["operands"]),
                               current, lineno, source)
            dis.functions.setdefault(current, []).append(insn)
            for name in pending_labels:
                dis.labels.setdefault(current, {})[name] = insn.address
            pending_labels = []
    return dis


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


# A tiny evaluator for the straight-line integer code that builds addresses and init values. Values are
# linear in "symbols" (special registers such as SR_CgaCtaId, constant-bank words): enough to see that
# [UR14+0x80] and [UR9+0x80] are the same barrier when both registers hold (SR_CgaCtaId << 24) + 0x400.
_SKIP = re.compile(r"^!?U?P(?:T|\d+)$")
_MASK = 0xFFFFFFFF


@dataclass(frozen=True)
class Linear:
    """const + sum(coef * symbol), modulo 2^32."""

    const: int = 0
    terms: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, const: int = 0, terms: dict | None = None) -> "Linear":
        kept = tuple(sorted((k, v & _MASK) for k, v in (terms or {}).items() if v & _MASK))
        return cls(const & _MASK, kept)

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


_TARGET = re.compile(r"^`\((?P<label>[^)+]+)\)$")


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
                m = _TARGET.match(op)
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
            return any(_SKIP.match(o) and o not in ("PT",) for o in insn.operands)  # BRA.U UP0, ...
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
        srcs = [o for o in insn.operands[1:] if not _SKIP.match(o)]

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

    def address(self, op: "BarrierOp") -> Linear | None:
        """The barrier's full shared address (base registers' values + offset), or None if not evaluable."""
        index = self.index[op.insn]
        try:
            total = Linear.of(op.address.offset)
            for reg in op.address.registers:
                total = total + self.value(index, reg)
            return total
        except SassError:
            return None


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

def _starts_stream(insn: Instruction) -> bool:
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
        resolved = [o for o in inits if addr[o] is not None]
        if not resolved:
            why = f"{len(inits)} inits, none with a resolvable address" if inits else "no mbarrier init (SYNCS.EXCH)"
            raise BarrierNotFound(f"{what}: no barrier at shared offset {offset:#x} in {fname}: {why}")
        terms = addr[resolved[0]].terms
        group = [o for o in resolved if addr[o].terms == terms]
        low = min(addr[o].const for o in group)
        target = Linear((low + offset) & _MASK, terms)
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
        arrive = arrives[0]
        waits = [o for o in ops if o.kind is MbarOp.WAIT and addr[o] == target]
    a_index = flow.index[arrive.insn]
    start = a_index
    while start > 0 and not _starts_stream(insns[start - 1]):
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
# PTX: the load warp's region
# --------------------------------------------------------------------------------------------------

_PTX_ADD = re.compile(r"^\s*add\.[su]32\s+(%r\d+),\s*(%r\d+|[A-Za-z_$][\w$]*),\s*(\d+);")
_PTX_MOV = re.compile(r"^\s*mov\.[bu]32\s+(%r\d+),\s*(%r\d+|[A-Za-z_$][\w$]*);")
_PTX_ADDR = r"\[(%r\d+|[A-Za-z_$][\w$]*)(?:\+(\d+))?\]"
_PTX_ARRIVE = re.compile(r"^\s*mbarrier\.arrive\S*\s+(?:\S+,\s*)?" + _PTX_ADDR)
_PTX_INIT = re.compile(r"^\s*mbarrier\.init\S*\s+" + _PTX_ADDR)


def _ptx_resolve(lines: list[str], reg: str, offset: int) -> tuple[str, int]:
    """Follow ``add``/``mov`` of constants back to a root register or symbol (``__dynamic_shmem__0``)."""
    defs: dict[str, tuple[str, int]] = {}
    for ln in lines:
        m = _PTX_ADD.match(ln) or _PTX_MOV.match(ln)
        if m:
            defs.setdefault(m[1], (m[2], int(m[3]) if m.re is _PTX_ADD else 0))
    seen = set()
    while reg in defs and reg not in seen:
        seen.add(reg)
        reg, add = defs[reg]
        offset += add
    return reg, offset


def ptx_region(ptx: str, offset: int) -> list[tuple[int, str]]:
    """(line number, text) of the PTX from the load warp's entry (``setmaxnreg.dec`` or the nearest
    label) through the ``mbarrier.arrive`` on the barrier at ``offset`` from the first init's base,
    and on to the next label (at most three lines)."""
    lines = ptx.splitlines()
    first_init = next((m for m in map(_PTX_INIT.match, lines) if m), None)
    if first_init is None:
        raise BarrierNotFound("no mbarrier.init in the PTX")
    root, _ = _ptx_resolve(lines, first_init[1], int(first_init[2] or 0))
    hits = []
    for n, ln in enumerate(lines):
        m = _PTX_ARRIVE.match(ln)
        if m and _ptx_resolve(lines, m[1], int(m[2] or 0)) == (root, offset):
            hits.append(n)
    if len(hits) != 1:
        raise BarrierNotFound(f"expected one mbarrier.arrive on [{root}+{offset}] in the PTX, found {len(hits)}")
    a = hits[0]
    start = a
    while start > 0 and "setmaxnreg.dec" not in lines[start] and not re.match(r"^\$L\w+:", lines[start]):
        start -= 1
    end = a + 1
    while end < min(a + 4, len(lines) - 1) and not re.match(r"^\$L\w+:", lines[end]):
        end += 1
    return [(n + 1, lines[n]) for n in range(start, min(end + 1, len(lines)))]


def ptx_header(ptx: str) -> dict:
    version = re.search(r"^\.version\s+(\S+)", ptx, re.M)
    target = re.search(r"^\.target\s+(\S+)", ptx, re.M)
    return {"version": version[1] if version else None, "target": target[1] if target else None}


# --------------------------------------------------------------------------------------------------
# The W_LOADED site of an upstream build
# --------------------------------------------------------------------------------------------------

W_LOADED = "MBAR_W_LOADED"


def analyze(cubin: Path | str, offset: int | None = None, what: str = "the barrier",
            function: str | None = None) -> tuple[Disassembly, ArriveSite, CubinNotes]:
    dis = parse(disassemble(cubin))
    site = find_arrive_site(dis, offset, function, what)
    return dis, site, cubin_notes(cubin)


@dataclass(frozen=True)
class UpstreamSite:
    """The W_LOADED site of one upstream build: as JSON (``info``), as parsed SASS, and the build."""

    info: dict
    site: ArriveSite
    build: object  # upstream.Build

    def ptx_region(self) -> list[tuple[int, str]]:
        return ptx_region(self.build.ptx.read_text(), self.site.offset)


def upstream_analysis(variant: str, spec=None, dsl: str | None = None, fresh: bool = False) -> UpstreamSite:
    """Build (or fetch from the cache) an upstream variant and read its W_LOADED site.

    The barrier's offset is derived from the kernel source (:func:`racelab.toolchain.upstream.barrier_layout`), and
    the init count read from the SASS must equal the count the source passes to ``mbarrier_init``."""
    from racelab.toolchain import upstream
    spec = spec or upstream.Specialization()
    var = upstream.variant(variant)
    layout = upstream.barrier_layout(upstream.kernel_source(var))
    index = layout.index(W_LOADED)
    offset = layout.offset(index)
    t0 = time.perf_counter()
    b = upstream.build(var, spec, dsl, fresh=fresh)
    build_s = time.perf_counter() - t0
    what = f"W_LOADED (mbarrier {index}, shared +{offset:#x}) of {var.name}, DSL {b.key.dsl}, {spec.slug()}"
    dis, site, notes = analyze(b.cubin, offset, what)
    ptx = b.ptx.read_text()
    expected = layout.init_counts.get(index)
    if expected is not None and site.init_count != expected:
        raise SassError(f"{what}: SASS init count {site.init_count} differs from the source's {expected}")
    info = {
        "release": var.release, "variant": var.name, "description": var.description, "dsl": b.key.dsl,
        "ptxas": notes.version, "ptxas_build": notes.build, "ptxas_options": notes.options,
        "arch": dis.arch, "ptx": ptx_header(ptx), "specialization": spec.kwargs(),
        "barrier": {"name": W_LOADED, "index": index, "offset": f"{offset:#x}",
                    "mbar_base": f"{layout.base:#x}", "source_init_count": expected},
        **site.to_json(),
        "cubin": str(b.cubin), "cached": b.cached, "compile_s": round(b.compile_s, 3),
        "build_lookup_s": round(build_s, 3), "source_sha256": b.key.source_sha256,
    }
    return UpstreamSite(info, site, b)


def upstream_site(variant: str, spec=None, dsl: str | None = None, fresh: bool = False) -> dict:
    """:func:`upstream_analysis` as JSON: what ``racelab sass --json`` prints."""
    return upstream_analysis(variant, spec, dsl, fresh).info


# --------------------------------------------------------------------------------------------------
# The compiler matrix, recorded in the result store
# --------------------------------------------------------------------------------------------------

MATRIX_EXPERIMENT = "sass-matrix"
MATRIX_RELEASES = ("1.26.0", "1.27.0")
MATRIX_DSLS = ("4.5.0", "4.6.1", "4.8.1")
MATRIX_TOPKS = (128, 512, 2048)


def cell_name(release: str, dsl: str, topk: int) -> str:
    return f"{release}-dsl{dsl}-topk{topk}"


def neighbourhood(site: ArriveSite) -> str:
    """The load warp's straight-line SASS ending just after the arrive, as listing lines."""
    return "\n".join(i.listing() for i in site.stream) + "\n"


def run_matrix(releases=MATRIX_RELEASES, dsls=MATRIX_DSLS, topks=MATRIX_TOPKS, fresh: bool = True,
               log=print):
    """Compile every (release, DSL, topk) cell, read its W_LOADED site, and record it all as one run.

    Per cell the run holds ``cells/<cell>/summary.json`` (the site as JSON, compile time, cache-hit
    time), ``sass.txt.xz`` (the whole disassembly), ``neighbourhood.sass`` (the load warp's code up to the
    arrive) and ``load-warp.ptx``; a cell that fails to build records its error instead. The top-level
    ``summary.json`` lists every cell. ``fresh=True`` recompiles even cached cells, so every compile
    time is measured in this run."""
    from racelab.core import store
    from racelab.toolchain import upstream
    cells = []
    with store.new_run(MATRIX_EXPERIMENT, command=sys.argv) as run:
        for release in releases:
            var = upstream.release_variant(release)
            for dsl in dsls:
                for topk in topks:
                    name = cell_name(release, dsl, topk)
                    spec = upstream.Specialization(topk=topk)
                    cell = {"cell": name, "release": release, "variant": var.name, "dsl": dsl, "topk": topk}
                    t0 = time.perf_counter()
                    try:
                        site = upstream_site(var.name, spec, dsl, fresh=fresh)
                        cold_s = time.perf_counter() - t0
                        t1 = time.perf_counter()
                        upstream_site(var.name, spec, dsl)  # the same request again: a cache hit
                        cell.update(ok=True, site=site, cold_s=round(cold_s, 3),
                                    cache_hit_s=round(time.perf_counter() - t1, 3))
                        b = upstream.lookup(upstream.make_key(var, spec, dsl))
                        cell["build"] = {k: b.meta[k] for k in ("worker_s", "cutlass_file", "dsl_reported",
                                                                "options", "built_utc")}
                        dis_text = disassemble(b.cubin)
                        _, s, _ = analyze(b.cubin, int(site["arrive"]["offset"], 16), name)
                        run.write_text(f"cells/{name}/sass.txt", dis_text, compress=True)
                        run.write_text(f"cells/{name}/neighbourhood.sass", neighbourhood(s))
                        ptx = b.ptx.read_text()
                        region = ptx_region(ptx, int(site["arrive"]["offset"], 16))
                        run.write_text(f"cells/{name}/load-warp.ptx", "".join(f"{t}\n" for _, t in region))
                        run.write_text(f"cells/{name}/kernel.ptx", ptx, compress=True)
                    except (upstream.UpstreamError, SassError) as exc:
                        cell.update(ok=False, error=str(exc), error_type=type(exc).__name__,
                                    cold_s=round(time.perf_counter() - t0, 3))
                    run.write_json(f"cells/{name}/summary.json", cell)
                    cells.append(cell)
                    log(_matrix_line(cell))
        run.write_text("README.md", _MATRIX_README.format(releases=", ".join(releases), dsls=", ".join(dsls),
                                                          topks=", ".join(map(str, topks))))
        run.write_json("summary.json", {"experiment": MATRIX_EXPERIMENT, "releases": list(releases),
                                        "dsls": list(dsls), "topks": list(topks), "fresh": fresh,
                                        "cells": [_flat(c) for c in cells]})
        run.extra["matrix"] = {"cells": len(cells), "ok": sum(c["ok"] for c in cells),
                               "dsl_builds": sorted({c["build"]["cutlass_file"] for c in cells if c["ok"]})}
    return run.recorded


_MATRIX_README = """# sass-matrix: the W_LOADED arrive across compilers

Releases {releases} of nvidia-cudnn-frontend x nvidia-cutlass-dsl {dsls} x topk {topks}: upstream's
`IndexerBackwardSm100.kernel_gemm` compiled for sm_100a on a CPU (no GPU), disassembled with nvdisasm.

Re-make (a new run, never an edit of this one): `racelab sass --matrix` (racelab.readers.sass.run_matrix).

- `summary.json`: one row per cell (ok, ptxas, init count, arrive, predicate, what lies between the
  last shared store and the arrive, compile and cache-hit seconds).
- `cells/<release>-dsl<version>-topk<k>/summary.json`: the cell in full (the JSON `racelab sass --json`
  prints, plus the build's worker time and DSL location); `sass.txt.xz`: the whole disassembly;
  `neighbourhood.sass`: the load warp's code up to the arrive; `load-warp.ptx`: the same region of the
  PTX; `kernel.ptx.xz`: the whole PTX.
"""


def _flat(cell: dict) -> dict:
    """One row per cell for tables."""
    row = {k: cell[k] for k in ("cell", "release", "variant", "dsl", "topk", "ok", "cold_s")}
    if not cell["ok"]:
        return {**row, "error": cell["error"]}
    s = cell["site"]
    return {**row, "cache_hit_s": cell["cache_hit_s"], "compile_s": s["compile_s"],
            "worker_s": round(cell["build"]["worker_s"], 3), "ptxas": s["ptxas"],
            "arrive": s["arrive"]["text"], "predicated": s["arrive"]["predicated"],
            "elect": (s["elect"] or {}).get("text"), "init_count": s["init_count"],
            "membar_before_arrive": s["membar_before_arrive"], "before_arrive": s["before_arrive"]}


def _matrix_line(cell: dict) -> str:
    if not cell["ok"]:
        return f"{cell['cell']:28} FAILED {cell['error']}"
    s = cell["site"]
    return (f"{cell['cell']:28} ptxas {s['ptxas']:5} init {s['init_count']:>2}  "
            f"{'@' + s['arrive']['predicate'] if s['arrive']['predicated'] else 'all lanes':9} "
            f"membar={s['membar_before_arrive']}  cold {cell['cold_s']:.1f}s  hit {cell['cache_hit_s']:.2f}s")


def matrix_table(rec) -> list[dict]:
    """The rows of a recorded matrix run (``store.RecordedRun``), each with ``stores``: how many shared
    stores (``STS*``) each lane of the load warp makes before the arrive, counted in the recorded
    neighbourhood."""
    rows = rec.read_json("summary.json")["cells"]
    for row in rows:
        if row["ok"]:
            listing = parse_listing_lines(rec.read_text(f"cells/{row['cell']}/neighbourhood.sass"))
            row["stores"] = sum(1 for opcode in listing if opcode.split(".")[0] == "STS")
    return rows


def parse_listing_lines(text: str) -> list[str]:
    """Opcodes of ``Instruction.listing()`` lines (``/*0a50*/ @P0 STS.U16 [R2+0x38b40], R11 ;``)."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^/\*[0-9a-f]+\*/ (?:@!?U?P(?:T|\d+) )?([A-Z][A-Z0-9_.]*)", line)
        if not m:
            raise ParseError(f"line {n}: not an instruction listing line: {line!r}")
        out.append(m[1])
    return out


# --------------------------------------------------------------------------------------------------
# The calibration variants
# --------------------------------------------------------------------------------------------------

def calibration_site(variant: str, arch: str) -> ArriveSite:
    """The (only) arrive of a calibration variant (``racelab.experiments.calibration``), built here with nvcc."""
    from racelab.experiments import calibration
    cubin = calibration.build(calibration.Variant[variant], arch)
    _, site, _ = analyze(cubin, None, f"calibration {variant} {arch}")
    return site


# --------------------------------------------------------------------------------------------------
# Pictures and listings for the chapter (matplotlib is imported only here)
# --------------------------------------------------------------------------------------------------

def opcode_role(opcode: str) -> str:
    """What an opcode is in the handoff, for colouring: store, fence, elect, arrive, other."""
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


def row_role(insn: Instruction) -> str:
    """:func:`opcode_role` of an instruction."""
    return opcode_role(insn.opcode)


def _role_colours(arrive_role: str) -> dict:
    from racelab import style
    return {"store": style.PALETTE["purple"], "fence": style.ROLE["membar"], "elect": style.PALETTE["yellow"],
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
            rows.append(StreamRow(f"{run[0].address:04x}-{run[-1].address:04x}  {len(run)} instructions: "
                                  f"{', '.join(ops[:4])}{', ...' if len(ops) > 4 else ''}", "other",
                                  frozenset(range(WARP)), tuple(run)))
        else:
            rows.extend(StreamRow(f"{i.address:04x}  {i.text[:44]}", "other", lanes_executing(site, i), (i,))
                        for i in run)
        run.clear()

    for insn in site.stream:
        lanes = lanes_executing(site, insn)
        if row_role(insn) == "other" and lanes == frozenset(range(WARP)):
            run.append(insn)
            continue
        flush()
        rows.append(StreamRow(f"{insn.address:04x}  {insn.text[:44]}", row_role(insn), lanes, (insn,)))
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


def lanes_figure(panels: list[tuple[str, str, ArriveSite]]):
    """One panel per (title, role, site): the load warp's instructions (rows) by lane (columns), a cell
    filled where that lane executes that instruction. ``role`` is a key of ``style.ROLE`` for the arrive."""
    import matplotlib.colors as mcolors
    import matplotlib.patches as mpatches
    import numpy as np
    from racelab import style
    tables = [(title, role, site, stream_rows(site)) for title, role, site in panels]
    nrows = max(len(rows) for *_, rows in tables)

    def arrivers(site, rows):
        return next(len(r.lanes or ()) for r in rows if site.arrive in r.instructions)

    alt = ("Per-lane execution of the load warp's code up to the W_LOADED arrive; rows are instructions, columns "
           "lanes 0 to 31. " + " ".join(f"{title}: {arrivers(site, rows)} of 32 lanes execute the arrive, all 32 "
                                        f"execute the shared stores and MEMBAR.ALL.CTA and FENCE.VIEW.ASYNC.S before it."
                                        for title, _, site, rows in tables))
    with style.figure(1, len(panels), figsize=(5.4 * len(panels), 0.2 * nrows + 1.9), alt=alt,
                      squeeze=False) as (fig, axes):
        for ax, (title, role, site, rows) in zip(axes[0], tables):
            colours = _role_colours(role)
            grid = lane_grid(rows)
            rgba = np.zeros((len(rows), WARP, 4))
            for r, row in enumerate(rows):
                rgb = mcolors.to_rgba(colours[row.role])[:3]
                for lane in range(WARP):
                    if grid[r, lane] == 1:
                        rgba[r, lane] = (*rgb, 0.3 if row.role == "other" else 1.0)
                    elif grid[r, lane] == -1:
                        rgba[r, lane] = (*mcolors.to_rgba(style.ROLE["control"])[:3], 0.1)
            ax.imshow(rgba, aspect="auto", interpolation="nearest", extent=(-0.5, WARP - 0.5, len(rows) - 0.5, -0.5))
            ax.set_yticks(range(len(rows)))
            ax.set_yticklabels([row.label for row in rows], fontsize=6.3, family="monospace")
            ax.set_xticks([0, 8, 16, 24, 31])
            ax.set_xlabel("lane")
            ax.set_xticks(np.arange(-0.5, WARP, 1), minor=True)
            ax.set_yticks(np.arange(-0.5, len(rows), 1), minor=True)
            ax.grid(which="minor", color="white", linewidth=0.5)
            ax.grid(which="major", visible=False)
            ax.tick_params(which="minor", length=0)
            a = next(r for r, row in enumerate(rows) if site.arrive in row.instructions)
            ax.annotate(f"{arrivers(site, rows)} of 32\nlanes arrive", xy=(WARP - 0.5, a), xytext=(WARP + 0.8, a),
                        va="center", fontsize=8, color=colours["arrive"], annotation_clip=False)
            ax.set_title(title, fontsize=9.5)
        colours = _role_colours("unpatched")
        handles = [mpatches.Patch(color=c, label=l) for l, c in [
            ("shared store", colours["store"]), ("MEMBAR / FENCE", colours["fence"]), ("ELECT", colours["elect"]),
            ("arrive, unpatched", style.ROLE["unpatched"]), ("arrive, patched", style.ROLE["patched"]),
            ("other (executed)", mcolors.to_rgba(style.ROLE["control"], 0.3))]]
        fig.tight_layout(rect=(0, 0.06, 1, 1))
        fig.legend(handles=handles, loc="lower center", ncol=6, fontsize=7.5, frameon=False)
    return fig


def matrix_figure(rows: list[dict]):
    """The recorded matrix as a grid: one cell per (release, DSL) x topk, showing the instructions from
    the last shared store to the W_LOADED arrive as coloured boxes, with the init count and predicate."""
    import matplotlib.patches as mpatches
    from racelab import style
    keys = sorted({(r["release"], r["dsl"]) for r in rows})
    topks = sorted({r["topk"] for r in rows})
    by = {(r["release"], r["dsl"], r["topk"]): r for r in rows}
    n_ok = sum(r["ok"] for r in rows)
    n_membar = sum(1 for r in rows if r["ok"] and r["membar_before_arrive"])
    alt = (f"Grid of {len(rows)} builds (releases x DSL versions x topk). {n_membar} of {n_ok} builds that compiled "
           f"carry MEMBAR.ALL.CTA and FENCE.VIEW.ASYNC.S between the last shared store and the W_LOADED arrive; "
           f"the arrive is predicated (elected) in every 1.26.0 build and unpredicated in every 1.27.0 build.")
    with style.figure(1, 1, figsize=(9.5, 0.62 * len(keys) + 1.8), alt=alt) as (fig, ax):
        for y, (release, dsl) in enumerate(keys):
            for x, topk in enumerate(topks):
                r = by.get((release, dsl, topk))
                ax.add_patch(mpatches.Rectangle((x, y), 0.96, 0.9, facecolor="white",
                                                edgecolor=style.ROLE["control"], linewidth=0.6))
                if r is None or not r["ok"]:
                    ax.text(x + 0.48, y + 0.45, "no build" if r is None else "build failed", ha="center",
                            va="center", fontsize=7, color=style.ROLE["control"])
                    continue
                role = "unpatched" if r["predicated"] else "patched"
                colours = _role_colours(role)
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
                pred = r["arrive"].split()[0] if r["predicated"] else "all lanes"
                ax.text(x + 0.48, y + 0.7, f"init {r['init_count']} · {pred} · ptxas {r['ptxas']}",
                        ha="center", va="center", fontsize=7, color=colours["arrive"])
        ax.set_xlim(0, len(topks))
        ax.set_ylim(len(keys), 0)
        ax.set_xticks([x + 0.48 for x in range(len(topks))])
        ax.set_xticklabels([f"topk={t}" for t in topks])
        ax.set_yticks([y + 0.45 for y in range(len(keys))])
        ax.set_yticklabels([f"{rel}, DSL {dsl}" for rel, dsl in keys])
        ax.grid(False)
        ax.tick_params(length=0)
        for side in ("left", "bottom"):
            ax.spines[side].set_visible(False)
        colours = _role_colours("unpatched")
        handles = [mpatches.Patch(color=colours["store"], label="STS (last shared store)"),
                   mpatches.Patch(facecolor="white", edgecolor=style.ROLE["control"], linestyle=":",
                                  label="@!PT LDS (never executes)"),
                   mpatches.Patch(color=colours["fence"], label="MEMBAR.ALL.CTA / FENCE.VIEW.ASYNC.S"),
                   mpatches.Patch(color=style.ROLE["unpatched"], label="arrive, elected (@P)"),
                   mpatches.Patch(color=style.ROLE["patched"], label="arrive, all lanes"),
                   mpatches.Patch(color=style.ROLE["control"], alpha=0.35, label="register-only instruction")]
        ax.set_title("From the load warp's last shared store to the W_LOADED arrive, per build", fontsize=10)
        fig.tight_layout(rect=(0, 0.1, 1, 1))
        fig.legend(handles=handles, loc="lower center", ncol=3, fontsize=7.5, frameon=False)
    return fig


_PTX_MARKS = [(r"fence\.proxy\.async", "fence"), (r"elect\.sync", "elect"), (r"mbarrier\.arrive", "arrive"),
              (r"st\.shared", "store")]
_SASS_MARKS = [(r"\b(MEMBAR|FENCE)\.", "fence"), (r"\bELECT\b", "elect"), (r"SYNCS\.ARRIVE", "arrive"),
               (r"\bSTS\b", "store")]


def listing_html(columns: list[tuple[str, list[str], str]], arrive_role: str = "unpatched") -> str:
    """Listings side by side as an HTML table; ``columns`` is (title, lines, "ptx"|"sass"). Stores, the
    fence, ``elect.sync``/``ELECT`` and the arrive are highlighted in the chapter's colours."""
    import html
    colours = _role_colours(arrive_role)
    cells = []
    for title, lines, kind in columns:
        marks = _PTX_MARKS if kind == "ptx" else _SASS_MARKS
        out = []
        for line in lines:
            esc = html.escape(line.expandtabs(4))
            role = next((r for pat, r in marks if re.search(pat, line)), None)
            if role and "expect_tx" not in line:  # arrive.expect_tx is the Q TMA pipeline's, not W_LOADED's
                out.append(f'<span style="background:{colours[role]}40;border-left:3px solid {colours[role]};'
                           f'display:block">{esc}</span>')
            else:
                out.append(f'<span style="display:block">{esc}</span>')
        cells.append(f'<td style="vertical-align:top;padding:0 8px"><p><strong>{html.escape(title)}</strong></p>'
                     f'<pre style="font-size:11px;line-height:1.25">{"".join(out)}</pre></td>')
    return f'<table class="racelab-listing"><tr>{"".join(cells)}</tr></table>'


# --------------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------------

def format_site(out: dict) -> str:
    """What ``racelab sass`` prints for one site (the JSON of :func:`upstream_site`)."""
    lines = []
    print = lines.append  # noqa: A001 - the lines below read like the output they make
    spec = out["specialization"]
    print(f"{out['variant']} ({out['description']})")
    print(f"  release {out['release']}, nvidia-cutlass-dsl {out['dsl']}, ptxas {out['ptxas']} ({out['ptxas_build']}), "
          f"{out['arch']}, PTX ISA {out['ptx']['version']}")
    print(f"  head_dim={spec['head_dim']} heads={spec['heads']} block_I={spec['block_I']} topk={spec['topk']}")
    b = out["barrier"]
    print(f"W_LOADED: mbarrier {b['index']}, shared offset {out['arrive']['offset']} "
          f"(mbar array at {b['mbar_base']} + {b['index']} x 8)")
    print(f"  init   {out['init']['address']}  {out['init']['text']}   -> count {out['init_count']}")
    for w in out["waits"]:
        print(f"  wait   {w['address']}  {w['text']}")
    if out["elect"]:
        print(f"  elect  {out['elect']['address']}  {out['elect']['text']}")
    a = out["arrive"]
    who = (f"predicated on {a['predicate']}: only the lane {'ELECT chose' if out['elect'] else 'whose predicate is set'}"
           if a["predicated"] else "unpredicated: every lane of the warp")
    print(f"  arrive {a['address']}  {a['text']}   ({who})")
    print("from the load warp's last shared store to the arrive:")
    for line in out["before_arrive_text"]:
        print(f"    {line}")
    print(f"cubin: {out['cubin']} ({'cached' if out['cached'] else 'compiled'}, compile {out['compile_s']:.2f} s)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from racelab.toolchain import upstream
    ap = argparse.ArgumentParser(prog="racelab sass", description="show the W_LOADED arrive site in an upstream "
                                 "kernel's SASS (compiled here, no GPU needed)")
    ap.add_argument("--release", help="nvidia-cudnn-frontend release, e.g. 1.26.0 (variant release-X.Y.Z)")
    ap.add_argument("--variant", help="release-X.Y.Z or X.Y.Z-fix-reverted (e.g. 1.27.0-fix-reverted)")
    ap.add_argument("--dsl", help=f"nvidia-cutlass-dsl version (default: this venv's, {upstream.venv_dsl_version()})")
    ap.add_argument("--topk", type=int, default=upstream.Specialization.topk)
    ap.add_argument("--heads", type=int, default=upstream.Specialization.heads)
    ap.add_argument("--head-dim", type=int, default=upstream.Specialization.head_dim)
    ap.add_argument("--block-i", type=int, default=upstream.Specialization.block_I)
    ap.add_argument("--cubin", type=Path, help="analyse this cubin instead (its only arrive, or --offset)")
    ap.add_argument("--offset", type=lambda s: int(s, 0), help="shared offset of the barrier in --cubin")
    ap.add_argument("--fresh", action="store_true", help="recompile even if cached")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--matrix", action="store_true", help="compile the release x DSL x topk matrix afresh "
                    "and record it in the result store (several minutes)")
    args = ap.parse_args(argv)
    try:
        if args.matrix:
            rec = run_matrix(fresh=True)
            print(f"recorded {rec.experiment}/{rec.id}")
            return 0
        if args.cubin:
            dis, site, notes = analyze(args.cubin, args.offset, f"the barrier in {args.cubin}")
            out = {"cubin": str(args.cubin), "arch": dis.arch, "ptxas": notes.version, **site.to_json()}
            print(json.dumps(out, indent=2) if args.json else
                  "\n".join([f"{notes.text}, {dis.arch}, init count {site.init_count}", *out["before_arrive_text"]]))
            return 0
        if args.variant and args.release and upstream.variant(args.variant).release != args.release:
            raise upstream.UpstreamError(f"--variant {args.variant} is built from release "
                                         f"{upstream.variant(args.variant).release}, not --release {args.release}")
        if not (args.variant or args.release):
            raise upstream.UpstreamError("say which kernel: --release X.Y.Z or --variant NAME (or --cubin FILE)")
        name = args.variant or upstream.release_variant(args.release).name
        spec = upstream.Specialization(head_dim=args.head_dim, heads=args.heads, block_I=args.block_i, topk=args.topk)
        out = upstream_site(name, spec, args.dsl, fresh=args.fresh)
    except (upstream.UpstreamError, SassError) as exc:
        print(f"racelab sass: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(format_site(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
