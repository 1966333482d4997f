"""The lines of an nvdisasm listing: one line-type enum, each member with its compiled regex and an example,
and the parser that turns a listing into instructions grouped by function. A line of no known type is a
:class:`ParseError` naming its number. :mod:`racelab.readers.sass` is the face of the reader."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field


class SassError(RuntimeError):
    """Anything the SASS reader refuses; the message says what was asked and what was missing."""


class ParseError(SassError):
    pass


class BarrierNotFound(SassError):
    pass


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
    An instruction line may also start at the margin, as :meth:`Instruction.listing` writes it.
    """

    INSTRUCTION = (
        r"^\s*/\*(?P<address>[0-9a-f]+)\*/\s+(?:@(?P<predicate>!?U?P(?:T|\d+))\s+)?"
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


GPR = re.compile(r"^(?:U?R\d+|U?RZ)$")
PREDICATE = re.compile(r"^!?U?P(?:T|\d+)$")


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
        return bool(ops) and (ops[0] == pred or (len(ops) > 1 and ops[1] == pred and bool(GPR.match(ops[0]))))

    def writes_register(self, reg: str) -> bool:
        return bool(self.operands) and self.operands[0] == reg


def instruction(m: re.Match, function: str, lineno: int, source: tuple[str, int] | None = None) -> Instruction:
    """The :class:`Instruction` of a line that matched ``LineType.INSTRUCTION``."""
    return Instruction(int(m["address"], 16), m["predicate"], m["opcode"], split_operands(m["operands"]),
                       function, lineno, source)


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
            insn = instruction(m, current, lineno, source)
            dis.functions.setdefault(current, []).append(insn)
            for name in pending_labels:
                dis.labels.setdefault(current, {})[name] = insn.address
            pending_labels = []
    return dis


def parse_listing(text: str, function: str = "") -> list[Instruction]:
    """Instructions from lines that :meth:`Instruction.listing` wrote (``/*0a50*/ @P0 STS.U16 [R2+0x38b40], R11 ;``),
    one per line; any other line is a :class:`ParseError` naming its number."""
    out = []
    for lineno, line in enumerate(text.splitlines(), 1):
        m = LineType.INSTRUCTION.regex.match(line)
        if not m:
            raise ParseError(f"line {lineno}: not an instruction listing line: {line!r}")
        out.append(instruction(m, function, lineno))
    return out
