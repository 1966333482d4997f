"""What a recorded run was made with: GPU, driver, CUDA, sanitizer, compilers, packages, commit, command."""

import datetime as _dt
import functools
import importlib.metadata as _md
import os
from pathlib import Path
import platform
import re
import shutil
import socket
import sys

from racelab.core import proc as _proc
from racelab.core.paths import repo_root

PACKAGES = ("torch", "nvidia-cutlass-dsl", "nvidia-cudnn-frontend", "numpy", "pandas", "matplotlib",
            "jupyter-book", "nvidia-cuda-nvdisasm", "apache-tvm-ffi", "cuda-python", "racelab")


def _run(cmd, timeout=20):
    """stdout of `cmd`, or None when it is missing, fails or times out."""
    try:
        done = _proc.run(cmd, timeout_s=timeout)
    except _proc.ProcError:
        return None
    return done.stdout if done.ok else None


@functools.lru_cache(maxsize=1)
def _gpus() -> tuple[tuple[tuple[str, object], ...], ...]:
    if not shutil.which("nvidia-smi"):
        return ()
    out = _run(["nvidia-smi", "--query-gpu=name,compute_cap,driver_version,memory.total",
                "--format=csv,noheader"])
    if not out:
        return ()
    found = []
    for line in out.strip().splitlines():
        name, cap, driver, memory = (part.strip() for part in line.split(","))
        found.append((("name", name), ("sm", int(cap.replace(".", ""))), ("compute_capability", cap),
                      ("driver", driver), ("memory", memory)))
    return tuple(found)


# Set by `make live` for a timing step it gave a shorter deadline than the registry's (a session budget):
# the run records why, and pages prefer a run that was not shortened (racelab.core.store.newest).
SHORTENED_ENV = "RACELAB_SHORTENED"


def visible_indices() -> list[int] | None:
    """The nvidia-smi indices of the GPUs CUDA_VISIBLE_DEVICES selects, in its order; None when it is unset
    or names GPUs by anything but an index (a UUID, a MIG instance): then every GPU counts. nvidia-smi
    numbers GPUs by PCI bus; CUDA does too among identical GPUs (its default order puts faster ones first)."""
    value = os.environ.get("CUDA_VISIBLE_DEVICES")
    if value is None or not value.strip():
        return None
    parts = [part.strip() for part in value.split(",")]
    return [int(part) for part in parts] if all(part.isdigit() for part in parts) else None


def gpus() -> list[dict]:
    """GPUs from nvidia-smi (name, compute capability, driver), the ones CUDA_VISIBLE_DEVICES selects
    where it selects by index (`visible_indices`); [] where there is none. nvidia-smi is asked once per
    process; each call returns fresh dicts."""
    found = [dict(gpu) for gpu in _gpus()]
    chosen = visible_indices()
    if chosen is None:
        return found
    return [found[i] for i in chosen if i < len(found)]


def smi_selector() -> list[str]:
    """nvidia-smi's `-i LIST` for the GPUs this process may use (CUDA_VISIBLE_DEVICES by index), or []."""
    chosen = visible_indices()
    return ["-i", ",".join(str(i) for i in chosen)] if chosen else []


def gpu_slug(gpu: dict | None) -> str:
    """A short folder-safe name: 'h200', 'b200', 'cpu'."""
    if not gpu:
        return "cpu"
    name = gpu["name"].lower().replace("nvidia", "").strip()
    token = re.findall(r"[a-z]*\d+[a-z]*", name)
    return re.sub(r"[^a-z0-9]+", "-", token[0] if token else name).strip("-") or "gpu"


def gpu_model(name: str | None) -> str:
    """The model a recorded GPU name names, as prose says it: 'NVIDIA H100 80GB HBM3' -> 'H100'; None -> 'CPU'."""
    return gpu_slug({"name": name} if name else None).upper()


def gpu_models(runs) -> str:
    """Every GPU model recorded runs were made on, each once in the runs' order: 'H200', 'H200 and H100'."""
    return " and ".join(dict.fromkeys(gpu_model((r.provenance.get("gpu") or {}).get("name")) for r in runs))


def _version_line(cmd, pattern):
    out = _run(cmd)
    if not out:
        return None
    m = re.search(pattern, out)
    return m.group(1) if m else out.strip().splitlines()[-1]


def tool_versions() -> dict:
    return {
        "nvcc": _version_line(["nvcc", "--version"], r"release [\d.]+, (V[\d.]+)"),
        "ptxas": _version_line(["ptxas", "--version"], r"release [\d.]+, (V[\d.]+)"),
        "compute_sanitizer": _version_line(["compute-sanitizer", "--version"], r"Version ([\d.]+)"),
        "cuda_runtime_nvidia_smi": _version_line(["nvidia-smi"], r"CUDA Version: ([\d.]+)"),
    }


def packages() -> dict:
    found = {}
    for name in PACKAGES:
        try:
            found[name] = _md.version(name)
        except _md.PackageNotFoundError:
            continue
    return found


def passed_commit_problem() -> str | None:
    """Why RACELAB_GIT_COMMIT, when set, cannot be the commit a run records (not a full 40-digit hash), or None."""
    passed = os.environ.get("RACELAB_GIT_COMMIT")
    if not passed or re.fullmatch(r"[0-9a-f]{40}", passed):  # unset or empty: git is asked
        return None
    return (f"RACELAB_GIT_COMMIT={passed!r} is not a full commit hash (40 hex digits: `git rev-parse HEAD`); "
            "every run records it as the commit it came from")


def git_state() -> dict:
    """The commit the code came from. RACELAB_GIT_COMMIT (and RACELAB_GIT_DIRTY), when set, win: a copy of the
    tree on a lent GPU machine may carry no .git, or a .git of its own whose HEAD is not the commit the tree
    was copied from; that local state is kept beside it (`local_git`) when it differs."""
    root = repo_root()
    commit = _run(["git", "-C", str(root), "rev-parse", "HEAD"])
    status = _run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"])
    local = ({"commit": commit.strip(), "dirty": bool(status.strip()) if status is not None else None}
             if commit else None)
    passed = os.environ.get("RACELAB_GIT_COMMIT")
    if not passed:
        return local or {"commit": None, "dirty": None}
    dirty = os.environ.get("RACELAB_GIT_DIRTY")
    out = {"commit": passed, "dirty": None if dirty is None else dirty == "1", "from_environment": True}
    if local and local["commit"] != passed:
        out["local_git"] = local
    return out


def boot_id() -> str | None:
    """The kernel's id of this boot of the machine (Linux: /proc/sys/kernel/random/boot_id), or None: two
    runs with different ids ran on separate starts of the machine."""
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip() or None
    except OSError:
        return None


def collect(command) -> dict:
    devices = gpus()
    return {
        "date_utc": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "host": socket.gethostname(),
        "boot_id": boot_id(),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "command": command if isinstance(command, str) else " ".join(map(str, command)),
        "cwd": os.getcwd(),
        "gpu": devices[0] if devices else None,
        "gpus": devices,
        "cuda_visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES"),
        "shortened": os.environ.get(SHORTENED_ENV) or None,
        "tools": tool_versions(),
        "packages": packages(),
        "git": git_state(),
    }
