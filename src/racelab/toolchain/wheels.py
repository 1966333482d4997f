"""Upstream wheels, fetched by pip into the cache and unpacked there: nothing upstream is committed.

nvidia-cudnn-frontend ships compiled code (``cudnn._compiled_module``), so its wheel must match the
interpreter (cp311, cp312, cp313) and the machine (x86_64; aarch64 for Grace hosts such as GB200):
:func:`wheel_target` says which, :func:`choose_wheel` picks it among file names, and the cache keeps one
folder per release and target."""

import platform
import re
import shutil
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

from racelab.core import proc
from racelab.core.paths import cache_dir

PACKAGE = "nvidia-cudnn-frontend"
DOWNLOAD_TIMEOUT_S = 300.0
PYTHONS = ((3, 11), (3, 12), (3, 13))
MACHINES = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64", "arm64": "aarch64"}


class WheelError(RuntimeError):
    pass


@dataclass(frozen=True)
class WheelTarget:
    """The interpreter and machine a compiled wheel must match."""

    python: tuple[int, int]
    machine: str  # x86_64 or aarch64

    @property
    def python_tag(self) -> str:
        return f"cp{self.python[0]}{self.python[1]}"

    @property
    def platforms(self) -> tuple[str, ...]:
        """pip's --platform values, newest manylinux first."""
        return (f"manylinux_2_28_{self.machine}", f"manylinux2014_{self.machine}")

    @property
    def slug(self) -> str:
        return f"{self.python_tag}-{self.machine}"

    def accepts(self, wheel_name: str) -> bool:
        """Whether a wheel file name (PEP 427: name-version(-build)-python-abi-platform.whl) runs here."""
        parts = Path(wheel_name).name[:-len(".whl")].split("-") if wheel_name.endswith(".whl") else []
        if len(parts) < 5:
            return False
        pythons, abis, plats = (set(p.split(".")) for p in parts[-3:])
        if "any" in plats:
            return bool(pythons & {"py3", self.python_tag}) and bool(abis & {"none", "abi3", self.python_tag})
        if not any(re.fullmatch(rf"manylinux(_\d+_\d+|1|2010|2014)_{self.machine}", p) for p in plats):
            return False
        if self.python_tag in pythons and abis & {self.python_tag, "none"}:
            return True
        return "abi3" in abis and any(re.fullmatch(r"cp3(\d+)", p) and int(p[3:]) <= self.python[1]
                                      for p in pythons)


def wheel_target(version_info=None, machine: str | None = None) -> WheelTarget:
    """This interpreter and machine (or the ones given); WheelError where no wheel of upstream's exists."""
    major, minor = tuple((version_info or sys.version_info)[:2])
    raw = (machine or platform.machine()).lower()
    if (major, minor) not in PYTHONS:
        raise WheelError(f"Python {major}.{minor}: nvidia-cudnn-frontend's compiled wheels are for "
                         f"{', '.join(f'{a}.{b}' for a, b in PYTHONS)}")
    if raw not in MACHINES:
        raise WheelError(f"machine {raw!r}: nvidia-cudnn-frontend's wheels are for x86_64 and aarch64 (Linux)")
    return WheelTarget((major, minor), MACHINES[raw])


def choose_wheel(names, target: WheelTarget) -> str | None:
    """The wheel among file ``names`` that ``target`` accepts (the first, sorted), or None."""
    fits = sorted(n for n in (Path(str(n)).name for n in names) if target.accepts(n))
    return fits[0] if fits else None


def _wheel_cache() -> Path:
    path = cache_dir() / "wheels"
    path.mkdir(parents=True, exist_ok=True)
    return path


def download(package: str, version: str, target: WheelTarget | None = None) -> Path:
    """The wheel file for package==version that runs on ``target`` (default: here), from the cache or
    ``pip download --no-deps`` for that interpreter and platform."""
    target = target or wheel_target()
    dest = _wheel_cache() / f"{package}-{version}"
    found = choose_wheel(dest.glob("*.whl"), target) if dest.exists() else None
    if found:
        return dest / found
    dest.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
           "--python-version", f"{target.python[0]}.{target.python[1]}", "--implementation", "cp"]
    for plat in (*target.platforms, "any"):
        cmd += ["--platform", plat]
    cmd += ["-d", str(dest), f"{package}=={version}"]
    try:
        done = proc.run(cmd, timeout_s=DOWNLOAD_TIMEOUT_S)
    except proc.ProcError as exc:
        raise WheelError(f"cannot download {package}=={version}: {exc}") from exc
    found = choose_wheel(dest.glob("*.whl"), target)
    if not done.ok or not found:
        lines = [done.timeout_note()] if done.timed_out else (done.stderr or done.stdout).strip().splitlines()
        raise WheelError(f"cannot download {package}=={version} for {target.slug}: "
                         f"{lines[-1] if lines else 'no wheel found'}")
    return dest / found


def extracted(version: str, package: str = PACKAGE, target: WheelTarget | None = None) -> Path:
    """A folder holding the unpacked wheel of package==version for ``target`` (default: here); its
    top-level modules importable from it."""
    target = target or wheel_target()
    root = _wheel_cache() / "extracted" / f"{package}-{version}-{target.slug}"
    marker = root / ".complete"
    if marker.exists():
        return root
    wheel = download(package, version, target)
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
