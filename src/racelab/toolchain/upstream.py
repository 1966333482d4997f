"""Compile upstream's SM100 indexer-backward kernel (``IndexerBackwardSm100``) to a cubin, on a CPU.

The kernel source is read from the downloaded ``nvidia-cudnn-frontend`` wheel (``racelab.toolchain.wheels``),
never from an installed ``cudnn`` and never copied into this repository. A *variant* names the source:

* ``release-X.Y.Z``: the kernel exactly as release X.Y.Z ships it (``release-1.26.0`` is unpatched,
  ``release-1.27.0`` carries the PR #426 fix);
* ``X.Y.Z-fix-reverted`` (``1.27.0-fix-reverted``): release X.Y.Z with the fix undone by a source
  transform (:func:`revert_fix`): W_LOADED's init count back to 1, its arrive back under
  ``with cute.arch.elect_one():``.

Each compile runs in a subprocess (``python -m racelab.toolchain.upstream --worker``) that imports the requested
CuTe DSL version (the venv's own, or one that :func:`dsl_paths` installs under ``.cache/dsl/<version>``)
and the kernel file from the wheel (:func:`kernel_module`: ``cudnn.*`` resolves to the wheel's folder,
whatever is installed), so releases and DSL versions never meet in one interpreter. Fake tensors stand in
for the arguments (:func:`fake_arguments`), so no GPU and no CUDA-enabled torch are needed. The DSL keeps
the PTX and the cubin (``CUTE_DSL_KEEP=ptx,cubin``); both are cached under ``.cache/cubins`` keyed by
:class:`CubinKey`. A cache hit imports neither ``cutlass`` nor ``torch``.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import hashlib
import importlib.machinery
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from racelab.toolchain import wheels
from racelab.core.paths import cache_dir

KERNEL_PATH = "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm100.py"
KERNEL_CLASS = "IndexerBackwardSm100"
DSL_PACKAGE = "nvidia-cutlass-dsl"
DEFAULT_ARCH = "sm_100a"
# Upstream compiles with compile_options("--opt-level 3") = "--enable-tvm-ffi --gpu-arch <arch> --opt-level 3";
# --enable-tvm-ffi changes only the host-side launcher, so it is left out (it needs apache-tvm-ffi).
COMPILE_OPTIONS = "--gpu-arch {arch} --opt-level 3"
# Bump when the worker's recipe (arguments, options) changes: it is part of every cache key.
RECIPE = 1

_RELEASE_RE = re.compile(r"^\d+\.\d+\.\d+$")
_VARIANT_RE = re.compile(r"^(?:release-(?P<release>\d+\.\d+\.\d+)|(?P<reverted>\d+\.\d+\.\d+)-fix-reverted)$")


class UpstreamError(RuntimeError):
    """Bad input or a failed build; the message names what was asked."""


class TransformError(UpstreamError):
    """A source transform did not find exactly the lines it rewrites."""


class SpecializationRejected(UpstreamError):
    """The kernel's own checks refused the specialization (constructor or compile-time assert)."""


class BuildFailed(UpstreamError):
    """The DSL could not build the kernel (e.g. a DSL version too old or too new for the release)."""


