"""Paired timing of the elected vs all-lane W_LOADED arrive, in fresh processes, with CUPTI kernel times.

The method of PR #426, made reproducible: for each pair, one fresh process runs variant A and another
runs variant B (the order per pair is fixed, swapped or drawn from a seed, and recorded); each process
compiles once, warms up, then times M launches of the kernel under test and of a control kernel,
interleaved, reading device-side kernel durations from CUPTI (``torch.profiler`` with
``ProfilerActivity.CUDA``). Every launch is a row of a ``pair,variant,launch,ns`` CSV (the control kernel
gets its own CSV with the same columns); ``racelab pairs`` turns a CSV into the paired delta and its CI.

Process start-up (Python, torch, the CuTe DSL) costs seconds and would dominate, so the runner keeps the
next processes started ahead: they import while the current one measures and wait on their stdin for
"GO" before touching CUDA. Only one process uses the GPU at a time.

Subcommands (``python -m racelab.timing ...``):

    worker   one process: one variant, every shape (what the runner launches; --backend fake for tests)
    run      one paired experiment into a folder (CSVs + processes + order), with progress
    record   the whole experiment (A/B, B/A, A/A) into ONE store run "twin-timing"
    sm100    the real kernel on SM100 (unpatched / patched / fix-reverted) into run "sm100-timing"
    summary  the table of a recorded run (or a folder written by `run`/`record --out`)
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import pairs as _pairs

# The figures PR #426 reports (B200 / SM100, CUDA 13.3, cutlass-dsl 4.6.1, Nsight Systems
# cuda_gpu_kern_sum, 16 pairs of fresh processes x 200 profiled launches). The only place they live.
REPORTED = {
    "source": "NVIDIA/cudnn-frontend PR #426, 'Fix a latent SMEM handoff race in the SM100 DSA indexer "
              "backward kernel' (description, 'API and compatibility impact' and 'Testing')",
    "gpu": "B200 (SM100)",
    "method": "paired fresh processes, 16 pairs per shape, 200 profiled launches per run; "
              "Student-t 95% CI on paired deltas",
    "timing": {
        "topk128": {"shape": "topk=128 (1 CTA)", "kernel": "kernel_gemm", "delta_pct": -0.014, "ci95_pct": 0.017,
                    "pairs": 16},
        "b3-sq64-skv2048-topk512": {"shape": "b=3, s_q=64, s_kv=2048, topk=512", "kernel": "kernel_gemm",
                                    "delta_pct": 0.218, "ci95_pct": 0.016, "pairs": 16,
                                    "delta_ns": 74.0, "kernel_us": 34.1},
        "b3-sq64-skv2048-topk512-swapped": {"shape": "b=3, s_q=64, s_kv=2048, topk=512, order swapped",
                                            "kernel": "kernel_gemm", "delta_pct": 0.204, "ci95_pct": 0.017,
                                            "pairs": 8},
        "control": {"kernel": "ScoreGrad", "abs_delta_pct_max": 0.03},
    },
    "numerics": {
        "shape": "b=3, s_q=64, s_kv=2048, topk=512",
        "replays": 30,
        "d_index_q_d_weights": "byte-identical unpatched vs patched; sha256 stable 30/30 replays per side",
        "d_index_k_max_rel_dev": {"unpatched": 4.0e-6, "patched": 4.1e-6},
    },
}

TWIN_VARIANTS = ("elected", "all-lanes")
SM100_VARIANTS = ("unpatched", "patched", "fix-reverted")
PROTOCOL = "RACELAB"  # prefix of the worker's protocol lines on stdout


class TimingError(RuntimeError):
    pass


class CuptiUnavailable(TimingError):
    pass


# ---------------------------------------------------------------------------------------------------
# Shapes
# ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TwinShape:
    """A launch of the SM90 twin: topk fp32 + heads bf16 values handed off per CTA, `work` sets its length."""

    topk: int
    heads: int = 64
    n_cta: int = 132
    work: int = 1

    KEYS = ("topk", "heads", "n_cta", "work")

    @property
    def label(self) -> str:
        return f"topk{self.topk}-h{self.heads}-cta{self.n_cta}-w{self.work}"

    def as_arg(self) -> str:
        return ",".join(f"{k}={getattr(self, k)}" for k in self.KEYS)

    @classmethod
    def parse(cls, text: str) -> "TwinShape":
        return cls(**_parse_kv(text, cls.KEYS, required=("topk",)))


@dataclass(frozen=True)
class UpstreamShape:
    """A call of the upstream indexer backward: index_q (b, s_q, heads, dim), index_k (b, s_kv, dim)."""

    b: int
    s_q: int
    s_kv: int
    topk: int
    heads: int = 64
    dim: int = 128

    KEYS = ("b", "s_q", "s_kv", "topk", "heads", "dim")

    @property
    def label(self) -> str:
        return f"b{self.b}-sq{self.s_q}-skv{self.s_kv}-topk{self.topk}"

    def as_arg(self) -> str:
        return ",".join(f"{k}={getattr(self, k)}" for k in self.KEYS)

    @classmethod
    def parse(cls, text: str) -> "UpstreamShape":
        return cls(**_parse_kv(text, cls.KEYS, required=("b", "s_q", "s_kv", "topk")))


def _parse_kv(text: str, keys, required) -> dict:
    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or key not in keys:
            raise ValueError(f"bad shape item {part!r} in {text!r}: expected key=value with key in {', '.join(keys)}")
        try:
            out[key] = int(value)
        except ValueError:
            raise ValueError(f"bad shape item {part!r}: {value!r} is not an integer") from None
        if out[key] <= 0:
            raise ValueError(f"bad shape item {part!r}: must be positive")
    missing = [k for k in required if k not in out]
    if missing:
        raise ValueError(f"shape {text!r} lacks {', '.join(missing)}")
    return out


# Twin shapes: chosen so that the twin's kernel runs for tens of microseconds on an H200 (one CTA per SM).
TWIN_SHAPES = (TwinShape(topk=128, heads=64, n_cta=132, work=64), TwinShape(topk=512, heads=64, n_cta=132, work=64))
# The PR's two shapes: the topk=128 one-CTA shape and the multi-block one.
SM100_SHAPES = (UpstreamShape(b=1, s_q=1, s_kv=2048, topk=128), UpstreamShape(b=3, s_q=64, s_kv=2048, topk=512))


# ---------------------------------------------------------------------------------------------------
# CUPTI kernel durations through torch.profiler
# ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class KernelEvent:
    name: str
    start_ns: int
    dur_ns: int


def check_cupti() -> None:
    """Raise CuptiUnavailable unless torch.profiler can record CUDA activity here."""
    import torch
    from torch.profiler import ProfilerActivity

    if not torch.cuda.is_available():
        raise CuptiUnavailable("no CUDA device visible to torch: the timing worker needs a GPU")
    if ProfilerActivity.CUDA not in torch.profiler.supported_activities():
        raise CuptiUnavailable("torch.profiler does not support ProfilerActivity.CUDA in this build "
                               "(no CUPTI): kernel durations cannot be read; not falling back to host timers")


def kernel_events(prof) -> list[KernelEvent]:
    """Device-side kernel activity (CUPTI) of a finished torch.profiler session, ordered by start."""
    from torch.autograd import DeviceType

    found = []
    results = getattr(getattr(prof, "profiler", None), "kineto_results", None)
    if results is not None:
        for ev in results.events():
            if ev.device_type() != DeviceType.CUDA:
                continue
            kind = ev.activity_type() if hasattr(ev, "activity_type") else "kernel"
            if str(kind).lower() not in ("kernel", "concurrent_kernel", "activitytype.concurrent_kernel"):
                continue
            found.append(KernelEvent(ev.name(), int(ev.start_ns()), int(ev.duration_ns())))
    else:  # older profiler objects: FunctionEvents with microsecond floats
        for ev in prof.events():
            if ev.device_type == DeviceType.CUDA and not ev.name.startswith(("Memcpy", "Memset")):
                found.append(KernelEvent(ev.name, int(round(ev.time_range.start * 1000)),
                                         int(round(ev.time_range.elapsed_us() * 1000))))
    found.sort(key=lambda e: e.start_ns)
    return found


def profile(fn, iterations: int, sync) -> list[KernelEvent]:
    """Run fn() `iterations` times under torch.profiler(CUDA activity) and return the kernel events."""
    from torch.profiler import ProfilerActivity
    from torch.profiler import profile as _profile

    sync()
    with _profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(iterations):
            fn()
        sync()
    events = kernel_events(prof)
    if not events:
        raise CuptiUnavailable(f"torch.profiler recorded no CUDA kernel activity over {iterations} launches: "
                               "CUPTI is unavailable or blocked (e.g. profiling permissions, another profiler "
                               "attached); refusing to fall back to host timers")
    return events


def pick_name(events: list[KernelEvent], match: str | None = None, what: str = "kernel") -> str:
    """The kernel a launcher launched: the one whose name contains `match`, else the one with the most
    device time. Raises TimingError when the choice is ambiguous or empty."""
    totals: dict[str, int] = {}
    for ev in events:
        totals[ev.name] = totals.get(ev.name, 0) + ev.dur_ns
    names = [n for n in totals if match is None or match in n]
    if not names:
        raise TimingError(f"no {what} kernel{'' if match is None else ' matching ' + repr(match)} among "
                          f"{sorted(totals)}")
    if match is not None and len(names) > 1:
        raise TimingError(f"{what}: {len(names)} kernels match {match!r}: {sorted(names)}")
    return max(names, key=lambda n: totals[n])


def split_events(events: list[KernelEvent], test_name: str, control_name: str | None, launches: int):
    """(test_ns, control_ns, other_counts). Same names for test and control: alternate by start order."""
    others: dict[str, int] = {}
    if control_name is not None and control_name == test_name:
        mine = [e for e in events if e.name == test_name]
        if len(mine) != 2 * launches:
            raise TimingError(f"expected {2 * launches} launches of {test_name!r} (test and control alternating), "
                              f"got {len(mine)}")
        test, control = [e.dur_ns for e in mine[0::2]], [e.dur_ns for e in mine[1::2]]
    else:
        test, control = [], []
        for e in events:
            if e.name == test_name:
                test.append(e.dur_ns)
            elif control_name is not None and e.name == control_name:
                control.append(e.dur_ns)
            else:
                others[e.name] = others.get(e.name, 0) + 1
    if len(test) != launches:
        raise TimingError(f"expected {launches} launches of the test kernel {test_name!r}, the profiler saw {len(test)}")
    if control_name is not None and len(control) != launches:
        raise TimingError(f"expected {launches} launches of the control kernel {control_name!r}, saw {len(control)}")
    return test, control, others


# ---------------------------------------------------------------------------------------------------
# Worker backends: what one process measures
# ---------------------------------------------------------------------------------------------------

@dataclass
class Subject:
    """What a backend hands the worker for one shape.

    test / control: zero-argument callables that each launch once. When `control` is None, `test`
    launches both kernels (e.g. the upstream wrapper launches ScoreGrad then kernel_gemm) and the two are
    told apart by `test_match` / `control_match` (substrings of the kernel names)."""

    test: object
    control: object = None
    test_match: str | None = None
    control_match: str | None = None
    meta: dict = field(default_factory=dict)


class FakeBackend:
    """Synthetic samples, no GPU, no torch: exercises the runner (pairing, order, CSVs, progress).

    A per-process factor (the clock a process happens to get) multiplies test and control alike;
    the variant's effect applies to the test kernel only."""

    name = "fake"

    def __init__(self, args):
        self.args = args
        self.effects = dict(_parse_effect(e) for e in (args.fake_effect or []))

    def prepare(self):
        time.sleep(self.args.fake_import_s)

    def measure(self, variant: str, shape, launches: int, warmup_s: float, seed: int) -> dict:
        import numpy as np

        rng = np.random.default_rng([seed, _stable_hash(shape.as_arg())])
        time.sleep(self.args.fake_gpu_s)
        base = 1000.0 * (20 + getattr(shape, "topk", 128) / 64)
        proc = math.exp(rng.normal(0.0, self.args.fake_process_sd / 100))
        effect = 1.0 + self.effects.get(variant.split("@")[0], 0.0) / 100
        test = base * proc * effect * (1 + rng.normal(0, self.args.fake_launch_sd / 100, launches))
        control = 0.5 * base * proc * (1 + rng.normal(0, self.args.fake_launch_sd / 100, launches))
        return {"test_name": "fake_test_kernel", "control_name": "fake_control_kernel",
                "test_ns": [int(round(x)) for x in test], "control_ns": [int(round(x)) for x in control],
                "other_kernels": {}, "compile_s": 0.0, "warmup_s": 0.0, "warmup_launches": 0}


