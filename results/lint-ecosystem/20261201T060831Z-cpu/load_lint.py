"""The load-side rule, the mirror image of W_LOADED: lanes READ shared memory, then one elected lane arrives
on the barrier that frees the buffer for its producer, on a barrier whose arrival count is below the number
of reading threads, with no thread barrier among the readers in between. An arrive orders only the
arriving thread's own prior accesses, so the other lanes' loads are not ordered before the producer's
overwrite: a write-after-read race (cudnn-frontend #993; the `KVEmpty` hazards of the SM90 indexer
forward; `K_CONSUMED` in the SM90 indexer backward).

`LoadLint` is `racelab.lint.ast_lint.FunctionLint` with loads in place of stores: the same lane widths,
guards, callees walked in place, `const_expr` arms, thread barriers and counts (a pipeline's
`consumer_release` counted by its `consumer_group`). A load is an element read `sX[i]` of a shared tensor
(not a view: no `None` or `:` in the index; not a pick from a Python list of tensors), `.load()` of a
shared tensor or view, a `cute.copy` or `autovec_copy` whose source is shared memory (not a TMA atom: a
bulk copy reads through the async proxy and completes through its issuing thread's bulk wait, the #1049
shape, not this one; not a tcgen05.cp `s2t` atom, which the MMA side issues), and `ldmatrix`; an index
into a tensor's `layout`, `shape` or `stride` is not a load. Tensor-core reads (WGMMA, UMMA descriptors passed to `cute.gemm`)
are not thread loads and are not counted: what orders them before a release is the MMA's own wait, which
this rule does not judge.

A release is an arrive that can free a buffer: `mbarrier_arrive` (an `arrive_count=k` from one lane
standing for k arrivals), a pipeline's `consumer_release` (one lane per warp for the CuTe DSL's
PipelineTmaAsync and for pipelines made with `elect_one_release=True`, after a __syncwarp unless
`syncwarp_before_release=False`), and helpers named like an arrive; an arrive that arms a transaction
(expect-tx), commits a stage or completes a cp.async is the producer's and is not one. As in the store
rule, loads are paired with the first release after them, which is not always the one that frees their
buffer."""

import ast
import re

from racelab.lint.ast_facts import COPIES_DST2, REGISTER_NAME, Width, call_name, root_name
from racelab.lint.ast_lint import FunctionLint, PendingStore

LOAD_ELECTED = "elected-arrive-after-multi-lane-loads"
LOAD_SYNCWARP = "syncwarp-then-elected-arrive-after-loads"
CONSUMER_RELEASES = {"consumer_release", "consumer_release_w_index"}
CONTAINER_NAME = re.compile(r"_(list|tuple|ptrs)$")
# arrives that arm a transaction, commit a stage or complete a cp.async are the producer's: they free nothing
# copy atoms whose shared-memory reads are not thread loads: TMA (bulk, async proxy) and tcgen05.cp (s2t)
ASYNC_COPY = re.compile(r"tma|s2t")
PRODUCER_SIDE = re.compile(r"expect|commit|cp_async|(^|_)tx(_|$)")


