"""From source to count: the bytes racecheck's hazard mode should report for a handoff the lint flags,
computed from the kernel's source and a shape, without running the kernel.

For one lint hit (stores by many lanes, then one elected lane arrives), :func:`predict` reads the store
sites the hit lists (``buffer[index] (Lnnn, called from Class.fn:Lmmm)``), finds the function holding each
store and the call that enters it, and walks that function once per lane of the storing warp with a small
interpreter over Python's ``ast``: integer arithmetic, ``if``/``else`` (both arms where the condition is not
known from the shape), ``range_constexpr`` loops, ``with elect_one()`` (lane 0 only). The constructor
(``__init__``) is walked the same way for the kernel's settings (``self.tile_m``, ``self.topk``, ...). The
element size is the dtype of the buffer's ``MemRange`` in the kernel's ``SharedStorage``.

What racecheck should report, per CTA, is then the distinct bytes stored by the lanes that do not arrive
(all but lane 0, the lane ``elect_one`` picks in a converged warp) and not also by the arriving lane, over
every handoff of the buffer (e.g. both KV stages): it models the arrive as releasing the arriving lane's own
stores, as the calibration measured. The prediction assumes the consumer reads every stored element after
its wait, with plain loads; it says nothing where the readers are tensor cores (racecheck sees none)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from racelab.vocab import WARP_SIZE

DTYPE_BYTES = {"Float32": 4, "BFloat16": 2, "Float16": 2, "Int32": 4, "Int64": 8, "Int16": 2, "Uint8": 1,
               "Int8": 1, "Float8E4M3FN": 1, "Float8E5M2": 1}
_STORE = re.compile(r"(?P<buf>\w+)\[[^\]]*\] \(L(?P<line>\d+)(?:, called from (?P<caller>[\w.]+):L(?P<call>\d+))?\)")
_RANGES = ("range_constexpr", "range", "range_dynamic")


class PredictError(ValueError):
    """The source does something the interpreter does not follow; the message names the line."""


class _Unknown:
    def __repr__(self):
        return "?"


UNKNOWN = _Unknown()
_LANE = "lane"  # what a value read from the thread's lane (or thread) index stands for until a lane is bound


@dataclass(frozen=True)
class Kernel:
    """What a prediction needs to know besides the source: the kernel class, its constructor's arguments
    (dtypes as names, e.g. ``"BFloat16"``) and the attributes its ``__call__`` sets from the tensors."""

    cls: str
    init: dict = field(default_factory=dict)
    runtime: dict = field(default_factory=dict)


# ------------------------------------------------------------------------------------------------
# The interpreter
# ------------------------------------------------------------------------------------------------

class _Interp:
    def __init__(self, attrs: dict, consts: dict, lane: int | None = None, names=None):
        self.attrs, self.consts, self.lane = attrs, consts, lane
        self.names = names or (lambda name: UNKNOWN)  # a name not bound in env: resolved from elsewhere
        self.stores: set[tuple[str, int]] = set()

    # expressions --------------------------------------------------------------------------------
    def expr(self, node, env: dict):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id in env:
                value = env[node.id]
            elif node.id in self.consts:
                value = self.consts[node.id]
            elif node.id in DTYPE_BYTES:
                value = node.id
            else:
                value = self.names(node.id)
            return self.lane if value is _LANE and self.lane is not None else value
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                return self.attrs.get(node.attr, self.consts.get(node.attr, UNKNOWN))
            return node.attr if node.attr in DTYPE_BYTES else UNKNOWN
        if isinstance(node, ast.BinOp):
            a, b = self.expr(node.left, env), self.expr(node.right, env)
            if not (isinstance(a, int) and isinstance(b, int)) or isinstance(a, bool) or isinstance(b, bool):
                return UNKNOWN
            ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
                   ast.FloorDiv: lambda: a // b if b else UNKNOWN, ast.Mod: lambda: a % b if b else UNKNOWN,
                   ast.BitAnd: lambda: a & b, ast.BitOr: lambda: a | b, ast.BitXor: lambda: a ^ b}
            return ops.get(type(node.op), lambda: UNKNOWN)()
        if isinstance(node, ast.UnaryOp):
            v = self.expr(node.operand, env)
            if isinstance(node.op, ast.Not):
                return UNKNOWN if v is UNKNOWN else not v
            if isinstance(node.op, ast.USub) and isinstance(v, int):
                return -v
            return UNKNOWN
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            a, b = self.expr(node.left, env), self.expr(node.comparators[0], env)
            if a is UNKNOWN or b is UNKNOWN or isinstance(a, _Unknown) or isinstance(b, _Unknown):
                return UNKNOWN
            ops = {ast.Lt: lambda: a < b, ast.LtE: lambda: a <= b, ast.Gt: lambda: a > b,
                   ast.GtE: lambda: a >= b, ast.Eq: lambda: a == b, ast.NotEq: lambda: a != b}
            try:
                return ops.get(type(node.ops[0]), lambda: UNKNOWN)()
            except TypeError:
                return UNKNOWN
        if isinstance(node, ast.BoolOp):
            values = [self.expr(v, env) for v in node.values]
            if isinstance(node.op, ast.And):
                return False if any(v is False for v in values) else (UNKNOWN if UNKNOWN in values else True)
            return True if any(v is True for v in values) else (UNKNOWN if UNKNOWN in values else False)
        if isinstance(node, ast.IfExp):
            cond = self.expr(node.test, env)
            return UNKNOWN if cond is UNKNOWN else self.expr(node.body if cond else node.orelse, env)
        if isinstance(node, ast.Call):
            return self._call(node, env)
        return UNKNOWN

    def _call(self, node: ast.Call, env: dict):
        fname = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if fname in ("lane_idx",):
            return self.lane if self.lane is not None else _LANE
        if fname in ("const_expr", "Int32", "Int64", "int", "Boolean") and len(node.args) == 1:
            return self.expr(node.args[0], env)
        return UNKNOWN

    # statements ---------------------------------------------------------------------------------
    def run(self, body: list, env: dict) -> dict:
        for stmt in body:
            if isinstance(stmt, ast.Return):
                break
            env = self.stmt(stmt, env)
        return env

    def stmt(self, node, env: dict) -> dict:
        if isinstance(node, ast.Assign):
            value = self.expr(node.value, env)
            for target in node.targets:
                self._assign(target, value, env, node)
            return env
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            self._assign(node.target, self.expr(node.value, env), env, node)
            return env
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            value = self.expr(ast.BinOp(ast.Name(node.target.id, ast.Load()), node.op, node.value), env)
            env[node.target.id] = value
            return env
        if isinstance(node, ast.If):
            cond = self.expr(node.test, env)
            if cond is UNKNOWN:  # both arms; a name they disagree on is unknown after
                a, b = self.run(node.body, dict(env)), self.run(node.orelse, dict(env))
                return {k: (a[k] if k in b and a[k] == b[k] else UNKNOWN) for k in a.keys() | b.keys()}
            return self.run(node.body if cond else node.orelse, env)
        if isinstance(node, ast.For):
            it = node.iter
            fname = it.func.attr if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) else \
                getattr(getattr(it, "func", None), "id", None)
            if fname not in _RANGES or not isinstance(node.target, ast.Name):
                return env  # a loop this walk does not unroll: its stores are not among the hit's
            bounds = [self.expr(a, env) for a in it.args]
            if not all(isinstance(b, int) for b in bounds):
                raise PredictError(f"line {node.lineno}: loop bound {ast.unparse(it)} is not known from the shape")
            for i in range(*bounds):
                env[node.target.id] = i
                env = self.run(node.body, env)
            return env
        if isinstance(node, ast.With):
            elected = any("elect_one" in ast.unparse(item.context_expr) for item in node.items)
            if elected and self.lane not in (None, 0):
                return env
            return self.run(node.body, env)
        return env  # calls, asserts, waits, fences: no store of the hit, no name the stores need

    def _assign(self, target, value, env: dict, node) -> None:
        if isinstance(target, ast.Name):
            env[target.id] = value
        elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
            self.attrs[target.attr] = value
        elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
            index = self.expr(target.slice, env)
            if not isinstance(index, int) or isinstance(index, bool):
                raise PredictError(f"line {node.lineno}: store index {ast.unparse(target.slice)} is not known "
                                   f"from the shape and the lane")
            self.stores.add((target.value.id, index))
        elif isinstance(target, ast.Tuple):
            for t in target.elts:
                self._assign(t, UNKNOWN, env, node)


# ------------------------------------------------------------------------------------------------
# Reading the kernel
# ------------------------------------------------------------------------------------------------

def _constants(tree: ast.Module, cls: ast.ClassDef) -> dict:
    out = {}
    for body in (tree.body, cls.body):
        for node in body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and \
                    isinstance(node.value.value, int):
                out.update({t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)})
    return out


def _class(tree: ast.Module, name: str) -> ast.ClassDef:
    found = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name]
    if len(found) != 1:
        raise PredictError(f"the source has {len(found)} classes named {name}")
    return found[0]


def _method(cls: ast.ClassDef, name: str) -> ast.FunctionDef:
    found = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == name]
    if len(found) != 1:
        raise PredictError(f"{cls.name} has {len(found)} methods named {name}")
    return found[0]


def _enclosing(cls: ast.ClassDef, line: int) -> ast.FunctionDef:
    for fn in cls.body:
        if isinstance(fn, ast.FunctionDef) and fn.lineno <= line <= fn.end_lineno:
            return fn
    raise PredictError(f"line {line} is in no method of {cls.name}")


def settings(tree: ast.Module, cls: ast.ClassDef, kernel: Kernel) -> dict:
    """``self.*`` after the constructor ran with kernel.init, plus kernel.runtime."""
    init = _method(cls, "__init__")
    args = [a.arg for a in init.args.args[1:]]
    defaults = dict(zip(args[len(args) - len(init.args.defaults):], init.args.defaults))
    interp = _Interp({}, _constants(tree, cls))
    env = {a: kernel.init[a] if a in kernel.init else interp.expr(defaults[a], {}) if a in defaults else UNKNOWN
           for a in args}
    interp.run(init.body, env)
    return {**interp.attrs, **kernel.runtime}


def _calls(node, name: str) -> bool:
    return isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == name


def _is_lane(value) -> bool:
    """``cute.arch.lane_idx()``, or the thread index (``thread_idx()[0]``): in the storing warp only its lane
    (the index modulo 32) enters a store's index."""
    return _calls(value, "lane_idx") or _calls(value, "thread_idx") or (
        isinstance(value, ast.Subscript) and _calls(value.value, "thread_idx"))