def _parse_effect(text: str):
    variant, sep, pct = text.partition("=")
    if not sep:
        raise ValueError(f"--fake-effect takes VARIANT=PERCENT, got {text!r}")
    return variant, float(pct)


def _stable_hash(text: str) -> int:
    import hashlib

    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


class _GpuBackend:
    """Shared GPU measuring loop: build the subject, find the kernels' names, warm up, profile."""

    def __init__(self, args):
        self.args = args

    def prepare(self):
        import torch  # noqa: F401  (the expensive imports, before GO; no CUDA call here)

        self._import_kernel_modules()

    def _import_kernel_modules(self):
        pass

    def build(self, variant: str, shape) -> Subject:
        raise NotImplementedError

    def measure(self, variant: str, shape, launches: int, warmup_s: float, seed: int) -> dict:
        import torch

        check_cupti()
        sync = torch.cuda.synchronize
        t0 = time.perf_counter()
        subject = self.build(variant, shape)
        # first launches compile lazily in some launchers: run each once before timing anything
        subject.test()
        if subject.control is not None:
            subject.control()
        sync()
        compile_s = time.perf_counter() - t0

        if subject.control is not None:
            test_name = pick_name(profile(subject.test, 3, sync), subject.test_match, "test")
            control_name = pick_name(profile(subject.control, 3, sync), subject.control_match, "control")

            def iteration():
                subject.test()
                subject.control()
        else:
            seen = profile(subject.test, 3, sync)
            test_name = pick_name(seen, subject.test_match, "test")
            control_name = pick_name(seen, subject.control_match, "control") if subject.control_match else None
            iteration = subject.test

        t1 = time.perf_counter()
        n_warm = 0
        while n_warm < self.args.warmup_min or time.perf_counter() - t1 < warmup_s:
            iteration()
            n_warm += 1
            if n_warm % 64 == 0:
                sync()
        sync()
        warm_s = time.perf_counter() - t1
        events = profile(iteration, launches, sync)
        test_ns, control_ns, others = split_events(events, test_name, control_name, launches)
        return {"test_name": test_name, "control_name": control_name, "test_ns": test_ns,
                "control_ns": control_ns, "other_kernels": others, "compile_s": compile_s,
                "warmup_s": warm_s, "warmup_launches": n_warm, **subject.meta}


