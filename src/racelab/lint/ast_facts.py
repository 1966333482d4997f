"""What the lint knows about one kernel file before it walks any function: the names of the calls it
reacts to (arrives, inits, thread and warp barriers, elections, views of shared memory), the constants of
the module, its classes and their `__init__`, each barrier's `mbarrier_init` counts, and small helpers over
the syntax tree. `racelab.lint.ast_lint` walks functions with these facts."""

import ast
import re
from dataclasses import dataclass

from racelab.vocab import WARP_SIZE

WARPGROUP_SIZE = 4 * WARP_SIZE

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


@dataclass(frozen=True)
class Width:
    """How many threads execute a region: `threads` when known, `elected` for one lane per warp."""

    threads: int | None  # None: several lanes, at least one warp (unknown)
    how: str

    @property
    def single(self) -> bool:
        return self.threads == 1 or self.how.startswith("elect")


MANY = Width(None, "several lanes (>= 1 warp)")


def call_name(node) -> str:
    """`cute.arch.mbarrier_arrive(...)` -> 'mbarrier_arrive'; '' when not a call."""
    if not isinstance(node, ast.Call):
        return ""
    f = node.func
    if isinstance(f, ast.Attribute):
        return f.attr
    if isinstance(f, ast.Name):
        return f.id
    return ""


def root_name(node) -> str:
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