def _local_resolver(fn: ast.FunctionDef, interp_factory):
    """Names of `fn` resolved from their (last) plain assignment in it, lazily."""
    assigned = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            assigned[node.targets[0].id] = node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple) \
                and node.targets[0].elts and isinstance(node.targets[0].elts[0], ast.Name) \
                and _calls(node.value, "thread_idx"):
            assigned[node.targets[0].elts[0].id] = node.value

    def resolve(name, seen=()):
        if name not in assigned or name in seen:
            return UNKNOWN
        value = assigned[name]
        if _is_lane(value):
            return _LANE
        return interp_factory(lambda n: resolve(n, seen + (name,))).expr(value, {})

    return assigned, resolve


def element_bytes(tree: ast.Module, cls: ast.ClassDef, attrs: dict, buffer: str) -> int:
    """The size of one element of `buffer`: the dtype of its MemRange in the kernel's SharedStorage."""
    consts = _constants(tree, cls)
    for fn in (n for n in cls.body if isinstance(n, ast.FunctionDef)):
        storage = next((n for n in ast.walk(fn) if isinstance(n, ast.ClassDef) and n.name == "SharedStorage"), None)
        if storage is None:
            continue
        assigned, resolve = _local_resolver(fn, lambda names: _Interp(dict(attrs), consts, names=names))
        ann = next((s.annotation for s in storage.body if isinstance(s, ast.AnnAssign)
                    and isinstance(s.target, ast.Name) and s.target.id == buffer), None)
        if ann is None:
            continue
        if isinstance(ann, ast.Name):
            ann = assigned.get(ann.id, ann)
        mem = next((n for n in ast.walk(ann) if isinstance(n, ast.Subscript)
                    and ast.unparse(n.value).endswith("MemRange")), None)
        if mem is None or not isinstance(mem.slice, ast.Tuple):
            raise PredictError(f"SharedStorage.{buffer} is not a MemRange[dtype, n]")
        dtype = _Interp(dict(attrs), consts, names=resolve).expr(mem.slice.elts[0], {})
        if dtype not in DTYPE_BYTES:
            raise PredictError(f"SharedStorage.{buffer}: dtype {ast.unparse(mem.slice.elts[0])} is not known "
                               f"for these settings ({dtype!r})")
        return DTYPE_BYTES[dtype]
    raise PredictError(f"no SharedStorage field {buffer} in {cls.name}")