class TwinBackend(_GpuBackend):
    """The SM90 twin (kernels/handoff_twin_sm90.py): `timed_launcher(topk, heads, n_cta, work, arrive)`."""

    name = "twin"

    def _import_kernel_modules(self):
        self.module = load_twin_module()

    def build(self, variant: str, shape: TwinShape) -> Subject:
        if variant not in TWIN_VARIANTS:
            raise TimingError(f"twin variant must be one of {TWIN_VARIANTS}, not {variant!r}")
        return twin_subject(self.module, variant, shape)


class UpstreamBackend(_GpuBackend):
    """The real SM100 kernel through its upstream wrapper, loaded by racelab.upstream."""

    name = "sm100"

    def _import_kernel_modules(self):
        from . import upstream  # noqa: F401

    def build(self, variant: str, shape: UpstreamShape) -> Subject:
        return upstream_subject(variant, shape)


BACKENDS = {"fake": FakeBackend, "twin": TwinBackend, "sm100": UpstreamBackend}


def load_twin_module():
    """Import kernels/handoff_twin_sm90.py (not part of the package) by path."""
    import importlib.util

    from .paths import kernels_dir

    path = Path(os.environ.get("RACELAB_TWIN", kernels_dir() / "handoff_twin_sm90.py"))
    if not path.exists():
        raise TimingError(f"the SM90 twin is not at {path}")
    name = "handoff_twin_sm90"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def twin_subject(module, variant: str, shape: TwinShape) -> Subject:
    """The twin's test launcher for `variant` and its control launcher (same process)."""
    test = module.timed_launcher(topk=shape.topk, heads=shape.heads, n_cta=shape.n_cta, work=shape.work,
                                 arrive=variant)
    control = module.control_launcher(topk=shape.topk, heads=shape.heads, n_cta=shape.n_cta, work=shape.work)
    return Subject(test=test, control=control, meta={"twin_file": getattr(module, "__file__", None)})


def upstream_subject(variant: str, shape: UpstreamShape) -> Subject:
    from . import upstream

    return upstream.timing_subject(variant, shape)


# ---------------------------------------------------------------------------------------------------
# The worker process
# ---------------------------------------------------------------------------------------------------

def _emit(kind: str, payload: dict) -> None:
    sys.stdout.write(f"{PROTOCOL} {kind} {json.dumps(payload)}\n")
    sys.stdout.flush()


def worker_main(args) -> int:
    t_start = time.time()
    backend = BACKENDS[args.backend](args)
    shapes = [_shape_class(args.backend).parse(s) for s in args.shape]
    try:
        backend.prepare()
    except Exception as err:  # noqa: BLE001  (report, then fail)
        _emit("ERROR", {"stage": "import", "error": f"{type(err).__name__}: {err}"})
        return 3
    t_ready = time.time()
    cuda_touched = "torch" in sys.modules and sys.modules["torch"].cuda.is_initialized()
    _emit("READY", {"pid": os.getpid(), "import_s": t_ready - (args.spawned_at or t_start),
                    "cuda_initialized_before_go": bool(cuda_touched)})
    if args.wait_go:
        line = sys.stdin.readline()
        if line.strip() != "GO":
            _emit("ERROR", {"stage": "go", "error": f"expected GO on stdin, got {line.strip()!r}"})
            return 3
    t_go = time.time()
    per_shape = []
    try:
        for shape in shapes:
            t0 = time.time()
            out = backend.measure(args.variant, shape, args.launches, args.warmup_s, args.seed)
            out.update(shape=shape.label, shape_arg=shape.as_arg(), shape_s=time.time() - t0)
            per_shape.append(out)
    except Exception as err:  # noqa: BLE001
        _emit("ERROR", {"stage": "measure", "error": f"{type(err).__name__}: {err}",
                        "cupti": isinstance(err, CuptiUnavailable)})
        return 4 if isinstance(err, CuptiUnavailable) else 3
    t_done = time.time()
    result = {"variant": args.variant, "backend": args.backend, "pid": os.getpid(), "launches": args.launches,
              "timer": "fake" if args.backend == "fake" else "cupti (torch.profiler ProfilerActivity.CUDA)",
              "times": {"spawned": args.spawned_at or t_start, "start": t_start, "ready": t_ready, "go": t_go,
                        "done": t_done},
              "import_s": t_ready - (args.spawned_at or t_start), "gpu_s": t_done - t_go,
              "cuda_initialized_before_go": bool(cuda_touched), "device": _device_info(args.backend),
              "shapes": per_shape}
    Path(args.out).write_text(json.dumps(result))
    _emit("DONE", {"gpu_s": result["gpu_s"]})
    return 0


