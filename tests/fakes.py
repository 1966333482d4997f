"""The stand-ins every test of the GPU-facing code uses, in one place: executable scripts standing in for
`nvidia-smi` and `compute-sanitizer` on PATH, and a way to make the package ask nvidia-smi again (its
answer is cached per process). Fixtures built on them are in conftest.py."""

import stat
from pathlib import Path

H200 = "NVIDIA H200, 9.0, 580.159.04, 143771 MiB"
B200 = "NVIDIA B200, 10.0, 580.159.04, 183359 MiB"
# what the fake sanitizer writes as its log: racecheck's own lines, no hazard
FAKE_LOG = "========= COMPUTE-SANITIZER\n========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n"


def script(folder: Path, name: str, body: str, interpreter: str = "/bin/bash") -> Path:
    """An executable script `folder/name` running `body` (bash, unless `interpreter` says otherwise)."""
    path = Path(folder) / name
    path.write_text(f"#!{interpreter}\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def fake_gpu(folder: Path, line: str = H200) -> Path:
    """An nvidia-smi that reports one GPU as `line` (name, capability, driver, memory), asked afresh."""
    path = script(folder, "nvidia-smi", f'echo "{line}"\n')
    forget_gpus()
    return path


def fake_sanitizer(folder: Path, log: str = FAKE_LOG) -> Path:
    """A compute-sanitizer that takes racecheck's options, writes `log` (kept beside it) where --log-file says,
    then runs the command."""
    kept = Path(folder) / "compute-sanitizer.log"
    kept.write_text(log)
    return script(folder, "compute-sanitizer", f"""
log=/dev/null
while [ $# -gt 0 ]; do
  case "$1" in
    --log-file) log="$2"; shift 2;;
    --tool|--racecheck-report|--print-limit) shift 2;;
    *) break;;
  esac
done
cp "{kept}" "$log"
exec "$@"
""")


def forget_gpus() -> None:
    """Make the package ask nvidia-smi again (its answer is cached per process)."""
    from racelab.core import provenance

    provenance._gpus.cache_clear()
