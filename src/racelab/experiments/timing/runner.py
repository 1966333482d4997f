"""Fresh worker processes, started ahead and run one at a time: while one process measures, the next
`prefetch` import Python, torch and the DSL and wait on their stdin for GO. Each is started in its own
process group and, when it must go, killed with its whole group (racelab.core.proc.kill_group).

With a set-up batch of N (WorkerConfig.set_up_batch), the processes also set up the GPU before GO (CUDA
context, builds, CUPTI's start: seconds each), N at a time and only while no process measures: a batch
sets up together, then its processes measure one after the other; the next batch imports meanwhile."""

import json
import math
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from racelab.core import proc
from racelab.experiments.timing.designs import Job
from racelab.experiments.timing.worker import PROTOCOL
from racelab.readers.samples import CuptiUnavailable, TimingError

KILL_GRACE_S = 2.0


@dataclass
class ProcResult:
    job: Job
    data: dict             # the worker's JSON
    spawn_to_exit_s: float
    waited_for_ready_s: float  # how long the runner waited for this process to finish importing
    exit_s: float = 0.0        # from the worker's DONE to its exit (CUDA teardown): the GPU is not in use
    batch: str | None = None   # its set-up batch, "<run of jobs>:<n>" (None: it set up after GO)
    batch_set_up_s: float = 0.0  # wall time of its batch's set-up (every process of the batch at once)


