"""Reading and rewriting the text of upstream's SM100 indexer-backward kernel (``IndexerBackwardSm100``):
:func:`revert_fix` undoes PR #426 in a patched source, touching exactly two lines; :func:`barrier_layout`
reads where each mbarrier sits in shared memory and the count it is initialised with."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

KERNEL_CLASS = "IndexerBackwardSm100"


class UpstreamError(RuntimeError):
    """Bad input or a failed build; the message names what was asked."""


class TransformError(UpstreamError):
    """A source transform did not find exactly the lines it rewrites."""


# --------------------------------------------------------------------------------------------------
# The transform that reverts the fix
# --------------------------------------------------------------------------------------------------

_INIT_PATCHED = re.compile(r"^(?P<indent>[ \t]*)cute\.arch\.mbarrier_init\(mbar \+ MBAR_W_LOADED, self\.WARP_SIZE\)[ \t]*$")
_ARRIVE_ALL_LANES = re.compile(r"^(?P<indent>[ \t]*)cute\.arch\.mbarrier_arrive\(mbar \+ MBAR_W_LOADED\)[ \t]*$")


def _only_match(pattern: re.Pattern, lines: list[str], what: str) -> int:
    hits = [i for i, line in enumerate(lines) if pattern.match(line)]
    if len(hits) != 1:
        raise TransformError(f"revert_fix: expected exactly one line with {what}, found {len(hits)}")
    return hits[0]


def revert_fix(source: str) -> str:
    """Undo PR #426 in a patched kernel source: W_LOADED init count 32 -> 1, arrive -> elected arrive.

    Touches exactly two source lines: the ``mbarrier_init(mbar + MBAR_W_LOADED, self.WARP_SIZE)`` line
    (count becomes ``1``) and the all-lane ``mbarrier_arrive(mbar + MBAR_W_LOADED)`` line (it becomes
    ``with cute.arch.elect_one():`` followed by the same call, indented). The fix's comment is left as is.
    """
    lines = source.splitlines(keepends=True)
    i_init = _only_match(_INIT_PATCHED, lines, "the W_LOADED init with count self.WARP_SIZE")
    i_arrive = _only_match(_ARRIVE_ALL_LANES, lines, "the all-lane W_LOADED arrive")
    if lines[i_arrive - 1].strip() == "with cute.arch.elect_one():":
        raise TransformError("revert_fix: the W_LOADED arrive is already elected")
    lines[i_init] = lines[i_init].replace("self.WARP_SIZE)", "1)")
    indent = _ARRIVE_ALL_LANES.match(lines[i_arrive])["indent"]
    newline = "\n" if lines[i_arrive].endswith("\n") else ""
    lines[i_arrive] = (f"{indent}with cute.arch.elect_one():\n"
                       f"{indent}    cute.arch.mbarrier_arrive(mbar + MBAR_W_LOADED){newline}")
    return "".join(lines)


TRANSFORMS = {"revert_fix": revert_fix}


# --------------------------------------------------------------------------------------------------
# The barrier layout, read from the source (so the SASS reader is told where W_LOADED lives)
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BarrierLayout:
    """Where the kernel's mbarriers sit in shared memory, derived from its source.

    ``SharedStorage`` starts with ``Q_mbar`` (``Q_mbar_size`` x Int64, the Q TMA pipeline), then
    ``mbar`` (``NUM_BARRIERS`` x Int64); barrier ``i`` of ``mbar`` is at ``8 * (Q_mbar_size + i)``.
    ``init_counts`` maps barrier index -> the count expression of its ``mbarrier_init`` call.
    """

    q_mbar_size: int
    num_barriers: int
    names: dict  # index -> name, e.g. 14 -> "MBAR_W_LOADED"
    init_counts: dict  # index -> count (int), resolved from the class constants

    @property
    def base(self) -> int:
        return 8 * self.q_mbar_size

    def offset(self, index: int) -> int:
        return self.base + 8 * index

    def index(self, name: str) -> int:
        for i, n in self.names.items():
            if n == name:
                return i
        raise UpstreamError(f"no barrier named {name}")


def _const_expr(node: ast.AST, consts: dict, class_consts: dict) -> int:
    """An integer expression of literals, module constants and ``self.CONSTANT``s (e.g. ``3 * self.WARPGROUP_SIZE``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name) and node.id in consts:
        return consts[node.id]
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" \
            and node.attr in class_consts:
        return class_consts[node.attr]
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv)):
        a, b = _const_expr(node.left, consts, class_consts), _const_expr(node.right, consts, class_consts)
        if isinstance(node.op, ast.Add):
            return a + b
        if isinstance(node.op, ast.Sub):
            return a - b
        if isinstance(node.op, ast.Mult):
            return a * b
        if b:
            return a // b
    raise ValueError(ast.unparse(node))


def barrier_layout(source: str) -> BarrierLayout:
    """Read the mbarrier constants, the SharedStorage field order and the init counts from the source."""
    tree = ast.parse(source)
    consts: dict[str, int] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, int):
                consts[node.targets[0].id] = node.value.value
    cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == KERNEL_CLASS), None)
    if cls is None:
        raise UpstreamError(f"kernel source has no class {KERNEL_CLASS}")
    class_consts = {t.id: s.value.value for s in cls.body if isinstance(s, ast.Assign)
                    for t in s.targets if isinstance(t, ast.Name) and isinstance(s.value, ast.Constant)}
    q_mbar_size = None
    fields: list[str] = []
    counts: dict[int, int] = {}
    for node in ast.walk(cls):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Attribute)
                and node.targets[0].attr == "Q_mbar_size" and isinstance(node.value, ast.Constant)):
            q_mbar_size = node.value.value
        if isinstance(node, ast.ClassDef) and node.name == "SharedStorage":
            fields = [s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "mbarrier_init"
                and len(node.args) == 2 and isinstance(node.args[0], ast.BinOp)
                and isinstance(node.args[0].right, ast.Name) and node.args[0].right.id in consts):
            index = consts[node.args[0].right.id]
            try:
                counts[index] = _const_expr(node.args[1], consts, class_consts)
            except ValueError:
                raise UpstreamError(f"cannot resolve the init count of barrier {index}: "
                                    f"{ast.unparse(node.args[1])}") from None
    if fields[:2] != ["Q_mbar", "mbar"] or q_mbar_size is None or "NUM_BARRIERS" not in consts:
        raise UpstreamError(f"unexpected shared-memory layout in the kernel source: fields {fields[:3]}, "
                            f"Q_mbar_size={q_mbar_size}; the barrier offsets cannot be derived")
    names = {v: k for k, v in consts.items() if k.startswith("MBAR_")}
    return BarrierLayout(q_mbar_size, consts["NUM_BARRIERS"], names, counts)
