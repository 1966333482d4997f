"""The load-side rule, the mirror image of W_LOADED: lanes READ shared memory, then one elected lane arrives
on the barrier that frees the buffer for its producer, on a barrier whose arrival count is below the number
of reading threads, with no thread barrier among the readers in between. An arrive orders only the
arriving thread's own prior accesses, so the other lanes' loads are not ordered before the producer's
overwrite: a write-after-read race (cudnn-frontend #993; the `KVEmpty` hazards of the SM90 indexer
forward; `K_CONSUMED` in the SM90 indexer backward).

`LoadLint` is `racelab.lint.ast_lint.FunctionLint` with loads in place of stores: the same lane widths,
guards, callees walked in place, `const_expr` arms, thread barriers and counts (a pipeline's
`consumer_release` counted by its `consumer_group`). A load is an element read `sX[i]` of a shared tensor
(not a view: no `None` or `:` in the index), `.load()` of a shared tensor or view, a `cute.copy` or
`autovec_copy` whose source is shared memory (not a TMA atom: a bulk copy reads through the async proxy and
completes through its issuing thread's bulk wait, the #1049 shape, not this one), and `ldmatrix`. Tensor-core
reads (WGMMA, UMMA descriptors passed to `cute.gemm`) are not thread loads and are not counted: what
orders them before a release is the MMA's own wait, which this rule does not judge."""

import ast

from racelab.lint.ast_facts import ARRIVES, COPIES_DST2, REGISTER_NAME, Width, call_name, root_name
from racelab.lint.ast_lint import FunctionLint, PendingStore

LOAD_ELECTED = "elected-arrive-after-multi-lane-loads"
LOAD_SYNCWARP = "syncwarp-then-elected-arrive-after-loads"
CONSUMER_RELEASES = {"consumer_release", "consumer_release_w_index"}


class LoadLint(FunctionLint):
    """Walks one function in program order, tracking the shared-memory loads no thread barrier has
    ordered yet; a hit's `storers` and `store_lines` name the reading lanes and the lines of their loads."""

    ARRIVE_NAMES = ARRIVES | CONSUMER_RELEASES

    def stored(self, line: int, target: str, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        return pending  # stores are the other rule's

    def expr(self, e, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        loads = [PendingStore(line, target, width, origin=self.via, facts=self.facts())
                 for line, target in self.loads(e)]
        return super().expr(e, width, pending + loads)

    def arrive(self, c, name: str, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        # a pipeline whose consumer_release signals from one lane per warp: every lane calls, one arrives
        per_warp = self.m.release_per_warp.get(root_name(c.func.value)) \
            if name in CONSUMER_RELEASES and isinstance(c.func, ast.Attribute) and not width.single else None
        if per_warp is not None:
            if per_warp:
                pending = [p.but(after_syncwarp=True) for p in pending]
            width = Width(1, f"one lane per warp ({'after __syncwarp, ' if per_warp else ''}"
                             f"inside {ast.unparse(c.func)[:60]})")
        return super().arrive(c, name, width, pending)

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
                    and not self._is_view(n):
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
        if name == "copy" and len(c.args) >= 3 and "tma" not in ast.unparse(c.args[0]).lower() \
                and self._shared(c.args[1]):
            return f"cute.copy(..., {ast.unparse(c.args[1])[:40]}, ...)"
        if name in COPIES_DST2 and c.args and self._shared(c.args[0]):
            return f"{name}({ast.unparse(c.args[0])[:40]}, ...)"
        if name == "ldmatrix":
            return ast.unparse(c)[:60]
        return ""
