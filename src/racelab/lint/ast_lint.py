"""A static lint for CuTe DSL kernels: shared-memory stores made by many lanes, then an mbarrier arrive
made by one elected lane, on a barrier whose arrival count is below the number of storing threads, with
no thread barrier among the storers in between. That is the W_LOADED bug of cudnn-frontend PR #426:
`mbarrier.arrive` releases only the arriving thread's own writes, so the other lanes' stores have no
happens-before edge to the waiting consumer. `racelab lint --release 1.26.0 [--json]` lints a release's
wheel, `racelab lint PATH...` any files, `racelab lint --sass CUBIN...` compiled code (see `sass_scan`),
and `racelab lint --record` records every release as run "lint-releases".

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

Not covered: loads followed by an elected release (the write-after-read direction of the same rule, as in
cudnn-frontend #993); one thread issuing a bulk copy of rows other threads wrote (#1049); barriers wrapped
in helper objects whose arrive is not named as above; counts set in another file; how the consumer reads
(plain loads, WGMMA, UMMA); and any dynamic property of the kernel (which lanes are active, which
`const_expr` arm is compiled).
"""

import argparse
import ast
import hashlib
import json
import re
import sys
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

WARP = 32
WARPGROUP = 128

# nvidia-cudnn-frontend releases on PyPI that ship CuTe DSL kernels, oldest first (tests/test_lint.py
# checks this against `pip index versions` when the index is reachable).
RELEASES = ("1.24.0", "1.24.1", "1.25.0", "1.26.0", "1.27.0", "1.28.0", "1.29.0", "1.29.1",
            "1.30.0", "1.31.0", "1.32.0")
FIRST_RELEASE = "1.24.0"

ARRIVES = {"mbarrier_arrive", "mbarrier_arrive_and_expect_tx", "mbarrier_arrive_expect_tx",
           "cp_async_mbarrier_arrive", "producer_commit", "producer_commit_w_index"}
INITS = {"mbarrier_init"}
ARRIVE_HELPER = re.compile(r"(^|_)arrive(_|$)")  # e.g. arrive_on_leader_release(full_mbar.subview(i), ...)
THREAD_BARRIERS = {"sync_threads", "syncthreads", "barrier", "barrier_cta_sync", "barrier_cta_sync_aligned",
                   "barrier0", "arrive_and_wait", "arrive_and_wait_w_index", "named_barrier_sync", "bar_sync"}
# non-waiting arrives on named (hardware) barriers: made by every storing lane, they publish its stores
NAMED_ARRIVES = {"barrier_arrive", "barrier_cta_arrive", "named_barrier_arrive", "arrive_w_index"}
WARP_BARRIERS = {"sync_warp", "syncwarp", "bar_warp_sync", "warp_sync"}
ELECTS = {"elect_one", "elect_sync", "bulk_copy_elect_one"}
COPIES_DST2 = {"autovec_copy", "basic_copy", "basic_copy_if"}
# calls whose result is a view of their (first) tensor argument or receiver
VIEW_FUNCS = {"composition", "flat_divide", "logical_divide", "zipped_divide", "tiled_divide", "local_tile",
              "local_partition", "partition_D", "partition_S", "partition_A", "partition_B", "partition_C",
              "make_tensor", "group_modes", "select", "slice_", "get_tensor", "recast_tensor", "filter_zeros",
              "coalesce", "append_ones", "subview", "data_ptr", "flatten", "make_ptr", "recast_ptr",
              "domain_offset", "as_position_independent_swizzle_tensor", "toint"}
SMEM_NAME = re.compile(r"^(s[A-Z0-9]|t[A-Za-z0-9]*s[A-Z]|.*smem|.*_s$)")
REGISTER_NAME = re.compile(r"^(r[A-Z]|t[A-Za-z0-9]*r[A-Z])")
THREAD_NAME = re.compile(r"(^|_)(t_?idx|tid|tidx|thread_?idx|thread_?id|lane|lane_?id|lane_?idx|thr_idx|local_tidx)"
                         r"(_in_\w+)?$|^(wg_|warp_|local_)t_?idx$|lane", re.I)
WARPGROUP_NAME = re.compile(r"(warp_?group|(^|_)wg(_|$))", re.I)
WARP_NAME = re.compile(r"warp", re.I)
ELECT_NAME = re.compile(r"^(elect|is_elect|elected)", re.I)


# reasons a hit carries
ELECTED = "elected-arrive-after-multi-lane-stores"
SYNCWARP = "syncwarp-then-elected-arrive"
COUNT_UNKNOWN = "/count-unknown"


class LintError(ValueError):
    """Bad input to the lint (unknown release, unreadable path)."""


@dataclass(frozen=True)
class Width:
    """How many threads execute a region: `threads` when known, `elected` for one lane per warp."""

    threads: int | None  # None: several lanes, at least one warp (unknown)
    how: str

    @property
    def single(self) -> bool:
        return self.threads == 1 or self.how.startswith("elect")


MANY = Width(None, "several lanes (>= 1 warp)")


@dataclass(frozen=True)
class Store:
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

    def but(self, **changes) -> "Store":
        return replace(self, **changes)


@dataclass
class Hit:
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


