"""Run a command under `compute-sanitizer --tool racecheck` and record what it says.

    racelab racecheck [--report hazard|analysis] [--timeout S] [--label NAME] [--require-sm 90] -- CMD...

The sanitizer writes its log to a file of its own (`--log-file`), so the program's output never mixes
into what the parser reads. The command runs in its own process group with a timeout: a kernel that
deadlocks (an mbarrier that never completes) is killed, group and all, and reported as timed out
instead of hanging the caller. No GPU, no compute-sanitizer, or the wrong GPU is a clear error before
anything runs. `record` stores the log (xz) and a summary in a recorded run, with provenance."""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPORTS = ("hazard", "analysis")
DEFAULT_EXPERIMENT = "racecheck"
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

    def describe(self) -> dict:
        """Everything but the bytes, JSON-ready."""
        return {"command": " ".join(self.command), "report": self.report, "status": self.status,
                "returncode": self.returncode, "timed_out": self.timed_out, "wall_s": round(self.wall_s, 3),
                "timeout_s": self.timeout_s, "log_bytes": len(self.log), "notes": self.notes}


def _kill_group(proc: subprocess.Popen, grace_s: float) -> None:
    """SIGTERM the command's process group, give it `grace_s`, then SIGKILL whatever is left of it."""
    for sig, wait in ((signal.SIGTERM, grace_s), (signal.SIGKILL, None)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:  # the whole group is gone
            break
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            pass
    proc.wait()


def _run_group(full: list, timeout_s: float, env, cwd, kill_grace_s: float, tmp: Path):
    """Run in a new session (its own process group); on timeout kill the group. -> (rc, timed_out, wall, out, err)"""
    out_path, err_path = tmp / "stdout", tmp / "stderr"
    start = time.monotonic()
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        try:
            proc = subprocess.Popen(full, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env, cwd=cwd,
                                    start_new_session=True)
        except OSError as exc:
            raise RacecheckError(f"cannot start {full[0]}: {exc}") from exc
        timed_out = False
        try:
            proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            timed_out = True
            _kill_group(proc, kill_grace_s)
        except BaseException:  # KeyboardInterrupt: leave nothing running
            _kill_group(proc, 0.5)
            raise
    return (None if timed_out else proc.returncode, timed_out, time.monotonic() - start,
            out_path.read_bytes().decode(errors="replace"), err_path.read_bytes().decode(errors="replace"), proc.pid)


def _timeout_note(timeout_s, pid) -> str:
    return (f"killed after {timeout_s:g}s (process group {pid}): deadlocked or too slow; "
            f"the log is whatever was written before")


def run_racecheck(cmd, *, report: str = "hazard", timeout_s: float = 120.0, print_limit: int | None = 0,
                  env: dict | None = None, cwd=None, sanitizer: str | None = None, extra_args=(),
                  kill_grace_s: float = 5.0) -> SanitizerRun:
    """Run `cmd` under racecheck and wait at most `timeout_s`; on timeout kill its process group."""
    sanitizer = sanitizer or find_sanitizer()
    with tempfile.TemporaryDirectory(prefix="racecheck-") as tmp:
        log_path = Path(tmp) / "sanitizer.log"
        full = sanitizer_command(cmd, report, print_limit, log_path, sanitizer, extra_args)
        rc, timed_out, wall, out, err, pid = _run_group(full, timeout_s, env, cwd, kill_grace_s, Path(tmp))
        notes = [_timeout_note(timeout_s, pid)] if timed_out else []
        if not log_path.exists():
            notes.append("the sanitizer wrote no log file")
        log = log_path.read_bytes() if log_path.exists() else b""
    return SanitizerRun(full, report, rc, timed_out, wall, log, out, err, timeout_s, notes)


def run_plain(cmd, *, timeout_s: float = 120.0, env: dict | None = None, cwd=None,
              kill_grace_s: float = 5.0) -> SanitizerRun:
    """The same command without the sanitizer (same timeout and group kill); `report` is None, `log` empty."""
    full = [str(c) for c in cmd]
    with tempfile.TemporaryDirectory(prefix="plain-") as tmp:
        rc, timed_out, wall, out, err, pid = _run_group(full, timeout_s, env, cwd, kill_grace_s, Path(tmp))
    return SanitizerRun(full, None, rc, timed_out, wall, b"", out, err, timeout_s,
                        [_timeout_note(timeout_s, pid)] if timed_out else [])


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


def report_summary(report) -> dict:
    """The JSON-ready numbers of a parsed report (racelab.readers.racecheck_log.HazardReport), without per-record data:
    mode, hazard records, analysis reports, hazard bytes, the summary line, by type, threads, sites."""
    out = report.to_dict()
    out.pop("record_list", None)
    out["n_blocks"] = len(out.pop("blocks", {}) or {})
    return out


def parse_log(path, truncated: bool = False):
    """racelab.readers.racecheck_log.parse on a stored log."""
    from racelab.readers import racecheck_log as hazards
    return hazards.parse(path, allow_truncated=truncated)


def record(cmd, *, report: str = "hazard", timeout_s: float = 120.0, experiment: str = DEFAULT_EXPERIMENT,
           label: str | None = None, require_sm: int | None = None, print_limit: int | None = 0, log=print):
    """Preflight, run under racecheck, and record one run holding the log (xz), the program's output and
    a summary (the parsed counts). Returns (RecordedRun, summary dict)."""
    from racelab.core import store
    gpu = preflight(require_sm)
    label = label or report
    result = run_racecheck(cmd, report=report, timeout_s=timeout_s, print_limit=print_limit)
    log(f"racecheck {label}: {result.status} in {result.wall_s:.1f}s")
    with store.new_run(experiment, command=sys.argv) as run:
        stored = run.write_bytes(f"{label}.log", result.log, compress=True)
        run.write_text(f"{label}.stdout.txt", result.stdout)
        run.write_text(f"{label}.stderr.txt", result.stderr)
        summary = {"label": label, "gpu": gpu, **result.describe(), "log": stored.name}
        try:
            summary["parsed"] = report_summary(parse_log(stored, truncated=result.status != "ok"))
        except Exception as err:  # the log is kept either way; say why it could not be read
            summary["parsed"] = None
            summary["parse_error"] = f"{type(err).__name__}: {err}"
        run.write_json(f"{label}.json", summary)
    return run.recorded, summary


def main(argv) -> int:
    argv = list(argv)
    if "--" in argv:
        split = argv.index("--")
        ours, cmd = argv[:split], argv[split + 1:]
    else:
        ours, cmd = argv, []
    parser = argparse.ArgumentParser(
        prog="racelab racecheck", description="run CMD under compute-sanitizer racecheck and record the log",
        usage="racelab racecheck [options] -- CMD [ARGS...]")
    parser.add_argument("--report", choices=REPORTS, default="hazard",
                        help="racecheck report mode: hazard (every byte) or analysis (the default's aggregation)")
    parser.add_argument("--print-limit", type=int, default=0, help="0 (default): print every report")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before the run is killed (default 120)")
    parser.add_argument("--experiment", default=DEFAULT_EXPERIMENT, help="result-store experiment name")
    parser.add_argument("--label", help="name of the log inside the run (default: the report mode)")
    parser.add_argument("--require-sm", type=int,
                        help="refuse to run unless the GPU has this compute capability (90, 100)")
    parser.add_argument("--no-record", action="store_true", help="run and summarise, store nothing")
    args = parser.parse_args(ours)
    if not cmd:
        parser.print_usage(sys.stderr)
        print("racelab racecheck: give the command after `--`", file=sys.stderr)
        return 2
    if args.timeout <= 0 or args.print_limit < 0:
        print("racelab racecheck: --timeout must be > 0 and --print-limit >= 0", file=sys.stderr)
        return 2
    try:
        if args.no_record:
            preflight(args.require_sm)
            result = run_racecheck(cmd, report=args.report, timeout_s=args.timeout, print_limit=args.print_limit)
            summary = result.describe()
            sys.stdout.write(result.log.decode(errors="replace"))
        else:
            recorded, summary = record(cmd, report=args.report, timeout_s=args.timeout, experiment=args.experiment,
                                       label=args.label, require_sm=args.require_sm, print_limit=args.print_limit,
                                       log=lambda s: print(s, file=sys.stderr, flush=True))
            summary = {"run": f"{recorded.experiment}/{recorded.id}", **summary}
    except RacecheckError as err:
        print(f"racelab racecheck: {err}", file=sys.stderr)
        return 2
    print(json.dumps(summary, indent=2, default=str))
    return 0 if summary["status"] == "ok" else 1
