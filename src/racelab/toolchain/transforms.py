"""Reading and rewriting the text of upstream's indexer-backward kernels: :func:`revert_fix` undoes PR #426
in the SM100 kernel (``IndexerBackwardSm100``), touching exactly two lines; :func:`k_consumed_all_threads`
closes the SM90 kernel's K_CONSUMED handoff, touching four; :func:`barrier_layout`
reads where each mbarrier sits in shared memory and the count it is initialised with."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import partial

from racelab.vocab import TWIN_PAD_BYTES, UPSTREAM_PAD_BYTES

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


_K_CONSUMED_INIT = re.compile(r"^(?P<indent>[ \t]*)cute\.arch\.mbarrier_init\(mbar \+ MBAR_K_CONSUMED_(?P<i>\d), 2\)[ \t]*$")
_K_CONSUMED_ARRIVE = re.compile(r"^[ \t]*cute\.arch\.mbarrier_arrive\(mbar \+ MBAR_K_CONSUMED_0\)[ \t]*$")


def k_consumed_all_threads(source: str) -> str:
    """Close the SM90 indexer backward's K_CONSUMED handoff: every compute thread arrives, not one per
    compute warpgroup (``IndexerBackwardSm90``, releases 1.24-1.32).

    The compute threads read ``sIndices<stage>`` (the dK bulk reduction's row indices) and ``sK``; then
    the thread with ``wg_tidx == 0`` of each compute warpgroup arrives on ``K_CONSUMED_<stage>`` (count 2),
    after which the K-load warpgroup overwrites the stage. Touches exactly four lines: the three
    ``mbarrier_init(mbar + MBAR_K_CONSUMED_i, 2)`` (count becomes ``2 * self.WARPGROUP_SIZE``) and the
    ``if wg_tidx == 0:`` guarding the arrive (it becomes ``if wg_tidx >= 0:``, true for every thread, so
    the branch structure and indentation stay as they were)."""
    lines = source.splitlines(keepends=True)
    inits = [i for i, line in enumerate(lines) if _K_CONSUMED_INIT.match(line)]
    if sorted(_K_CONSUMED_INIT.match(lines[i])["i"] for i in inits) != ["0", "1", "2"]:
        raise TransformError(f"k_consumed_all_threads: expected the three K_CONSUMED inits with count 2, "
                             f"found {len(inits)}")
    arrives = [i for i, line in enumerate(lines) if _K_CONSUMED_ARRIVE.match(line)]
    if len(arrives) != 1:
        raise TransformError(f"k_consumed_all_threads: expected one K_CONSUMED_0 arrive, found {len(arrives)}")
    guard = arrives[0] - 2
    if lines[guard].strip() != "if wg_tidx == 0:" or lines[guard + 1].strip() != "if stage == 0:":
        raise TransformError("k_consumed_all_threads: the K_CONSUMED arrive is not under `if wg_tidx == 0:` "
                             "then `if stage == 0:`")
    for i in inits:
        lines[i] = lines[i].replace(", 2)", ", 2 * self.WARPGROUP_SIZE)")
    lines[guard] = lines[guard].replace("if wg_tidx == 0:", "if wg_tidx >= 0:")
    return "".join(lines)


_DK_WAIT = re.compile(r"^(?P<indent>[ \t]*)cute\.arch\.cp_async_bulk_wait_group\(0, read=True\)[ \t]*$")
_DK_REDUCE = "# Per-WG dK bulk reduce"
DK_STAGING_BARRIER_IDS = (6, 7)  # named barriers the SM90 kernel leaves free (it uses 3, 4 and 5)


def dk_staging_barriers(source: str) -> str:
    """Add the two warpgroup barriers that cudnn-frontend #1049 added around the SM90 indexer backward's dK
    staging buffer (``IndexerBackwardSm90``, releases before 1.30.0).

    Each compute warpgroup's 128 threads store their ``acc_dK`` fragments into ``sdK_staging`` and then one
    thread per row issues the bulk reduction (``cp.reduce.async.bulk``) that reads the row, with only its
    own ``fence.proxy.async`` in between; and they overwrite the buffer after only their own
    ``cp.async.bulk.wait_group.read``. The transform inserts ``cute.arch.barrier`` over the warpgroup (named
    barrier 6 + compute_wg_idx, 128 threads) after that wait in the main loop and after the fence that precedes
    the bulk reduction, as #1049 does; it adds six lines and changes none."""
    lines = source.splitlines(keepends=True)
    waits = [i for i, line in enumerate(lines) if _DK_WAIT.match(line)
             and "before we overwrite it" in "".join(lines[max(0, i - 3):i])]
    reduces = [i for i, line in enumerate(lines) if line.strip().startswith(_DK_REDUCE)]
    if len(waits) != 1 or len(reduces) != 1:
        raise TransformError(f"dk_staging_barriers: expected one staging wait and one bulk-reduce block, found "
                             f"{len(waits)} and {len(reduces)}")
    fence = reduces[0] - 2
    if lines[fence].strip() != "cute.arch.fence_view_async_shared()" or lines[reduces[0] - 1].strip():
        raise TransformError("dk_staging_barriers: the bulk reduce does not follow fence_view_async_shared()")
    first, second = DK_STAGING_BARRIER_IDS

    def barrier(at: int) -> str:
        indent = re.match(r"[ \t]*", lines[at])[0]
        return (f"{indent}cute.arch.barrier(\n{indent}    barrier_id={first} + compute_wg_idx, "
                f"number_of_threads=self.WARPGROUP_SIZE,\n{indent})\n")

    assert second == first + 1
    lines.insert(fence + 1, barrier(fence))
    lines.insert(waits[0] + 1, barrier(waits[0]))
    return "".join(lines)


# --------------------------------------------------------------------------------------------------
# Code layout: the same kernel, its code moved
# --------------------------------------------------------------------------------------------------

PAD_PTX = "nanosleep.u32 0;"  # SASS NANOSLEEP RZ: one 16-byte instruction (vocab.TWIN_PAD_BYTES)
_PAD_LLVM = "_racelab_pad_llvm"


def pad_kernel_entry(source: str, pad_bytes: int) -> str:
    """The kernel with `pad_bytes` of no-ops ahead of its warp roles: after the last CTA barrier
    (``cute.arch.sync_threads()``) at the top level of the ``@cute.kernel`` method of the file's ``Indexer*``
    class, ``pad_bytes // 16`` inline ``nanosleep.u32 0`` that every thread executes once, so every later
    instruction should land `pad_bytes` further on with nothing else changed. racelab.experiments.code_layout
    checks that in the SASS: it holds for the SM90 kernel; in the SM100 kernel ptxas allocates uniform
    registers differently around the pads and the check fails. Adds one import line and two lines in the
    kernel; line numbers after them move."""
    name = f"pad_entry_{pad_bytes}"
    if pad_bytes % TWIN_PAD_BYTES or pad_bytes <= 0:
        raise TransformError(f"{name}: the pad must be a positive multiple of {TWIN_PAD_BYTES} bytes")
    tree = ast.parse(source)
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name.startswith("Indexer")]
    kernels = [f for c in classes for f in c.body if isinstance(f, ast.FunctionDef)
               and any(ast.unparse(d) == "cute.kernel" for d in f.decorator_list)]
    if len(kernels) != 1:
        raise TransformError(f"{name}: expected one @cute.kernel method in an Indexer* class, found {len(kernels)}")
    syncs = [n for n in kernels[0].body if isinstance(n, ast.Expr) and ast.unparse(n) == "cute.arch.sync_threads()"]
    if not syncs:
        raise TransformError(f"{name}: the kernel has no cute.arch.sync_threads() at its top level")
    first = syncs[-1]
    imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    if not any(isinstance(n, ast.Import) and any(a.name == "cutlass" and a.asname is None for a in n.names)
               for n in imports):
        raise TransformError(f"{name}: the kernel file does not `import cutlass`")
    lines = source.splitlines(keepends=True)
    indent = " " * first.col_offset
    lines.insert(first.end_lineno, f"{indent}for _ in cutlass.range_constexpr({pad_bytes // TWIN_PAD_BYTES}):\n"
                                   f"{indent}    {_PAD_LLVM}.inline_asm(None, [], {PAD_PTX!r}, \"\", "
                                   f"has_side_effects=True, is_align_stack=False, "
                                   f"asm_dialect={_PAD_LLVM}.AsmDialect.AD_ATT)\n")
    lines.insert(imports[-1].end_lineno, f"from cutlass._mlir.dialects import llvm as {_PAD_LLVM}\n")
    return "".join(lines)