def _device_info(backend: str) -> dict:
    if backend == "fake":
        return {"name": "fake"}
    import torch

    props = torch.cuda.get_device_properties(0)
    return {"name": props.name, "sm": f"{props.major}{props.minor}", "torch": torch.__version__,
            "cuda": torch.version.cuda, "multiprocessors": props.multi_processor_count}


def _shape_class(backend: str):
    return UpstreamShape if backend == "sm100" else TwinShape


# ---------------------------------------------------------------------------------------------------
# The runner: fresh processes, started ahead, run one at a time
# ---------------------------------------------------------------------------------------------------

@dataclass
class Job:
    """One process of one pair: its CSV label (e.g. 'elected', or 'elected-A1' in an A/A control), the
    variant it runs, its slot in the pair (0 runs first) and the seed it gets."""

    experiment: str
    pair: int
    slot: int
    label: str
    variant: str
    seed: int


def make_jobs(experiment: str, n_pairs: int, a: tuple[str, str], b: tuple[str, str], order: str,
              seed: int, first_pair: int = 0) -> list[Job]:
    """Jobs of `n_pairs` pairs. a and b are (label, variant). order: 'ab' (A first in every pair), 'ba',
    'alternate' (AB, BA, AB, ...) or 'random' (per pair, from `seed`)."""
    if order not in ("ab", "ba", "alternate", "random"):
        raise ValueError(f"order must be ab, ba, alternate or random, not {order!r}")
    rng = random.Random(f"{experiment}:{seed}")
    jobs = []
    for i in range(n_pairs):
        pair = first_pair + i
        a_first = {"ab": True, "ba": False, "alternate": i % 2 == 0, "random": rng.random() < 0.5}[order]
        first, second = (a, b) if a_first else (b, a)
        for slot, (label, variant) in enumerate((first, second)):
            jobs.append(Job(experiment, pair, slot, label, variant, _stable_hash(f"{experiment}:{seed}:{pair}:{slot}") % 2**31))
    return jobs


@dataclass
class ProcResult:
    job: Job
    data: dict             # the worker's JSON
    spawn_to_exit_s: float
    waited_for_ready_s: float  # how long the runner waited for this process to finish importing


class _Worker:
    """A started worker process: its stdout lines go into a queue read with deadlines."""

    def __init__(self, argv, env, log_path: Path):
        self.spawned = time.time()
        self.log_path = log_path
        self.log = open(log_path, "wb")
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
                                     env=env, text=True, bufsize=1)
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
        self.proc.stdin.write("GO\n")
        self.proc.stdin.flush()

    def finish(self, timeout: float) -> int:
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise TimingError(f"worker pid {self.proc.pid} did not exit within {timeout:.0f} s") from None

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
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
    python: str = sys.executable
    ready_timeout_s: float = 300.0
    run_timeout_s: float = 600.0

    def argv(self, job: Job, out: Path, spawned_at: float) -> list[str]:
        argv = [self.python, "-m", "racelab.timing", "worker", "--backend", self.backend, "--variant", job.variant,
                "--launches", str(self.launches), "--warmup-s", str(self.warmup_s),
                "--warmup-min", str(self.warmup_min), "--seed", str(job.seed), "--out", str(out), "--wait-go",
                "--spawned-at", repr(spawned_at)]
        for shape in self.shapes:
            argv += ["--shape", shape.as_arg()]
        return argv + list(self.fake_args)


def worker_env() -> dict:
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def run_jobs(jobs: list[Job], config: WorkerConfig, workdir: Path, prefetch: int = 2, progress=print,
             retries: int = 1) -> list[ProcResult]:
    """Run every job in its own fresh process, in order, one at a time on the GPU, with up to `prefetch`
    later processes importing ahead. Calls progress(line) after each completed pair."""
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    env = worker_env()
    results: list[ProcResult] = []
    started: dict[int, _Worker] = {}
    t_begin = time.time()
    gpu_total = 0.0
    attempts: dict[tuple, int] = {}

    def start(i):
        job = jobs[i]
        tag = f"{job.experiment}-p{job.pair:03d}-s{job.slot}-{attempts.get((job.pair, job.slot, job.experiment), 0)}"
        spawned = time.time()
        w = _Worker(config.argv(job, workdir / f"{tag}.json", spawned), env, workdir / f"{tag}.log")
        w.out = workdir / f"{tag}.json"
        started[i] = w

    def stop_all():
        for w in started.values():
            w.kill()
        started.clear()

    i = 0
    pair_results: list[ProcResult] = []
    try:
        while i < len(jobs):
            for k in range(i, min(len(jobs), i + 1 + max(0, prefetch))):
                if k not in started:
                    start(k)
            w = started[i]
            job = jobs[i]
            try:
                t_wait = time.time()
                w.wait_for("READY", config.ready_timeout_s)
                waited = time.time() - t_wait
                w.go()
                w.wait_for("DONE", config.run_timeout_s)
                code = w.finish(60)
                if code != 0:
                    raise TimingError(f"worker pid {w.proc.pid} exited with code {code}")
                data = json.loads(w.out.read_text())
            except CuptiUnavailable:
                stop_all()
                raise
            except TimingError as err:
                key = (job.pair, job.slot, job.experiment)
                tail = w.log_tail()
                w.kill()
                del started[i]
                attempts[key] = attempts.get(key, 0) + 1
                if attempts[key] > retries:
                    stop_all()
                    raise TimingError(f"{err}\n--- worker stderr (last lines) ---\n{tail}") from None
                progress(f"  ! {job.experiment} pair {job.pair} slot {job.slot} failed ({err}); retrying the pair")
                # restart the whole pair: both processes fresh, same order
                first = i - job.slot
                for k in list(started):
                    if k >= first:
                        started.pop(k).kill()
                if job.slot == 1:
                    pair_results = [r for r in pair_results if r.job.pair != job.pair]
                    results = [r for r in results if not (r.job.experiment == job.experiment and r.job.pair == job.pair)]
                i = first
                continue
            w.close()
            del started[i]
            res = ProcResult(job, data, time.time() - w.spawned, waited)
            results.append(res)
            gpu_total += data["gpu_s"]
            pair_results.append(res)
            if job.slot == 1:
                progress(format_pair_progress(pair_results, gpu_total, time.time() - t_begin))
                pair_results = []
            i += 1
    finally:
        stop_all()
    return results


