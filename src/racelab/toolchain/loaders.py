"""The two ways racelab imports code that is not part of the package.

* :func:`load_kernel` imports one of the project's kernel files (``kernels/<name>.py``) by path, once per
  process, under the module name ``<name>`` (the CuTe DSL reads a kernel's source back through its module).
* :func:`upstream_module` imports a module of an nvidia-cudnn-frontend release from its unpacked wheel
  (:mod:`racelab.toolchain.wheels`), optionally with some of the release's modules replaced by other source
  text (a transformed kernel) and with another CuTe DSL version on ``sys.path``; when the block ends,
  ``sys.path`` and ``sys.modules`` are as they were before it.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from racelab.core import files
from racelab.core.paths import cache_dir, kernels_dir

DSL_PREFIXES = ("cutlass", "nvidia_cutlass_dsl")


class LoaderError(RuntimeError):
    """The module could not be found or did not come from where it was asked for."""


# ------------------------------------------------------------------------------------- kernels


def load_kernel(name: str, path: Path | str | None = None):
    """``kernels/<name>.py`` (or ``path``) imported as module ``name``, once per process.

    A second call returns the module already in ``sys.modules``. If executing the file fails, the
    half-imported module is removed again and the error propagates, so a later call starts afresh."""
    if not re.fullmatch(r"[A-Za-z_]\w*", name or ""):
        raise LoaderError(f"kernel name {name!r} is not a module name")
    path = Path(path) if path is not None else kernels_dir() / f"{name}.py"
    cached = sys.modules.get(name)
    if cached is not None:
        loaded = getattr(cached, "__file__", None)
        if loaded and Path(loaded).resolve() != path.resolve():
            raise LoaderError(f"module {name} is already imported from {loaded}, not {path}")
        return cached
    if not path.is_file():
        raise LoaderError(f"no kernel file {path}")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # the DSL looks the module up by name while it compiles
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


# ------------------------------------------------------------------------------------- upstream releases


def _is_under(name: str, prefixes: Sequence[str]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def source_file(module: str, source: str | Path, release: str) -> Path:
    """A file holding ``source`` for ``module``: a Path is used as it is; text is written once under
    ``.cache/upstream-src/<release>-<sha256[:12]>/`` with the module's own file name, so that tools that
    report file:line (racecheck, the DSL) name the same file as upstream's."""
    if isinstance(source, Path):
        if not source.is_file():
            raise LoaderError(f"no source file {source} for {module}")
        return source
    digest = files.sha256_bytes(source.encode())
    folder = cache_dir() / "upstream-src" / f"{release}-{digest[:12]}"
    path = folder / (module.rpartition(".")[2] + ".py")
    if not path.exists() or path.read_text() != source:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(source)
        tmp.replace(path)
    return path