TRANSFORMS = {"revert_fix": revert_fix, "k_consumed_all_threads": k_consumed_all_threads,
              "dk_staging_barriers": dk_staging_barriers,
              **{f"pad_entry_{n}": partial(pad_kernel_entry, pad_bytes=n) for n in UPSTREAM_PAD_BYTES}}


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


# --------------------------------------------------------------------------------------------------
# The SM90 indexer forward (``IndexerForwardSm90``): every lane of a handoff arrives
# --------------------------------------------------------------------------------------------------

def _one_line(lines: list[str], pattern: str, what: str, transform: str) -> int:
    rx = re.compile(pattern)
    hits = [i for i, line in enumerate(lines) if rx.match(line)]
    if len(hits) != 1:
        raise TransformError(f"{transform}: expected exactly one line with {what}, found {len(hits)}")
    return hits[0]


def _indent(line: str) -> str:
    return re.match(r"[ \t]*", line)[0]


def fwd_weights_all_lanes(source: str) -> str:
    """The ``sW`` handoff (Q0): init count 1 -> 1 + 32, and warp 0's 32 lanes arrive on Q0 right after the
    fence that follows ``_load_weights`` (the elected ``arrive_and_expect_tx`` for Q's TMA stays: 33
    arrivals a phase). Touches two lines: Q0's init, and one inserted arrive."""
    name = "fwd_weights_all_lanes"
    lines = source.splitlines(keepends=True)
    i = _one_line(lines, r"^\s*cute\.arch\.mbarrier_init\(mbar_Q0_ptr, 1\)\s*$", "Q0's init", name)
    lines[i] = lines[i].replace("mbar_Q0_ptr, 1)", "mbar_Q0_ptr, 1 + 32)")
    # the fence after _load_weights is the one right before Q0's TMA is issued
    i = _one_line(lines, r"^\s*self\._issue_tma\(mQ_cur, sQ_0, ", "the Q0 TMA issue", name)
    if lines[i - 1].strip() != "cute.arch.fence_view_async_shared()" or "_load_weights" not in "".join(lines[i - 6:i]):
        raise TransformError(f"{name}: the Q0 TMA issue does not follow _load_weights and a fence")
    lines.insert(i, f"{_indent(lines[i])}cute.arch.mbarrier_arrive(mbar_Q0_ptr)\n")
    return "".join(lines)