@dataclass(frozen=True)
class Site:
    """One store site of a lint hit: buffer, line, and the call that enters its function."""

    buffer: str
    line: int
    caller: str | None
    call_line: int | None


def sites(hit: dict) -> list[Site]:
    """The store sites a lint hit lists (its ``storers`` text), one per distinct (buffer, line, call)."""
    found = {Site(m["buf"], int(m["line"]), m["caller"], int(m["call"]) if m["call"] else None)
             for m in _STORE.finditer(hit.get("storers", "") or "")}
    return sorted(found, key=lambda s: (s.line, s.call_line or 0))


def _call_bindings(tree, cls, site: Site, fn: ast.FunctionDef, attrs: dict, consts: dict) -> dict:
    """The store function's parameters bound from the call at site.call_line (known values only)."""
    if site.caller is None:
        return {}
    caller = _method(cls, site.caller.split(".")[-1])
    calls = [n for n in ast.walk(caller) if isinstance(n, ast.Call) and n.lineno <= site.call_line <= n.end_lineno
             and isinstance(n.func, ast.Attribute) and n.func.attr == fn.name]
    if not calls:
        raise PredictError(f"no call of {fn.name} at line {site.call_line} of {site.caller}")
    call = min(calls, key=lambda n: n.end_lineno - n.lineno)
    _, resolve = _local_resolver(caller, lambda names: _Interp(dict(attrs), consts, names=names))
    params = [a.arg for a in fn.args.args[1:]]
    interp = _Interp(dict(attrs), consts, names=resolve)
    out = {name: interp.expr(arg, {}) for name, arg in zip(params, call.args)}
    out.update({k.arg: interp.expr(k.value, {}) for k in call.keywords if k.arg in params})
    return out