def _call_name(node) -> str:
    """`cute.arch.mbarrier_arrive(...)` -> 'mbarrier_arrive'; '' when not a call."""
    if not isinstance(node, ast.Call):
        return ""
    f = node.func
    if isinstance(f, ast.Attribute):
        return f.attr
    if isinstance(f, ast.Name):
        return f.id
    return ""


def _root(node) -> str:
    """The leftmost name of an access chain: `sChunks[None, i].fill` -> 'sChunks', `self.x` -> 'self.x'."""
    while True:
        if isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                return "self." + node.attr
            node = node.value
        elif isinstance(node, ast.Starred):
            node = node.value
        else:
            break
    return node.id if isinstance(node, ast.Name) else ""


def _names(node) -> set[str]:
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
            out.add("self." + n.attr)
    return out


class Module:
    """Per-file facts: constants, barrier init counts, and the lane width each method is called with."""

    def __init__(self, tree: ast.Module, path: str):
        self.tree, self.path = tree, path
        self.consts: dict[str, object] = {"WARP_SIZE": WARP, "WARPGROUP_SIZE": WARPGROUP}
        # constants: module-level and class-level assignments, and `self.X = <constant>` in __init__
        scopes = [tree.body] + [n.body for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
        scopes += [n.body for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
        for body in scopes:
            for node in body:
                if not (isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None):
                    continue
                value = self.const(node.value)
                if value is None:
                    continue
                for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(t, ast.Name):
                        self.consts.setdefault(t.id, value)
                    elif isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                        self.consts.setdefault("self." + t.attr, value)
        for name, value in list(self.consts.items()):  # class attributes are read through self.
            if not name.startswith("self."):
                self.consts.setdefault("self." + name, value)
        funcs = _functions(tree)
        self.functions = {fn.name: fn for qual, fn, cls in funcs if cls is None}  # module-level functions
        self.qualnames = {id(fn): qual for qual, fn, _ in funcs}
        self.owner = {id(fn): cls for _, fn, cls in funcs}
        self.methods: dict[str, dict] = {}
        self.bases: dict[str, list[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                self.methods[node.name] = {f.name: f for f in node.body
                                           if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
                self.bases[node.name] = [_dotted(b).split(".")[-1] for b in node.bases]
        self.inline = True
        self.inits: dict[str, set] = {}
        scopes = [(tree, {})] + [(fn, _simple_aliases(fn)) for _, fn, _ in funcs]
        for scope, aliases in scopes:
            for node in _own_nodes(scope):
                if _call_name(node) in INITS and len(node.args) >= 2:
                    count = self.const(node.args[1], aliases=aliases)
                    ptr = node.args[0]
                    for key in init_keys(ptr, _reach(ptr, aliases)):
                        self.inits.setdefault(key, set()).add(count if isinstance(count, int) else None)
                if isinstance(node, ast.Assign) and len(node.targets) == 1:  # pipeline objects
                    count = self._pipeline_producers(node.value)
                    key = _root(node.targets[0])
                    if count is not False and key:
                        self.inits.setdefault(key, set()).add(count)
                        self.inits.setdefault(key.removeprefix("self."), set()).add(count)

    def arrive_keys(self, ptr, names: set[str]) -> list[str]:
        """The barrier an arrive's pointer names: initialised constants first, then initialised barrier
        names, then whatever `init_keys` would register."""
        for pool in (_dotted_names(ptr), names):  # the pointer as written first, then through aliases
            known = [n for n in pool if n in self.inits]
            upper = sorted(n for n in known if n.split(".")[-1].isupper())
            if upper or known:
                return upper or sorted(known)
        return init_keys(ptr, _dotted_names(ptr)) if _dotted_names(ptr) else init_keys(ptr, names)

    def method(self, cls: str | None, name: str):
        """`self.name` as seen from class `cls`: its own method, else one of its bases' in this file."""
        seen, todo = set(), [cls] if cls else []
        while todo:
            c = todo.pop(0)
            if c in seen or c not in self.methods:
                continue
            seen.add(c)
            if name in self.methods[c]:
                return self.methods[c][name]
            todo += self.bases.get(c, [])
        return None

    def const(self, node, depth: int = 0, aliases: dict | None = None):
        """Value of a constant expression (int, or tuple of ints), or None. `aliases`: a function's local
        assignments, followed for names that are not module or class constants."""
        if depth > 8 or node is None:
            return None
        if aliases and isinstance(node, ast.Name) and node.id not in getattr(self, "consts", {}) \
                and node.id in aliases:
            return self.const(aliases[node.id], depth + 1, aliases)
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.Tuple):
            items = [self.const(e, depth + 1, aliases) for e in node.elts]
            return tuple(items) if all(isinstance(i, int) for i in items) else None
        if isinstance(node, ast.Name):
            return getattr(self, "consts", {}).get(node.id)
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                return self.consts.get("self." + node.attr)
            if node.attr in ("WARP_SIZE",):
                return WARP
            return None
        if isinstance(node, ast.Call) and _call_name(node) in ("Int32", "int", "const_expr") and len(node.args) == 1:
            return self.const(node.args[0], depth + 1, aliases)
        if isinstance(node, ast.BinOp):
            a, b = self.const(node.left, depth + 1, aliases), self.const(node.right, depth + 1, aliases)
            if not (isinstance(a, int) and isinstance(b, int)):
                return None
            ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
                   ast.FloorDiv: lambda: a // b if b else None, ast.Mod: lambda: a % b if b else None}
            fn = ops.get(type(node.op))
            return fn() if fn else None
        return None

    def _pipeline_producers(self, value):
        """Arrival count of a pipeline built with `producer_group=CooperativeGroup(Agent.X, n)`; False if
        `value` does not build a pipeline, None if the count is not a constant."""
        if not (isinstance(value, ast.Call) and _call_name(value) == "create"):
            return False
        for kw in value.keywords:
            if kw.arg == "producer_group" and isinstance(kw.value, ast.Call) and \
                    _call_name(kw.value) == "CooperativeGroup":
                args = kw.value.args
                agent = ast.unparse(args[0]) if args else ""
                size = self.const(args[1]) if len(args) > 1 else 1
                if not isinstance(size, int):
                    return None
                return size * WARP if agent.endswith("Warp") else size if agent.endswith("Thread") else None
        return None


def _dotted(node) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return ""
    return ".".join([node.id] + parts[::-1])


def _dotted_names(node) -> set[str]:
    return {d for n in ast.walk(node) if isinstance(n, (ast.Name, ast.Attribute)) for d in [_dotted(n)] if d}


def _reach(node, aliases: dict, bound=None) -> set[str]:
    """Dotted names in an expression and, through local aliases (and `bound`, a callable for parameters
    bound by a caller), in whatever those names were assigned from."""
    seen: set[str] = set()
    todo = [node]
    while todo:
        for name in _dotted_names(todo.pop()):
            if name in seen:
                continue
            seen.add(name)
            if name in aliases:
                todo.append(aliases[name])
            elif bound is not None:
                seen |= bound(name)
    return seen


def _is_barrier_name(name: str) -> bool:
    last = name.split(".")[-1]
    return (last.isupper() and last not in ("WARP_SIZE", "WARPGROUP_SIZE")) or "bar" in last.lower()


def init_keys(ptr, names: set[str]) -> list[str]:
    """The names an `mbarrier_init(ptr, n)` registers its count under: the constants in `ptr`
    (`mbar + MBAR_W_LOADED` -> MBAR_W_LOADED) or else the names mentioning a barrier
    (`full_mbar.subview(i)` -> full_mbar), else the root name."""
    for pool in (_dotted_names(ptr), names):  # the pointer as written first, then through aliases
        upper = sorted(n for n in pool if n.split(".")[-1].isupper() and _is_barrier_name(n))
        barish = sorted(n for n in pool if _is_barrier_name(n))
        if upper or barish:
            return upper or barish
    root = _root(ptr)
    return [root] if root else [ast.unparse(ptr)[:40]]


def _simple_aliases(fn) -> dict:
    out = {}
    for node in _own_nodes(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            out[node.targets[0].id] = node.value
    return out


def _own_nodes(scope):
    """Nodes of a module or function, not descending into nested functions or classes."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))


class FunctionLint:
    """Walks one function in program order, tracking the shared stores not yet ordered by a thread barrier.

    A call to another function of the same file (`self.helper(...)` or `helper(...)`) is walked in place,
    with the caller's lane width, its pending stores and its arguments bound to the callee's parameters,
    up to MAX_INLINE levels deep; a hit inside the callee names the callee and, in `via`, the call site."""

    MAX_INLINE = 3

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
        root = _root(node)
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
        return _reach(node, self.aliases, bound)

    def guard_width(self, test, outer: Width) -> Width:
        """The width of the code under `if test:` given the width outside."""
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            w = outer
            for v in test.values:
                w = self.guard_width(v, w)
            return w
        if isinstance(test, ast.Call) and _call_name(test) in ELECTS:
            return self._elect(outer)
        if isinstance(test, ast.Name) and (test.id in self.elect_vars or ELECT_NAME.match(test.id)):
            return self._elect(outer)
        if isinstance(test, ast.Compare) and len(test.ops) == 1:
            left, op, right = test.left, test.ops[0], test.comparators[0]
            if isinstance(left, ast.Constant):
                left, right = right, left
            if isinstance(left, ast.BinOp) and isinstance(left.op, (ast.Mod, ast.BitAnd)):
                # tidx % 32 == 0, tidx & 31 == 0: one lane per warp
                if isinstance(op, ast.Eq) and THREAD_NAME.search(_root(left.left) or ""):
                    return self._elect(outer, "one lane per warp: " + ast.unparse(test))
                return outer
            subject = _call_name(left) if isinstance(left, ast.Call) else _root(left).split(".")[-1]
            if isinstance(op, ast.Eq):
                if THREAD_NAME.search(subject) and not WARP_NAME.search(subject):
                    return Width(1, f"one thread: {ast.unparse(test)}")
                if WARPGROUP_NAME.search(subject) and not re.search(r"in_(wg|warp_?group)", subject, re.I):
                    return self._narrow(outer, Width(WARPGROUP, f"one warpgroup: {ast.unparse(test)}"))
                if WARP_NAME.search(subject):
                    return self._narrow(outer, Width(WARP, f"one warp: {ast.unparse(test)}"))
            if isinstance(op, ast.In) and WARP_NAME.search(subject):
                value = self.m.const(right)
                if isinstance(value, tuple):
                    per = WARPGROUP if WARPGROUP_NAME.search(subject) else WARP
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
        if outer.threads is not None and outer.threads <= WARP:
            return Width(1, f"elected lane ({how}) of {outer.how}")
        if outer.threads is None:
            return Width(1, f"elected lane ({how}), one per warp")
        return Width(1, f"elected lane ({how}), one per warp of {outer.how}")

    # ---- the walk ---------------------------------------------------------------------------------
    def run(self) -> list[Hit]:
        self.walk(self.func.body, self.entry, [])
        return self.hits

    def walk(self, body, width: Width, pending: list[Store]) -> list[Store]:
        for stmt in body:
            pending = self.stmt(stmt, width, pending)
        return pending

    def stmt(self, s, width: Width, pending: list[Store]) -> list[Store]:
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return pending
        if isinstance(s, ast.If):
            fact = _const_expr_fact(s.test)
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
                    # what is still pending after this arm is pending only on traces where key == value
                    return [p if any(k == key for k, _ in p.facts) else p.but(facts=p.facts + ((key, value),))
                            for p in out]
                return _union(arm(s.body, polarity), arm(s.orelse, not polarity))
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
                if _call_name(item.context_expr) in ELECTS:
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

    def assignment(self, s, width: Width, pending: list[Store]) -> list[Store]:
        targets = s.targets if isinstance(s, ast.Assign) else [s.target]
        value = s.value
        for t in targets:
            if isinstance(t, ast.Subscript) and self.is_smem(t):
                pending = pending + [Store(s.lineno, ast.unparse(t), width, origin=self.via, facts=self.facts())]
            elif isinstance(t, ast.Name) and value is not None:
                if _call_name(value) in ELECTS:
                    self.elect_vars.add(t.id)
                if _call_name(value) == "allocate":
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
            name = _call_name(value)
            if name not in VIEW_FUNCS:
                return False
            receiver = value.func.value if isinstance(value.func, ast.Attribute) else None
            if receiver is not None and self._derives_smem(receiver, depth + 1):
                return True
            return any(self._derives_smem(a, depth + 1) for a in value.args[:3])
        return False

    def expr(self, e, width: Width, pending: list[Store]) -> list[Store]:
        calls = [n for n in ast.walk(e) if isinstance(n, ast.Call)]
        calls.sort(key=lambda n: (n.lineno, n.col_offset))
        for c in calls:
            name = _call_name(c)
            callee = self._callee(c, name)
            if callee is not None and self.parent is None:
                self.call_sites.setdefault(id(callee), []).append(width)
            if name in THREAD_BARRIERS and _root(c.func) != "dist":
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
            elif name in ARRIVES or (ARRIVE_HELPER.search(name) and c.args and
                                     any(_is_barrier_name(n) for n in _dotted_names(c.args[0]))):
                if not any(k.arg == "relaxed" and isinstance(k.value, ast.Constant) and k.value.value
                           for k in c.keywords):  # a relaxed arrive releases nothing: not a handoff
                    pending = self.arrive(c, name, width, pending)
            elif callee is not None:
                pending = self.inline(c, callee, width, pending)
            else:
                target = self._store_target(c, name)
                if target is not None:
                    pending = pending + [Store(c.lineno, target, width, origin=self.via, facts=self.facts())]
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
        if fn is None or any(_dotted(d.func if isinstance(d, ast.Call) else d).endswith("kernel")
                             for d in fn.decorator_list):
            return None
        return fn

    def inline(self, c, callee, width: Width, pending: list[Store]) -> list[Store]:
        if width.single or callee.name in self.stack or len(self.stack) > self.MAX_INLINE or not self.m.inline:
            return pending
        params = [a.arg for a in callee.args.posonlyargs + callee.args.args]
        if params and params[0] == "self" and isinstance(c.func, ast.Attribute):
            params = params[1:]
        bindings = {p: a for p, a in zip(params, c.args) if not isinstance(a, ast.Starred)}
        bindings.update({k.arg: k.value for k in c.keywords if k.arg})
        qual = self.m.qualnames.get(id(callee), callee.name)
        child = FunctionLint(self.m, qual, callee, width, parent=self, bindings=bindings,
                             via=f"{self.qualname}:L{c.lineno}")
        out = child.walk(callee.body, width, list(pending))
        return out

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

    def arrive(self, c, name: str, width: Width, pending: list[Store]) -> list[Store]:
        if name.startswith("producer_commit"):
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
        counts = set()
        for k in keys:
            counts |= self.m.inits.get(k, set())
        known = sorted(x for x in counts if isinstance(x, int))
        storer_threads = max((p.width.threads for p in live if p.width.threads), default=None)
        floor = storer_threads or WARP
        if known and known[0] >= floor:
            return pending
        if all(p.after_syncwarp for p in live):
            reason = SYNCWARP
            detail = ("the storing lanes meet at __syncwarp before one lane arrives; racecheck still reports the "
                      "calibration's V1 (syncwarp, then lane 0 arrives) and the PTX model leaves open whether "
                      "a warp barrier composes with a single-lane release")
        else:
            reason = ELECTED
            detail = ("only the elected lane's own stores are released by its arrive; the other lanes' stores "
                      "have no happens-before edge to the thread that waits on the barrier")
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


def _const_expr_fact(test):
    """`if const_expr(X)` -> ('X', True), `if cutlass.const_expr(not X)` -> ('X', False); else None.
    Such branches are resolved when the kernel is traced, so one `const_expr` condition tested twice on a
    path takes the same arm both times."""
    if not (isinstance(test, ast.Call) and _call_name(test) == "const_expr" and len(test.args) == 1):
        return None
    arg, polarity = test.args[0], True
    while isinstance(arg, ast.UnaryOp) and isinstance(arg.op, ast.Not):
        arg, polarity = arg.operand, not polarity
    return ast.unparse(arg), polarity


def _union(a: list[Store], b: list[Store]) -> list[Store]:
    seen, out = set(), []
    for s in a + b:
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


def _functions(tree):
    """(qualified name, FunctionDef, class name) for every function, methods included."""
    out = []

    def visit(node, prefix, cls):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".", child.name)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.append((prefix + child.name, child, cls))
                visit(child, prefix + child.name + ".", cls)
    visit(tree, "", None)
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


def lint_source(source: str, path: str = "<string>", inline: bool = True) -> list[Hit]:
    """Lint one file's text. Files that do not mention cute/cutlass give no hits."""
    if "cutlass" not in source and "cute" not in source:
        return []
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as err:
        raise LintError(f"{path}: cannot parse: {err}") from err
    module = Module(tree, path)
    module.inline = inline
    funcs = _functions(tree)
    sites: dict[str, list[Width]] = {}
    for qual, fn, _ in funcs:  # pass 1: the lane width at each call site of each function
        lint = FunctionLint(module, qual, fn, MANY)
        lint.call_sites = sites
        module.inline = False
        lint.run()
        module.inline = inline
    merged: dict[tuple, Hit] = {}
    for qual, fn, _ in funcs:  # pass 2: each function from its entry width, callees walked in place
        for h in FunctionLint(module, qual, fn, _combine(sites.get(id(fn), []))).run():
            key = (h.file, h.function, h.line, h.barrier)
            if key in merged:  # the same arrive reached from several call paths
                old = merged[key]
                old.store_lines = sorted(set(old.store_lines) | set(h.store_lines))
            else:
                merged[key] = h
    return sorted(merged.values(), key=lambda h: (h.file, h.line))


_CACHE: dict[str, list[Hit]] = {}


def lint_paths(paths, root: Path | None = None) -> list[Hit]:
    """Lint .py files (directories are searched recursively); file names are shown relative to root."""
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
        key = hashlib.sha256((name + "\0" + text).encode()).hexdigest()
        if key not in _CACHE:  # releases share most files: lint each distinct file once per process
            _CACHE[key] = lint_source(text, name)
        hits += [Hit(**h.to_dict()) for h in _CACHE[key]]
    return hits


def lint_release(version: str) -> list[Hit]:
    """Lint every CuTe DSL file in one nvidia-cudnn-frontend release (wheel fetched into the cache)."""
    if version not in RELEASES:
        raise LintError(f"unknown release {version!r}: known nvidia-cudnn-frontend releases with CuTe DSL "
                        f"kernels are {', '.join(RELEASES)}")
    from racelab.toolchain import wheels
    root = wheels.extracted(version)
    return lint_paths([root / "cudnn"], root)


def available_releases(timeout: float = 60) -> list[str]:
    """Versions of nvidia-cudnn-frontend on the package index from FIRST_RELEASE on (needs the index)."""
    import subprocess
    proc = subprocess.run([sys.executable, "-m", "pip", "index", "versions", "nvidia-cudnn-frontend"],
                          capture_output=True, text=True, timeout=timeout)
    m = re.search(r"Available versions:\s*(.+)", proc.stdout)
    if proc.returncode != 0 or not m:
        raise LintError(f"pip index versions failed: {(proc.stderr or proc.stdout).strip()[-300:]}")
    versions = [v.strip() for v in m.group(1).split(",")]

    def key(v):
        return tuple(int(x) for x in re.findall(r"\d+", v))
    return sorted((v for v in versions if key(v) >= key(FIRST_RELEASE)), key=key)


def hits_by_release(releases=RELEASES) -> dict[str, list[dict]]:
    return {v: [h.to_dict() for h in lint_release(v)] for v in releases}


EXPERIMENT = "lint-releases"


def record(releases=RELEASES, command=None):
    """Lint every release and record run 'lint-releases' (hits.json: {release: [hit, ...]})."""
    from racelab.core import store
    data = hits_by_release(releases)
    try:
        opinion = {"ok": True, "rows": [o.to_dict() for o in second_opinion()]}
    except Exception as err:  # no nvcc, no nvdisasm, a failed upstream build: recorded, and said so
        opinion = {"ok": False, "error": f"{type(err).__name__}: {err}", "rows": []}
    with store.new_run(EXPERIMENT, command=command if command is not None else sys.argv) as run:
        run.write_json("hits.json", data)
        run.write_json("releases.json", list(releases))
        run.write_json("sass-second-opinion.json", opinion)
        run.write_text("lint.py", Path(__file__).read_text())
        run.extra["lint_releases"] = list(releases)
    return run.recorded


def table(data: dict[str, list[dict]]):
    """Hits per release and per (file, function, barrier): a pandas DataFrame, releases as columns."""
    import pandas as pd
    rows = []
    for version, hits in data.items():
        for h in hits:
            rows.append({"release": version, "file": h["file"], "function": h["function"],
                         "barrier": h["barrier"], "reason": h["reason"]})
    if not rows:
        return pd.DataFrame()
    df = pd.DataFrame(rows)
    out = df.pivot_table(index=["file", "function", "barrier", "reason"], columns="release",
                         aggfunc="size", fill_value=0)
    return out.reindex(columns=[v for v in data if v in out.columns], fill_value=0)


# ------------------------------------------------------------------------------------------------
# A SASS-level second opinion
# ------------------------------------------------------------------------------------------------

# shared-memory writes a lane makes itself: plain stores, stmatrix, cp.async (LDGSTS), shared atomics
SASS_STORES = ("STS", "STSM", "LDGSTS", "ATOMS", "REDS")
SASS_THREAD_BARRIERS = ("BAR",)  # BAR.SYNC / BAR.RED / BAR.ARV: also where a new warp stream starts


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


def sass_scan(listing: str) -> list[SassHit]:
    """Scan an nvdisasm listing for the race's shape: in one warp's straight-line stream (broken by a
    branch, BAR, call or unconditional exit: `racelab.readers.sass`'s definition), shared stores executed by every
    lane (unpredicated, or on a predicate not written by ELECT) and later a SYNCS.ARRIVE that only the
    ELECT-chosen lane (or lane 0, from an ISETP of the thread or lane index against zero) executes, by its
    predicate or after the other lanes left (`@!P EXIT`/`@!P BRA`), with no BAR between. A WARPSYNC in
    between gives reason `syncwarp-then-elected-arrive`.

    Limits: other one-lane tests (`warp_idx == k and lane == 0` folded into one predicate, a lane index
    kept in memory) are not recognised; stores before a branch are not followed across it; the barrier's
    count is not decoded, so a barrier that expects one arrival per warp is reported like any other."""
    from racelab.readers import sass as sass_mod
    dis = sass_mod.parse(listing)
    hits = []
    for fname, insns in dis.functions.items():
        stores, syncwarp, since_store = [], False, []
        elect_preds: set[str] = set()
        elected_from: dict[str, str] = {}
        gated = None  # the ELECT predicate that non-elected lanes left on (`@!P EXIT`)
        lane_regs: set[str] = set()  # registers holding the thread or lane index
        lane_preds: dict[str, str] = {}  # predicate -> "eq" (lane == 0) or "ne" (lane != 0)
        for insn in insns:
            pred = insn.predicate or ""
            ops = insn.operands
            # `if (lane == 0)` compiles to S2R SR_TID.X / SR_LANEID, LOP3 with 0x1f, ISETP against RZ
            if insn.base == "S2R" and len(ops) > 1 and ops[1] in ("SR_TID.X", "SR_LANEID"):
                lane_regs.add(ops[0])
            elif insn.base == "LOP3" and len(ops) > 2 and ops[1] in lane_regs and ops[2] == "0x1f":
                lane_regs.add(ops[0])
            elif insn.base == "ISETP" and len(ops) > 3 and ops[2] in lane_regs and ops[3] == "RZ" and \
                    insn.modifiers[:1] in (("EQ",), ("NE",)):
                lane_preds[ops[0]] = insn.modifiers[0].lower()
                elected_from[ops[0]] = f"/*{insn.address:04x}*/ {insn.text}"
                continue
            elif ops and ops[0] in lane_regs and not pred:
                lane_regs.discard(ops[0])
            for p_ in [p_ for p_ in lane_preds if insn.writes_predicate(p_)]:
                del lane_preds[p_]
            if insn.base in ("EXIT", "BRA"):
                name = pred.lstrip("!")
                if lane_preds.get(name) == ("eq" if pred.startswith("!") else "ne"):
                    gated = name  # the lanes other than lane 0 left
                    continue
            if insn.base == "ELECT":
                p_out = insn.operands[0] if insn.operands else ""
                elect_preds.add(p_out)
                elected_from[p_out] = f"/*{insn.address:04x}*/ {insn.text}"
            elif any(insn.writes_predicate(p) for p in list(elect_preds)):
                for p in [p for p in elect_preds if insn.writes_predicate(p)]:
                    elect_preds.discard(p)
            if insn.base in ("EXIT", "BRA") and pred.startswith("!") and pred[1:] in elect_preds:
                gated = pred[1:]
                continue
            if sass_mod._starts_stream(insn):
                stores, syncwarp, since_store, gated = [], False, [], None
                continue
            if insn.base == "WARPSYNC":
                syncwarp = True
            if insn.base in SASS_STORES and pred != "!PT":
                if pred.lstrip("!") not in elect_preds and gated is None:
                    stores.append(f"/*{insn.address:04x}*/ {insn.text}")
                    since_store = []
                continue
            since_store.append(insn)
            if insn.base == "SYNCS" and insn.modifiers[:1] == ("ARRIVE",):
                by_pred = pred and (not pred.startswith("!") and pred in elect_preds or
                                    lane_preds.get(pred.lstrip("!")) == ("ne" if pred.startswith("!") else "eq"))
                chosen = pred.lstrip("!") if by_pred else gated
                if chosen and stores:
                    hits.append(SassHit(
                        function=fname, arrive=f"/*{insn.address:04x}*/ {insn.text}",
                        elect=elected_from.get(chosen, ""), stores=list(stores), syncwarp=syncwarp,
                        membar=any(i.base == "MEMBAR" for i in since_store),
                        reason=SYNCWARP if syncwarp else ELECTED))
                if chosen or not pred:
                    stores, syncwarp = [], False  # reported, or released by every lane's own arrive
    return hits


@dataclass
class Opinion:
    """One kernel seen by both tools."""

    kernel: str
    variant: str
    source: str  # what the AST lint read ("" for CUDA C++, which it cannot read)
    ast_hits: int | None
    ast_reasons: list
    sass_hits: int
    sass_reasons: list
    membar: bool | None  # SASS: a MEMBAR between the last store and the elected arrive
    note: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


def _calibration_opinions() -> list[Opinion]:
    from racelab.experiments import calibration
    out = []
    for v in calibration.Variant:
        cubin = calibration.build(v, "sm_90a")
        hits = sass_scan(calibration.disassemble(cubin))
        out.append(Opinion("calibration (CUDA C++)", f"{v.name}: {v.description}", "", None, [],
                           len(hits), sorted({h.reason for h in hits}),
                           any(h.membar for h in hits) if hits else None))
    return out


def _python_kernel_opinion(kernel: str, variant: str, path: Path, function: str, listing: str,
                           source_filter=None) -> Opinion:
    ast_hits = [h for h in lint_paths([path]) if source_filter is None or source_filter(h)]
    hits = sass_scan(listing)
    return Opinion(kernel, variant, str(path.name), len(ast_hits), sorted({h.reason for h in ast_hits}),
                   len(hits), sorted({h.reason for h in hits}), any(h.membar for h in hits) if hits else None)


def second_opinion(upstream_releases=("1.26.0", "1.27.0"), include_upstream: bool = True) -> list[Opinion]:
    """Both tools on the kernels this project can compile without a GPU: the calibration repro (SASS
    only), the SM90 twin and the K-tail probe (both arrive variants), and upstream's SM100 indexer backward
    (`kernel_gemm`, through racelab.toolchain.upstream's cached builds)."""
    from racelab.readers import sass as sass_mod
    from racelab.core.paths import kernels_dir
    out = _calibration_opinions()
    load = kernel_module
    twin = load("handoff_twin_sm90")
    for mode in twin.ArriveMode:
        listing = twin.sass(arrive=mode)
        # the AST lint reads the source once: both variants are const_expr arms of one file
        out.append(_python_kernel_opinion("SM90 twin (HandoffTwinSm90)", mode.value,
                                          kernels_dir() / "handoff_twin_sm90.py", "kernel", listing))
    probe = load("probe_k_tail_sm90")
    for mode in probe.Arrive:
        out.append(_python_kernel_opinion("K-tail probe (KTailProbeSm90)", mode.value,
                                          kernels_dir() / "probe_k_tail_sm90.py", "_produce", probe.sass(arrive=mode)))
    if include_upstream:
        from racelab.toolchain import upstream
        from racelab.toolchain import wheels
        for rel in upstream_releases:
            b = upstream.build(f"release-{rel}")
            listing = sass_mod.disassemble(b.cubin)
            src = wheels.module_file(rel, upstream.KERNEL_PATH)
            ast_hits = [h for h in lint_paths([src], wheels.extracted(rel))]
            hits = sass_scan(listing)
            out.append(Opinion(f"upstream {upstream.KERNEL_CLASS} (kernel_gemm, sm_100a)", f"release {rel}",
                               upstream.KERNEL_PATH, len(ast_hits), sorted({h.reason for h in ast_hits}),
                               len(hits), sorted({h.reason for h in hits}),
                               any(h.membar for h in hits) if hits else None,
                               note=f"DSL {b.key.dsl}, {b.key.spec.slug()}"))
    for o in out:
        if o.source and o.variant in ("all-lanes", "all-threads") and o.ast_hits:
            o.note = ("the AST lint reads one source for both variants (the arrive is a const_expr choice), "
                      "so its count is the file's; the SASS is per variant")
    return out


K_TAIL_EXPERIMENT = "k-tail-probe"
K_TAIL_COMMAND = "python kernels/probe_k_tail_sm90.py --record"


def kernel_module(name: str):
    """A kernel file of this project (kernels/<name>.py), imported once (it needs the CuTe DSL)."""
    import importlib.util as iu
    from racelab.core.paths import kernels_dir
    if name not in sys.modules:
        spec = iu.spec_from_file_location(name, kernels_dir() / f"{name}.py")
        mod = iu.module_from_spec(spec)
        sys.modules[name] = mod
        try:
            spec.loader.exec_module(mod)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]


_HAZARD_LINE = re.compile(r"Potential (\w+) hazard detected(?: \((?P<why>[^)]*)\))?")
_SUMMARY_LINE = re.compile(r"RACECHECK SUMMARY: (\d+) hazards? displayed")


def count_log(text: str) -> dict:
    """A fallback count of a racecheck hazard-mode log, for logs racelab.readers.racecheck_log does not parse: hazard
    records by kind (and by the reason racecheck appends, such as 'invalid memcpy_async synchronization'),
    and the number on the RACECHECK SUMMARY line."""
    kinds: dict[str, int] = {}
    for m in _HAZARD_LINE.finditer(text):
        key = m.group(1) + (f" ({m.group('why')})" if m.group("why") else "")
        kinds[key] = kinds.get(key, 0) + 1
    summary = _SUMMARY_LINE.search(text)
    return {"records": sum(kinds.values()), "by_kind": kinds,
            "summary_hazards": int(summary.group(1)) if summary else None}


def k_tail_table(rec):
    """The recorded K-tail probe run (kernels/probe_k_tail_sm90.py --record) as a table: one row per
    racecheck case with the hazard bytes racelab.readers.racecheck_log parses from the recorded log (the raw artifact,
    re-read here, not the summary written at recording time), the bytes predicted for an elected arrive,
    and the probe's own correctness check. Hazards that racecheck names a cause for are counted apart."""
    import pandas as pd

    from racelab.readers import racecheck_log as hazard_parser

    summary = rec.read_json("summary.json")
    rows = []
    for c in summary["cases"]:
        with rec.open_stream(c["log"]) as stream:
            report = hazard_parser.parse(stream)
        counted = count_log(rec.read_text(c["log"])) if c["report"] == "hazard" else {"by_kind": {}}
        causes = {k: n for k, n in counted["by_kind"].items() if "(" in k}
        rows.append({"report": c["report"], "s_k": c["s_k"], "CTAs": c["n_cta"], "arrive": c["arrive"],
                     "count": c["arrive_count"], "status": c["status"],
                     "hazard bytes": report.hazard_bytes, "analysis reports": len(report.reports),
                     "predicted (elected: all but thread 0's bytes)": c["expected_racy_bytes"]
                     if c["report"] == "hazard" else None,
                     "writer threads": len(report.writer_threads) or None,
                     "output correct": c.get("correct"),
                     "note": ", ".join(f"{n} reported as {k.split('(', 1)[1].rstrip(')')}"
                                       for k, n in sorted(causes.items()))})
    return pd.DataFrame(rows)


def main(argv) -> int:
    parser = argparse.ArgumentParser(
        prog="racelab lint",
        description="lint CuTe DSL kernels for elected mbarrier arrives after multi-lane shared stores")
    parser.add_argument("paths", nargs="*", help="Python files or folders to lint")
    parser.add_argument("--release", action="append", default=[],
                        help=f"an nvidia-cudnn-frontend release ({', '.join(RELEASES)}), or 'all'; repeatable")
    parser.add_argument("--json", action="store_true", help='print {"hits": [...]} as JSON')
    parser.add_argument("--sass", nargs="+", metavar="CUBIN", help="scan cubins' SASS instead (nvdisasm)")
    parser.add_argument("--record", action="store_true",
                        help=f"lint the releases (all unless --release) and record run {EXPERIMENT!r}")
    args = parser.parse_args(argv)
    releases = [r for v in args.release for r in (RELEASES if v == "all" else [v])]
    unknown = [r for r in releases if r not in RELEASES]
    if unknown:
        print(f"racelab lint: unknown release {unknown[0]!r}; known releases: {', '.join(RELEASES)}",
              file=sys.stderr)
        return 2
    if not (args.paths or releases or args.record or args.sass):
        print("racelab lint: give PATH..., --release X, --sass CUBIN... or --record", file=sys.stderr)
        return 2
    try:
        if args.record:
            rec = record(tuple(releases) or RELEASES, ["racelab", "lint", *argv])
            print(f"recorded {rec.experiment}/{rec.id}")
            return 0
        if args.sass:
            from racelab.readers import sass as sass_mod
            found = []
            for cubin in args.sass:
                if not Path(cubin).is_file():
                    raise LintError(f"no such cubin: {cubin}")
                found += [dict(h.to_dict(), cubin=cubin) for h in sass_scan(sass_mod.disassemble(cubin))]
            print(json.dumps({"hits": found}, indent=2) if args.json else
                  "\n".join(f"{h['cubin']}: {h['function']}: {h['arrive']}: {h['reason']} "
                            f"({len(h['stores'])} stores{', MEMBAR before the arrive' if h['membar'] else ''})"
                            for h in found) + f"\n{len(found)} hit(s)")
            return 0
        found = [(None, h) for h in (lint_paths(args.paths) if args.paths else [])]
        for r in releases:
            found += [(r, h) for h in lint_release(r)]
    except (LintError, OSError) as err:
        print(f"racelab lint: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"hits": [dict(h.to_dict(), **({"release": r} if r else {})) for r, h in found]},
                         indent=2))
    else:
        for r, h in found:
            print(f"{(r + ': ') if r else ''}{h.file}:{h.line}: {h.function}: barrier {h.barrier} "
                  f"(init count {h.init_count}): {h.reason}\n    storers: {h.storers}\n    arrivers: {h.arrivers}")
        print(f"{len(found)} hit(s)")
    return 0