def _load_file(name: str, path: Path, package: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = package  # relative imports resolve in the release's package
    sys.modules[name] = module  # the DSL's preprocessor looks the module up by name
    spec.loader.exec_module(module)
    return module


def _enter_cudnn(package_dir: Path, native: bool) -> None:
    """Make ``cudnn`` the package in ``package_dir``: its ``__init__`` run (native) or a bare package
    whose ``__init__`` (which loads cuDNN's native bindings) is skipped."""
    if native:
        spec = importlib.util.spec_from_file_location("cudnn", package_dir / "__init__.py",
                                                      submodule_search_locations=[str(package_dir)])
    else:
        spec = importlib.machinery.ModuleSpec("cudnn", None, is_package=True)
        spec.submodule_search_locations = [str(package_dir)]
    package = importlib.util.module_from_spec(spec)
    sys.modules["cudnn"] = package
    if native:
        try:
            spec.loader.exec_module(package)
        except BaseException:
            sys.modules.pop("cudnn", None)
            raise


def _installed_cudnn(release: str) -> Path | None:
    """The sys.path folder of an importable ``cudnn`` if it is ``release``; None otherwise. The version comes
    from the package's metadata where it has one, so ``cudnn`` (and its native module, which some releases
    cannot initialise twice in one process) is not imported just to ask."""
    spec = importlib.util.find_spec("cudnn")
    if spec is None:
        return None
    from importlib import metadata
    try:
        version = metadata.version("nvidia-cudnn-frontend")
    except metadata.PackageNotFoundError:
        version = None
    if version is not None and spec.origin is not None:
        return Path(spec.origin).resolve().parent.parent if version == release else None
    try:
        package = importlib.import_module("cudnn")
    except Exception:  # noqa: BLE001 - not usable: the wheel is used instead
        package = None
    version = getattr(package, "__version__", None)
    folder = Path(package.__file__).resolve().parent.parent if version == release else None
    for k in [k for k in sys.modules if _is_under(k, ("cudnn",))]:
        del sys.modules[k]
    return folder


@contextmanager
def upstream_module(release: str, module: str, *, replace: Mapping[str, str | Path] | None = None,
                    name: str | None = None, dsl_paths: Sequence[str] = (), native: bool | None = True,
                    installed_ok: bool = False) -> Iterator:
    """Import ``module`` (dotted, e.g. ``cudnn.deepseek_sparse_attention.indexer_backward.api``) of
    nvidia-cudnn-frontend ``release`` and yield it; on exit restore ``sys.path`` and ``sys.modules``.

    ``cudnn`` resolves to the release's unpacked wheel whatever is installed (with ``installed_ok``, an
    importable ``cudnn`` of exactly that version is used instead; a GPU machine may carry it without
    the wheel cache).

    * ``replace``: ``{dotted module: source text or file}`` loaded in place of the release's own file,
      under the dotted name, before ``module`` is imported, so the release's code picks it up.
      Text goes to a file (:func:`source_file`): the DSL reads kernel source back from the file.
    * ``name``: register ``module`` itself under this name instead of its dotted one (its relative
      imports still resolve in its package); a compiled kernel's symbol names carry the module name.
    * ``dsl_paths``: folders that make ``import cutlass`` load another CuTe DSL version
      (``racelab.toolchain.upstream.dsl_paths``): the venv's own DSL entries leave ``sys.path`` and any
      imported ``cutlass`` leaves ``sys.modules`` for the block.
    * ``native``: True runs ``cudnn/__init__`` (cuDNN's native bindings, loadable once per process);
      False enters ``cudnn`` as a bare package; None tries bare first and falls back to native when
      the module needs ``cudnn`` itself (later releases import ``cudnn.api_base``).
    """
    replace = dict(replace or {})
    prefixes = ("cudnn",) + (DSL_PREFIXES if dsl_paths else ())
    extra_names = set(replace) | {module} | ({name} if name else set())
    saved_path = list(sys.path)
    saved = {k: v for k, v in sys.modules.items() if _is_under(k, prefixes) or k in extra_names}
    for k in saved:
        del sys.modules[k]

    def forget(keep_native: bool = False) -> None:
        _forget(prefixes, extra_names, keep_native)

    def load(folder: Path, native_now: bool):
        return _load_release(folder, native_now, release, module, replace, name)

    try:
        if dsl_paths:
            sys.path[:] = [p for p in sys.path if "nvidia_cutlass_dsl" not in p]
            sys.path[:0] = [str(p) for p in dsl_paths]
        folder = _release_folder(release, installed_ok)
        if not (folder / "cudnn").is_dir():
            raise LoaderError(f"{folder} holds no cudnn package")
        if native is None:
            try:
                loaded = load(folder, native_now=False)
            except ImportError as exc:
                if "cudnn" not in str(exc):
                    raise
                forget(keep_native=True)
                loaded = load(folder, native_now=True)
        else:
            loaded = load(folder, native_now=native)
        _check_resolved(release, folder)
        yield loaded
    finally:
        forget()
        sys.modules.update(saved)
        sys.path[:] = saved_path


def _forget(prefixes: tuple, names: set, keep_native: bool = False) -> None:
    """Drop from ``sys.modules`` every module under ``prefixes`` and every one of ``names``; with
    ``keep_native``, keep native extensions (one cannot be loaded twice: a retry reuses the one loaded)."""
    for k in [k for k in sys.modules if _is_under(k, prefixes) or k in names]:
        if keep_native and str(getattr(sys.modules[k], "__file__", "") or "").endswith(".so"):
            continue
        del sys.modules[k]


def _load_release(folder: Path, native: bool, release: str, module: str, replace: dict, name: str | None):
    """Enter ``folder``'s ``cudnn`` (natively or bare), load the ``replace`` files under their dotted names, then
    import ``module`` (or load it under ``name``); upstream_module's one attempt."""
    _enter_cudnn(folder / "cudnn", native)
    for dotted, src in replace.items():
        if dotted == module and name:
            continue
        _load_file(dotted, source_file(dotted, src, release), dotted.rpartition(".")[0])
    if name:
        src = replace.get(module)
        path = source_file(module, src, release) if src is not None else _module_file(folder, module)
        return _load_file(name, path, module.rpartition(".")[0])
    return importlib.import_module(module)


def _release_folder(release: str, installed_ok: bool) -> Path:
    """The folder whose ``cudnn`` is nvidia-cudnn-frontend ``release``: the importable one where
    ``installed_ok`` and it is that version, else the release's unpacked wheel (put first on ``sys.path``)."""
    folder = _installed_cudnn(release) if installed_ok else None
    if folder is None:
        from racelab.core.paths import cache_dir
        from racelab.toolchain import wheels
        try:
            folder = Path(wheels.extracted(release))
        except Exception as err:  # noqa: BLE001 - reported with what was asked
            raise LoaderError(f"nvidia-cudnn-frontend {release} is not available as a wheel ({err})"
                              + ("; nor is it the importable cudnn" if installed_ok else "")
                              + "; on a machine without network, run `make fetch` on one with it and bring "
                              f"its wheel cache along (here {cache_dir() / 'wheels'})") from err
        sys.path.insert(0, str(folder))
    return folder


def _check_resolved(release: str, folder: Path) -> None:
    """LoaderError unless ``cudnn`` (and its sparse-attention helpers) were imported from ``folder``."""
    helpers = sys.modules.get("cudnn.deepseek_sparse_attention")
    where = [getattr(m, "__file__", None) for m in (helpers, sys.modules.get("cudnn")) if m is not None]
    for file in filter(None, where):
        if not Path(file).resolve().is_relative_to(folder.resolve()):
            raise LoaderError(f"cudnn resolved to {file}, not to nvidia-cudnn-frontend {release} at {folder}")


def _module_file(folder: Path, module: str) -> Path:
    path = folder.joinpath(*module.split(".")).with_suffix(".py")
    if not path.is_file():
        raise LoaderError(f"{folder} has no module {module}")
    return path