def lane_stores(source: str, kernel: Kernel, hit: dict) -> dict[int, set[tuple[str, int]]]:
    """{lane: {(buffer, element index)}} that each lane of the storing warp stores at the hit's sites."""
    tree = ast.parse(source)
    cls = _class(tree, kernel.cls)
    attrs = settings(tree, cls, kernel)
    consts = _constants(tree, cls)
    out: dict[int, set] = {lane: set() for lane in range(WARP_SIZE)}
    wanted = sites(hit)
    if not wanted:
        raise PredictError(f"the hit at line {hit.get('line')} lists no indexed store site")
    for site in wanted:
        fn = _enclosing(cls, site.line)
        bound = _call_bindings(tree, cls, site, fn, attrs, consts)
        _, resolve = _local_resolver(fn, lambda names: _Interp(dict(attrs), consts, names=names))
        for lane in range(WARP_SIZE):
            interp = _Interp(dict(attrs), consts, lane, names=resolve)
            env = {p: (lane if v is _LANE else v) for p, v in bound.items()}
            interp.run(fn.body, env)
            out[lane] |= {s for s in interp.stores if s[0] == site.buffer}
    return out


def predict(source: str, kernel: Kernel, hits: list[dict], arriving=(0,)) -> dict:
    """The byte hazards racecheck's hazard mode should report on one CTA for `hits` (the handoffs of one
    finding, e.g. KV0 and KV1), per buffer: the distinct elements stored by the lanes not in `arriving` and
    not by an arriving lane, times the element size. Also per buffer the element size, the silent lanes and
    the elements each stores (for the formula)."""
    tree = ast.parse(source)
    cls = _class(tree, kernel.cls)
    attrs = settings(tree, cls, kernel)
    stored: dict[int, set] = {lane: set() for lane in range(WARP_SIZE)}
    for hit in hits:
        for lane, found in lane_stores(source, kernel, hit).items():
            stored[lane] |= found
    covered = set().union(*(stored[lane] for lane in arriving))
    out = {}
    for buf in sorted({b for s in stored.values() for b, _ in s}):
        silent = {lane: {e for b, e in stored[lane] if b == buf} - {e for b, e in covered if b == buf}
                  for lane in range(WARP_SIZE) if lane not in arriving}
        elements = set().union(*silent.values())
        size = element_bytes(tree, cls, attrs, buf)
        per_lane = sorted({len(v) for v in silent.values() if v})
        out[buf] = {"bytes": len(elements) * size, "elements": len(elements), "element_bytes": size,
                    "lanes": sum(1 for v in silent.values() if v), "per_lane": per_lane}
    return out