# --------------------------------------------------------------------------------------------------
# What to build
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Specialization:
    """The compile-time settings of ``IndexerBackwardSm100`` (its constructor arguments)."""

    head_dim: int = 128
    heads: int = 64
    block_I: int = 128
    topk: int = 128
    topk_indices_global: bool = False

    def slug(self) -> str:
        glob = "-global" if self.topk_indices_global else ""
        return f"d{self.head_dim}-h{self.heads}-b{self.block_I}-k{self.topk}{glob}"

    def kwargs(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Variant:
    """A named kernel source: a release as shipped, or a release with the fix reverted in code."""

    name: str
    release: str
    transform: str | None  # name of a function in this module, applied to the wheel's source text
    description: str


def variant(name: str) -> Variant:
    """Parse a variant name: ``release-X.Y.Z`` or ``X.Y.Z-fix-reverted``."""
    m = _VARIANT_RE.match(name or "")
    if not m:
        raise UpstreamError(f"unknown variant {name!r}: expected 'release-X.Y.Z' (e.g. release-1.26.0) "
                            f"or 'X.Y.Z-fix-reverted' (e.g. 1.27.0-fix-reverted)")
    if m["release"]:
        rel = m["release"]
        desc = {"1.26.0": "unpatched: elected arrive, init count 1",
                "1.27.0": "patched (PR #426): all 32 lanes arrive, init count 32"}.get(rel, f"release {rel} as shipped")
        return Variant(name, rel, None, desc)
    rel = m["reverted"]
    return Variant(name, rel, "revert_fix", f"release {rel} with the PR #426 fix reverted by a source transform")


def release_variant(release: str) -> Variant:
    check_release(release)
    return variant(f"release-{release}")


def check_release(release: str) -> str:
    if not _RELEASE_RE.match(release or ""):
        raise UpstreamError(f"release {release!r} is not a version like 1.26.0")
    return release


# --------------------------------------------------------------------------------------------------
# The source, and the transform that reverts the fix
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


def wheel_source(release: str) -> tuple[Path, str]:
    """The kernel file inside the release's wheel, and its text."""
    check_release(release)
    try:
        path = wheels.module_file(release, KERNEL_PATH)
    except wheels.WheelError as exc:
        raise UpstreamError(f"release {release}: {exc}") from exc
    return path, path.read_text()


def kernel_source(var: Variant) -> str:
    """The (possibly transformed) kernel source text of a variant."""
    _, text = wheel_source(var.release)
    if var.transform:
        text = TRANSFORMS[var.transform](text)
    return text


def source_sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


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
# CuTe DSL versions
# --------------------------------------------------------------------------------------------------

def venv_dsl_version() -> str | None:
    try:
        return importlib.metadata.version(DSL_PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        return None


def _dsl_target(version: str) -> Path:
    return cache_dir() / "dsl" / version


def _dsl_package_dirs(target: Path) -> list[Path]:
    """The folders the DSL wheel's .pth file would put on sys.path (dsl_packages/ or python_packages/)."""
    return sorted({p.parent.parent for p in target.glob("nvidia_cutlass_dsl/*/cutlass/__init__.py")})


def _installed_version(target: Path) -> str | None:
    found = sorted(target.glob("nvidia_cutlass_dsl-*.dist-info"))
    return found[0].name[len("nvidia_cutlass_dsl-"):-len(".dist-info")] if found else None


def dsl_paths(version: str, install: bool = True) -> list[str]:
    """sys.path entries (first) that make ``import cutlass`` load DSL ``version``; [] for the venv's own.

    Other versions are installed once with ``pip install --target .cache/dsl/<version>
    nvidia-cutlass-dsl[cu13]==<version>``. ``pip --target`` does not process the wheel's .pth file
    (4.5.0: a path line ``nvidia_cutlass_dsl/python_packages``; 4.6+: an import hook adding
    ``nvidia_cutlass_dsl/dsl_packages``), so the folder holding ``cutlass/`` is returned explicitly.
    """
    if not re.match(r"^\d+\.\d+\.\d+(\.\w+)?$", version or ""):
        raise UpstreamError(f"DSL version {version!r} is not a version like 4.6.1")
    if version == venv_dsl_version():
        return []
    target = _dsl_target(version)
    if _installed_version(target) != version:
        if not install:
            raise UpstreamError(f"nvidia-cutlass-dsl {version} is not installed under {target}")
        tmp = target.with_name(target.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.parent.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "install", "-q", "--no-compile", "--disable-pip-version-check",
               "--target", str(tmp), f"{DSL_PACKAGE}[cu13]=={version}"]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if _installed_version(tmp) != version:
            tail = [ln for ln in (proc.stderr or proc.stdout).splitlines() if ln.startswith("ERROR")][-1:]
            shutil.rmtree(tmp, ignore_errors=True)
            raise UpstreamError(f"cannot install nvidia-cutlass-dsl=={version}: {tail or 'pip failed'}")
        shutil.rmtree(target, ignore_errors=True)
        tmp.rename(target)
    dirs = _dsl_package_dirs(target)
    if not dirs:
        raise UpstreamError(f"nvidia-cutlass-dsl {version} under {target} has no cutlass package")
    return [str(d) for d in dirs] + [str(target)]


# --------------------------------------------------------------------------------------------------
# The cubin cache
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CubinKey:
    """Everything that determines the compiled kernel; its digest names the cache folder."""

    variant: str
    release: str
    dsl: str
    spec: Specialization
    arch: str
    source_sha256: str
    recipe: int = RECIPE

    def digest(self) -> str:
        blob = json.dumps(dataclasses.asdict(self), sort_keys=True).encode()
        return hashlib.sha256(blob).hexdigest()

    def dirname(self) -> str:
        return f"{self.variant}-dsl{self.dsl}-{self.spec.slug()}-{self.arch}-{self.digest()[:12]}"


@dataclass(frozen=True)
class Build:
    """A compiled kernel in the cache."""

    key: CubinKey
    path: Path  # the cache folder
    cached: bool  # True when this call found it already compiled
    compile_s: float  # wall time of the compile that made it (the DSL call alone)
    worker_s: float  # wall time of the whole worker subprocess (imports + compile)
    meta: dict

    @property
    def cubin(self) -> Path:
        return self.path / "kernel.cubin"

    @property
    def ptx(self) -> Path:
        return self.path / "kernel.ptx"


def cubin_cache() -> Path:
    path = cache_dir() / "cubins"
    path.mkdir(parents=True, exist_ok=True)
    return path


def make_key(var: Variant | str, spec: Specialization = Specialization(), dsl: str | None = None,
             arch: str = DEFAULT_ARCH) -> CubinKey:
    var = variant(var) if isinstance(var, str) else var
    dsl = dsl or venv_dsl_version()
    if not dsl:
        raise UpstreamError("no nvidia-cutlass-dsl in this environment; pass a DSL version")
    return CubinKey(var.name, var.release, dsl, spec, arch, source_sha256(kernel_source(var)))


def lookup(key: CubinKey) -> Build | None:
    folder = cubin_cache() / key.dirname()
    meta_path = folder / "build.json"
    if not meta_path.exists():
        return None
    meta = json.loads(meta_path.read_text())
    return Build(key, folder, True, meta["compile_s"], meta["worker_s"], meta)


def build(var: Variant | str, spec: Specialization = Specialization(), dsl: str | None = None,
          arch: str = DEFAULT_ARCH, fresh: bool = False, timeout: float = 900) -> Build:
    """The cubin and PTX of ``var`` compiled by DSL ``dsl`` for ``spec``: from the cache, else compiled.

    ``fresh=True`` compiles again and replaces the cached entry. Raises :class:`SpecializationRejected`
    or :class:`BuildFailed` (both :class:`UpstreamError`) with the worker's reason.
    """
    var = variant(var) if isinstance(var, str) else var
    key = make_key(var, spec, dsl, arch)
    if not fresh:
        hit = lookup(key)
        if hit is not None:
            return hit
    source = kernel_source(var)
    wheel_dir = wheels.extracted(var.release)
    extra = dsl_paths(key.dsl)
    folder = cubin_cache() / key.dirname()
    work = Path(tempfile.mkdtemp(prefix=key.dirname() + ".", dir=cubin_cache()))
    try:
        if var.transform:  # the transformed text, in a file (the DSL reads functions' source back)
            src_dir = work / "src"
            src_dir.mkdir()
            src_file = src_dir / Path(KERNEL_PATH).name
            src_file.write_text(source)
        else:  # the release's file, where the wheel put it
            src_file = wheels.module_file(var.release, KERNEL_PATH)
        dump = work / "dump"
        dump.mkdir()
        request = {"variant": var.name, "release": var.release, "dsl": key.dsl, "spec": spec.kwargs(),
                   "arch": arch, "source": str(src_file), "wheel": str(wheel_dir), "dsl_paths": extra,
                   "dump": str(dump), "result": str(work / "result.json")}
        env = _worker_env(dump)
        t0 = time.perf_counter()
        asked = f"variant {var.name} (release {var.release}), DSL {key.dsl}, {spec.slug()}, {arch}"
        try:
            proc = subprocess.run([sys.executable, "-m", "racelab.toolchain.upstream", "--worker", json.dumps(request)],
                                  capture_output=True, text=True, env=env, timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            raise BuildFailed(f"{asked}: the compile did not finish within {timeout:.0f} s") from exc
        worker_s = time.perf_counter() - t0
        result = json.loads((work / "result.json").read_text()) if (work / "result.json").exists() else None
        if result is None or not result.get("ok"):
            reason = (result or {}).get("error") or (proc.stderr.strip().splitlines() or ["worker died"])[-1]
            if (result or {}).get("kind") == "rejected":
                raise SpecializationRejected(f"the kernel rejects {asked}: {reason}")
            raise BuildFailed(f"DSL {key.dsl} cannot build {asked}: {reason}")
        cubins = sorted(dump.glob("*.cubin"))
        ptxs = sorted(dump.glob("*.ptx"))
        if len(cubins) != 1 or len(ptxs) != 1:
            raise BuildFailed(f"{asked}: expected one cubin and one PTX in the dump, found "
                              f"{[p.name for p in cubins + ptxs]}")
        staged = work / "out"
        staged.mkdir()
        shutil.move(str(cubins[0]), staged / "kernel.cubin")
        shutil.move(str(ptxs[0]), staged / "kernel.ptx")
        meta = {"key": dataclasses.asdict(key), "compile_s": result["compile_s"], "worker_s": worker_s,
                "cutlass_file": result["cutlass_file"], "dsl_reported": result["dsl_reported"],
                "module_file": result["module_file"], "options": result["options"],
                "built_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "dump_names": {"cubin": cubins[0].name, "ptx": ptxs[0].name}}
        (staged / "build.json").write_text(json.dumps(meta, indent=2) + "\n")
        if folder.exists():
            shutil.rmtree(folder)
        staged.rename(folder)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return Build(key, folder, False, meta["compile_s"], worker_s, meta)


def _worker_env(dump: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CUTE_DSL_")}
    from racelab.core.paths import src_root as _src
    src_root = str(_src())
    env["PYTHONPATH"] = os.pathsep.join([src_root] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env.update({"CUTE_DSL_KEEP": "ptx,cubin", "CUTE_DSL_DUMP_DIR": str(dump), "CUTE_DSL_NO_CACHE": "1",
                "PYTHONWARNINGS": "ignore", "CUDA_VISIBLE_DEVICES": env.get("CUDA_VISIBLE_DEVICES", "")})
    return env


# --------------------------------------------------------------------------------------------------
# Loading the kernel module (in the worker, or in-process for inspection)
# --------------------------------------------------------------------------------------------------

@contextmanager
def kernel_module(source_file: Path | str, wheel_dir: Path | str, name: str):
    """Import the kernel file as module ``name``, with ``cudnn.*`` resolved from ``wheel_dir``, for the block.

    First ``cudnn`` is entered as a bare package whose path is the wheel's ``cudnn/`` folder: its
    ``__init__``, which loads cuDNN's native bindings (built for one Python version, loadable once per
    process), is not run; up to release 1.27 the kernel needs only the pure-Python helpers under
    ``cudnn.deepseek_sparse_attention``. If the kernel imports from ``cudnn`` itself (later releases
    import ``cudnn.api_base``, which needs the bindings), the wheel's real package is imported instead.
    Inside the block everything stays importable (the DSL's AST preprocessor re-runs the module's
    imports when it compiles). On exit ``sys.modules`` is restored: any ``cudnn`` imported before is back.
    """
    source_file, wheel_dir = Path(source_file), Path(wheel_dir)
    package_dir = wheel_dir / "cudnn"
    if not package_dir.is_dir():
        raise UpstreamError(f"{wheel_dir} holds no cudnn package")
    saved = {k: sys.modules.pop(k) for k in list(sys.modules) if k == "cudnn" or k.startswith("cudnn.")}

    def forget(keep_native: bool = False):
        sys.modules.pop(name, None)
        for k in [k for k in sys.modules if k == "cudnn" or k.startswith("cudnn.")]:
            # a native extension cannot be loaded twice: a retry must reuse the one already loaded
            if keep_native and str(getattr(sys.modules[k], "__file__", "")).endswith(".so"):
                continue
            del sys.modules[k]

    def load(native: bool):
        if native:
            spec = importlib.util.spec_from_file_location("cudnn", package_dir / "__init__.py",
                                                          submodule_search_locations=[str(package_dir)])
        else:
            spec = importlib.machinery.ModuleSpec("cudnn", None, is_package=True)
            spec.submodule_search_locations = [str(package_dir)]
        package = importlib.util.module_from_spec(spec)
        sys.modules["cudnn"] = package
        if native:
            spec.loader.exec_module(package)
        spec = importlib.util.spec_from_file_location(name, source_file)
        module = importlib.util.module_from_spec(spec)
        # relative imports (later releases: `from .deterministic_dk_sm100 import ...`) resolve in the wheel
        module.__package__ = str(Path(KERNEL_PATH).parent).replace("/", ".")
        sys.modules[name] = module  # the DSL's preprocessor looks the module up by name
        spec.loader.exec_module(module)
        return module

    try:
        try:
            module = load(native=False)
        except ImportError as exc:
            if "cudnn" not in str(exc):
                raise
            forget(keep_native=True)
            module = load(native=True)
        helpers = sys.modules.get("cudnn.deepseek_sparse_attention")
        if helpers is None or not Path(helpers.__file__).resolve().is_relative_to(package_dir.resolve()):
            raise UpstreamError(f"cudnn.deepseek_sparse_attention resolved to {getattr(helpers, '__file__', None)}, "
                                f"not to the wheel at {wheel_dir}")
        yield module
    finally:
        forget()
        sys.modules.update(saved)


def module_name(var_name: str, sha: str) -> str:
    return "racelab_upstream_" + re.sub(r"\W", "_", var_name) + "_" + sha[:12]


def fake_arguments(cute, cutlass):
    """The arguments of ``IndexerBackwardSm100.__call__``, as fake tensors (no GPU, no torch CUDA).

    Mirrors upstream's ``_ensure_compiled`` (indexer_backward_sm100.py) and ``IndexerBackward``
    (api.py): mQ (B,S_q,H,D) bf16, mW (B,S_q,H) bf16, mK (B,S_k,D) bf16, mdQ like mQ, mdW like mW,
    mdK_f32 (B,S_k,D) fp32, mGradSignal (B,S_q,topk) fp32, mTopkIdx (B,S_q,topk) int32, then
    ``Float32(sm_scale)`` and a stream. ``to_cute_tensor`` marks every extent dynamic and every stride
    dynamic except the contiguous last one (=1), with 16-byte alignment: the same here.
    """
    from cutlass.cute.runtime import make_fake_stream, make_fake_tensor

    def tensor(dtype, rank):
        shape = tuple(cute.sym_int32() for _ in range(rank))
        stride = tuple(cute.sym_int64() for _ in range(rank - 1)) + (1,)
        return make_fake_tensor(dtype, shape, stride, assumed_align=16)

    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    return [tensor(bf16, 4), tensor(bf16, 3), tensor(bf16, 3), tensor(bf16, 4), tensor(bf16, 3),
            tensor(f32, 3), tensor(f32, 3), tensor(i32, 3), cutlass.Float32(1.0), make_fake_stream()]


def _worker(request: dict) -> dict:
    """Runs in the compile subprocess: import the DSL and the kernel, compile, report."""
    extra = request["dsl_paths"]
    if extra:  # the venv's own DSL .pth may have put its packages first: take them out
        sys.path[:] = [p for p in sys.path if "nvidia_cutlass_dsl" not in p]
        sys.path[:0] = extra
        for k in [k for k in sys.modules if k.startswith(("nvidia_cutlass_dsl", "cutlass"))]:
            del sys.modules[k]
    out = {"ok": False}
    try:
        import cutlass
        import cutlass.cute as cute
    except Exception as exc:  # noqa: BLE001 - reported to the parent
        return {**out, "kind": "import", "error": f"import cutlass failed: {exc!r}"}
    out["cutlass_file"] = cutlass.__file__
    out["dsl_reported"] = getattr(cutlass, "__version__", None)
    if extra and not cutlass.__file__.startswith(tuple(extra)):
        return {**out, "kind": "import", "error": f"cutlass came from {cutlass.__file__}, not {extra}"}
    src = Path(request["source"])
    try:
        ctx = kernel_module(src, request["wheel"], module_name(request["variant"], source_sha256(src.read_text())))
        module = ctx.__enter__()
    except Exception as exc:  # noqa: BLE001
        return {**out, "kind": "import", "error": f"importing the kernel failed: {exc!r}"}
    try:
        out["module_file"] = module.__file__
        try:
            obj = getattr(module, KERNEL_CLASS)(**request["spec"])
        except AssertionError as exc:
            return {**out, "kind": "rejected", "error": f"{KERNEL_CLASS}({request['spec']}) asserts: "
                                                        f"{_assert_text(exc, src)}"}
        except Exception as exc:  # noqa: BLE001
            return {**out, "kind": "rejected", "error": f"{KERNEL_CLASS}({request['spec']}) raised {exc!r}"}
        options = COMPILE_OPTIONS.format(arch=request["arch"])
        out["options"] = options
        try:
            t0 = time.perf_counter()
            cute.compile(obj, *fake_arguments(cute, cutlass), options=options)
            out["compile_s"] = time.perf_counter() - t0
        except Exception as exc:  # noqa: BLE001
            # An assert or a bad extent raised from the kernel's own code is the kernel refusing the
            # specialization (e.g. sTopkIdxs capacity < 0); anything else is the DSL failing to build it.
            rejected = isinstance(_root(exc), (AssertionError, ValueError)) and _raised_in(exc, src)
            kind = "rejected" if rejected else "compile"
            return {**out, "kind": kind, "error": _one_line(exc, src)}
    finally:
        ctx.__exit__(None, None, None)
    out["ok"] = True
    return out


def _root(exc: BaseException) -> BaseException:
    while exc.__cause__ is not None or (exc.__context__ is not None and not exc.__suppress_context__):
        exc = exc.__cause__ or exc.__context__
    return exc


def _raised_in(exc: BaseException, src: Path) -> bool:
    for e in (exc, _root(exc)):
        if any(Path(fr.filename).name == src.name for fr in traceback.extract_tb(e.__traceback__)):
            return True
    text = "".join(traceback.format_exception(exc))
    return src.name in text and "assert" in text.lower()


def _assert_text(exc: BaseException, src: Path) -> str:
    msg = str(exc).strip()
    if msg:
        return msg
    frames = [fr for fr in traceback.extract_tb(exc.__traceback__) if Path(fr.filename).name == src.name]
    return (frames[-1].line or "assertion failed") if frames else "assertion failed"


def _one_line(exc: BaseException, src: Path) -> str:
    root = _root(exc)
    msg = (str(root) or str(exc) or type(root).__name__).strip().splitlines()
    first = next((ln.strip() for ln in msg if ln.strip()), type(root).__name__)
    return f"{type(root).__name__}: {first[:400]}"


def main(argv: list[str] | None = None) -> int:
    """``python -m racelab.toolchain.upstream --worker JSON`` (internal) or ``... VARIANT [--topk N] [--dsl V]``."""
    ap = argparse.ArgumentParser(prog="python -m racelab.toolchain.upstream", description=__doc__.splitlines()[0])
    ap.add_argument("variant", nargs="?", default="release-1.26.0")
    ap.add_argument("--topk", type=int, default=Specialization.topk)
    ap.add_argument("--dsl", default=None)
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        request = json.loads(args.worker)
        result = _worker(request)
        Path(request["result"]).write_text(json.dumps(result))
        return 0 if result.get("ok") else 1
    try:
        b = build(args.variant, Specialization(topk=args.topk), args.dsl, fresh=args.fresh)
    except UpstreamError as exc:
        print(f"racelab.toolchain.upstream: {exc}", file=sys.stderr)
        return 2
    print(json.dumps({"cubin": str(b.cubin), "ptx": str(b.ptx), "cached": b.cached,
                      "compile_s": round(b.compile_s, 2)}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
