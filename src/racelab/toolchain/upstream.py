"""Compile upstream's SM100 indexer-backward kernel (``IndexerBackwardSm100``) to a cubin, on a CPU.

The kernel source is read from the downloaded ``nvidia-cudnn-frontend`` wheel (``racelab.toolchain.wheels``),
never from an installed ``cudnn`` and never copied into this repository. A *variant* names the source:

* ``release-X.Y.Z``: the kernel exactly as release X.Y.Z ships it (``release-1.26.0`` is unpatched,
  ``release-1.27.0`` carries the PR #426 fix);
* ``X.Y.Z-fix-reverted`` (``1.27.0-fix-reverted``): release X.Y.Z with the fix undone by a source
  transform (:func:`racelab.toolchain.transforms.revert_fix`): W_LOADED's init count back to 1, its arrive
  back under ``with cute.arch.elect_one():``.

Variant names are :class:`racelab.vocab.UpstreamVariant`'s. Each compile runs in a subprocess
(``python -m racelab.toolchain.upstream REQUEST``) that imports the requested CuTe DSL version (the venv's own,
or one that :func:`dsl_paths` installs under ``.cache/dsl/<version>``) and the kernel file from the wheel
(:func:`racelab.toolchain.loaders.upstream_module`: ``cudnn.*`` resolves to the wheel's folder, whatever is
installed), so releases and DSL versions never meet in one interpreter. Fake tensors stand in
for the arguments (:func:`fake_arguments`), so no GPU and no CUDA-enabled torch are needed. The DSL keeps
the PTX and the cubin (``CUTE_DSL_KEEP=ptx,cubin``); both are cached under ``.cache/cubins`` keyed by
:class:`CubinKey`. A cache hit imports neither ``cutlass`` nor ``torch``.
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import json
import os
import re
import shutil
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from racelab import vocab
from racelab.core import files, proc
from racelab.core.paths import cache_dir, child_env
from racelab.toolchain import loaders, wheels
from racelab.toolchain.transforms import (KERNEL_CLASS, TRANSFORMS, BarrierLayout, TransformError,  # noqa: F401
                                          UpstreamError, barrier_layout, revert_fix)

KERNEL_PATH = "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm100.py"
KERNEL_MODULE = KERNEL_PATH[:-len(".py")].replace("/", ".")
# The kernels this module compiles: name -> (file inside the wheel, class). The SM90 sibling's __call__ takes,
# after the SM100 one's arguments, the varlen tensors (None here) and two Int32 sequence lengths (unused on the
# sparse path), as upstream's _ensure_compiled (indexer_backward_sm90.py) passes them.
KERNEL_FILES = {"sm100": (KERNEL_PATH, KERNEL_CLASS),
                "sm90": (KERNEL_PATH.replace("sm100", "sm90"), KERNEL_CLASS.replace("Sm100", "Sm90"))}
DSL_PACKAGE = "nvidia-cutlass-dsl"
DEFAULT_ARCH = "sm_100a"
# Upstream compiles with compile_options("--opt-level 3") = "--enable-tvm-ffi --gpu-arch <arch> --opt-level 3";
# --enable-tvm-ffi changes only the host-side launcher, so it is left out (it needs apache-tvm-ffi).
COMPILE_OPTIONS = "--gpu-arch {arch} --opt-level 3"
# Bump when the worker's recipe (arguments, options) changes: it is part of every cache key.
RECIPE = 1

PIP_TIMEOUT_S = 600.0


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


Variant = vocab.UpstreamVariant


def variant(name: str) -> Variant:
    """Parse a variant name: ``release-X.Y.Z`` or ``X.Y.Z-fix-reverted``."""
    try:
        return vocab.UpstreamVariant.parse(name)
    except vocab.VocabError as exc:
        raise UpstreamError(str(exc)) from None


def release_variant(release: str) -> Variant:
    return variant(f"release-{check_release(release)}")


def check_release(release: str) -> str:
    try:
        return vocab.check_release(release)
    except vocab.VocabError as exc:
        raise UpstreamError(str(exc)) from None


def wheel_source(release: str, path: str = KERNEL_PATH) -> tuple[Path, str]:
    """A kernel file inside the release's wheel (default: the SM100 indexer backward), and its text."""
    check_release(release)
    try:
        file = wheels.module_file(release, path)
    except wheels.WheelError as exc:
        raise UpstreamError(f"release {release}: {exc}") from exc
    return file, file.read_text()