def formula(pred: dict) -> str:
    """The prediction written out, e.g. "31 lanes × (4 × 4 B + 2 × 2 B)"; buffers whose lanes store
    unequal counts appear as "N × B B"."""
    lanes = {p["lanes"] for p in pred.values() if p["lanes"]}
    uniform = len(lanes) == 1 and all(len(p["per_lane"]) == 1 for p in pred.values() if p["lanes"])
    if uniform:
        terms = [f"{p['per_lane'][0]} × {p['element_bytes']} B" for p in pred.values() if p["lanes"]]
        inner = terms[0] if len(terms) == 1 else f"({' + '.join(terms)})"
        return f"{lanes.pop()} lanes × {inner}"
    return " + ".join(f"{p['elements']} × {p['element_bytes']} B" for p in pred.values() if p["elements"])


# ------------------------------------------------------------------------------------------------
# The findings racecheck can see, and the table
# ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class VisibleHandoff:
    """A racecheck-visible finding: the lint hits (file, function, barrier) of one handoff, and the kernel."""

    name: str
    file: str
    barriers: tuple[str, ...]
    kernel_cls: str

    def hits(self, release_hits: list[dict]) -> list[dict]:
        return [h for h in release_hits if h["file"] == self.file and h["barrier"] in self.barriers]


SM100_W_LOADED = VisibleHandoff("W_LOADED (sGradSignal, sW)",
                         "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm100.py",
                         ("MBAR_W_LOADED",), "IndexerBackwardSm100")
FWD_WEIGHTS = VisibleHandoff("Q0 (sW)", "cudnn/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py",
                      ("mbar_Q0_ptr",), "IndexerForwardSm90")
FWD_SCALES = VisibleHandoff("KV0/KV1 (sKScale)", "cudnn/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py",
                     ("mbar_KV0_ptr", "mbar_KV1_ptr"), "IndexerForwardSm90")


def fwd_kernel(precision: str, qh: int) -> Kernel:
    """IndexerForwardSm90 as ``_interface_sm90.indexer_fwd`` builds it (BF16 weights)."""
    qk = "Float8E4M3FN" if precision == "fp8" else "BFloat16"
    return Kernel("IndexerForwardSm90", {"qk_dtype": qk, "w_dtype": "BFloat16", "head_dim": 128,
                                         "qhead_per_kvhead": qh, "ratio": 1})