def fwd_scales_all_lanes(source: str) -> str:
    """The ``sKScale`` handoffs of the FP8 path (KV0, KV1): init count 2 -> 1 + 32, and the elected arrive
    after ``_load_k_scales`` becomes an arrive by every lane. Touches six lines: two inits, and per
    barrier the ``with cute.arch.elect_one():`` and the arrive under it (one arrive line replaces both)."""
    name = "fwd_scales_all_lanes"
    lines = source.splitlines(keepends=True)
    for kv in ("KV0", "KV1"):
        i = _one_line(lines, rf"^\s*cute\.arch\.mbarrier_init\(mbar_{kv}_ptr, 2\)\s*$", f"{kv}'s FP8 init", name)
        lines[i] = lines[i].replace(f"mbar_{kv}_ptr, 2)", f"mbar_{kv}_ptr, 1 + 32)")
        i = _one_line(lines, rf"^\s*cute\.arch\.mbarrier_arrive\(mbar_{kv}_ptr\)\s*$", f"{kv}'s elected arrive", name)
        if lines[i - 1].strip() != "with cute.arch.elect_one():":
            raise TransformError(f"{name}: {kv}'s arrive is not under elect_one")
        lines[i - 1:i + 1] = [f"{_indent(lines[i - 1])}cute.arch.mbarrier_arrive(mbar_{kv}_ptr)\n"]
    return "".join(lines)


