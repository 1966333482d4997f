"""A static lint for CuTe DSL kernels: shared-memory stores made by many lanes, then an mbarrier arrive
made by one elected lane, on a barrier whose arrival count is below the number of storing threads, with
no thread barrier among the storers in between. That is the W_LOADED bug of cudnn-frontend PR #426:
nothing synchronizes the other lanes with the arriving one before its arrive, so its release (cumulative as
it is) does not cover their stores, and they have no happens-before edge to the waiting consumer. `racelab lint --release 1.26.0 [--json]` lints a release's
wheel (`racelab.lint.releases`), `racelab lint PATH...` any files, `racelab lint --sass CUBIN...` compiled
code (`racelab.lint.sass_scan`), and `racelab lint --record` records every release as run "lint-releases"
(`racelab.experiments.lint_releases`).

It is a heuristic over the Python AST, not a verifier. What it understands, and what it does not:

* Lane width of a region comes from the guards around it. `with cute.arch.elect_one():`, `if
  nvvm.elect_sync()` (or a variable assigned from one), `if` tests comparing a thread or lane index with a
  constant (`lane_idx == 0`), and `tidx % 32 == 0` / `tidx & 31 == 0` mean one lane (per warp). Tests on a
  warp index mean one warp (32 threads), on a warpgroup index one warpgroup (128), `warp_idx in (8, 9, 10,
  11)` 32 per listed warp, any other comparison of a warp index some warps. Anything else is "several
  lanes, at least one warp". Stores made inside a warp-role branch are not paired with arrives outside it
  (a handoff across roles is not modelled).
* Functions of the same file called as `self.m(...)` (resolved through the class and its bases) or `f(...)`
  are walked in place, with the caller's width, pending stores and arguments, up to three levels deep;
  `@cute.kernel` functions are entry points and are not. A hit inside a callee names it and, in `via`, the
  call site. A function's own walk starts from the width of its call sites when they agree.
* Shared-memory tensors are recognised by CuTe naming (`sX`, `tXsY`, `*smem*`), as fields of the shared
  storage struct (`storage.x`), and as views of those (slices with `None`, `partition_D`, `composition`,
  `flat_divide`, `local_tile`, pointers and pointer arithmetic); register names (`tXrY`, `rX`) are
  excluded. Stores are `sX[i] = v`, `sX.fill(v)`, `.store(v)` / `.store_swizzled(v)`, `cute.copy(atom,
  src, sX)` without `tma_bar_ptr` (TMA writes complete through the transaction count and are not thread
  stores), `autovec_copy` / `basic_copy`, `stmatrix`, and `store_ext(..., shared_space=...)`.
* Arrives are `mbarrier_arrive`, `mbarrier_arrive_and_expect_tx`, `mbarrier_arrive_expect_tx`,
  `cp_async_mbarrier_arrive`, pipeline `producer_commit`, and helpers named `*_arrive_*` whose first
  argument names a barrier. An arrive with `relaxed=True` releases nothing and is skipped. Counts come from
  `mbarrier_init(ptr, count)` anywhere in the same file (or a pipeline's `producer_group`), matched by the
  constant names in the pointer (`mbar + MBAR_W_LOADED`), else its barrier-like names
  (`full_mbar.subview(i)`), through local aliases and the caller's arguments. Counts that are constants of
  the module, a class, `__init__` or the function are evaluated; a barrier initialised with different counts
  on different `const_expr` paths keeps them all and the smallest one decides.
* Program order is statement order. Both arms of an `if` are followed and merged; `if const_expr(X)`
  arms are kept apart from traces that assumed the opposite X. A loop body is followed once (no back
  edge: a store at the end of iteration i is not paired with an arrive at the top of iteration i+1). An
  all-thread barrier (`sync_threads`, `cute.arch.barrier`, `barrier_cta_sync*`, `arrive_and_wait`) clears
  the pending stores; so does an arrive that every storing lane makes, on an mbarrier or a named barrier
  (`barrier_arrive`). Fences (`fence_view_async_shared`, `fence_acq_rel_cta`, ...) do not: they order a
  thread's own accesses, they do not make another thread's arrive release them. A store is reported at
  the first one-lane arrive after it, which is not always the barrier its reader waits on.
* `__syncwarp` (`cute.arch.sync_warp`, `nvvm.bar_warp_sync`) between the stores and the elected arrive is
  reported with its own reason, `syncwarp-then-elected-arrive`: CUDA C++ gives `__syncwarp` memory
  ordering among the warp's lanes, but the PTX model does not spell out whether that composes with a
  single-lane release arrive, and compute-sanitizer racecheck still reports the calibration's V1 (syncwarp,
  then lane 0 arrives). It is a question, not a verdict, so it is neither silenced nor merged with the rest.

Loads followed by an elected release (the write-after-read direction of the same rule, as in cudnn-frontend
#993) are the rule of `racelab.lint.load_lint`, a subclass of this walker (`racelab.lint.rules` names both).
Not covered: one thread issuing a bulk copy of rows other threads wrote (#1049); barriers wrapped
in helper objects whose arrive is not named as above; counts set in another file; how the consumer reads
(plain loads, WGMMA, UMMA); and any dynamic property of the kernel (which lanes are active, which
`const_expr` arm is compiled).
"""