def sm100_kernel(topk: int, heads: int, head_dim: int = 128, block_I: int = 128) -> Kernel:
    """IndexerBackwardSm100 for BF16 inputs (its q_dtype comes from the tensor)."""
    return Kernel("IndexerBackwardSm100", {"head_dim": head_dim, "heads": heads, "block_I": block_I, "topk": topk,
                                           "topk_indices_global": False}, {"q_dtype": "BFloat16", "k_dtype": "BFloat16"})


def predict_finding(finding: VisibleHandoff, source: str, release_hits: list[dict], kernel: Kernel) -> dict:
    """{"bytes": total per CTA, "buffers": per-buffer predict(...), "formula": text, "hits": n}."""
    hits = finding.hits(release_hits)
    if not hits:
        raise PredictError(f"the lint reports no {finding.name} hit in this release")
    pred = predict(source, kernel, hits)
    return {"bytes": sum(p["bytes"] for p in pred.values()), "buffers": pred, "formula": formula(pred),
            "hits": len(hits), "lines": sorted(h["line"] for h in hits)}


def table(hits_by_release: dict[str, list[dict]], *, sm100_release: str, sm100_shapes: dict,
          reported: dict | None = None, fwd_release: str, fwd_cases=(("bf16", 64), ("fp8", 32)),
          measured: dict | None = None, source=None):
    """One row per (finding, shape): the byte hazards predicted per CTA from source, the formula, the CTAs of
    the shape and the prediction over the grid, and beside it what was measured or reported where there is
    a number (`reported`: {shape name: bytes} for the SM100 kernel, from PR #426; `measured`:
    {(precision, qh): {buffer: bytes}} for the SM90 forward, from a recorded run), labelled by source.
    `source(release, path)` reads a kernel file (default: the release's wheel)."""
    import pandas as pd

    if source is None:
        from racelab.toolchain import wheels

        def source(release, path):
            return wheels.module_file(release, path).read_text()

    rows = []
    text = source(sm100_release, SM100_W_LOADED.file)
    for name, shape in sm100_shapes.items():
        p = predict_finding(SM100_W_LOADED, text, hits_by_release[sm100_release],
                            sm100_kernel(shape.topk, shape.heads, shape.dim))
        got = (reported or {}).get(name)
        rows.append({"kernel": "IndexerBackwardSm100 (SM100)", "release": sm100_release, "handoff": SM100_W_LOADED.name,
                     "shape": f"{name}: topk={shape.topk}, heads={shape.heads}", "predicted bytes per CTA": p["bytes"],
                     "formula": p["formula"], "CTAs": shape.ctas, "predicted bytes, whole grid": p["bytes"] * shape.ctas,
                     "measured or reported": got, "source of that number": "PR #426 (reported, B200)" if got is not None
                     else "none: predicted only"})
    text = source(fwd_release, FWD_WEIGHTS.file)
    for precision, qh in fwd_cases:
        kernel = fwd_kernel(precision, qh)
        for finding, buffer in ((FWD_WEIGHTS, "sW"), (FWD_SCALES, "sKScale")):
            if finding is FWD_SCALES and precision != "fp8":
                continue
            p = predict_finding(finding, text, hits_by_release[fwd_release], kernel)
            got = ((measured or {}).get((precision, qh)) or {}).get(buffer)
            rows.append({"kernel": "IndexerForwardSm90 (SM90)", "release": fwd_release, "handoff": finding.name,
                         "shape": f"{precision.upper()}, qh={qh}, one CTA", "predicted bytes per CTA": p["bytes"],
                         "formula": p["formula"], "CTAs": 1, "predicted bytes, whole grid": p["bytes"],
                         "measured or reported": got,
                         "source of that number": "H200 (measured, run fwd-racecheck)" if got is not None
                         else "none: predicted only"})
    frame = pd.DataFrame(rows)
    frame["measured or reported"] = frame["measured or reported"].astype("Int64")
    return frame