def format_pair_progress(pair: list[ProcResult], gpu_total: float, wall: float) -> str:
    first, second = pair
    job = first.job
    bits = [f"[{job.experiment} pair {job.pair:>3}] {first.job.label} then {second.job.label}"]
    by_label = {r.job.label: r for r in pair}
    a, b = first.job.label, second.job.label
    if first.job.label > second.job.label:  # print the delta in a fixed direction: sorted labels
        a, b = b, a
    for sa, sb in zip(by_label[a].data["shapes"], by_label[b].data["shapes"]):
        ma, mb = _mean(sa["test_ns"]), _mean(sb["test_ns"])
        bits.append(f"{sa['shape']}: {ma / 1000:.3f} us, {b} vs {a} {100 * (mb - ma) / ma:+.3f}%")
    gpu = first.data["gpu_s"] + second.data["gpu_s"]
    bits.append(f"GPU {gpu:.1f} s (total {gpu_total:.1f} s, wall {wall:.0f} s)")
    return " | ".join(bits)


def _mean(xs) -> float:
    return math.fsum(xs) / len(xs)


# ---------------------------------------------------------------------------------------------------
# Writing the raw samples and the process table
# ---------------------------------------------------------------------------------------------------

def sample_rows(results: list[ProcResult], shape_label: str, kind: str = "test"):
    """(pair, label, launch, ns) rows of one shape, for the test kernel or the control kernel."""
    rows = []
    for r in results:
        shape = _shape_entry(r.data, shape_label)
        for launch, ns in enumerate(shape[f"{kind}_ns"]):
            rows.append((r.job.pair, r.job.label, launch, ns))
    return rows


def _shape_entry(data: dict, label: str) -> dict:
    for s in data["shapes"]:
        if s["shape"] == label:
            return s
    raise TimingError(f"worker pid {data.get('pid')} has no shape {label}")


PROCESS_COLUMNS = ("experiment", "pair", "slot", "label", "variant", "pid", "seed", "import_s", "waited_for_ready_s",
                   "gpu_s", "spawn_to_exit_s", "cuda_initialized_before_go", "shape", "compile_s", "warmup_s",
                   "warmup_launches", "shape_s", "test_kernel", "control_kernel", "test_mean_ns", "control_mean_ns",
                   "other_kernels")


def process_rows(results: list[ProcResult]):
    for r in results:
        d = r.data
        for s in d["shapes"]:
            yield (r.job.experiment, r.job.pair, r.job.slot, r.job.label, r.job.variant, d["pid"], r.job.seed,
                   f"{d['import_s']:.3f}", f"{r.waited_for_ready_s:.3f}", f"{d['gpu_s']:.3f}",
                   f"{r.spawn_to_exit_s:.3f}", int(bool(d.get("cuda_initialized_before_go"))), s["shape"],
                   f"{s['compile_s']:.3f}", f"{s['warmup_s']:.3f}", s["warmup_launches"], f"{s['shape_s']:.3f}",
                   s["test_name"], s["control_name"] or "", f"{_mean(s['test_ns']):.1f}",
                   f"{_mean(s['control_ns']):.1f}" if s["control_ns"] else "",
                   json.dumps(s.get("other_kernels") or {}, sort_keys=True))


def _csv_text(header, rows) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def samples_csv(rows) -> str:
    buf = io.StringIO()
    _pairs.write_samples(rows, buf)
    return buf.getvalue()


def gpu_seconds_by_shape(results: list[ProcResult]) -> dict[str, float]:
    """GPU time attributed to each shape: its own phase in every process, plus an equal share of each
    process's GPU time not spent in any shape (CUDA context, teardown)."""
    out: dict[str, float] = {}
    for r in results:
        shapes = r.data["shapes"]
        shared = max(0.0, r.data["gpu_s"] - sum(s["shape_s"] for s in shapes)) / max(1, len(shapes))
        for s in shapes:
            out[s["shape"]] = out.get(s["shape"], 0.0) + s["shape_s"] + shared
    return out


# ---------------------------------------------------------------------------------------------------
# Planning: how many pairs fit the wall-time budget
# ---------------------------------------------------------------------------------------------------

@dataclass
class Plan:
    ab_pairs: int
    ba_pairs: int
    aa_groups: int
    aa_pairs_per_group: int
    per_process_s: float
    budget_s: float

    @property
    def processes(self) -> int:
        return 2 * (self.ab_pairs + self.ba_pairs + self.aa_groups * self.aa_pairs_per_group)

    @property
    def expected_s(self) -> float:
        return self.processes * self.per_process_s