def kernel_source(var: Variant, path: str = KERNEL_PATH) -> str:
    """The (possibly transformed) source text of a variant's kernel file (default: the SM100 indexer backward)."""
    _, text = wheel_source(var.release, path)
    for name in var.transforms:
        text = TRANSFORMS[name](text)
    return text


def source_sha256(text: str) -> str:
    return files.sha256_bytes(text.encode())


# --------------------------------------------------------------------------------------------------
# Where the kernel runs, and what its compile path needs
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ArchSupport:
    """What a GPU of compute capability ``(major, minor)`` can do with ``IndexerBackwardSm100``."""

    capability: tuple[int, int]
    runs: bool  # the SM100 experiments (PR #426's measurements) run here
    arch: str | None  # the --gpu-arch a build for this GPU takes (None: the kernel cannot run here)
    reason: str


def arch_support(capability) -> ArchSupport:
    """The one compute-capability policy of the real SM100 kernel.

    10.0 (B200, GB200) runs everything, built for sm_100a as PR #426 measured. 10.3 (B300, GB300) does not:
    an ``a`` cubin runs only on its own compute capability, so the sm_100a builds (SASS, caches) do not run
    there; upstream's wrapper builds for sm_103a itself, but such runs are not PR #426's measurement. 12.x
    (RTX 50, RTX PRO Blackwell) lacks tcgen05 and tensor memory, which the kernel is made of."""
    major, minor = (int(c) for c in capability)
    cap = (major, minor)
    if cap == (10, 0):
        return ArchSupport(cap, True, "sm_100a", "sm_100 (B200/GB200): the GPU PR #426 measured on")
    if cap == (10, 3):
        return ArchSupport(cap, False, "sm_103a", (
            "sm_103 (B300/GB300) cannot run the sm_100a cubins this project builds (an sm_100a cubin runs only "
            "on compute capability 10.0), and PR #426's figures are sm_100 measurements, so `make live` does "
            "not record SM100 runs here. What does run here: upstream's own wrapper, which compiles for sm_103a "
            "by itself (its compile_options maps (10, 3) to --gpu-arch sm_103a). To build the kernel for sm_103a "
            "on any machine, no GPU needed: racelab.toolchain.upstream.build(VARIANT, arch=\"sm_103a\")"))
    if major == 12:
        return ArchSupport(cap, False, None, (
            f"sm_{major}{minor} (consumer/workstation Blackwell) has no tcgen05 MMA and no tensor memory, "
            f"which IndexerBackwardSm100 is built on: the kernel cannot run here"))
    if major == 9:
        return ArchSupport(cap, False, None, (
            f"sm_{major}{minor} (Hopper) cannot run the SM100 kernel (tcgen05, tensor memory); upstream's SM90 "
            f"kernel and the SM90 twin run here"))
    return ArchSupport(cap, False, None, f"sm_{major}{minor}: IndexerBackwardSm100 needs sm_100 (B200/GB200)")


COMPILE_PATH_MODULES = {"tvm_ffi": "apache-tvm-ffi", "torch_c_dlpack_ext": "torch-c-dlpack-ext"}
"""What upstream's compile path imports beyond torch and the DSL (its ``cutedsl`` extra): module -> package.
``compile_options`` always passes --enable-tvm-ffi, and ``to_cute_tensor`` converts through TVM FFI."""


def missing_compile_modules() -> list[str]:
    """The packages of COMPILE_PATH_MODULES that cannot be imported here (pinned in requirements.lock)."""
    import importlib.util
    return [pkg for mod, pkg in COMPILE_PATH_MODULES.items() if importlib.util.find_spec(mod) is None]


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
            raise UpstreamError(f"nvidia-cutlass-dsl {version} is not installed under {target} "
                                f"(`racelab real fetch` or `make fetch` installs it)")
        tmp = target.with_name(target.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.parent.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "install", "-q", "--no-compile", "--disable-pip-version-check",
               "--target", str(tmp), f"{DSL_PACKAGE}[cu13]=={version}"]
        done = proc.run(cmd, timeout_s=PIP_TIMEOUT_S)
        if _installed_version(tmp) != version:
            tail = [ln for ln in (done.stderr or done.stdout).splitlines() if ln.startswith("ERROR")][-1:]
            if done.timed_out:
                tail = [done.timeout_note()]
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
    kernel: str = "sm100"  # a key of KERNEL_FILES

    def digest(self) -> str:
        return files.sha256_bytes(json.dumps(dataclasses.asdict(self), sort_keys=True).encode())

    def dirname(self) -> str:
        return f"{'' if self.kernel == 'sm100' else self.kernel + '-'}{self.variant}-dsl{self.dsl}-{self.spec.slug()}-{self.arch}-{self.digest()[:12]}"


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