def fwd_all_lanes_arrive(source: str) -> str:
    """Every storing lane arrives after its own stores (as PR #426 did for W_LOADED): both producer-side
    handoffs, :func:`fwd_weights_all_lanes` then :func:`fwd_scales_all_lanes`."""
    return fwd_scales_all_lanes(fwd_weights_all_lanes(source))


_KV_EMPTY_ELECTED = re.compile(r"^[ \t]*cute\.arch\.mbarrier_arrive\(mbar_KVEmpty(?P<s>[01])_ptr, arrive_count=32\)[ \t]*$")


def fwd_readers_all_lanes(source: str) -> str:
    """The consumer side of the ``sKScale`` handoff (FP8 path): each consumer warp's lanes load scale rows,
    then ONE elected lane arrives on KVEmpty with ``arrive_count=32`` for the warp, and the producer
    overwrites the stage once KVEmpty completes. Here every lane arrives once after its own loads
    (``mbarrier_arrive(mbar_KVEmptyN_ptr)``): the same 32 arrivals a warp, so the init counts stay.
    Touches every ``arrive_count=32`` KVEmpty arrive under ``with cute.arch.elect_one():`` (four in
    1.24-1.32: two consumer paths, two stages), each pair of lines replaced by one."""
    name = "fwd_readers_all_lanes"
    lines = source.splitlines(keepends=True)
    sites = [i for i, line in enumerate(lines) if _KV_EMPTY_ELECTED.match(line)]
    if not sites or sorted({_KV_EMPTY_ELECTED.match(lines[i])["s"] for i in sites}) != ["0", "1"]:
        raise TransformError(f"{name}: expected elected KVEmpty0 and KVEmpty1 arrives with arrive_count=32, "
                             f"found {len(sites)}")
    for i in reversed(sites):
        if lines[i - 1].strip() != "with cute.arch.elect_one():":
            raise TransformError(f"{name}: the KVEmpty arrive at line {i + 1} is not under elect_one")
        stage = _KV_EMPTY_ELECTED.match(lines[i])["s"]
        lines[i - 1:i + 1] = [f"{_indent(lines[i - 1])}cute.arch.mbarrier_arrive(mbar_KVEmpty{stage}_ptr)\n"]
    return "".join(lines)


FWD_TRANSFORMS = {"fwd_weights_all_lanes": fwd_weights_all_lanes, "fwd_scales_all_lanes": fwd_scales_all_lanes,
                  "fwd_readers_all_lanes": fwd_readers_all_lanes}
"""The forward kernel's transforms, one per handoff: name -> function (the reports' patches)."""


# --------------------------------------------------------------------------------------------------
# What a transform changed
# --------------------------------------------------------------------------------------------------

def changed_lines(before: str, after: str) -> list[str]:
    """The lines of `after` that `before` does not have."""
    import difflib
    return [line[1:].rstrip() for line in difflib.ndiff(before.splitlines(), after.splitlines())
            if line.startswith("+ ")]


def touched_lines(before: str, after: str) -> list[int]:
    """1-based numbers of the lines of `before` that `after` replaces or deletes (insertions touch none)."""
    import difflib
    out: list[int] = []
    matcher = difflib.SequenceMatcher(None, before.splitlines(), after.splitlines(), autojunk=False)
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag in ("replace", "delete"):
            out.extend(range(i1 + 1, i2 + 1))
    return out


def unified_diff(before: str, after: str, path: str, context: int = 3) -> str:
    """A unified diff (``a/PATH`` -> ``b/PATH``) of a transform's change, as ``git apply`` and ``patch -p1``
    read it; "" when nothing changed."""
    import difflib
    return "".join(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                        f"a/{path}", f"b/{path}", n=context))