class Module:
    """Per-file facts: constants, barrier init counts, and the lane width each method is called with."""

    def __init__(self, tree: ast.Module, path: str):
        self.tree, self.path = tree, path
        self._calls: dict[int, list] = {}
        self.consts: dict[str, object] = {"WARP_SIZE": WARP_SIZE, "WARPGROUP_SIZE": WARPGROUP_SIZE}
        classes, inits = [], []  # one walk of the whole tree; the rest walks one function's own nodes at a time
        for n in ast.walk(tree):
            if isinstance(n, ast.ClassDef):
                classes.append(n)
            elif isinstance(n, ast.FunctionDef) and n.name == "__init__":
                inits.append(n)
        # constants: module-level and class-level assignments, and `self.X = <constant>` in __init__
        scopes = [tree.body] + [n.body for n in classes] + [n.body for n in inits]
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
        self.funcs = funcs = functions_of(tree)
        self.functions = {fn.name: fn for qual, fn, cls in funcs if cls is None}  # module-level functions
        self.qualnames = {id(fn): qual for qual, fn, _ in funcs}
        self.owner = {id(fn): cls for _, fn, cls in funcs}
        self.methods: dict[str, dict] = {}
        self.bases: dict[str, list[str]] = {}
        for node in classes:
            self.methods[node.name] = {f.name: f for f in node.body
                                       if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
            self.bases[node.name] = [dotted(b).split(".")[-1] for b in node.bases]
        self.inline = True
        self.inits: dict[str, set] = {}
        self.consumer_inits: dict[str, set] = {}  # a pipeline's empty barriers: its consumer_group's count
        # pipelines whose consumer_release arrives from one lane per warp even when every lane calls it:
        # name -> whether the warp is synchronised (__syncwarp) first
        self.release_per_warp: dict[str, bool] = {}
        for scope in [tree] + [fn for _, fn, _ in funcs]:
            nodes = list(own_nodes(scope))
            aliases = {} if scope is tree else simple_aliases(fn=None, nodes=nodes)
            for node in nodes:
                if call_name(node) in INITS and len(node.args) >= 2:
                    count = self.const(node.args[1], aliases=aliases)
                    ptr = node.args[0]
                    for key in init_keys(ptr, reach_names(ptr, aliases)):
                        self.inits.setdefault(key, set()).add(count if isinstance(count, int) else None)
                if isinstance(node, ast.Assign) and len(node.targets) == 1:  # pipeline objects
                    key = root_name(node.targets[0])
                    synced = self._release_per_warp(node.value)
                    if synced is not None and key:
                        self.release_per_warp[key] = self.release_per_warp[key.removeprefix("self.")] = synced
                    for group, table in (("producer_group", self.inits), ("consumer_group", self.consumer_inits)):
                        count = self._pipeline_producers(node.value, group)
                        if count is not False and key:
                            table.setdefault(key, set()).add(count)
                            table.setdefault(key.removeprefix("self."), set()).add(count)

    def calls_in(self, expr) -> list:
        """The calls inside an expression in source order (listed once per expression node of this file)."""
        calls = self._calls.get(id(expr))
        if calls is None:
            calls = sorted((n for n in ast.walk(expr) if isinstance(n, ast.Call)), key=lambda n: (n.lineno, n.col_offset))
            self._calls[id(expr)] = calls
        return calls

    def arrive_keys(self, ptr, names: set[str]) -> list[str]:
        """The barrier an arrive's pointer names: initialised constants first, then initialised barrier
        names, then whatever `init_keys` would register."""
        for pool in (dotted_names(ptr), names):  # the pointer as written first, then through aliases
            known = [n for n in pool if n in self.inits]
            upper = sorted(n for n in known if n.split(".")[-1].isupper())
            if upper or known:
                return upper or sorted(known)
        return init_keys(ptr, dotted_names(ptr)) if dotted_names(ptr) else init_keys(ptr, names)

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
                return WARP_SIZE
            return None
        if isinstance(node, ast.Call) and call_name(node) in ("Int32", "int", "const_expr") and len(node.args) == 1:
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

    @staticmethod
    def _release_per_warp(value):
        """For a pipeline built by `value`: whether its consumer_release signals from one lane per warp, and
        if so whether it synchronises the warp first (True/False); None when every calling lane arrives.
        The CuTe DSL's PipelineTmaAsync signals from the lanes below the cluster size of each warp (its
        `is_signaling_thread`), without a warp barrier; a `create(..., elect_one_release=True)` (the
        wrappers of flash-attn-4's pipeline.py) elects one lane per warp after a __syncwarp unless
        `syncwarp_before_release=False`."""
        if not (isinstance(value, ast.Call) and call_name(value) == "create"):
            return None
        kw = {k.arg: k.value for k in value.keywords if k.arg}
        if isinstance(kw.get("elect_one_release"), ast.Constant) and kw["elect_one_release"].value is True:
            sync = kw.get("syncwarp_before_release")
            return not (isinstance(sync, ast.Constant) and sync.value is False)
        if isinstance(value.func, ast.Attribute) and dotted(value.func.value).endswith("PipelineTmaAsync"):
            return False
        return None

    def _pipeline_producers(self, value, group: str = "producer_group"):
        """Arrival count of a pipeline built with `producer_group=CooperativeGroup(Agent.X, n)` (or the
        `group` named); False if `value` does not build a pipeline, None if the count is not a constant."""
        if not (isinstance(value, ast.Call) and call_name(value) == "create"):
            return False
        for kw in value.keywords:
            if kw.arg == group and isinstance(kw.value, ast.Call) and \
                    call_name(kw.value) == "CooperativeGroup":
                args = kw.value.args
                agent = ast.unparse(args[0]) if args else ""
                size = self.const(args[1]) if len(args) > 1 else 1
                if not isinstance(size, int):
                    return None
                return size * WARP_SIZE if agent.endswith("Warp") else size if agent.endswith("Thread") else None
        return None


def dotted(node) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return ""
    return ".".join([node.id] + parts[::-1])


def dotted_names(node) -> set[str]:
    return {d for n in ast.walk(node) if isinstance(n, (ast.Name, ast.Attribute)) for d in [dotted(n)] if d}


def reach_names(node, aliases: dict, bound=None) -> set[str]:
    """Dotted names in an expression and, through local aliases (and `bound`, a callable for parameters
    bound by a caller), in whatever those names were assigned from."""
    seen: set[str] = set()
    todo = [node]
    while todo:
        for name in dotted_names(todo.pop()):
            if name in seen:
                continue
            seen.add(name)
            if name in aliases:
                todo.append(aliases[name])
            elif bound is not None:
                seen |= bound(name)
    return seen


def is_barrier_name(name: str) -> bool:
    last = name.split(".")[-1]
    return (last.isupper() and last not in ("WARP_SIZE", "WARPGROUP_SIZE")) or "bar" in last.lower()


def init_keys(ptr, names: set[str]) -> list[str]:
    """The names an `mbarrier_init(ptr, n)` registers its count under: the constants in `ptr`
    (`mbar + MBAR_W_LOADED` -> MBAR_W_LOADED) or else the names mentioning a barrier
    (`full_mbar.subview(i)` -> full_mbar), else the root name."""
    for pool in (dotted_names(ptr), names):  # the pointer as written first, then through aliases
        upper = sorted(n for n in pool if n.split(".")[-1].isupper() and is_barrier_name(n))
        barish = sorted(n for n in pool if is_barrier_name(n))
        if upper or barish:
            return upper or barish
    root = root_name(ptr)
    return [root] if root else [ast.unparse(ptr)[:40]]


def simple_aliases(fn, nodes=None) -> dict:
    """`name = value` assignments of a function (its own nodes, or `nodes` already listed): name -> value,
    the last one in walk order winning."""
    out = {}
    for node in own_nodes(fn) if nodes is None else nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            out[node.targets[0].id] = node.value
    return out


def own_nodes(scope):
    """Nodes of a module or function, not descending into nested functions or classes."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))


def const_expr_fact(test):
    """`if const_expr(X)` -> ('X', True), `if cutlass.const_expr(not X)` -> ('X', False); else None.
    Such branches are resolved when the kernel is traced, so one `const_expr` condition tested twice on a
    path takes the same arm both times."""
    if not (isinstance(test, ast.Call) and call_name(test) == "const_expr" and len(test.args) == 1):
        return None
    arg, polarity = test.args[0], True
    while isinstance(arg, ast.UnaryOp) and isinstance(arg.op, ast.Not):
        arg, polarity = arg.operand, not polarity
    return ast.unparse(arg), polarity


def functions_of(tree):
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