def kernel_file(kernel: str) -> tuple[str, str]:
    """(path inside the wheel, class) of a kernel this module compiles ("sm100", "sm90")."""
    if kernel not in KERNEL_FILES:
        raise UpstreamError(f"unknown kernel {kernel!r}; one of {', '.join(KERNEL_FILES)}")
    return KERNEL_FILES[kernel]


def make_key(var: Variant | str, spec: Specialization = Specialization(), dsl: str | None = None,
             arch: str = DEFAULT_ARCH, kernel: str = "sm100") -> CubinKey:
    var = variant(var) if isinstance(var, str) else var
    dsl = dsl or venv_dsl_version()
    if not dsl:
        raise UpstreamError("no nvidia-cutlass-dsl in this environment; pass a DSL version")
    source = kernel_source(var, kernel_file(kernel)[0])
    return CubinKey(var.name, var.release, dsl, spec, arch, source_sha256(source), RECIPE, kernel)


def lookup(key: CubinKey) -> Build | None:
    folder = cubin_cache() / key.dirname()
    meta_path = folder / "build.json"
    if not meta_path.exists():
        return None
    meta = json.loads(meta_path.read_text())
    return Build(key, folder, True, meta["compile_s"], meta["worker_s"], meta)


def build(var: Variant | str, spec: Specialization = Specialization(), dsl: str | None = None,
          arch: str = DEFAULT_ARCH, fresh: bool = False, timeout: float = 900, kernel: str = "sm100") -> Build:
    """The cubin and PTX of ``var`` compiled by DSL ``dsl`` for ``spec``: from the cache, else compiled.

    ``fresh=True`` compiles again and replaces the cached entry. Raises :class:`SpecializationRejected`
    or :class:`BuildFailed` (both :class:`UpstreamError`) with the worker's reason.
    """
    var = variant(var) if isinstance(var, str) else var
    key = make_key(var, spec, dsl, arch, kernel)
    if not fresh:
        hit = lookup(key)
        if hit is not None:
            return hit
    path, cls = kernel_file(kernel)
    source = kernel_source(var, path)
    wheel_dir = wheels.extracted(var.release)
    extra = dsl_paths(key.dsl)
    folder = cubin_cache() / key.dirname()
    work = Path(tempfile.mkdtemp(prefix=key.dirname() + ".", dir=cubin_cache()))
    try:
        if var.transform:  # the transformed text, in a file (the DSL reads functions' source back)
            src_dir = work / "src"
            src_dir.mkdir()
            src_file = src_dir / Path(path).name
            src_file.write_text(source)
        else:  # the release's file, where the wheel put it
            src_file = wheels.module_file(var.release, path)
        dump = work / "dump"
        dump.mkdir()
        request = {"variant": var.name, "release": var.release, "dsl": key.dsl, "spec": spec.kwargs(),
                   "arch": arch, "source": str(src_file), "wheel": str(wheel_dir), "dsl_paths": extra,
                   "dump": str(dump), "result": str(work / "result.json"), "kernel": kernel}
        env = _worker_env(dump)
        t0 = time.perf_counter()
        asked = f"variant {var.name} (release {var.release}, {cls}), DSL {key.dsl}, {spec.slug()}, {arch}"
        done = proc.run([sys.executable, "-m", "racelab.toolchain.upstream", json.dumps(request)],
                        timeout_s=timeout, env=env)
        if done.timed_out:
            raise BuildFailed(f"{asked}: the compile did not finish within {timeout:.0f} s")
        worker_s = time.perf_counter() - t0
        result = json.loads((work / "result.json").read_text()) if (work / "result.json").exists() else None
        if result is None or not result.get("ok"):
            reason = (result or {}).get("error") or (done.stderr.strip().splitlines() or ["worker died"])[-1]
            if (result or {}).get("kind") == "rejected":
                raise SpecializationRejected(f"the kernel rejects {asked}: {reason}")
            raise BuildFailed(f"DSL {key.dsl} cannot build {asked}: {reason}")
        staged, meta = _stage(work, dump, key, result, worker_s, asked)
        if folder.exists():
            shutil.rmtree(folder)
        staged.rename(folder)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return Build(key, folder, False, meta["compile_s"], worker_s, meta)


def _stage(work: Path, dump: Path, key, result: dict, worker_s: float, asked: str) -> tuple[Path, dict]:
    """The dump's one cubin and one PTX, moved with build.json (what built them) into ``work/out``; BuildFailed
    where the dump holds any other number of them. Returns (that folder, build.json's content)."""
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
    return staged, meta


