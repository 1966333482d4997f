"""Run a command under `compute-sanitizer --tool racecheck` and return what it wrote; nothing here reads
the log (`racelab.readers.racecheck_log` does).

The sanitizer writes its log to a file of its own (`--log-file`), so the program's output never mixes
into what the parser reads. The command runs through `racelab.core.proc.run`, in its own process group
with a timeout: a kernel that deadlocks (an mbarrier that never completes) is killed, group and all, and
reported as timed out instead of hanging the caller. No GPU, no compute-sanitizer, or the wrong GPU is a
clear error (`RacecheckError`) before anything runs."""

import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from racelab.core import proc

REPORTS = ("hazard", "analysis")
CUDA_ROOTS = ("/usr/local/cuda",)  # searched after $CUDA_HOME and $CUDA_PATH


class RacecheckError(RuntimeError):
    """The sanitizer cannot run here, or was asked for something it cannot do."""


def find_sanitizer() -> str:
    """compute-sanitizer: $RACELAB_SANITIZER, then PATH, then $CUDA_HOME/bin, then /usr/local/cuda/bin."""
    env = os.environ.get("RACELAB_SANITIZER")
    if env:
        if not (Path(env).is_file() and os.access(env, os.X_OK)):
            raise RacecheckError(f"RACELAB_SANITIZER={env} is not an executable file")
        return env
    found = shutil.which("compute-sanitizer")
    if found:
        return found
    for base in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), *CUDA_ROOTS):
        if base and (Path(base) / "bin" / "compute-sanitizer").is_file():
            return str(Path(base) / "bin" / "compute-sanitizer")
    raise RacecheckError("compute-sanitizer not found (not on PATH, not in $CUDA_HOME/bin or /usr/local/cuda/bin): "
                         "install the CUDA toolkit's sanitizer or set RACELAB_SANITIZER")


def preflight(require_sm: int | None = None, need_sanitizer: bool = True) -> dict:
    """The GPU this will run on; RacecheckError when there is none, it is the wrong one, or the sanitizer
    is missing."""
    from racelab.core.provenance import gpus
    devices = gpus()
    if not devices:
        raise RacecheckError("no NVIDIA GPU visible (nvidia-smi lists none): racecheck needs a GPU; "
                             "replay a recorded run instead")
    gpu = devices[0]
    if require_sm is not None and gpu["sm"] != require_sm:
        raise RacecheckError(f"this needs an sm_{require_sm} GPU; this machine has {gpu['name']} (sm_{gpu['sm']})")
    if need_sanitizer:
        find_sanitizer()
    return gpu


def sanitizer_command(cmd, report: str = "hazard", print_limit: int | None = 0, log_file=None,
                      sanitizer: str | None = None, extra_args=()) -> list[str]:
    """The full command line: compute-sanitizer --tool racecheck --racecheck-report REPORT ... CMD."""
    if report not in REPORTS:
        raise RacecheckError(f"--racecheck-report must be one of {REPORTS}, not {report!r}")
    cmd = [str(c) for c in cmd]
    if not cmd:
        raise RacecheckError("no command to run under the sanitizer")
    full = [sanitizer or "compute-sanitizer", "--tool", "racecheck", "--racecheck-report", report]
    if print_limit is not None:
        full += ["--print-limit", str(int(print_limit))]
    if log_file is not None:
        full += ["--log-file", str(log_file)]
    return full + [str(a) for a in extra_args] + cmd


@dataclass
class SanitizerRun:
    """What one sanitizer run did. `log` is the sanitizer's own output (bytes), `stdout`/`stderr` the
    program's (and anything the sanitizer printed before it opened its log)."""

    command: list
    report: str
    returncode: int | None
    timed_out: bool
    wall_s: float
    log: bytes
    stdout: str
    stderr: str
    timeout_s: float
    notes: list = field(default_factory=list)

    @property
    def status(self) -> str:
        if self.timed_out:
            return "timeout"
        return "ok" if self.returncode == 0 else "failed"

    @property
    def output(self) -> str:
        """The program's stdout, then its stderr (where it wrote any) under a `--- stderr ---` line."""
        return self.stdout + ("\n--- stderr ---\n" + self.stderr if self.stderr.strip() else "")

    def describe(self) -> dict:
        """Everything but the bytes, JSON-ready."""
        return {"command": " ".join(self.command), "report": self.report, "status": self.status,
                "returncode": self.returncode, "timed_out": self.timed_out, "wall_s": round(self.wall_s, 3),
                "timeout_s": self.timeout_s, "log_bytes": len(self.log), "notes": self.notes}


def _timeout_note(timeout_s, pid) -> str:
    return (f"killed after {timeout_s:g}s (process group {pid}): deadlocked or too slow; "
            f"the log is whatever was written before")


def _run(full: list, timeout_s: float, env, cwd, kill_grace_s: float) -> proc.Finished:
    try:
        return proc.run(full, timeout_s=timeout_s, env=env, cwd=cwd, kill_grace_s=kill_grace_s)
    except proc.ProcError as err:
        raise RacecheckError(str(err)) from err


def run_racecheck(cmd, *, report: str = "hazard", timeout_s: float = 120.0, print_limit: int | None = 0,
                  env: dict | None = None, cwd=None, sanitizer: str | None = None, extra_args=(),
                  kill_grace_s: float = 5.0) -> SanitizerRun:
    """Run `cmd` under racecheck and wait at most `timeout_s`; on timeout kill its process group."""
    sanitizer = sanitizer or find_sanitizer()
    with tempfile.TemporaryDirectory(prefix="racecheck-") as tmp:
        log_path = Path(tmp) / "sanitizer.log"
        full = sanitizer_command(cmd, report, print_limit, log_path, sanitizer, extra_args)
        done = _run(full, timeout_s, env, cwd, kill_grace_s)
        notes = [_timeout_note(timeout_s, done.pid)] if done.timed_out else []
        if not log_path.exists():
            notes.append("the sanitizer wrote no log file")
        log = log_path.read_bytes() if log_path.exists() else b""
    return SanitizerRun(full, report, done.returncode, done.timed_out, done.wall_s, log, done.stdout, done.stderr,
                        timeout_s, notes)


def run_plain(cmd, *, timeout_s: float = 120.0, env: dict | None = None, cwd=None,
              kill_grace_s: float = 5.0) -> SanitizerRun:
    """The same command without the sanitizer (same timeout and group kill); `report` is None, `log` empty."""
    full = [str(c) for c in cmd]
    done = _run(full, timeout_s, env, cwd, kill_grace_s)
    return SanitizerRun(full, None, done.returncode, done.timed_out, done.wall_s, b"", done.stdout, done.stderr,
                        timeout_s, [_timeout_note(timeout_s, done.pid)] if done.timed_out else [])


def json_line(stdout: str) -> dict | None:
    """The last line of a program's output that is a JSON object (how the kernels here report), or None."""
    for line in reversed(stdout.splitlines()):
        line = line.strip()
        if line.startswith("{") and line.endswith("}"):
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                continue
    return None
