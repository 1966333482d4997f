"""The one way racelab starts a program: in its own process group, with a timeout, and never leaving an
orphan. On a timeout (or Ctrl-C) the whole group is sent SIGTERM, given a grace period, then SIGKILL, so a
deadlocked kernel under compute-sanitizer dies together with the sanitizer that started it."""

import os
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


class ProcError(RuntimeError):
    """The program could not be started at all (not found, not executable)."""


@dataclass(frozen=True)
class Finished:
    """What a run did. `returncode` is None when it was killed on its timeout."""

    command: tuple[str, ...]
    returncode: int | None
    timed_out: bool
    wall_s: float
    stdout: str
    stderr: str
    pid: int
    timeout_s: float | None

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out

    def timeout_note(self) -> str:
        return (f"killed after {self.timeout_s:g}s (process group {self.pid}): deadlocked or too slow; "
                f"whatever it wrote before is kept")


def kill_group(proc: subprocess.Popen, grace_s: float) -> None:
    """SIGTERM the process group of `proc`, wait `grace_s`, then SIGKILL whatever is left of it."""
    for sig, wait in ((signal.SIGTERM, grace_s), (signal.SIGKILL, None)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:  # the whole group is gone
            break
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            pass
    # a group member that outlived the leader (a grandchild) still holds the group id
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


def run(cmd, *, timeout_s: float | None, env: dict | None = None, cwd=None, kill_grace_s: float = 5.0,
        stdin=subprocess.DEVNULL, progress=None, progress_s: float = 60.0) -> Finished:
    """Run `cmd` to completion or to its timeout; stdout and stderr go through files, not pipes, so a
    chatty program cannot block on a full pipe. `progress(elapsed_s, last_line)`, where given, is called
    every `progress_s` seconds while it runs, with the last line it has printed so far (stdout, else stderr)."""
    command = tuple(str(c) for c in cmd)
    if not command:
        raise ProcError("no command to run")
    with tempfile.TemporaryDirectory(prefix="racelab-proc-") as tmp:
        out_path, err_path = Path(tmp) / "stdout", Path(tmp) / "stderr"
        start = time.monotonic()
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            try:
                proc = subprocess.Popen(command, stdout=out, stderr=err, stdin=stdin, env=env, cwd=cwd,
                                        start_new_session=True)
            except OSError as exc:
                raise ProcError(f"cannot start {command[0]}: {exc}") from exc
            timed_out = False
            try:
                _wait(proc, timeout_s, start, progress, progress_s, (out_path, err_path))
            except subprocess.TimeoutExpired:
                timed_out = True
                kill_group(proc, kill_grace_s)
            except BaseException:  # KeyboardInterrupt: leave nothing running
                kill_group(proc, 0.5)
                raise
            else:
                # the leader exited; anything it left behind in its group goes too
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
        wall = time.monotonic() - start
        return Finished(command, None if timed_out else proc.returncode, timed_out, wall,
                        out_path.read_bytes().decode(errors="replace"),
                        err_path.read_bytes().decode(errors="replace"), proc.pid, timeout_s)


def _wait(proc, timeout_s, start, progress, progress_s, outputs) -> None:
    """proc.wait(timeout_s), calling `progress` every `progress_s` seconds while it runs."""
    if progress is None:
        proc.wait(timeout=timeout_s)
        return
    deadline = None if timeout_s is None else start + timeout_s
    while True:
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise subprocess.TimeoutExpired(proc.args, timeout_s)
        try:
            proc.wait(timeout=progress_s if left is None else min(progress_s, left))
            return
        except subprocess.TimeoutExpired:
            if deadline is not None and time.monotonic() >= deadline:
                raise
            progress(time.monotonic() - start, last_line(*outputs))


def last_line(*paths: Path) -> str:
    """The last non-empty line printed so far to the first of `paths` that has one (the file's last 4 KiB)."""
    for path in paths:
        try:
            with open(path, "rb") as f:
                f.seek(max(0, f.seek(0, 2) - 4096))
                lines = [ln.strip() for ln in f.read().decode(errors="replace").replace("\r", "\n").splitlines()]
        except OSError:
            continue
        lines = [ln for ln in lines if ln]
        if lines:
            return lines[-1]
    return ""