class _Worker:
    """A started worker process: its stdout lines go into a queue read with deadlines."""

    def __init__(self, argv, env, log_path: Path, out: Path):
        self.spawned = time.time()
        self.log_path = log_path
        self.out = out
        self.log = open(log_path, "wb")
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
                                         env=env, text=True, bufsize=1, start_new_session=True)
        except OSError as err:
            self.log.close()
            raise proc.ProcError(f"cannot start {argv[0]}: {err}") from err
        self.lines: queue.Queue = queue.Queue()
        self.other_stdout: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def wait_for(self, kind: str, timeout: float) -> dict:
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise TimingError(f"worker pid {self.proc.pid}: no {kind} within {timeout:.0f} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                self.proc.wait()
                raise TimingError(f"worker pid {self.proc.pid} exited with code {self.proc.returncode} before {kind}")
            if not line.startswith(PROTOCOL + " "):
                self.other_stdout.append(line)
                continue
            _, got, payload = line.rstrip("\n").split(" ", 2)
            payload = json.loads(payload)
            if got == "ERROR":
                kind_err = CuptiUnavailable if payload.get("cupti") else TimingError
                raise kind_err(f"worker pid {self.proc.pid} failed at {payload.get('stage')}: {payload.get('error')}")
            if got == kind:
                return payload

    def go(self):
        self.say("GO")

    def say(self, word: str):
        self.proc.stdin.write(word + "\n")
        self.proc.stdin.flush()

    def finish(self, timeout: float) -> int:
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise TimingError(f"worker pid {self.proc.pid} did not exit within {timeout:.0f} s") from None

    def kill(self):
        if self.proc.poll() is None:
            proc.kill_group(self.proc, KILL_GRACE_S)
        self.close()

    def close(self):
        try:
            self.log.close()
        finally:
            for stream in (self.proc.stdin, self.proc.stdout):
                try:
                    stream.close()
                except Exception:  # noqa: BLE001
                    pass

    def log_tail(self, n: int = 25) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        return "\n".join(lines[-n:])


@dataclass
class WorkerConfig:
    backend: str
    shapes: list              # TwinShape or UpstreamShape
    launches: int
    warmup_s: float
    warmup_min: int = 50
    fake_args: list = field(default_factory=list)  # extra worker flags for --backend fake
    precompile: bool = True
    copies: int = 1           # K > 1: each build loaded K times, the copies launched in turn (twin backend)
    alternate: bool = False   # design in-process: every other round launches the second build first
    set_up_batch: int = 0     # N > 0: processes set up the GPU before GO, N at a time, while none measures
    python: str = sys.executable
    ready_timeout_s: float = 300.0
    run_timeout_s: float = 600.0

    def argv(self, job: Job, out: Path, spawned_at: float) -> list[str]:
        argv = [self.python, "-m", "racelab.experiments.timing.worker", "--backend", self.backend,
                "--variant", job.variant, "--launches", str(self.launches), "--warmup-s", str(self.warmup_s),
                "--warmup-min", str(self.warmup_min), "--seed", str(job.seed), "--out", str(out), "--wait-go",
                "--spawned-at", repr(spawned_at)]
        for shape in self.shapes:
            argv += ["--shape", shape.as_arg()]
        if not self.precompile:
            argv.append("--no-precompile")
        if self.copies > 1:
            argv += ["--copies", str(self.copies)]
        if self.alternate:
            argv.append("--alternate")
        if self.set_up_batch:
            argv.append("--set-up-on-signal")
        return argv + list(self.fake_args)


def worker_env() -> dict:
    """This environment, with the package's source folder first on PYTHONPATH and unbuffered output."""
    from racelab.core.paths import child_env

    env = child_env()
    env["PYTHONUNBUFFERED"] = "1"
    return env


class _Workers(dict):
    """The started worker processes of one run of jobs, by job index, each logging into `workdir`."""

    def __init__(self, jobs: list[Job], config: "WorkerConfig", workdir: Path):
        super().__init__()
        self.jobs, self.config, self.workdir = jobs, config, Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.env = worker_env()
        self.spawned = 0

    def ensure(self, indices) -> None:
        """Start the jobs at `indices` that have no process yet."""
        for i in indices:
            if i in self:
                continue
            job = self.jobs[i]
            self.spawned += 1
            tag = f"{job.comparison}-p{job.pair:03d}-s{job.slot}-n{self.spawned:04d}"
            out = self.workdir / f"{tag}.json"
            self[i] = _Worker(self.config.argv(job, out, time.time()), self.env, self.workdir / f"{tag}.log", out)

    def ready(self, k: int) -> float:
        """Wait until process k has imported; the seconds waited."""
        t_wait = time.time()
        self[k].wait_for("READY", self.config.ready_timeout_s)
        return time.time() - t_wait

    def set_up(self, first: int, end: int, batch: int) -> tuple[dict, tuple]:
        """Processes first..end-1, once imported, SET UP together: {k: seconds waited for its import} and the
        batch's (name, set-up seconds)."""
        waited = {k: self.ready(k) for k in range(first, end)}
        t_set = time.time()
        for k in range(first, end):
            self[k].say("SET UP")
        for k in range(first, end):
            self[k].wait_for("SET", self.config.run_timeout_s)
        return waited, (f"{self.workdir.name}:{batch}", time.time() - t_set)

    def measure(self, k: int, waited_s: float, set_up: tuple = ()) -> "ProcResult":
        """GO to process k, wait for its results and its exit; its ProcResult. TimingError where it exits non-zero."""
        w = self[k]
        w.go()
        w.wait_for("DONE", self.config.run_timeout_s)
        t_done = time.time()
        code = w.finish(60)
        if code != 0:
            raise TimingError(f"worker pid {w.proc.pid} exited with code {code}")
        return ProcResult(self.jobs[k], json.loads(w.out.read_text()), time.time() - w.spawned, waited_s,
                          time.time() - t_done, *set_up)

    def drop(self, indices=None) -> None:
        """Kill the processes at `indices` (all by default), each with its process group."""
        for k in list(self if indices is None else indices):
            if k in self:
                self.pop(k).kill()


def run_jobs(jobs: list[Job], config: WorkerConfig, workdir: Path, prefetch: int = 2, progress=print,
             retries: int = 1, stop_at: float | None = None, stop_points=(), clock=time.time) -> list[ProcResult]:
    """Run every job in its own fresh process, in order, one at a time on the GPU, with up to `prefetch`
    later processes importing ahead. Calls progress(line) after each completed pair.

    The jobs run in groups: a pair each (one job where it is the whole pair), each process set up after its GO;
    or, with `config.set_up_batch`, set-up batches (batch_bounds) whose processes get SET UP together once every
    earlier process has exited, then GO one at a time, so that the batch's set-up and the import of the next
    `prefetch` processes overlap nothing but import. A failed process fails its group, which runs again with
    fresh processes (at most `retries` times). With `stop_at` (a `clock()` value), no job at an index in
    `stop_points` starts after that time: the run ends there with the jobs before it done, so a deadline costs
    the unfinished group, not the run."""
    batched, stop_points = bool(config.set_up_batch), set(stop_points)
    bounds = batch_bounds(len(jobs), config.set_up_batch, stop_points) if batched else pair_bounds(jobs)
    results: list[ProcResult] = []
    started = _Workers(jobs, config, workdir)
    t_begin, gpu_total, attempts, b, ahead = time.time(), 0.0, {}, 0, max(0, prefetch)

    try:
        while b < len(bounds):
            first, end = bounds[b]
            if stop_at is not None and first in stop_points and clock() >= stop_at:
                progress(f"deadline reached: stopping before job {first} of {len(jobs)} ({jobs[first].comparison} "
                         f"pair {jobs[first].pair}); the {first} jobs before it are kept")
                break
            group: list[ProcResult] = []
            k, waited, set_up = first, {}, ()
            try:
                if batched:
                    started.ensure(range(first, min(len(jobs), end + ahead)))
                    waited, set_up = started.set_up(first, end, b)
                for k in range(first, end):
                    if not batched:
                        started.ensure(range(first, min(len(jobs), k + 1 + ahead)))
                        waited[k] = started.ready(k)
                    group.append(started.measure(k, waited[k], set_up))
            except CuptiUnavailable:
                raise
            except TimingError as err:
                tail = started[k].log_tail() if k in started else ""
                started.drop([i for i in started if i >= first])  # the group again, fresh and in the same order
                attempts[b] = attempts.get(b, 0) + 1
                if attempts[b] > retries:
                    raise TimingError(f"{err}\n--- worker stderr (last lines) ---\n{tail}") from None
                job = jobs[k]
                progress(f"  ! set-up batch {b} (jobs {first}-{end - 1}) failed ({err}); running it again" if batched
                         else f"  ! {job.comparison} pair {job.pair} slot {job.slot} failed ({err}); retrying the pair")
                continue
            for k in range(first, end):
                started.pop(k).close()
            results += group
            for pair in pairs_of(group):
                gpu_total += sum(r.data["gpu_s"] for r in pair)
                progress(format_pair_progress(pair, gpu_total, time.time() - t_begin))
            b += 1
    finally:
        started.drop()
    return results


def batch_bounds(n_jobs: int, size: int, stop_points=()) -> list[tuple[int, int]]:
    """[start, end) of each set-up batch of `n_jobs` jobs (whole pairs): at most `size` jobs, ending at the
    last stop point it reaches when it reaches one, so that a deadline can stop the run between batches."""
    if size < 2 or size % 2:
        raise ValueError(f"a set-up batch holds whole pairs: an even number of jobs, not {size}")
    cuts = set(stop_points)
    out, start = [], 0
    while start < n_jobs:
        end = min(n_jobs, start + size)
        if end < n_jobs:
            end = max((p for p in cuts if start < p <= end), default=end)
        out.append((start, end))
        start = end
    return out


def pair_bounds(jobs: list[Job]) -> list[tuple[int, int]]:
    """[start, end) of each pair of `jobs`: two processes, or one where a process is the whole pair."""
    out, k = [], 0
    while k < len(jobs):
        n = 1 if jobs[k].whole_pair else 2
        out.append((k, k + n))
        k += n
    return out


def pairs_of(results: list[ProcResult]) -> list[list[ProcResult]]:
    """The results of whole pairs grouped by pair: two processes each, or one where a process is the whole
    pair (design "in-process")."""
    return [results[start:end] for start, end in pair_bounds([r.job for r in results])]


def format_pair_progress(pair: list[ProcResult], gpu_total: float, wall: float) -> str:
    if len(pair) == 1:  # one process timed both builds: its test launches, then its second build's
        (one,) = pair
        a_first = one.job.role == "a"
        la, lb = (one.job.label, one.job.partner) if a_first else (one.job.partner, one.job.label)
        means = [(s["shape"], *((mean(s["test_ns"]), mean(s["second_ns"])) if a_first
                                else (mean(s["second_ns"]), mean(s["test_ns"])))) for s in one.data["shapes"]]
        first_label, second_label, gpu = one.job.label, one.job.partner, one.data["gpu_s"]
    else:
        first, second = pair
        ra, rb = (first, second) if first.job.role == "a" else (second, first)
        la, lb = ra.job.label, rb.job.label
        means = [(sa["shape"], mean(sa["test_ns"]), mean(sb["test_ns"]))
                 for sa, sb in zip(ra.data["shapes"], rb.data["shapes"])]
        first_label, second_label = first.job.label, second.job.label
        gpu = first.data["gpu_s"] + second.data["gpu_s"]
    job = pair[0].job
    bits = [f"[{job.comparison} pair {job.pair:>3}] {first_label} then {second_label}"
            + (" (one process)" if len(pair) == 1 else "")]
    for shape, ma, mb in means:
        bits.append(f"{shape}: {ma / 1000:.3f} us, {lb} vs {la} {100 * (mb - ma) / ma:+.3f}%")
    bits.append(f"GPU {gpu:.1f} s (total {gpu_total:.1f} s, wall {wall:.0f} s)")
    return " | ".join(bits)


def mean(xs) -> float:
    return math.fsum(xs) / len(xs)