import ast
import re
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from racelab.core.files import sha256_bytes
from racelab.lint.ast_facts import (ARRIVE_HELPER, ARRIVES, COPIES_DST2, ELECT_NAME, ELECTS, MANY, NAMED_ARRIVES,
                                    REGISTER_NAME, SMEM_NAME, THREAD_BARRIERS, THREAD_NAME, VIEW_FUNCS,
                                    WARP_BARRIERS, WARP_NAME, WARPGROUP_NAME, WARPGROUP_SIZE, Module, Width,
                                    call_name, const_expr_fact, dotted, dotted_names,
                                    is_barrier_name, reach_names, root_name)
from racelab.vocab import WARP_SIZE

# reasons a hit carries
ELECTED = "elected-arrive-after-multi-lane-stores"
SYNCWARP = "syncwarp-then-elected-arrive"
COUNT_UNKNOWN = "/count-unknown"


class LintError(ValueError):
    """Bad input to the lint (unknown release, unreadable path)."""


@dataclass(frozen=True)
class PendingStore:
    """A shared-memory store the walk has passed and no thread barrier (or all-lane arrive) has ordered yet."""

    line: int
    target: str
    width: Width
    after_syncwarp: bool = False
    fences: tuple = ()
    origin: str = ""  # the call path when the store was made in a callee walked in place
    facts: tuple = ()  # the const_expr conditions assumed where the store was made

    @property
    def key(self) -> tuple:
        return (self.origin, self.line, self.target)

    def but(self, **changes) -> "PendingStore":
        return replace(self, **changes)


@dataclass
class Hit:
    """One one-lane arrive after stores by several lanes: where, which barrier, who stored, who arrives."""

    file: str
    function: str
    line: int
    barrier: str
    init_count: list
    storers: str
    arrivers: str
    reason: str
    detail: str
    store_lines: list = field(default_factory=list)
    storer_threads: int | None = None
    arriver_threads: int = 1
    fences: list = field(default_factory=list)
    via: str = ""
    barriers: list = field(default_factory=list)

    @property
    def key(self) -> tuple:
        return (self.file, self.function, self.barrier)

    def to_dict(self) -> dict:
        return asdict(self)