def _worker_env(dump: Path) -> dict:
    env = child_env({k: v for k, v in os.environ.items() if not k.startswith("CUTE_DSL_")})
    env.update({"CUTE_DSL_KEEP": "ptx,cubin", "CUTE_DSL_DUMP_DIR": str(dump), "CUTE_DSL_NO_CACHE": "1",
                "PYTHONWARNINGS": "ignore", "CUDA_VISIBLE_DEVICES": env.get("CUDA_VISIBLE_DEVICES", "")})
    return env


# --------------------------------------------------------------------------------------------------
# In the compile worker
# --------------------------------------------------------------------------------------------------

def module_name(var_name: str, sha: str) -> str:
    return "racelab_upstream_" + re.sub(r"\W", "_", var_name) + "_" + sha[:12]


def fake_tensor(cute, dtype, rank: int):
    """A fake global-memory tensor as upstream's ``to_cute_tensor`` marks a contiguous one: every extent and
    every stride dynamic except the contiguous last stride (=1), 16-byte alignment."""
    from cutlass.cute.runtime import make_fake_tensor

    shape = tuple(cute.sym_int32() for _ in range(rank))
    stride = tuple(cute.sym_int64() for _ in range(rank - 1)) + (1,)
    return make_fake_tensor(dtype, shape, stride, assumed_align=16)


def fake_arguments(cute, cutlass, kernel: str = "sm100"):
    """The arguments of ``IndexerBackwardSm100.__call__`` (or the SM90 sibling's: KERNEL_FILES), as fake
    tensors (no GPU, no torch CUDA).

    Mirrors upstream's ``_ensure_compiled`` (indexer_backward_sm100.py) and ``IndexerBackward``
    (api.py): mQ (B,S_q,H,D) bf16, mW (B,S_q,H) bf16, mK (B,S_k,D) bf16, mdQ like mQ, mdW like mW,
    mdK_f32 (B,S_k,D) fp32, mGradSignal (B,S_q,topk) fp32, mTopkIdx (B,S_q,topk) int32, then
    ``Float32(sm_scale)`` and a stream. ``to_cute_tensor`` marks every extent dynamic and every stride
    dynamic except the contiguous last one (=1), with 16-byte alignment: the same here.
    """
    from cutlass.cute.runtime import make_fake_stream

    def tensor(dtype, rank):
        return fake_tensor(cute, dtype, rank)

    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    args = [tensor(bf16, 4), tensor(bf16, 3), tensor(bf16, 3), tensor(bf16, 4), tensor(bf16, 3),
            tensor(f32, 3), tensor(f32, 3), tensor(i32, 3), cutlass.Float32(1.0), make_fake_stream()]
    return args + ([None, None, cutlass.Int32(1), cutlass.Int32(1)] if kernel == "sm90" else [])


def worker(request: dict) -> dict:
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
    kernel = request.get("kernel", "sm100")
    path, cls = kernel_file(kernel)
    mod = path[:-len(".py")].replace("/", ".")
    try:
        ctx = loaders.upstream_module(request["release"], mod, replace={mod: src},
                                      name=module_name(request["variant"], source_sha256(src.read_text())),
                                      native=None)
        module = ctx.__enter__()
    except Exception as exc:  # noqa: BLE001
        return {**out, "kind": "import", "error": f"importing the kernel failed: {exc!r}"}
    try:
        out["module_file"] = module.__file__
        try:
            obj = getattr(module, cls)(**request["spec"])
        except AssertionError as exc:
            return {**out, "kind": "rejected", "error": f"{cls}({request['spec']}) asserts: "
                                                        f"{_assert_text(exc, src)}"}
        except Exception as exc:  # noqa: BLE001
            return {**out, "kind": "rejected", "error": f"{cls}({request['spec']}) raised {exc!r}"}
        options = COMPILE_OPTIONS.format(arch=request["arch"])
        out["options"] = options
        try:
            t0 = time.perf_counter()
            cute.compile(obj, *fake_arguments(cute, cutlass, kernel), options=options)
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


if __name__ == "__main__":  # `python -m racelab.toolchain.upstream REQUEST`: the compile process `build` starts
    from racelab.toolchain import upstream  # the module itself, not this __main__ copy

    _request = json.loads(sys.argv[1])
    _result = upstream.worker(_request)
    Path(_request["result"]).write_text(json.dumps(_result))
    sys.exit(0 if _result.get("ok") else 1)
