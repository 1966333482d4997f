"""Upstream wheels, fetched by pip into the cache and unpacked there: nothing upstream is committed."""

import shutil
import sys
import zipfile
from pathlib import Path

from racelab.core import proc
from racelab.core.paths import cache_dir

PACKAGE = "nvidia-cudnn-frontend"
DOWNLOAD_TIMEOUT_S = 300.0


class WheelError(RuntimeError):
    pass


def _wheel_cache() -> Path:
    path = cache_dir() / "wheels"
    path.mkdir(parents=True, exist_ok=True)
    return path


def download(package: str, version: str, python_version: str = "3.11") -> Path:
    """The wheel file for package==version (pip download --no-deps), cached by name."""
    dest = _wheel_cache() / f"{package}-{version}"
    found = sorted(dest.glob("*.whl")) if dest.exists() else []
    if found:
        return found[0]
    dest.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
           "--python-version", python_version, "--platform", "manylinux_2_28_x86_64",
           "--platform", "manylinux2014_x86_64", "--platform", "any",
           "-d", str(dest), f"{package}=={version}"]
    try:
        done = proc.run(cmd, timeout_s=DOWNLOAD_TIMEOUT_S)
    except proc.ProcError as exc:
        raise WheelError(f"cannot download {package}=={version}: {exc}") from exc
    found = sorted(dest.glob("*.whl"))
    if not done.ok or not found:
        lines = [done.timeout_note()] if done.timed_out else (done.stderr or done.stdout).strip().splitlines()
        raise WheelError(f"cannot download {package}=={version}: {lines[-1] if lines else 'no wheel found'}")
    return found[0]


def extracted(version: str, package: str = PACKAGE) -> Path:
    """A folder holding the unpacked wheel of package==version; its top-level modules importable from it."""
    root = _wheel_cache() / "extracted" / f"{package}-{version}"
    marker = root / ".complete"
    if marker.exists():
        return root
    wheel = download(package, version)
    tmp = root.with_name(root.name + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp)
    if root.exists():
        shutil.rmtree(root)
    tmp.rename(root)
    marker.write_text(wheel.name + "\n")
    return root


def module_file(version: str, relative: str, package: str = PACKAGE) -> Path:
    """A file inside the unpacked wheel, e.g. 'cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm100.py'."""
    path = extracted(version, package) / relative
    if not path.exists():
        raise WheelError(f"{package}=={version} has no {relative}")
    return path