class FunctionLint:
    """Walks one function in program order, tracking the shared stores not yet ordered by a thread barrier.

    A call to another function of the same file (`self.helper(...)` or `helper(...)`) is walked in place,
    with the caller's lane width, its pending stores and its arguments bound to the callee's parameters,
    up to MAX_INLINE levels deep; a hit inside the callee names the callee and, in `via`, the call site."""

    MAX_INLINE = 3
    ARRIVE_NAMES = ARRIVES  # calls that arrive on the barrier named by their first argument (or receiver)

    def __init__(self, module: Module, qualname: str, func, entry: Width, *, parent=None,
                 bindings: dict | None = None, via: str = ""):
        self.m, self.qualname, self.func, self.entry = module, qualname, func, entry
        self.parent, self.via = parent, via
        self.stack = (parent.stack if parent else ()) + (func.name,)
        self.hits: list[Hit] = parent.hits if parent else []
        self.reported: set = parent.reported if parent else set()
        self.call_sites: dict = parent.call_sites if parent else {}
        self.bindings = bindings or {}
        self.smem: set[str] = set()
        self.aliases: dict[str, ast.AST] = {}
        self.elect_vars: set[str] = set()
        self.assumed: dict[str, bool] = dict(parent.assumed) if parent else {}  # const_expr facts on this path
        self.structs: set[str] = {"storage"}  # names bound to `smem.allocate(SharedStorage)`
        params = func.args.posonlyargs + func.args.args + func.args.kwonlyargs
        for arg in params:
            bound = self.bindings.get(arg.arg)
            if SMEM_NAME.match(arg.arg) and not REGISTER_NAME.match(arg.arg) or \
                    bound is not None and parent is not None and parent.is_smem(bound):
                self.smem.add(arg.arg)

    # ---- classification -------------------------------------------------------------------------
    def is_smem(self, node) -> bool:
        root = root_name(node)
        if not root:
            return False
        bare = root.removeprefix("self.")
        if REGISTER_NAME.match(bare):
            return False
        return root in self.smem or bool(SMEM_NAME.match(bare))

    def facts(self) -> tuple:
        return tuple(sorted(self.assumed.items()))

    def reach(self, node) -> set[str]:
        """Names an expression depends on, through local aliases and the caller's arguments."""
        def bound(name):
            if name in self.bindings and name not in self.aliases:
                return self.parent.reach(self.bindings[name])
            return set()
        return reach_names(node, self.aliases, bound)

    def guard_width(self, test, outer: Width) -> Width:
        """The width of the code under `if test:` given the width outside."""
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            w = outer
            for v in test.values:
                w = self.guard_width(v, w)
            return w
        if isinstance(test, ast.Call) and call_name(test) in ELECTS:
            return self._elect(outer)
        if isinstance(test, ast.Name) and (test.id in self.elect_vars or ELECT_NAME.match(test.id)):
            return self._elect(outer)
        if isinstance(test, ast.Compare) and len(test.ops) == 1:
            left, op, right = test.left, test.ops[0], test.comparators[0]
            if isinstance(left, ast.Constant):
                left, right = right, left
            if isinstance(left, ast.BinOp) and isinstance(left.op, (ast.Mod, ast.BitAnd)):
                # tidx % 32 == 0, tidx & 31 == 0: one lane per warp
                if isinstance(op, ast.Eq) and THREAD_NAME.search(root_name(left.left) or ""):
                    return self._elect(outer, "one lane per warp: " + ast.unparse(test))
                return outer
            subject = call_name(left) if isinstance(left, ast.Call) else root_name(left).split(".")[-1]
            if isinstance(op, ast.Eq):
                if THREAD_NAME.search(subject) and not WARP_NAME.search(subject):
                    return Width(1, f"one thread: {ast.unparse(test)}")
                if WARPGROUP_NAME.search(subject) and not re.search(r"in_(wg|warp_?group)", subject, re.I):
                    return self._narrow(outer, Width(WARPGROUP_SIZE, f"one warpgroup: {ast.unparse(test)}"))
                if WARP_NAME.search(subject):
                    return self._narrow(outer, Width(WARP_SIZE, f"one warp: {ast.unparse(test)}"))
            if isinstance(op, ast.In) and WARP_NAME.search(subject):
                value = self.m.const(right)
                if isinstance(value, tuple):
                    per = WARPGROUP_SIZE if WARPGROUP_NAME.search(subject) else WARP_SIZE
                    return self._narrow(outer, Width(per * len(value), f"{len(value)} warp(s): {ast.unparse(test)}"))
            if WARP_NAME.search(subject) and not THREAD_NAME.search(subject):
                # warp_idx < 4, warp_idx != 0, ...: some warps, how many is not worked out
                return outer if outer.single else Width(outer.threads, f"some warps: {ast.unparse(test)}")
        return outer

    @staticmethod
    def _narrow(outer: Width, inner: Width) -> Width:
        if outer.single:
            return outer
        if outer.threads is not None and inner.threads is not None and outer.threads < inner.threads:
            return outer
        return inner

    @staticmethod
    def _elect(outer: Width, how: str = "elect_one") -> Width:
        if outer.single:
            return outer
        if outer.threads is not None and outer.threads <= WARP_SIZE:
            return Width(1, f"elected lane ({how}) of {outer.how}")
        if outer.threads is None:
            return Width(1, f"elected lane ({how}), one per warp")
        return Width(1, f"elected lane ({how}), one per warp of {outer.how}")

    # ---- the walk ---------------------------------------------------------------------------------
    def run(self) -> list[Hit]:
        self.walk(self.func.body, self.entry, [])
        return self.hits

    def walk(self, body, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        for stmt in body:
            pending = self.stmt(stmt, width, pending)
        return pending

    def stmt(self, s, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return pending
        if isinstance(s, ast.If):
            fact = const_expr_fact(s.test)
            if fact is not None and fact[0] in self.assumed:
                # decided by an enclosing `if const_expr(...)` on the same condition: only one arm is compiled
                taken = self.assumed[fact[0]] == fact[1]
                return self.walk(s.body if taken else s.orelse, width, pending)
            if fact is not None:
                key, polarity = fact

                def arm(body, value):
                    # stores made under the opposite assumption belong to a trace that does not reach here
                    self.assumed[key] = value
                    out = self.walk(body, width, [p for p in pending if (key, not value) not in p.facts])
                    del self.assumed[key]
                    return out

                arms = ((arm(s.body, polarity), polarity), (arm(s.orelse, not polarity), not polarity))
                both = set(arms[0][0]) & set(arms[1][0])  # pending on every trace: no assumption to add
                # what is still pending after one arm only is pending only on traces where key == value
                return _union(*([p if p in both or any(k == key for k, _ in p.facts)
                                 else p.but(facts=p.facts + ((key, value),)) for p in out] for out, value in arms))
            inner = self.guard_width(s.test, width)
            pending = self.expr(s.test, width, pending)
            before = set(self.reported)
            a = self.walk(s.body, inner, list(pending))
            if inner.single and not width.single:
                # the lanes that skip a one-lane branch keep no claim on stores reported inside it
                done = self.reported - before
                b = self.walk(s.orelse, width, [p for p in pending if p.key not in done])
                return _union(a, b)
            if not inner.single and inner != width:
                # a warp-role branch: its stores are by a subset of the warps that run the code after it,
                # so they are not paired with arrives outside the branch (cross-role handoffs: not modelled)
                a = [p for p in a if p in pending]
            b = self.walk(s.orelse, width, list(pending))
            return _union(a, b)
        if isinstance(s, (ast.For, ast.While, ast.AsyncFor)):
            head = s.iter if isinstance(s, (ast.For, ast.AsyncFor)) else s.test
            pending = self.expr(head, width, pending)
            a = self.walk(s.body, width, list(pending))
            a = self.walk(s.orelse, width, a)
            return _union(pending, a)
        if isinstance(s, (ast.With, ast.AsyncWith)):
            inner = width
            for item in s.items:
                if call_name(item.context_expr) in ELECTS:
                    inner = self._elect(width)
                    if isinstance(item.optional_vars, ast.Name):
                        self.elect_vars.add(item.optional_vars.id)
            return self.walk(s.body, inner, pending)
        if isinstance(s, ast.Try):
            a = self.walk(s.body, width, list(pending))
            for h in s.handlers:
                a = _union(a, self.walk(h.body, width, list(pending)))
            a = self.walk(s.orelse, width, a)
            return self.walk(s.finalbody, width, a)
        if isinstance(s, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            if s.value is not None:
                pending = self.expr(s.value, width, pending)
            return self.assignment(s, width, pending)
        if isinstance(s, ast.Expr):
            return self.expr(s.value, width, pending)
        if isinstance(s, ast.Return) and s.value is not None:
            return self.expr(s.value, width, pending)
        return pending

    def assignment(self, s, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        targets = s.targets if isinstance(s, ast.Assign) else [s.target]
        value = s.value
        for t in targets:
            if isinstance(t, ast.Subscript) and self.is_smem(t):
                pending = self.stored(s.lineno, ast.unparse(t), width, pending)
            elif isinstance(t, ast.Name) and value is not None:
                if call_name(value) in ELECTS:
                    self.elect_vars.add(t.id)
                if call_name(value) == "allocate":
                    self.structs.add(t.id)
                if not isinstance(s, ast.AugAssign):
                    self.aliases[t.id] = value
                if self._derives_smem(value) and not REGISTER_NAME.match(t.id):
                    self.smem.add(t.id)
            elif isinstance(t, ast.Tuple) and value is not None and self._derives_smem(value):
                for e in t.elts:
                    if isinstance(e, ast.Name) and not REGISTER_NAME.match(e.id):
                        self.smem.add(e.id)
        return pending

    def _derives_smem(self, value, depth: int = 0, loose: bool = False) -> bool:
        """Whether an assigned value is a view of shared memory (a slice, partition, tile or pointer of an
        smem tensor, a field of the shared-storage struct), not an element read from it or something merely
        computed from one. `loose` accepts an indexed element (a tensor picked from a tuple of tensors)."""
        if depth > 8:
            return False
        if isinstance(value, ast.Name):
            return self.is_smem(value)
        if isinstance(value, (ast.Tuple, ast.List)):
            return bool(value.elts) and all(self._derives_smem(e, depth + 1) for e in value.elts)
        if isinstance(value, ast.IfExp):
            return self._derives_smem(value.body, depth + 1) and self._derives_smem(value.orelse, depth + 1)
        if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)):  # pointer arithmetic
            return self._derives_smem(value.left, depth + 1)
        if isinstance(value, ast.Subscript):
            elts = value.slice.elts if isinstance(value.slice, ast.Tuple) else [value.slice]
            sliced = any(isinstance(e, ast.Constant) and e.value is None or isinstance(e, ast.Slice) for e in elts)
            return (sliced or loose) and self._derives_smem(value.value, depth + 1)
        if isinstance(value, ast.Attribute):
            if isinstance(value.value, ast.Name) and value.value.id in self.structs:
                return True  # storage.sX: a field of the shared-storage struct
            return value.attr in ("iterator", "memspace") and self._derives_smem(value.value, depth + 1, loose=True)
        if isinstance(value, ast.Call):
            name = call_name(value)
            if name not in VIEW_FUNCS:
                return False
            receiver = value.func.value if isinstance(value.func, ast.Attribute) else None
            if receiver is not None and self._derives_smem(receiver, depth + 1):
                return True
            return any(self._derives_smem(a, depth + 1) for a in value.args[:3])
        return False

    def expr(self, e, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        for c in self.m.calls_in(e):
            name = call_name(c)
            callee = self._callee(c, name)
            if callee is not None and self.parent is None:
                self.call_sites.setdefault(id(callee), []).append(width)
            if name in THREAD_BARRIERS and root_name(c.func) != "dist":
                if not width.single:
                    pending = []
            elif name in NAMED_ARRIVES or (name == "arrive" and not c.args):
                if not width.single:
                    pending = []
            elif name in WARP_BARRIERS:
                if not width.single:
                    pending = [p.but(after_syncwarp=True) for p in pending]
            elif name.startswith("fence"):
                pending = [p.but(fences=p.fences + (name,)) for p in pending]
            elif name in self.ARRIVE_NAMES or (ARRIVE_HELPER.search(name) and c.args and
                                     any(is_barrier_name(n) for n in dotted_names(c.args[0]))):
                if not any(k.arg == "relaxed" and isinstance(k.value, ast.Constant) and k.value.value
                           for k in c.keywords):  # a relaxed arrive releases nothing: not a handoff
                    pending = self.arrive(c, name, width, pending)
            elif callee is not None:
                pending = self.inline(c, callee, width, pending)
            else:
                target = self._store_target(c, name)
                if target is not None:
                    pending = self.stored(c.lineno, target, width, pending)
        return pending

    def _callee(self, c, name: str):
        """The function a call runs, when it is defined in this file: `self.m(...)` resolved through the
        caller's class and its bases, `f(...)` a module-level function. Kernels (`@cute.kernel`) are
        entry points, not callees."""
        f = c.func
        if isinstance(f, ast.Name):
            fn = self.m.functions.get(name)
        elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self":
            fn = self.m.method(self.m.owner.get(id(self.func)), name)
        else:
            return None
        if fn is None or any(dotted(d.func if isinstance(d, ast.Call) else d).endswith("kernel")
                             for d in fn.decorator_list):
            return None
        return fn

    def inline(self, c, callee, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        if width.single or callee.name in self.stack or len(self.stack) > self.MAX_INLINE or not self.m.inline:
            return pending
        params = [a.arg for a in callee.args.posonlyargs + callee.args.args]
        if params and params[0] == "self" and isinstance(c.func, ast.Attribute):
            params = params[1:]
        bindings = {p: a for p, a in zip(params, c.args) if not isinstance(a, ast.Starred)}
        bindings.update({k.arg: k.value for k in c.keywords if k.arg})
        qual = self.m.qualnames.get(id(callee), callee.name)
        child = type(self)(self.m, qual, callee, width, parent=self, bindings=bindings,
                             via=f"{self.qualname}:L{c.lineno}")
        out = child.walk(callee.body, width, list(pending))
        return out

    def stored(self, line: int, target: str, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        """The walk passed a shared-memory store: what is pending after it (a rule over loads ignores it)."""
        return pending + [PendingStore(line, target, width, origin=self.via, facts=self.facts())]

    def weight(self, c) -> int:
        """How many arrivals one arriving lane's call stands for (the store rule counts each call as one)."""
        return 1

    def explain(self, live: list[PendingStore]) -> tuple[str, str]:
        """The reason and detail of a hit over the pending accesses `live`."""
        if all(p.after_syncwarp for p in live):
            return SYNCWARP, ("the storing lanes meet at __syncwarp before one lane arrives; racecheck still reports "
                              "the calibration's V1 (syncwarp, then lane 0 arrives) and the PTX model leaves open "
                              "whether a warp barrier composes with a single-lane release")
        return ELECTED, ("only the elected lane's own stores are released by its arrive; the other lanes' stores "
                         "have no happens-before edge to the thread that waits on the barrier")

    def _store_target(self, c, name):
        f = c.func
        if name in ("fill", "store", "store_swizzled") and isinstance(f, ast.Attribute) and self.is_smem(f.value):
            return ast.unparse(f.value)[:50] + f".{name}(...)"
        if name == "copy" and len(c.args) >= 3 and not any(k.arg == "tma_bar_ptr" for k in c.keywords):
            if self.is_smem(c.args[2]) or self._derives_smem(c.args[2]):
                return f"cute.copy(..., {ast.unparse(c.args[2])[:40]})"
        if name in COPIES_DST2 and len(c.args) >= 2 and (self.is_smem(c.args[1]) or self._derives_smem(c.args[1])):
            return f"{name}(..., {ast.unparse(c.args[1])[:40]})"
        if name == "stmatrix":
            return ast.unparse(c)[:60]
        if name == "store_ext" and (any(k.arg == "shared_space" for k in c.keywords) or
                                    (len(c.args) >= 2 and self.is_smem(c.args[1]))):
            return ast.unparse(c)[:60]
        return None

    def arrive(self, c, name: str, width: Width, pending: list[PendingStore]) -> list[PendingStore]:
        if name.startswith(("producer_commit", "consumer_release")):
            ptr = c.func.value if isinstance(c.func, ast.Attribute) else c
        elif c.args:
            ptr = c.args[0]
        else:
            return pending
        if not width.single:
            # every lane arrives: each releases its own stores (the PR #426 fix)
            return []
        live = [p for p in pending if not p.width.single]
        if not live:
            return pending
        keys = self.m.arrive_keys(ptr, self.reach(ptr))
        # a pipeline's consumer_release arrives on its empty barriers, counted by its consumer group
        table = self.m.consumer_inits if name.startswith("consumer_release") else self.m.inits
        counts = set().union(*(table.get(k, set()) for k in keys))
        weight = self.weight(c)
        known = sorted(x // weight for x in counts if isinstance(x, int))
        storer_threads = max((p.width.threads for p in live if p.width.threads), default=None)
        floor = storer_threads or WARP_SIZE
        if known and known[0] >= floor:
            return pending
        reason, detail = self.explain(live)
        if not known:
            reason += COUNT_UNKNOWN
            detail += "; the barrier's arrival count was not found in this file"
        sites = sorted({(p.line, p.target, p.origin) for p in live})
        self.reported.update(p.key for p in live)
        shown = ", ".join(f"{t} (L{ln}{', called from ' + o if o else ''})" for ln, t, o in sites[:4]) + \
            (f", +{len(sites) - 4} more" if len(sites) > 4 else "")
        who = f"{storer_threads} threads" if storer_threads else ">= 32 threads (one warp or more)"
        self.hits.append(Hit(
            file=self.m.path, function=self.qualname, line=c.lineno, barrier=keys[0],
            init_count=[x if x is not None else "?" for x in sorted(counts, key=lambda v: (v is None, v or 0))],
            storers=f"{who}: {shown}", arrivers=f"1 ({width.how})", reason=reason, detail=detail,
            store_lines=sorted({ln for ln, _, _ in sites}), storer_threads=storer_threads, arriver_threads=1,
            fences=sorted({f for p in live for f in p.fences}), via=self.via, barriers=keys))
        return [p for p in pending if p not in live]


def _union(a: list[PendingStore], b: list[PendingStore]) -> list[PendingStore]:
    seen, out = set(), []
    for s in a + b:
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


def _combine(widths: list[Width]) -> Width:
    if not widths:
        return MANY
    if all(w.single for w in widths):
        return Width(1, "called only from one-lane code")
    known = {w.threads for w in widths}
    if len(known) == 1 and None not in known:
        return Width(widths[0].threads, f"called under {widths[0].how}")
    return MANY


def lint_source(source: str, path: str = "<string>", inline: bool = True, walker=FunctionLint) -> list[Hit]:
    """Lint one file's text with one rule (`walker`: FunctionLint for stores, or a subclass such as
    racelab.lint.load_lint.LoadLint). Files that do not mention cute/cutlass give no hits."""
    if "cutlass" not in source and "cute" not in source:
        return []
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as err:
        raise LintError(f"{path}: cannot parse: {err}") from err
    module = Module(tree, path)
    module.inline = inline
    funcs = module.funcs
    sites: dict[str, list[Width]] = {}
    for qual, fn, _ in funcs:  # pass 1: the lane width at each call site of each function
        lint = walker(module, qual, fn, MANY)
        lint.call_sites = sites
        module.inline = False
        lint.run()
        module.inline = inline
    merged: dict[tuple, Hit] = {}
    for qual, fn, _ in funcs:  # pass 2: each function from its entry width, callees walked in place
        for h in walker(module, qual, fn, _combine(sites.get(id(fn), []))).run():
            key = (h.file, h.function, h.line, h.barrier)
            if key in merged:  # the same arrive reached from several call paths
                old = merged[key]
                old.store_lines = sorted(set(old.store_lines) | set(h.store_lines))
            else:
                merged[key] = h
    return sorted(merged.values(), key=lambda h: (h.file, h.line))


_CACHE: dict[str, list[Hit]] = {}


def lint_paths(paths, root: Path | None = None, walker=FunctionLint) -> list[Hit]:
    """Lint .py files (directories are searched recursively) with one rule (`walker`, as in `lint_source`);
    file names are shown relative to root."""
    files = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(p.rglob("*.py"))
        elif p.is_file():
            files.append(p)
        else:
            raise LintError(f"no such file or directory: {p}")
    hits = []
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise LintError(f"{f}: cannot read: {err}") from err
        name = f.relative_to(root).as_posix() if root and f.is_relative_to(root) else str(f)
        key = walker.__qualname__ + sha256_bytes((name + "\0" + text).encode())
        if key not in _CACHE:  # releases share most files: lint each distinct file once per process
            _CACHE[key] = lint_source(text, name, walker=walker)
        hits += [Hit(**h.to_dict()) for h in _CACHE[key]]
    return hits
