"""NVIDIA's command-line tools, found in one place and run through :func:`racelab.core.proc.run` with a timeout:
``nvcc`` builds a ``.cu`` file into a cubin or an executable, ``nvdisasm`` disassembles a cubin.

Where each comes from, first match wins:

* ``nvdisasm``: the ``nvidia-cuda-nvdisasm`` wheel (``site-packages/nvidia/cu1*/bin/nvdisasm``), then ``PATH``,
  then ``$CUDA_HOME/bin``, ``$CUDA_PATH/bin``, ``/usr/local/cuda/bin`` (a GPU machine may have the toolkit
  but not the wheel);
* ``nvcc``: ``PATH``, then the same CUDA folders.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

from racelab.core import proc

CUDA_ROOTS = ("/usr/local/cuda",)  # searched after $CUDA_HOME and $CUDA_PATH
WHEEL_FOLDERS = ("cu13", "cu12", "cuda_nvdisasm")  # under site-packages/nvidia/
NVCC_TIMEOUT_S = 600.0
NVDISASM_TIMEOUT_S = 300.0
KINDS = ("cubin", "exe")


class ToolError(RuntimeError):
    """A tool failed; the message says which, on what, and what it printed."""


class ToolMissing(ToolError):
    """A tool is not installed here; the message lists where it was looked for."""


def _cuda_bins() -> list[Path]:
    roots = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), *CUDA_ROOTS]
    return [Path(r) / "bin" for r in roots if r]


def _wheel_bins() -> list[Path]:
    spec = importlib.util.find_spec("nvidia")
    bases = (spec.submodule_search_locations or []) if spec else []
    return [Path(base) / sub / "bin" for base in bases for sub in WHEEL_FOLDERS]


def find(tool: str, hint: str = "") -> Path:
    """The executable ``tool``: for nvdisasm the pip wheel's first, then PATH, then the CUDA folders."""
    searched: list[str] = []
    candidates = [d / tool for d in _wheel_bins()] if tool == "nvdisasm" else []
    on_path = shutil.which(tool)
    candidates += [Path(on_path)] if on_path else []
    candidates += [d / tool for d in _cuda_bins()]
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
        searched.append(str(candidate))
    if not on_path:
        searched.append(f"{tool} on PATH")
    raise ToolMissing(f"{tool} not found{': ' + hint if hint else ''} (searched {searched})")


def nvdisasm_path() -> Path:
    return find("nvdisasm", "install the pip package nvidia-cuda-nvdisasm")


def nvcc_path() -> Path:
    return find("nvcc", "install the CUDA toolkit")


def disassemble_bytes(cubin: bytes, code_only: bool = True) -> str:
    """`disassemble` of a cubin held in memory (a compile's result), through a temporary file."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="racelab-nvdisasm-") as tmp:
        path = Path(tmp) / "kernel.cubin"
        path.write_bytes(cubin)
        return disassemble(path, code_only=code_only)


def disassemble(cubin: Path | str, code_only: bool = False, timeout_s: float = NVDISASM_TIMEOUT_S) -> str:
    """nvdisasm's listing of a cubin, with ``//## File`` line info where the cubin has it (``-g``): every
    section, or with ``code_only`` (``-c``) only the code sections."""
    cubin = Path(cubin)
    if not cubin.exists():
        raise ToolError(f"no cubin at {cubin}")
    done = proc.run([nvdisasm_path(), *(["-c"] if code_only else []), "-g", cubin], timeout_s=timeout_s)
    if done.timed_out:
        raise ToolError(f"nvdisasm on {cubin}: {done.timeout_note()}")
    if done.returncode != 0:
        raise ToolError(f"nvdisasm failed on {cubin}: {done.stderr.strip()}")
    return done.stdout


def compile_cu(source: Path | str, output: Path | str, *, arch: str, kind: str = "cubin",
               defines: dict | None = None, flags=("-O3", "-lineinfo"),
               timeout_s: float = NVCC_TIMEOUT_S) -> Path:
    """``nvcc`` ``source`` into ``output`` (a cubin, or with ``kind="exe"`` an executable) for ``arch``
    (``sm_90a``), with ``-DNAME=VALUE`` for each of ``defines``. The file appears whole or not at all: nvcc
    writes beside it and the result is renamed into place."""
    if kind not in KINDS:
        raise ToolError(f"unknown kind {kind!r}; one of {KINDS}")
    output = Path(output)
    partial = Path(f"{output}.{os.getpid()}.tmp")  # one per process: parallel test workers share the cache
    cmd = [nvcc_path(), *(["-cubin"] if kind == "cubin" else []), f"-arch={arch}",
           *(f"-D{name}={value}" for name, value in (defines or {}).items()), *flags, "-o", partial, source]
    done = proc.run(cmd, timeout_s=timeout_s)
    if not done.ok:
        partial.unlink(missing_ok=True)
        why = done.timeout_note() if done.timed_out else done.stderr
        raise ToolError(f"nvcc failed for {Path(source).name} ({arch}, {defines or {}}):\n{why}")
    os.replace(partial, output)
    return output