def make_plan(budget_s: float, per_process_s: float, aa_groups: int = 20, min_pairs: int = 8,
              max_pairs: int = 32) -> Plan:
    """Split `budget_s` of wall time, at `per_process_s` per process, between A/B and B/A (equal numbers
    of pairs, between min_pairs and max_pairs) and `aa_groups` A/A experiments of 3 pairs (2 when the
    budget is short). Prefers A/A groups of 3 while A/B keeps at least 12 pairs."""
    if per_process_s <= 0 or budget_s <= 0:
        raise ValueError("budget and per-process time must be positive")
    processes = int(budget_s // per_process_s)
    for k in (3, 2):
        left = processes - 2 * aa_groups * k
        n = min(max_pairs, left // 4)
        if n >= (12 if k == 3 else min_pairs):
            return Plan(n, n, aa_groups, k, per_process_s, budget_s)
    # too short for 20 A/A groups: keep the minimum A/B and B/A, and as many A/A groups of 2 as fit
    n = min_pairs
    groups = max(0, (processes - 4 * n) // 4)
    return Plan(n, n, groups, 2, per_process_s, budget_s)


# ---------------------------------------------------------------------------------------------------
# Analysis of a finished experiment (pure functions over CSV text: the notebook uses them too)
# ---------------------------------------------------------------------------------------------------

def analyse(samples_text: str, a: str, b: str, pair_ids=None) -> _pairs.PairedResult:
    return _pairs.paired(_pairs.parse_samples(samples_text), a, b, pairs=pair_ids)


def aa_coverage(samples_text: str, a: str, b: str, groups: list[list[int]]) -> dict:
    """Each A/A group is an independent null experiment: does its 95% CI cover 0?"""
    s = _pairs.parse_samples(samples_text)
    results = [_pairs.paired(s, a, b, pairs=g) for g in groups]
    covered = sum(r.covers_zero for r in results)
    return {"groups": len(results), "covered": covered, "coverage": covered / len(results) if results else float("nan"),
            "results": results}


def summarize_folder(folder) -> dict:
    """Read a folder (or a RecordedRun) written by `record` and compute every statistic again from the raw
    CSVs: per shape, A/B, B/A, A/A pooled and the A/A coverage, for the test and the control kernel."""
    reader = _Reader(folder)
    manifest = reader.json("plan.json")
    out = {"manifest": manifest, "shapes": {}}
    for shape in manifest["shapes"]:
        per = {}
        for exp in manifest["experiments"]:
            name, a, b = exp["name"], exp["a"], exp["b"]
            for kind in ("test", "control"):
                text = reader.text(csv_name(name, shape, kind))
                entry = {"paired": analyse(text, a, b)}
                if exp.get("groups"):
                    entry["coverage"] = aa_coverage(text, a, b, exp["groups"])
                per.setdefault(name, {})[kind] = entry
        out["shapes"][shape] = per
    out["gpu_s"] = manifest.get("gpu_s_by_shape", {})
    return out


def csv_name(experiment: str, shape_label: str, kind: str) -> str:
    return f"{experiment}-{shape_label}{'-control' if kind == 'control' else ''}.csv"


class _Reader:
    def __init__(self, source):
        self.source = source

    def text(self, name: str) -> str:
        if hasattr(self.source, "read_text"):
            return self.source.read_text(name)
        return (Path(self.source) / name).read_text()

    def json(self, name: str):
        return json.loads(self.text(name))


def format_table(summary: dict) -> str:
    lines = [f"{'shape':<26} {'experiment':<12} {'pairs':>5} {'delta %':>9} {'CI95 %':>8} {'bootstrap 95% %':>20} "
             f"{'control delta %':>18} {'A/A cover':>9} {'GPU s':>7}"]
    for shape, per in summary["shapes"].items():
        first = True
        for name, entry in per.items():
            t, c = entry["test"]["paired"], entry["control"]["paired"]
            cover = ""
            if "coverage" in entry["test"]:
                cov = entry["test"]["coverage"]
                cover = f"{cov['covered']}/{cov['groups']}"
            gpu = f"{summary['gpu_s'].get(shape, float('nan')):.0f}" if first else ""
            lines.append(f"{shape if first else '':<26} {name:<12} {t.pairs:>5} {t.delta_pct:>+9.4f} {t.ci95_pct:>8.4f} "
                         f"{'[%+.4f, %+.4f]' % (t.bootstrap_lo_pct, t.bootstrap_hi_pct):>20} "
                         f"{'%+.4f +/- %.4f' % (c.delta_pct, c.ci95_pct):>18} {cover:>9} {gpu:>7}")
            first = False
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------
# The whole experiment
# ---------------------------------------------------------------------------------------------------

def _labels(backend: str):
    if backend == "sm100":
        return SM100_VARIANTS
    return TWIN_VARIANTS


def experiments_for(plan: Plan, a_variant: str, b_variant: str, seed: int) -> list[dict]:
    """The jobs of A/B (A first in every pair), B/A (B first) and A/A (two labels of variant A, order
    per pair from the seed), with the A/A groups as lists of pair ids."""
    A, B = (a_variant, a_variant), (b_variant, b_variant)
    exps = [
        {"name": "ab", "a": a_variant, "b": b_variant, "order": "ab",
         "jobs": make_jobs("ab", plan.ab_pairs, A, B, "ab", seed)},
        {"name": "ba", "a": a_variant, "b": b_variant, "order": "ba",
         "jobs": make_jobs("ba", plan.ba_pairs, A, B, "ba", seed)},
    ]
    if plan.aa_groups:
        n = plan.aa_groups * plan.aa_pairs_per_group
        a1, a2 = f"{a_variant}-A1", f"{a_variant}-A2"
        exps.append({"name": "aa", "a": a1, "b": a2, "order": "random",
                     "jobs": make_jobs("aa", n, (a1, a_variant), (a2, a_variant), "random", seed),
                     "groups": [list(range(g * plan.aa_pairs_per_group, (g + 1) * plan.aa_pairs_per_group))
                                for g in range(plan.aa_groups)]})
    return exps


def prime(config: WorkerConfig, variants, workdir: Path, progress=print) -> dict:
    """One untimed process per variant: compiles every shape (filling the DSL's file cache for the later
    processes) and measures the start-up and per-process cost that the plan is made from."""
    jobs = [Job("prime", 0, k, v, v, 0) for k, v in enumerate(variants)]
    res = run_jobs(jobs, config, workdir, prefetch=len(jobs), progress=lambda line: None)
    info = {"processes": [{"variant": r.job.variant, "import_s": r.data["import_s"], "gpu_s": r.data["gpu_s"],
                           "compile_s": sum(s["compile_s"] for s in r.data["shapes"]),
                           "kernels": {s["shape"]: [s["test_name"], s["control_name"]] for s in r.data["shapes"]},
                           "test_mean_ns": {s["shape"]: _mean(s["test_ns"]) for s in r.data["shapes"]}}
                          for r in res]}
    last = res[-1].data  # the second process found the first one's compiled kernels in the file cache
    info["per_process_gpu_s"] = last["gpu_s"]
    info["import_s"] = max(r.data["import_s"] for r in res)
    for p in info["processes"]:
        progress(f"prime {p['variant']}: import {p['import_s']:.1f} s, GPU {p['gpu_s']:.1f} s "
                 f"(compile {p['compile_s']:.1f} s); test kernel "
                 + ", ".join(f"{k} {v / 1000:.2f} us" for k, v in p["test_mean_ns"].items()))
    return info


def run_experiment(config: WorkerConfig, out_dir: Path, *, a_variant: str, b_variant: str, budget_s: float,
                   seed: int, prefetch: int, plan: Plan | None = None, progress=print, aa_groups: int = 20) -> dict:
    """Prime, plan, run A/B, B/A and A/A, write every raw CSV and the plan into out_dir; return the plan."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    scratch = Path(tempfile.mkdtemp(prefix="racelab-timing-"))
    try:
        primed = prime(config, (a_variant, b_variant), scratch / "prime", progress)
        # per process: the GPU phase, or the import when the runner cannot start processes fast enough
        per_process = max(primed["per_process_gpu_s"], primed["import_s"] / max(1, prefetch)) + 0.3
        if plan is None:
            plan = make_plan(budget_s - (time.time() - t0), per_process, aa_groups=aa_groups)
        progress(f"plan: A/B {plan.ab_pairs} pairs, B/A {plan.ba_pairs} pairs, A/A {plan.aa_groups} x "
                 f"{plan.aa_pairs_per_group} pairs = {plan.processes} processes at ~{per_process:.1f} s "
                 f"-> ~{plan.expected_s / 60:.1f} min")
        exps = experiments_for(plan, a_variant, b_variant, seed)
        results: list[ProcResult] = []
        for exp in exps:
            res = run_jobs(exp["jobs"], config, scratch / exp["name"], prefetch=prefetch, progress=progress)
            results += res
            for shape in config.shapes:
                for kind in ("test", "control"):
                    (out_dir / csv_name(exp["name"], shape.label, kind)).write_text(
                        samples_csv(sample_rows(res, shape.label, kind)))
        (out_dir / "processes.csv").write_text(_csv_text(PROCESS_COLUMNS, process_rows(results)))
        wall = time.time() - t0
        manifest = {
            "backend": config.backend, "shapes": [s.label for s in config.shapes],
            "shape_args": {s.label: s.as_arg() for s in config.shapes},
            "launches_per_process": config.launches, "warmup_s": config.warmup_s, "seed": seed,
            "prefetch": prefetch, "variants": {"a": a_variant, "b": b_variant},
            "plan": asdict(plan), "prime": primed, "wall_s": wall,
            "gpu_s_total": sum(r.data["gpu_s"] for r in results),
            "gpu_s_by_shape": gpu_seconds_by_shape(results),
            "import_s_median": sorted(r.data["import_s"] for r in results)[len(results) // 2],
            "gpu_s_per_process_median": sorted(r.data["gpu_s"] for r in results)[len(results) // 2],
            "device": results[0].data["device"] if results else None,
            "timer": results[0].data["timer"] if results else None,
            "experiments": [{"name": e["name"], "a": e["a"], "b": e["b"], "order": e["order"],
                             "groups": e.get("groups"),
                             "pairs": [{"pair": j.pair, "first": j.label} for j in e["jobs"] if j.slot == 0]}
                            for e in exps],
        }
        (out_dir / "plan.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
        return manifest
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _summary_json(summary: dict) -> dict:
    def enc(x):
        if isinstance(x, _pairs.PairedResult):
            return x.as_dict()
        if isinstance(x, dict):
            return {k: enc(v) for k, v in x.items()}
        if isinstance(x, list):
            return [enc(v) for v in x]
        return x

    return enc(summary)


def _targets(summary: dict, target_pct: float, budget_gpu_s: float) -> list[str]:
    lines = []
    for shape, per in summary["shapes"].items():
        gpu = summary["gpu_s"].get(shape, float("nan"))
        for name in ("ab", "ba"):
            if name in per:
                ci = per[name]["test"]["paired"].ci95_pct
                ok = ci <= target_pct and gpu <= budget_gpu_s
                lines.append(f"{shape} {name}: CI half-width {ci:.4f}% (target <= {target_pct}%), GPU time for the "
                             f"shape {gpu:.0f} s (target <= {budget_gpu_s:.0f} s): {'met' if ok else 'NOT met'}")
    return lines


def _add_worker_args(p):
    p.add_argument("--launches", type=int, default=2000, help="profiled launches per kernel per shape per process")
    p.add_argument("--warmup-s", type=float, default=0.3, help="warm-up seconds per shape before profiling")
    p.add_argument("--warmup-min", type=int, default=50, help="at least this many warm-up launches")
    p.add_argument("--fake-effect", action="append", help="fake backend: VARIANT=PERCENT on the test kernel")
    p.add_argument("--fake-import-s", type=float, default=0.0, help="fake backend: simulated import time")
    p.add_argument("--fake-gpu-s", type=float, default=0.0, help="fake backend: simulated GPU time per shape")
    p.add_argument("--fake-process-sd", type=float, default=0.01, help="fake backend: per-process sd, percent")
    p.add_argument("--fake-launch-sd", type=float, default=0.3, help="fake backend: per-launch sd, percent")


def _fake_flags(args) -> list[str]:
    flags = []
    for e in args.fake_effect or []:
        flags += ["--fake-effect", e]
    return flags + ["--fake-import-s", str(args.fake_import_s), "--fake-gpu-s", str(args.fake_gpu_s),
                    "--fake-process-sd", str(args.fake_process_sd), "--fake-launch-sd", str(args.fake_launch_sd)]


def record_main(args, experiment="twin-timing", backend="twin") -> int:
    from . import store

    if args.backend:
        backend = args.backend
    shape_cls = _shape_class(backend)
    shapes = [shape_cls.parse(s) for s in args.shape] if args.shape else list(
        SM100_SHAPES if backend == "sm100" else TWIN_SHAPES)
    config = WorkerConfig(backend, shapes, args.launches, args.warmup_s, args.warmup_min,
                          fake_args=_fake_flags(args) if backend == "fake" else [])
    a_variant, b_variant = args.a, args.b
    plan = None
    if args.pairs:
        plan = Plan(args.pairs, args.pairs, args.aa_groups, args.aa_pairs, 0.0, args.budget_s)
    print(f"racelab timing: {experiment}, backend {backend}, shapes {', '.join(s.label for s in shapes)}, "
          f"{args.launches} launches per kernel per process", flush=True)

    def body(out_dir: Path) -> dict:
        manifest = run_experiment(config, out_dir, a_variant=a_variant, b_variant=b_variant, budget_s=args.budget_s,
                                  seed=args.seed, prefetch=args.prefetch, plan=plan, aa_groups=args.aa_groups,
                                  progress=lambda line: print(line, flush=True))
        summary = summarize_folder(out_dir)
        table = format_table(summary)
        targets = _targets(summary, args.target_pct, args.target_gpu_s)
        (out_dir / "summary.json").write_text(json.dumps(_summary_json(summary), indent=2, sort_keys=True) + "\n")
        (out_dir / "table.txt").write_text(table + "\n\n" + "\n".join(targets) + "\n")
        print()
        print(table)
        print()
        print("\n".join(targets))
        print(f"wall {manifest['wall_s']:.0f} s; GPU held {manifest['gpu_s_total']:.0f} s in total; "
              + ", ".join(f"{k}: {v:.0f} s" for k, v in manifest["gpu_s_by_shape"].items()))
        return manifest

    try:
        if args.out:
            body(Path(args.out))
        else:
            with store.new_run(experiment, command=["racelab.timing", *sys.argv[1:]]) as run:
                body(run.path)
            print(f"recorded {experiment}/{run.recorded.id} (manifest {run.recorded.manifest_hash[:16]})")
    except CuptiUnavailable as err:
        print(f"racelab timing: CUPTI unavailable: {err}", file=sys.stderr)
        return 4
    except TimingError as err:
        print(f"racelab timing: {err}", file=sys.stderr)
        return 3
    return 0


def sm100_main(args) -> int:
    """The real kernel on SM100: unpatched vs patched vs fix-reverted, recorded as "sm100-timing"."""
    sm = _local_sm()
    if sm is None or sm // 10 != 10:
        print(f"racelab timing sm100: needs an SM100 GPU (B200/GB200); this machine has "
              f"{'no GPU' if sm is None else 'sm_%d' % sm}. Refusing to run; the book shows the PR's figures.",
              file=sys.stderr)
        return 2
    args.backend = "sm100"
    return record_main(args, experiment="sm100-timing", backend="sm100")


def _local_sm():
    from . import provenance

    devices = provenance.gpus()
    return devices[0]["sm"] if devices else None


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="racelab.timing", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)

    w = sub.add_parser("worker", help="one fresh process: one variant, every shape")
    w.add_argument("--backend", choices=sorted(BACKENDS), default="twin")
    w.add_argument("--variant", required=True)
    w.add_argument("--shape", action="append", required=True, help="e.g. topk=128,heads=64,n_cta=132,work=64")
    w.add_argument("--seed", type=int, default=0)
    w.add_argument("--out", required=True, help="where the worker writes its JSON")
    w.add_argument("--wait-go", action="store_true", help="after importing, wait for GO on stdin")
    w.add_argument("--spawned-at", type=float, default=None)
    _add_worker_args(w)

    for name, helptext in (("record", "the whole twin experiment into store run twin-timing"),
                           ("sm100", "the real kernel on SM100 into store run sm100-timing")):
        r = sub.add_parser(name, help=helptext)
        r.add_argument("--backend", choices=sorted(BACKENDS), default=None, help=argparse.SUPPRESS)
        r.add_argument("--shape", action="append", help="repeatable; default: the built-in shapes")
        r.add_argument("--a", default=None, help="baseline variant")
        r.add_argument("--b", default=None, help="compared variant")
        r.add_argument("--budget-s", type=float, default=330.0, help="wall-time budget for the plan")
        r.add_argument("--pairs", type=int, default=0, help="fix the A/B and B/A pairs instead of planning")
        r.add_argument("--aa-groups", type=int, default=20)
        r.add_argument("--aa-pairs", type=int, default=3, help="pairs per A/A group when --pairs is given")
        r.add_argument("--prefetch", type=int, default=3, help="processes importing ahead of the running one")
        r.add_argument("--seed", type=int, default=426)
        r.add_argument("--target-pct", type=float, default=0.02)
        r.add_argument("--target-gpu-s", type=float, default=300.0)
        r.add_argument("--out", default=None, help="write into this folder instead of the result store")
        _add_worker_args(r)

    s = sub.add_parser("summary", help="the table of a recorded run or a folder")
    s.add_argument("source", nargs="?", default=None, help="folder; default: newest twin-timing run")
    s.add_argument("--experiment", default="twin-timing")

    args = parser.parse_args(argv)
    if args.cmd == "worker":
        return worker_main(args)
    if args.cmd in ("record", "sm100"):
        if args.launches < 10 or args.budget_s <= 0:
            print("racelab timing: --launches must be >= 10 and --budget-s positive", file=sys.stderr)
            return 2
        default_a, default_b = ("unpatched", "patched") if args.cmd == "sm100" else TWIN_VARIANTS
        args.a, args.b = args.a or default_a, args.b or default_b
        if args.a == args.b:
            print("racelab timing: --a and --b must differ (the A/A control is part of the experiment)", file=sys.stderr)
            return 2
        try:
            if args.shape:
                [_shape_class("sm100" if args.cmd == "sm100" else (args.backend or "twin")).parse(x) for x in args.shape]
        except ValueError as err:
            print(f"racelab timing: {err}", file=sys.stderr)
            return 2
        return sm100_main(args) if args.cmd == "sm100" else record_main(args)
    if args.cmd == "summary":
        from . import store

        try:
            source = Path(args.source) if args.source else store.newest(args.experiment)
        except store.StoreError as err:
            print(f"racelab timing: {err}", file=sys.stderr)
            return 2
        print(format_table(summarize_folder(source)))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