class LoadLint(FunctionLint):
    """Walks one function in program order, tracking the shared-memory loads no thread barrier has
    ordered yet; a hit's `storers` and `store_lines` name the reading lanes and the lines of their loads."""

    ARRIVE_NAMES = {"mbarrier_arrive"} | CONSUMER_RELEASES

    def stored(self, line: int, target: str, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        return pending  # stores are the other rule's

    def expr(self, e, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        loads = [PendingStore(line, target, width, origin=self.via, facts=self.facts())
                 for line, target in self.loads(e)]
        return super().expr(e, width, pending + loads)

    def arrive(self, c, name: str, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        if PRODUCER_SIDE.search(name):
            return pending  # not a release of a buffer (helpers named like an arrive reach here too)
        # a pipeline whose consumer_release signals from one lane per warp: every lane calls, one arrives
        per_warp = self.m.release_per_warp.get(root_name(c.func.value)) \
            if name in CONSUMER_RELEASES and isinstance(c.func, ast.Attribute) and not width.single else None
        if per_warp is not None:
            if per_warp:
                pending = [p.but(after_syncwarp=True) for p in pending]
            width = Width(1, f"one lane per warp ({'after __syncwarp, ' if per_warp else ''}"
                             f"inside {ast.unparse(c.func)[:60]})")
        return super().arrive(c, name, width, pending)

    def weight(self, c) -> int:
        """`mbarrier_arrive(ptr, arrive_count=k)` from one lane stands for k arrivals: a barrier of count n
        completes after n / k such arrives, whatever number of lanes read before them."""
        for k in c.keywords:
            if k.arg in ("arrive_count", "count"):
                value = self.m.const(k.value)
                if isinstance(value, int) and value > 0:
                    return value
        return 1

    def explain(self, live: list[PendingStore]) -> tuple[str, str]:
        if all(p.after_syncwarp for p in live):
            return LOAD_SYNCWARP, ("the reading lanes meet at __syncwarp before one lane arrives on the barrier "
                                   "that frees the buffer; whether a warp barrier composes with a single-lane "
                                   "release is the point the PTX model leaves open")
        return LOAD_ELECTED, ("only the elected lane's own loads are ordered before its arrive; the other lanes' "
                              "loads have no happens-before edge to the producer that waits on the barrier and "
                              "then overwrites the buffer (write after read)")

    # ---- what counts as a load ----------------------------------------------------------------------
    def loads(self, e) -> list[tuple[int, str]]:
        """(line, what) for every shared-memory load in expression `e`, in source order."""
        out: list[tuple[int, str]] = []

        def visit(n):
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and self.is_smem(n) \
                    and not self._is_view(n) and not self._is_container(n.value) and not _metadata(n.value):
                out.append((n.lineno, ast.unparse(n)[:50]))
                visit(n.slice)  # an index read from shared memory is a load too; the tensor itself is not
                return
            if isinstance(n, ast.Call):
                what = self._load_call(n)
                if what:
                    out.append((n.lineno, what))
            if isinstance(n, (ast.Lambda, ast.FunctionDef)):
                return
            for child in ast.iter_child_nodes(n):
                visit(child)

        visit(e)
        return sorted(set(out))

    def _is_container(self, node) -> bool:
        """A Python list or tuple of tensors (`smem_a_list[i]` picks a tensor, it reads no shared memory): a
        name assigned from a list, tuple or comprehension here, or named `*_list`, `*_tuple`, `*_ptrs`."""
        if not isinstance(node, ast.Name):
            return False
        value = self.aliases.get(node.id)
        if isinstance(value, (ast.List, ast.Tuple, ast.ListComp, ast.GeneratorExp)):
            return True
        return bool(CONTAINER_NAME.search(node.id))

    @staticmethod
    def _is_view(n: ast.Subscript) -> bool:
        elts = n.slice.elts if isinstance(n.slice, ast.Tuple) else [n.slice]
        return any(isinstance(x, ast.Constant) and x.value is None or isinstance(x, ast.Slice) for x in elts)

    def _shared(self, node) -> bool:
        return (self.is_smem(node) or self._derives_smem(node)) and not REGISTER_NAME.match(
            ast.unparse(node).removeprefix("self."))

    def _load_call(self, c: ast.Call) -> str:
        name, f = call_name(c), c.func
        if name == "load" and isinstance(f, ast.Attribute) and self._shared(f.value):
            return ast.unparse(f.value)[:50] + ".load()"
        if name == "copy" and len(c.args) >= 3 and not ASYNC_COPY.search(ast.unparse(c.args[0]).lower()) \
                and self._shared(c.args[1]):
            return f"cute.copy(..., {ast.unparse(c.args[1])[:40]}, ...)"
        if name in COPIES_DST2 and c.args and self._shared(c.args[0]):
            return f"{name}({ast.unparse(c.args[0])[:40]}, ...)"
        if name == "ldmatrix":
            return ast.unparse(c)[:60]
        return ""


def _metadata(node) -> bool:
    """`sX.layout.stride[1]`, `sX.shape[0]`: an index into a tensor's layout, not into its memory."""
    while isinstance(node, ast.Attribute):
        if node.attr in ("layout", "shape", "stride"):
            return True
        node = node.value
    return False
