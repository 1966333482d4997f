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

Subcommands (``python -m racelab.experiments.timing ...``):

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
import lzma
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
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from racelab import stats as _pairs
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


# Twin shapes: one CTA per H200 SM (132), `work` chosen for a kernel time of about 30 us (the compute
# warpgroup's read loop is latency-bound: topk/128 + 1 chunks of `work` dependent shared loads per thread).
# `record` checks the time in its first processes and rescales `work` when it is outside 15-60 us.
TWIN_SHAPES = (TwinShape(topk=128, heads=64, n_cta=132, work=1024), TwinShape(topk=512, heads=64, n_cta=132, work=384))
TARGET_US = 30.0
TARGET_RANGE_US = (15.0, 60.0)
TARGET_CI_PCT = 0.02   # the precision asked of the method: Student-t 95% half-width, percent
TARGET_GPU_S = 300.0   # ... within this much GPU time per shape
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
        device = [ev for ev in results.events() if ev.device_type() == DeviceType.CUDA]
        for ev in device:
            kind = str(ev.activity_type()).lower() if hasattr(ev, "activity_type") else ""
            if "kernel" in kind:
                found.append(KernelEvent(ev.name(), int(ev.start_ns()), _duration_ns(ev)))
        if not found:  # no (recognisable) activity types: every device event but copies and fills
            found = [KernelEvent(ev.name(), int(ev.start_ns()), _duration_ns(ev)) for ev in device
                     if not ev.name().startswith(("Memcpy", "Memset"))
                     and not any(t in str(getattr(ev, "activity_type", lambda: "")()).lower()
                                 for t in ("memcpy", "memset", "sync"))]
    else:  # older profiler objects: FunctionEvents with microsecond floats
        for ev in prof.events():
            if ev.device_type == DeviceType.CUDA and not ev.name.startswith(("Memcpy", "Memset")):
                found.append(KernelEvent(ev.name, int(round(ev.time_range.start * 1000)),
                                         int(round(ev.time_range.elapsed_us() * 1000))))
    found.sort(key=lambda e: e.start_ns)
    return found


def _duration_ns(ev) -> int:
    if hasattr(ev, "duration_ns"):
        return int(ev.duration_ns())
    return int(ev.end_ns()) - int(ev.start_ns())


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

    def prepare(self, variant: str, shapes) -> None:
        import numpy  # noqa: F401

        time.sleep(self.args.fake_import_s)

    def measure(self, variant: str, shape, launches: int, warmup_s: float, seed: int) -> dict:
        import numpy as np

        if self.args.fake_no_cupti:
            raise CuptiUnavailable("fake: torch.profiler recorded no CUDA kernel activity")
        marker = self.args.fake_fail_once
        if marker and not Path(marker).exists():
            Path(marker).write_text("failed once\n")
            raise RuntimeError("fake: a one-off worker failure")
        rng = np.random.default_rng([seed, _stable_hash(shape.as_arg())])
        time.sleep(self.args.fake_gpu_s)
        base = 25.0 * getattr(shape, "work", 1000) * (1 + getattr(shape, "topk", 128) / 512)
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


def names_by_position(events: list[KernelEvent], per_iteration: int = 2) -> tuple[str, str]:
    """(test, control) kernel names when each iteration launches the test kernel then the control kernel
    and nothing else: the first two events in start order (stream order)."""
    if len(events) < per_iteration:
        raise TimingError(f"expected at least {per_iteration} kernels, the profiler saw {len(events)}")
    return events[0].name, events[1].name


class _GpuBackend:
    """Shared GPU measuring loop: build the subject, launch once, warm up, profile M iterations in one
    torch.profiler session and split its kernel events into the test and the control kernel."""

    def __init__(self, args):
        self.args = args

    def prepare(self, variant: str, shapes) -> None:
        """Everything that needs no CUDA context (runs before GO, while another process measures)."""
        import torch  # noqa: F401

        self._import_kernel_modules(variant, shapes)

    def _import_kernel_modules(self, variant: str, shapes) -> None:
        pass

    def build(self, variant: str, shape) -> Subject:
        raise NotImplementedError

    def measure(self, variant: str, shape, launches: int, warmup_s: float, seed: int) -> dict:
        import torch

        check_cupti()
        sync = torch.cuda.synchronize
        t0 = time.perf_counter()
        subject = self.build(variant, shape)
        subject.test()  # some launchers compile on their first call
        if subject.control is not None:
            subject.control()
        sync()
        compile_s = time.perf_counter() - t0

        if subject.control is not None:
            def iteration():
                subject.test()
                subject.control()
        else:
            iteration = subject.test

        if not getattr(self, "_profiler_ready", False):
            profile(iteration, 3, sync)  # the first session of a process starts CUPTI: not a timed one
            self._profiler_ready = True
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
        if subject.test_match:
            test_name = pick_name(events, subject.test_match, "test")
            control_name = pick_name(events, subject.control_match, "control") if subject.control_match else None
        else:
            test_name, control_name = names_by_position(events)
        test_ns, control_ns, others = split_events(events, test_name, control_name, launches)
        return {"test_name": test_name, "control_name": control_name, "test_ns": test_ns,
                "control_ns": control_ns, "other_kernels": others, "compile_s": compile_s,
                "warmup_s": warm_s, "warmup_launches": n_warm, **subject.meta}


class TwinBackend(_GpuBackend):
    """The SM90 twin (kernels/handoff_twin_sm90.py): `timed_launcher(topk, heads, n_cta, work, arrive)`
    and `control_launcher()`. Before GO each shape is compiled from fake tensors (`compile_only`, no
    GPU needed) and, after GO, handed to the twin's launcher through its compile cache; the first launch
    is checked against torch and, if anything about it fails, the twin compiles as it normally does."""

    name = "twin"

    def _import_kernel_modules(self, variant, shapes):
        self.module = load_twin_module()
        self.precompiled = precompile_twin(self.module, variant, shapes) if self.args.precompile else {}

    def build(self, variant: str, shape: TwinShape) -> Subject:
        if variant not in TWIN_VARIANTS:
            raise TimingError(f"twin variant must be one of {TWIN_VARIANTS}, not {variant!r}")
        return twin_subject(self.module, variant, shape, self.precompiled.get(shape))


class UpstreamBackend(_GpuBackend):
    """The real SM100 kernel through its upstream wrapper (ScoreGrad is the control kernel)."""

    name = "sm100"

    def _import_kernel_modules(self, variant, shapes):
        self.api, self.desc = load_sm100_api(variant)  # imports only: no CUDA before GO

    def build(self, variant: str, shape: UpstreamShape) -> Subject:
        import torch

        major, minor = torch.cuda.get_device_capability()
        if major != 10:
            raise TimingError(f"the SM100 kernel needs an SM100 GPU, this one is sm_{major}{minor}")
        return upstream_subject(variant, shape, self.api, self.desc)


BACKENDS = {"fake": FakeBackend, "twin": TwinBackend, "sm100": UpstreamBackend}


def load_twin_module():
    """Import kernels/handoff_twin_sm90.py (not part of the package) by path."""
    import importlib.util

    from racelab.core.paths import kernels_dir

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


def _gpu_arch_without_cuda() -> str | None:
    """'sm_90a' for the first GPU, asked of nvidia-smi (torch would create a CUDA context)."""
    from racelab.core import provenance

    devices = provenance.gpus()
    return f"sm_{devices[0]['sm']}a" if devices else None


def precompile_twin(module, variant: str, shapes) -> dict:
    """{shape: (compile key, compiled function, seconds)} compiled from fake tensors, or {} with nothing
    lost when the twin does not offer it (the launcher then compiles after GO)."""
    arch = _gpu_arch_without_cuda()
    needed = ("compile_only", "CompileKey", "_compiled", "fingerprint", "ArriveMode")
    if arch is None or not all(hasattr(module, n) for n in needed):
        return {}
    out = {}
    for shape in shapes:
        try:
            t0 = time.perf_counter()
            fn = module.compile_only(shape.topk, shape.heads, variant, shape.work, arch)["compiled"]
            key = module.CompileKey(shape.topk, shape.heads, module.ArriveMode.parse(variant), shape.work, arch, False,
                                    module.fingerprint())
            out[shape] = (key, fn, time.perf_counter() - t0)
        except Exception as err:  # noqa: BLE001  (the launcher will compile it after GO)
            print(f"precompile {shape.label} failed, compiling after GO instead: {err!r}", file=sys.stderr)
    return out


def twin_subject(module, variant: str, shape: TwinShape, precompiled=None) -> Subject:
    """The twin's test launcher for `variant` and its control launcher (same process)."""
    meta = {"precompiled": False}
    test = None
    if precompiled is not None:
        key, fn, seconds = precompiled
        module._compiled[key] = fn
        try:
            test = module.timed_launcher(topk=shape.topk, heads=shape.heads, n_cta=shape.n_cta, work=shape.work,
                                         arrive=variant)
            test()
            check = test.check()
            if not check.get("correct"):
                raise TimingError(f"precompiled kernel gave a wrong result: {check}")
            meta.update(precompiled=True, precompile_s=seconds)
        except Exception as err:  # noqa: BLE001  (fall back to the twin's own compile)
            module._compiled.pop(key, None)
            meta["precompile_error"] = f"{type(err).__name__}: {err}"[:300]
            test = None
    if test is None:
        test = module.timed_launcher(topk=shape.topk, heads=shape.heads, n_cta=shape.n_cta, work=shape.work,
                                     arrive=variant)
    control = module.control_launcher()
    meta.update(twin=test.describe() if hasattr(test, "describe") else None,
                control=control.describe() if hasattr(control, "describe") else None,
                twin_compile_s=getattr(test, "compile_s", None))
    return Subject(test=test, control=control, meta=meta)


# The SM100 variants: which wheel, and whether the fix is reverted in code (racelab.toolchain.upstream.revert_fix).
SM100_SOURCES = {"unpatched": "release-1.26.0", "patched": "release-1.27.0", "fix-reverted": "1.27.0-fix-reverted"}
KERNEL_GEMM_MATCH = "kernel_gemm"
SCORE_GRAD_MATCH = "score_grad"


def load_sm100_api(variant: str):
    """The upstream wrapper module (``cudnn...indexer_backward.api``) for an SM100 variant, in this process.

    The release's unpacked wheel (racelab.toolchain.wheels) goes first on sys.path, so ``cudnn`` is that release and
    no other; for ``fix-reverted`` the kernel module is rebuilt from the transformed source
    (racelab.toolchain.upstream.kernel_source) under its own module name and the wrapper's factory is pointed at it.
    Returns (api module, description). One variant per process: the timing worker is a fresh process."""
    import importlib
    import importlib.util

    from racelab.toolchain import upstream
    from racelab.toolchain import wheels

    if variant not in SM100_SOURCES:
        raise TimingError(f"SM100 variant must be one of {sorted(SM100_SOURCES)}, not {variant!r}")
    var = upstream.variant(SM100_SOURCES[variant])
    root = Path(wheels.extracted(var.release)).resolve()
    for k in [k for k in sys.modules if k == "cudnn" or k.startswith("cudnn.")]:
        del sys.modules[k]
    sys.path.insert(0, str(root))
    import cudnn

    if not Path(cudnn.__file__).resolve().is_relative_to(root):
        raise TimingError(f"cudnn resolved to {cudnn.__file__}, not to the {var.release} wheel at {root}")
    api = importlib.import_module("cudnn.deepseek_sparse_attention.indexer_backward.api")
    text = upstream.kernel_source(var)
    desc = {"variant": variant, "source": var.name, "release": var.release, "description": var.description,
            "kernel_source_sha256": upstream.source_sha256(text), "cudnn_file": cudnn.__file__}
    if var.transform:
        folder = Path(tempfile.mkdtemp(prefix="racelab-sm100-"))
        name = upstream.module_name(var.name, desc["kernel_source_sha256"])
        path = folder / f"{name}.py"
        path.write_text(text)  # the DSL reads kernel source from a file: keep it for the process's life
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        api.indexer_backward_sm100 = module.indexer_backward_sm100
        desc["transformed_module"] = str(path)
    return api, desc


def upstream_subject(variant: str, shape: UpstreamShape, api=None, desc=None, device: str = "cuda") -> Subject:
    """One call of upstream's indexer_backward_wrapper (ScoreGrad then kernel_gemm) on fixed inputs; the
    in-place-consumed score tensors are restored before every call (device copies, not kernels)."""
    from racelab.experiments.sm90_numerics import upstream_inputs

    if api is None:
        api, desc = load_sm100_api(variant)
    x = upstream_inputs(shape, device, seed=0)
    attn0, idx0 = x["attn_score"].clone(), x["index_score"].clone()
    attn, idx = attn0.clone(), idx0.clone()
    import torch

    dq, dw, dk = torch.empty_like(x["index_q"]), torch.empty_like(x["weights"]), torch.empty_like(x["index_k"])
    sm_scale = shape.dim ** -0.5

    def launch():
        attn.copy_(attn0)
        idx.copy_(idx0)
        api.indexer_backward_wrapper(x["index_q"], x["weights"], x["index_k"], attn, idx, x["topk_indices"],
                                     x["grad_loss"], sm_scale=sm_scale, d_index_q=dq, d_weights=dw, d_index_k=dk)

    return Subject(test=launch, test_match=KERNEL_GEMM_MATCH, control_match=SCORE_GRAD_MATCH,
                   meta={"upstream": desc, "sm_scale": sm_scale})


# ---------------------------------------------------------------------------------------------------
# The worker process
# ---------------------------------------------------------------------------------------------------

def _emit(kind: str, payload: dict) -> None:
    sys.stdout.write(f"{PROTOCOL} {kind} {json.dumps(payload)}\n")
    sys.stdout.flush()


def worker_main(args) -> int:
    t_start = time.time()
    backend = BACKENDS[args.backend](args)
    try:
        shapes = [parse_shape(s) for s in args.shape]
    except ValueError as err:
        _emit("ERROR", {"stage": "arguments", "error": str(err)})
        return 2
    try:
        backend.prepare(args.variant, shapes)
    except Exception as err:  # noqa: BLE001  (report, then fail)
        import traceback

        traceback.print_exc()
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
        import traceback

        traceback.print_exc()
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


def parse_shape(text: str):
    """A TwinShape ('topk=128,heads=64,n_cta=132,work=1024') or an UpstreamShape ('b=3,s_q=64,s_kv=2048,topk=512')."""
    keys = {part.partition("=")[0].strip() for part in text.split(",")}
    return UpstreamShape.parse(text) if keys & {"b", "s_q", "s_kv"} else TwinShape.parse(text)


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
    role: str = "a"  # "a" (the baseline) or "b": progress prints b against a


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
        first, second = (("a", a), ("b", b)) if a_first else (("b", b), ("a", a))
        for slot, (role, (label, variant)) in enumerate((first, second)):
            jobs.append(Job(experiment, pair, slot, label, variant,
                            _stable_hash(f"{experiment}:{seed}:{pair}:{slot}") % 2**31, role))
    return jobs


@dataclass
class ProcResult:
    job: Job
    data: dict             # the worker's JSON
    spawn_to_exit_s: float
    waited_for_ready_s: float  # how long the runner waited for this process to finish importing
    exit_s: float = 0.0        # from the worker's DONE to its exit (CUDA teardown): the GPU is not in use


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
    precompile: bool = True
    python: str = sys.executable
    ready_timeout_s: float = 300.0
    run_timeout_s: float = 600.0

    def argv(self, job: Job, out: Path, spawned_at: float) -> list[str]:
        argv = [self.python, "-m", "racelab.experiments.timing", "worker", "--backend", self.backend, "--variant", job.variant,
                "--launches", str(self.launches), "--warmup-s", str(self.warmup_s),
                "--warmup-min", str(self.warmup_min), "--seed", str(job.seed), "--out", str(out), "--wait-go",
                "--spawned-at", repr(spawned_at)]
        for shape in self.shapes:
            argv += ["--shape", shape.as_arg()]
        if not self.precompile:
            argv.append("--no-precompile")
        return argv + list(self.fake_args)


def worker_env() -> dict:
    env = dict(os.environ)
    from racelab.core.paths import src_root
    src = str(src_root())
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def run_jobs(jobs: list[Job], config: WorkerConfig, workdir: Path, prefetch: int = 2, progress=print,
             retries: int = 1, stop_at: float | None = None, stop_points=()) -> list[ProcResult]:
    """Run every job in its own fresh process, in order, one at a time on the GPU, with up to `prefetch`
    later processes importing ahead. Calls progress(line) after each completed pair.

    With `stop_at` (a time.time() value), no job at an index in `stop_points` starts after that time: the
    run ends there with the jobs before it done, so a deadline costs the unfinished group, not the run."""
    stop_points = set(stop_points)
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    env = worker_env()
    results: list[ProcResult] = []
    started: dict[int, _Worker] = {}
    t_begin = time.time()
    gpu_total = 0.0
    attempts: dict[tuple, int] = {}

    spawned_count = [0]

    def start(i):
        job = jobs[i]
        spawned_count[0] += 1
        tag = f"{job.experiment}-p{job.pair:03d}-s{job.slot}-n{spawned_count[0]:04d}"
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
            if stop_at is not None and i in stop_points and time.time() >= stop_at:
                progress(f"deadline reached: stopping before job {i} of {len(jobs)} ({jobs[i].experiment} pair "
                         f"{jobs[i].pair}); the {i} jobs before it are kept")
                break
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
                t_done = time.time()
                code = w.finish(60)
                exit_s = time.time() - t_done
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
            res = ProcResult(job, data, time.time() - w.spawned, waited, exit_s)
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
    ra, rb = (first, second) if first.job.role == "a" else (second, first)
    for sa, sb in zip(ra.data["shapes"], rb.data["shapes"]):
        ma, mb = _mean(sa["test_ns"]), _mean(sb["test_ns"])
        bits.append(f"{sa['shape']}: {ma / 1000:.3f} us, {rb.job.label} vs {ra.job.label} {100 * (mb - ma) / ma:+.3f}%")
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
                   "warmup_launches", "shape_s", "precompiled", "test_kernel", "control_kernel", "test_mean_ns",
                   "control_mean_ns", "other_kernels")


def process_rows(results: list[ProcResult]):
    for r in results:
        d = r.data
        for s in d["shapes"]:
            yield (r.job.experiment, r.job.pair, r.job.slot, r.job.label, r.job.variant, d["pid"], r.job.seed,
                   f"{d['import_s']:.3f}", f"{r.waited_for_ready_s:.3f}", f"{d['gpu_s']:.3f}",
                   f"{r.spawn_to_exit_s:.3f}", int(bool(d.get("cuda_initialized_before_go"))), s["shape"],
                   f"{s['compile_s']:.3f}", f"{s['warmup_s']:.3f}", s["warmup_launches"], f"{s['shape_s']:.3f}",
                   int(bool(s.get("precompiled"))), s["test_name"], s["control_name"] or "", f"{_mean(s['test_ns']):.1f}",
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
# Planning: how many pairs fit the wall-time budget, and a kernel time of tens of microseconds
# ---------------------------------------------------------------------------------------------------

@dataclass
class Plan:
    ab_pairs: int
    ba_pairs: int
    aa_groups: int
    aa_pairs_per_group: int
    per_process_s: float
    budget_s: float
    extra_experiments: int = 0  # further comparisons (SM100: the releases), ab_pairs pairs each

    @property
    def processes(self) -> int:
        return 2 * (self.ab_pairs + self.ba_pairs + self.aa_groups * self.aa_pairs_per_group
                    + self.extra_experiments * self.ab_pairs)

    @property
    def expected_s(self) -> float:
        return self.processes * self.per_process_s


def make_plan(budget_s: float, per_process_s: float, aa_groups: int = 20, max_pairs: int = 32,
              extra_experiments: int = 0) -> Plan:
    """Split `budget_s` of wall time, at `per_process_s` a process, between A/B and B/A (the same number
    of pairs, at most max_pairs) and `aa_groups` independent A/A experiments. A/A groups of 3 pairs while
    A/B keeps at least 12 pairs; else groups of 2 while A/B keeps at least 8; else 8 pairs each and as
    many A/A groups of 2 as fit."""
    if per_process_s <= 0 or budget_s <= 0:
        raise ValueError("budget and per-process time must be positive")
    processes = int(budget_s // per_process_s)
    per_pair_count = 2 * (2 + extra_experiments)  # processes per A/B pair, with its B/A and extra twins
    for k, n_min in ((3, 12), (2, 8)):
        n = min(max_pairs, (processes - 2 * aa_groups * k) // per_pair_count)
        if n >= n_min:
            return Plan(n, n, aa_groups, k, per_process_s, budget_s, extra_experiments)
    n = 8
    groups = max(0, min(aa_groups, (processes - per_pair_count * n) // 4))
    return Plan(n, n, groups, 2, per_process_s, budget_s, extra_experiments)


def rescale_work(shapes, mean_ns: dict, target_us: float = TARGET_US, bounds=TARGET_RANGE_US, max_work: int = 1 << 20):
    """Twin shapes whose kernel time (mean_ns by label) is outside `bounds` get `work` scaled towards
    target_us (the time is about proportional to work); the others are returned unchanged."""
    import dataclasses

    out = []
    for shape in shapes:
        t_us = mean_ns[shape.label] / 1000.0
        if not hasattr(shape, "work") or bounds[0] <= t_us <= bounds[1]:
            out.append(shape)
            continue
        work = int(max(1, min(max_work, round(shape.work * target_us / t_us))))
        out.append(dataclasses.replace(shape, work=work))
    return out


# ---------------------------------------------------------------------------------------------------
# Analysis of a finished experiment (pure functions over CSV text: the notebook uses them too)
# ---------------------------------------------------------------------------------------------------

def analyse(samples_text: str, a: str, b: str, pair_ids=None) -> _pairs.PairedResult:
    return _pairs.paired(_pairs.parse_samples(samples_text), a, b, pairs=pair_ids)


def aa_coverage(samples_text: str, a: str, b: str, groups: list[list[int]]) -> dict:
    """Each A/A group is an independent null experiment: does its Student-t 95% CI cover 0?"""
    s = _pairs.parse_samples(samples_text)
    results = [_pairs.paired(s, a, b, pairs=g) for g in groups]
    covered = sum(r.covers_zero for r in results)
    return {"groups": len(results), "covered": covered,
            "coverage": covered / len(results) if results else float("nan"), "results": results}


def resampled_coverage(samples_text: str, a: str, b: str, size: int, reps: int = 2000, seed: int = 426) -> dict:
    """A/A coverage at the A/B experiment's size: `reps` random subsets of `size` A/A pairs (drawn without
    replacement from all of them), each a 95% CI of the mean delta. The subsets overlap, so this is a
    resampling estimate, not `reps` independent experiments."""
    import numpy as np

    pooled = analyse(samples_text, a, b)
    d = np.array([p.delta_pct for p in pooled.per_pair])
    if size < 2 or size > len(d):
        return {"size": size, "reps": 0, "coverage": float("nan"), "pool": len(d)}
    rng = np.random.default_rng(seed)
    picks = np.array([rng.choice(len(d), size, replace=False) for _ in range(reps)])
    x = d[picks]
    half = _pairs.t_quantile(0.975, size - 1) * x.std(axis=1, ddof=1) / math.sqrt(size)
    mean = x.mean(axis=1)
    covered = int(((mean - half <= 0) & (0 <= mean + half)).sum())
    return {"size": size, "reps": reps, "covered": covered, "coverage": covered / reps, "pool": len(d), "seed": seed}


def csv_name(experiment: str, shape_label: str, kind: str) -> str:
    return f"{experiment}-{shape_label}{'-control' if kind == 'control' else ''}.csv"


class _Reader:
    def __init__(self, source):
        self.source = source

    def text(self, name: str) -> str:
        if isinstance(self.source, (str, Path)):
            return _pairs.read_text(Path(self.source) / name)  # also name.xz / name.gz
        return self.source.read_text(name)  # a store.RecordedRun decompresses on its own

    def json(self, name: str):
        return json.loads(self.text(name))


def summarize_folder(folder) -> dict:
    """Read a folder (or a store.RecordedRun) written by `record` and compute every statistic again from
    the raw CSVs: per shape and experiment, the paired result of the test and the control kernel; for
    the A/A experiment also the coverage of its independent groups and the resampled coverage."""
    reader = _Reader(folder)
    manifest = reader.json("plan.json")
    out = {"manifest": manifest, "shapes": {}}
    ab_size = manifest["plan"]["ab_pairs"]
    for shape in manifest["shapes"]:
        per = {}
        for exp in manifest["experiments"]:
            name, a, b = exp["name"], exp["a"], exp["b"]
            for kind in ("test", "control"):
                text = reader.text(csv_name(name, shape, kind))
                entry = {"paired": analyse(text, a, b)}
                if exp.get("groups"):
                    entry["coverage"] = aa_coverage(text, a, b, exp["groups"])
                    entry["resampled"] = resampled_coverage(text, a, b, ab_size)
                per.setdefault(name, {})[kind] = entry
        out["shapes"][shape] = per
    out["gpu_s"] = manifest.get("gpu_s_by_shape", {})
    return out


EXPERIMENT_TITLES = {"ab": "A/B", "ba": "B/A (order swapped)", "aa": "A/A (null)", "release": "releases"}


def format_table(summary: dict) -> str:
    lines = [f"{'shape':<26} {'experiment':<10} {'pairs':>5} {'delta %':>9} {'CI95 %':>8} {'bootstrap 95% %':>20} "
             f"{'control delta %':>19} {'A/A CI covers 0':>18} {'GPU s':>6}"]
    for shape, per in summary["shapes"].items():
        first = True
        for name, entry in per.items():
            t, c = entry["test"]["paired"], entry["control"]["paired"]
            cover = ""
            if "coverage" in entry["test"]:
                cov, res = entry["test"]["coverage"], entry["test"]["resampled"]
                cover = f"{cov['covered']}/{cov['groups']}"
                if res.get("reps"):
                    cover += f" (n={res['size']}: {100 * res['coverage']:.0f}%)"
            gpu = f"{summary['gpu_s'].get(shape, float('nan')):.0f}" if first else ""
            lines.append(f"{shape if first else '':<26} {name:<10} {t.pairs:>5} {t.delta_pct:>+9.4f} {t.ci95_pct:>8.4f} "
                         f"{'[%+.4f, %+.4f]' % (t.bootstrap_lo_pct, t.bootstrap_hi_pct):>20} "
                         f"{'%+.4f +/- %.4f' % (c.delta_pct, c.ci95_pct):>19} {cover:>18} {gpu:>6}")
            first = False
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------
# The whole experiment
# ---------------------------------------------------------------------------------------------------

def experiments_for(plan: Plan, a_variant: str, b_variant: str, seed: int, extra=()) -> list[dict]:
    """The jobs of A/B (A first in every pair), B/A (B first), A/A (two labels of variant A, order per
    pair drawn from the seed; groups of pair ids, each an independent null experiment) and of any extra
    comparisons (name, a, b: alternating order, ab_pairs pairs each)."""
    A, B = (a_variant, a_variant), (b_variant, b_variant)
    exps = [
        {"name": "ab", "a": a_variant, "b": b_variant, "order": "ab",
         "jobs": make_jobs("ab", plan.ab_pairs, A, B, "ab", seed)},
        {"name": "ba", "a": a_variant, "b": b_variant, "order": "ba",
         "jobs": make_jobs("ba", plan.ba_pairs, A, B, "ba", seed)},
    ]
    if plan.aa_groups:
        k = plan.aa_pairs_per_group
        a1, a2 = f"{a_variant}-A1", f"{a_variant}-A2"
        exps.append({"name": "aa", "a": a1, "b": a2, "order": "random",
                     "jobs": make_jobs("aa", plan.aa_groups * k, (a1, a_variant), (a2, a_variant), "random", seed),
                     "groups": [list(range(g * k, (g + 1) * k)) for g in range(plan.aa_groups)]})
    for name, xa, xb in extra:
        exps.append({"name": name, "a": xa, "b": xb, "order": "alternate",
                     "jobs": make_jobs(name, plan.ab_pairs, (xa, xa), (xb, xb), "alternate", seed)})
    return exps


def prime(config: WorkerConfig, variants, workdir: Path, progress=print) -> dict:
    """One untimed process per variant, one after the other: compiles every shape (filling the DSL's
    file cache for the later processes) and measures what the plan is made from."""
    jobs = [Job("prime", k // 2, k % 2, v, v, k, "ab"[k % 2]) for k, v in enumerate(variants)]
    res = run_jobs(jobs, config, workdir, prefetch=len(jobs), progress=lambda line: None, retries=1)
    procs = [{"variant": r.job.variant, "import_s": r.data["import_s"], "gpu_s": r.data["gpu_s"],
              "compile_s": sum(s["compile_s"] for s in r.data["shapes"]),
              "kernels": {s["shape"]: [s["test_name"], s["control_name"]] for s in r.data["shapes"]},
              "test_mean_ns": {s["shape"]: _mean(s["test_ns"]) for s in r.data["shapes"]},
              "control_mean_ns": {s["shape"]: _mean(s["control_ns"]) for s in r.data["shapes"] if s["control_ns"]},
              "precompile_errors": {s["shape"]: s["precompile_error"] for s in r.data["shapes"]
                                    if s.get("precompile_error")}}
             for r in res]
    for p in procs:
        progress(f"prime {p['variant']}: import {p['import_s']:.1f} s, GPU {p['gpu_s']:.1f} s (compile "
                 f"{p['compile_s']:.1f} s); test kernel " + ", ".join(f"{k} {v / 1000:.2f} us" for k, v in
                                                                    p["test_mean_ns"].items())
                 + "; control " + ", ".join(f"{v / 1000:.2f} us" for v in p["control_mean_ns"].values()))
    # what a later process costs the runner: its GPU phase (compile included: each variant's kernels
    # differ, so the DSL's file cache is no help to count on) and its exit, plus a little slack
    return {"processes": procs, "per_process_gpu_s": max(r.data["gpu_s"] + r.exit_s for r in res) + 0.2,
            "import_s": max(p["import_s"] for p in procs), "device": res[0].data["device"]}


def run_experiment(config: WorkerConfig, out_dir: Path, *, a_variant: str, b_variant: str, budget_s: float,
                   seed: int, prefetch: int, plan: Plan | None = None, progress=print, aa_groups: int = 20,
                   extra=(), target_us: float | None = None, compress: bool = True,
                   aa_stop_after_s: float | None = None) -> dict:
    """Prime, plan, run A/B, B/A, A/A (and extras); write every raw CSV, processes.csv and plan.json
    (the manifest: shapes, plan, order of every pair, GPU time per shape) into out_dir.

    With `aa_stop_after_s`, no new A/A group starts once that many seconds have passed since the start:
    the groups finished by then are the A/A experiment (each group is an independent null experiment,
    so fewer groups is a smaller sample, not a biased one); the manifest keeps the planned count."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    scratch = Path(tempfile.mkdtemp(prefix="racelab-timing-"))
    variants = list(dict.fromkeys([a_variant, b_variant] + [v for _, xa, xb in extra for v in (xa, xb)]))
    rescaled = []
    try:
        try:
            primed = prime(config, variants, scratch / "prime0", progress)
        except CuptiUnavailable:
            raise
        except TimingError as err:
            if config.backend != "twin" or not config.precompile:
                raise
            progress(f"prime failed with kernels compiled before GO ({str(err).splitlines()[0]}); "
                     "compiling after GO from now on")
            config.precompile = False
            primed = prime(config, variants, scratch / "prime0b", progress)
        if config.backend == "twin" and config.precompile and any(p["precompile_errors"] for p in primed["processes"]):
            progress("compiling before GO did not work here: " + "; ".join(
                f"{k}: {v}" for p in primed["processes"] for k, v in p["precompile_errors"].items())
                + " -- compiling after GO from now on")
            config.precompile = False
            primed = prime(config, variants, scratch / "prime0c", progress)
        for attempt in range(2):
            if not target_us or config.backend not in ("twin", "fake"):
                break
            means = {lbl: min(p["test_mean_ns"][lbl] for p in primed["processes"]) for lbl in
                     primed["processes"][0]["test_mean_ns"]}
            new = rescale_work(config.shapes, means, target_us)
            if new == list(config.shapes):
                break
            rescaled.append({"from": [s.as_arg() for s in config.shapes], "to": [s.as_arg() for s in new],
                             "kernel_us": {k: v / 1000 for k, v in means.items()}})
            progress("kernel time outside %g-%g us: work rescaled to %s" % (*TARGET_RANGE_US,
                     ", ".join(s.label for s in new)))
            config.shapes = new
            primed = prime(config, variants, scratch / f"prime{attempt + 1}", progress)
        # per process: the GPU phase, or the import when `prefetch` processes cannot keep up
        per_process = max(primed["per_process_gpu_s"], primed["import_s"] / max(1, prefetch))
        if plan is None:
            plan = make_plan(budget_s - (time.time() - t0), per_process, aa_groups=aa_groups,
                             extra_experiments=len(extra))
        progress(f"plan: A/B {plan.ab_pairs} pairs, B/A {plan.ba_pairs} pairs, A/A {plan.aa_groups} x "
                 f"{plan.aa_pairs_per_group} pairs" + (f", {len(extra)} more comparison(s) of {plan.ab_pairs} pairs"
                                                      if extra else "")
                 + f" = {plan.processes} processes at ~{per_process:.1f} s -> ~{plan.processes * per_process / 60:.1f} min")
        exps = experiments_for(plan, a_variant, b_variant, seed, extra)
        aa_planned = plan.aa_groups
        results: list[ProcResult] = []
        for exp in exps:
            stop = {}
            if exp["name"] == "aa" and aa_stop_after_s is not None:
                first_job = {pair: 2 * n for n, pair in enumerate(sorted({j.pair for j in exp["jobs"]}))}
                stop = {"stop_at": t0 + aa_stop_after_s,
                        "stop_points": [first_job[g[0]] for g in exp["groups"][1:]]}
            res = run_jobs(exp["jobs"], config, scratch / exp["name"], prefetch=prefetch, progress=progress, **stop)
            if exp["name"] == "aa" and len(res) < len(exp["jobs"]):
                done = {r.job.pair for r in res}
                exp["groups"] = [g for g in exp["groups"] if set(g) <= done]
                exp["jobs"] = [j for j in exp["jobs"] if j.pair in done]
                plan = replace(plan, aa_groups=len(exp["groups"]))
                progress(f"A/A: {len(exp['groups'])} of {aa_planned} planned groups done before the deadline")
            results += res
            for shape in config.shapes:
                for kind in ("test", "control"):
                    text = samples_csv(sample_rows(res, shape.label, kind))
                    name = csv_name(exp["name"], shape.label, kind)
                    if compress:  # raw samples: one row per launch, a few MB in all
                        (out_dir / (name + ".xz")).write_bytes(lzma.compress(text.encode(), preset=6))
                    else:
                        (out_dir / name).write_text(text)
        (out_dir / "processes.csv").write_text(_csv_text(PROCESS_COLUMNS, process_rows(results)))
        wall = time.time() - t0
        imports = sorted(r.data["import_s"] for r in results)
        gpus = sorted(r.data["gpu_s"] for r in results)
        manifest = {
            "backend": config.backend, "shapes": [s.label for s in config.shapes],
            "shape_args": {s.label: s.as_arg() for s in config.shapes}, "rescaled": rescaled,
            "launches_per_process": config.launches, "warmup_s": config.warmup_s, "seed": seed,
            "precompile": config.precompile,
            "prefetch": prefetch, "variants": {"a": a_variant, "b": b_variant}, "extra": [list(e) for e in extra],
            "plan": asdict(plan), "aa_groups_planned": aa_planned, "aa_stop_after_s": aa_stop_after_s,
            "prime": primed, "wall_s": wall,
            "gpu_s_total": sum(gpus), "gpu_s_by_shape": gpu_seconds_by_shape(results),
            "import_s_median": imports[len(imports) // 2], "gpu_s_per_process_median": gpus[len(gpus) // 2],
            "processes_with_cuda_before_go": sum(bool(r.data.get("cuda_initialized_before_go")) for r in results),
            "processes_precompiled": sum(all(s.get("precompiled") for s in r.data["shapes"]) for r in results),
            "processes": len(results),
            "device": results[0].data["device"], "timer": results[0].data["timer"],
            "kernels": {s["shape"]: {"test": s["test_name"], "control": s["control_name"]}
                        for s in results[0].data["shapes"]},
            "experiments": [{"name": e["name"], "title": EXPERIMENT_TITLES.get(e["name"], e["name"]), "a": e["a"],
                             "b": e["b"], "order": e["order"], "groups": e.get("groups"),
                             "pairs": [{"pair": j.pair, "first": j.label} for j in e["jobs"] if j.slot == 0]}
                            for e in exps],
        }
        (out_dir / "plan.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
        return manifest
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def summary_json(summary: dict) -> dict:
    def enc(x):
        if isinstance(x, _pairs.PairedResult):
            return x.as_dict()
        if isinstance(x, dict):
            return {k: enc(v) for k, v in x.items()}
        if isinstance(x, list):
            return [enc(v) for v in x]
        if isinstance(x, float) and not math.isfinite(x):
            return str(x)
        return x

    return enc(summary)


def target_lines(summary: dict, target_pct: float, budget_gpu_s: float) -> list[str]:
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
    p.add_argument("--launches", type=int, default=1000, help="profiled launches per kernel per shape per process")
    p.add_argument("--warmup-s", type=float, default=0.2, help="warm-up seconds per shape before profiling")
    p.add_argument("--warmup-min", type=int, default=50, help="at least this many warm-up launches")
    p.add_argument("--no-precompile", dest="precompile", action="store_false",
                   help="twin: compile after GO with the twin's own launcher instead of from fake tensors before GO")
    p.add_argument("--fake-effect", action="append", help="fake backend: VARIANT=PERCENT on the test kernel")
    p.add_argument("--fake-import-s", type=float, default=0.0, help="fake backend: simulated import time")
    p.add_argument("--fake-gpu-s", type=float, default=0.0, help="fake backend: simulated GPU time per shape")
    p.add_argument("--fake-process-sd", type=float, default=0.01, help="fake backend: per-process sd, percent")
    p.add_argument("--fake-launch-sd", type=float, default=0.3, help="fake backend: per-launch sd, percent")
    p.add_argument("--fake-fail-once", default=None, help="fake backend: fail once, leaving this marker file")
    p.add_argument("--fake-no-cupti", action="store_true", help="fake backend: behave as if CUPTI were missing")


def _fake_flags(args) -> list[str]:
    flags = []
    for e in args.fake_effect or []:
        flags += ["--fake-effect", e]
    flags += ["--fake-import-s", str(args.fake_import_s), "--fake-gpu-s", str(args.fake_gpu_s),
              "--fake-process-sd", str(args.fake_process_sd), "--fake-launch-sd", str(args.fake_launch_sd)]
    if args.fake_fail_once:
        flags += ["--fake-fail-once", args.fake_fail_once]
    return flags + (["--fake-no-cupti"] if args.fake_no_cupti else [])


def build_config(args, kind: str) -> WorkerConfig:
    """The worker settings of a `record` (kind 'twin') or `sm100` (kind 'sm100') command line; the worker
    backend is --backend (fake: synthetic samples) or the kind's own."""
    shape_cls = UpstreamShape if kind == "sm100" else TwinShape
    shapes = [shape_cls.parse(s) for s in args.shape] if args.shape else list(
        SM100_SHAPES if kind == "sm100" else TWIN_SHAPES)
    backend = args.backend or kind
    return WorkerConfig(backend, shapes, args.launches, args.warmup_s, args.warmup_min,
                        fake_args=_fake_flags(args) if backend == "fake" else [],
                        precompile=getattr(args, "precompile", True))


def record_main(args, experiment: str = "twin-timing", kind: str = "twin", extra=()) -> int:
    from racelab.core import store

    config = build_config(args, kind)
    backend = config.backend
    plan = None
    if args.pairs:
        plan = Plan(args.pairs, args.pairs, args.aa_groups, args.aa_pairs, 0.0, args.budget_s, len(extra))
    print(f"racelab timing: {experiment}, backend {backend}, shapes {', '.join(s.label for s in config.shapes)}, "
          f"{args.launches} launches per kernel per shape per process, budget {args.budget_s:.0f} s", flush=True)

    def body(out_dir: Path) -> dict:
        manifest = run_experiment(config, out_dir, a_variant=args.a, b_variant=args.b, budget_s=args.budget_s,
                                  seed=args.seed, prefetch=args.prefetch, plan=plan, aa_groups=args.aa_groups,
                                  extra=extra, target_us=args.target_us,
                                  aa_stop_after_s=getattr(args, "aa_stop_after_s", None),
                                  progress=lambda line: print(line, flush=True))
        summary = summarize_folder(out_dir)
        table = format_table(summary)
        targets = target_lines(summary, args.target_pct, args.target_gpu_s)
        (out_dir / "summary.json").write_text(json.dumps(summary_json(summary), indent=2, sort_keys=True) + "\n")
        tail = (f"wall {manifest['wall_s']:.0f} s; GPU held {manifest['gpu_s_total']:.0f} s in total ("
                + ", ".join(f"{k}: {v:.0f} s" for k, v in manifest["gpu_s_by_shape"].items())
                + f"); per process: import {manifest['import_s_median']:.1f} s, GPU {manifest['gpu_s_per_process_median']:.1f} s (medians)"
                + (f"\nWARNING: {manifest['processes_with_cuda_before_go']} processes had a CUDA context before GO "
                   "(their start-up overlapped another process's measurement)"
                   if manifest["processes_with_cuda_before_go"] else ""))
        (out_dir / "table.txt").write_text(table + "\n\n" + "\n".join(targets) + "\n" + tail + "\n")
        print("\n" + table + "\n\n" + "\n".join(targets) + "\n" + tail, flush=True)
        return manifest

    try:
        if args.out:
            body(Path(args.out))
        else:
            with store.new_run(experiment, command=["python", "-m", "racelab.experiments.timing", *args.argv]) as run:
                body(run.path)
            print(f"recorded {experiment}/{run.recorded.id} (manifest {run.recorded.manifest_hash[:16]})")
    except CuptiUnavailable as err:
        print(f"racelab timing: CUPTI unavailable: {err}", file=sys.stderr)
        return 4
    except TimingError as err:
        print(f"racelab timing: {err}", file=sys.stderr)
        return 3
    return 0


SM100_EXTRA = (("release", "unpatched", "patched"),)


def sm100_main(args) -> int:
    """The real kernel on SM100, recorded as "sm100-timing": A/B, B/A and A/A of fix-reverted (1.27.0
    with the fix undone: the PR's base) against patched (1.27.0), plus unpatched 1.26.0 against patched."""
    sm = _local_sm()
    if args.backend != "fake" and (sm is None or sm // 10 != 10):
        print(f"racelab timing sm100: needs an SM100 GPU (B200/GB200); this machine has "
              f"{'no GPU' if sm is None else 'sm_%d' % sm}. Refusing to run: the book shows the figures reported "
              f"in PR #426 instead.", file=sys.stderr)
        return 2
    return record_main(args, experiment="sm100-timing", kind="sm100", extra=SM100_EXTRA)


def _local_sm():
    from racelab.core import provenance

    devices = provenance.gpus()
    return devices[0]["sm"] if devices else None


# ---------------------------------------------------------------------------------------------------
# For the book: which run, the tables, the figures, the numbers glued into the prose
# ---------------------------------------------------------------------------------------------------

TWIN_EXPERIMENT = "twin-timing"
NULL_EXPERIMENT = "twin-timing-null"  # many A/A groups: does a 95% interval cover zero 95% of the time?
SM100_EXPERIMENT = "sm100-timing"


def recorded_run(experiment: str = TWIN_EXPERIMENT, needs: str = "sm90"):
    """(run, mode) for a page that replays `experiment`: the newest recorded run made on `needs` hardware.
    The timing experiment takes minutes, so a page never runs it live, even on such a GPU; with no
    recorded run this raises a RuntimeError that says how to record one."""
    from racelab.core import store

    choice = store.choose(experiment, needs=needs)
    run = choice.run
    if run is None:
        try:
            run = store.newest(experiment, gpu=needs)
        except store.StoreError as err:
            command = ("python -m racelab.experiments.timing record" if experiment == TWIN_EXPERIMENT else
                       "python -m racelab.experiments.sm90_numerics record" if experiment == "sm90-numerics" else
                       "python -m racelab.experiments.timing sm100")
            raise RuntimeError(f"no recorded {experiment!r} run made on {needs} hardware yet ({err}). "
                               f"Record one on such a GPU with `{command}`; this page replays it.") from None
    return run, "replay"


def optional_run(experiment: str = SM100_EXPERIMENT, needs: str = "sm100"):
    """The newest recorded run, or None when there is none."""
    from racelab.core import store

    try:
        return store.newest(experiment, gpu=needs)
    except store.StoreError:
        return None


def summary_frame(summary: dict):
    """One row per shape and experiment: the test kernel's paired delta, its CIs, the control's delta."""
    import pandas as pd

    rows = []
    for shape, per in summary["shapes"].items():
        for name, entry in per.items():
            t, c = entry["test"]["paired"], entry["control"]["paired"]
            cov = entry["test"].get("coverage")
            rows.append({"shape": shape, "experiment": EXPERIMENT_TITLES.get(name, name), "pairs": t.pairs,
                         "kernel (us)": t.a_mean_ns / 1000, "delta (%)": t.delta_pct, "CI95 (%)": t.ci95_pct,
                         "delta (ns)": t.delta_ns, "bootstrap 95% (%)": f"[{t.bootstrap_lo_pct:+.4f}, {t.bootstrap_hi_pct:+.4f}]",
                         "control delta (%)": c.delta_pct, "control CI95 (%)": c.ci95_pct,
                         "A/A groups whose CI covers 0": f"{cov['covered']} of {cov['groups']}" if cov else ""})
    return pd.DataFrame(rows).set_index(["shape", "experiment"])


def _short(shape: str) -> str:
    return shape.split("-")[0]  # "topk128"


def plot_pairs(summary: dict):
    """Per shape: every pair's delta (dots) and the mean with its Student-t 95% CI (bar), for the test
    kernel and the control kernel, in each experiment."""
    from racelab import style

    shapes = list(summary["shapes"])
    names = list(next(iter(summary["shapes"].values())))
    alt = ("Per-pair relative kernel-time deltas of the SM90 twin on an H200, one panel per shape; for each "
           "experiment (A/B, B/A, A/A) the test kernel's pair deltas and mean with 95% CI next to the control "
           "kernel's, around a zero line.")
    with style.figure(1, len(shapes), figsize=(5.0 * len(shapes), 3.6), alt=alt, squeeze=False) as (fig, axes):
        for ax, shape in zip(axes[0], shapes):
            per = summary["shapes"][shape]
            for i, name in enumerate(names):
                for kind, dx, colour in (("test", -0.14, style.ROLE["measured"]), ("control", 0.14, style.ROLE["control"])):
                    res = per[name][kind]["paired"]
                    d = [p.delta_pct for p in res.per_pair]
                    xs = [i + dx + 0.05 * ((k * 7919) % 11 - 5) / 5 for k in range(len(d))]
                    ax.scatter(xs, d, s=9, color=colour, alpha=0.45, linewidths=0)
                    ax.errorbar(i + dx, res.delta_pct, yerr=res.ci95_pct, fmt="o", ms=5, color=colour, capsize=4,
                                label=("kernel under test" if kind == "test" else "control kernel") if i == 0 else None)
            ax.axhline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
            ax.set_xticks(range(len(names)), [EXPERIMENT_TITLES.get(n, n).replace(" (", "\n(") for n in names])
            ax.set_title(shape)
            ax.set_ylabel("B vs A, per pair (%)")
        axes[0][0].legend(loc="best", fontsize=8, frameon=False)
        fig.suptitle(_stand_in(summary), fontsize=10)
    _close(fig)
    return fig


def _stand_in(summary: dict) -> str:
    manifest = summary["manifest"]
    device = (manifest.get("device") or {}).get("name", "?")
    if manifest.get("backend") == "sm100":
        return f"The SM100 kernel (kernel_gemm; control ScoreGrad) measured on {device}"
    return f"The method measured on {device} with the SM90 twin (a stand-in for the SM100 kernel)"


def plot_aa(summary: dict):
    """Each A/A group's 95% CI of the mean delta: the groups whose CI misses 0 stand out."""
    from matplotlib.ticker import MaxNLocator

    from racelab import style

    shapes = [s for s, per in summary["shapes"].items() if "aa" in per]
    alt = ("The 95% confidence intervals of the independent A/A experiments on the SM90 twin, one row per "
           "experiment and one panel per shape; intervals that do not cover zero are highlighted.")
    with style.figure(1, len(shapes), figsize=(4.2 * len(shapes), 4.0), alt=alt, squeeze=False) as (fig, axes):
        for ax, shape in zip(axes[0], shapes):
            results = summary["shapes"][shape]["aa"]["test"]["coverage"]["results"]
            for g, r in enumerate(results):
                colour = style.ROLE["ordered"] if r.covers_zero else style.ROLE["race"]
                ax.errorbar(r.delta_pct, g, xerr=r.ci95_pct, fmt="o", ms=4, color=colour, capsize=3)
            ax.axvline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
            cov = summary["shapes"][shape]["aa"]["test"]["coverage"]
            ax.set_title(f"{_short(shape)}: {cov['covered']} of {cov['groups']} cover 0")
            ax.set_xlabel("A2 vs A1 (%)")
            ax.set_ylabel("A/A experiment")
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
            ax.invert_yaxis()
        fig.suptitle(_stand_in(summary), fontsize=10)
    _close(fig)
    return fig


def _close(fig):
    import matplotlib.pyplot as plt

    plt.close(fig)


def _pct(x: float, digits: int = 3) -> str:
    if round(x, digits) == 0:
        return f"{0:.{digits}f}%"
    return f"{x:+.{digits}f}%".replace("-", "\N{MINUS SIGN}")


def headline(summary: dict) -> dict:
    """Strings to glue into the prose, keyed cost_<topk>_<what> (e.g. cost_topk512_ab_delta)."""
    out = {}
    manifest = summary["manifest"]
    for shape, per in summary["shapes"].items():
        key = f"cost_{_short(shape)}"
        ab = per["ab"]["test"]["paired"]
        out[f"{key}_shape"] = manifest["shape_args"][shape].replace(",", ", ")
        out[f"{key}_kernel_us"] = f"{ab.a_mean_ns / 1000:.1f} µs"
        out[f"{key}_gpu_s"] = f"{summary['gpu_s'].get(shape, float('nan')):.0f} s"
        for name in ("ab", "ba"):
            if name not in per:
                continue
            t, c = per[name]["test"]["paired"], per[name]["control"]["paired"]
            out[f"{key}_{name}_delta"] = _pct(t.delta_pct)
            out[f"{key}_{name}_ci"] = f"{t.ci95_pct:.3f}%"
            out[f"{key}_{name}_ns"] = f"{t.delta_ns:+.1f} ns".replace("-", "\N{MINUS SIGN}")
            out[f"{key}_{name}_pairs"] = str(t.pairs)
            out[f"{key}_{name}_verdict"] = ("distinguishable from zero" if not t.covers_zero
                                            else "not distinguishable from zero")
            out[f"{key}_{name}_control"] = f"{_pct(c.delta_pct)} ± {c.ci95_pct:.3f}%"
        if "aa" in per:
            cov = per["aa"]["test"]["coverage"]
            res = per["aa"]["test"]["resampled"]
            out[f"{key}_aa_covered"] = f"{cov['covered']} of {cov['groups']}"
            out[f"{key}_aa_pairs"] = str(manifest["plan"]["aa_pairs_per_group"])
            out[f"{key}_aa_resampled"] = (f"{100 * res['coverage']:.0f}%" if res.get("reps") else "n/a")
            out[f"{key}_aa_delta"] = f"{_pct(per['aa']['test']['paired'].delta_pct)} ± {per['aa']['test']['paired'].ci95_pct:.3f}%"
    groups = manifest["plan"]["aa_groups"]
    if groups:
        lo, prob = coverage_range(groups)
        out["cost_aa_range"] = f"{lo} to {groups} of {groups}"
        out["cost_aa_range_prob"] = f"{100 * prob:.0f}%"
    out["cost_target"] = f"a half-width of at most {TARGET_CI_PCT}% within {TARGET_GPU_S / 60:.0f} minutes of GPU time per shape"
    out["cost_target_verdict"] = target_verdict(summary)
    out["cost_wall_min"] = f"{manifest['wall_s'] / 60:.1f} min"
    out["cost_processes"] = str(manifest["plan"]["ab_pairs"] * 2 + manifest["plan"]["ba_pairs"] * 2
                                + manifest["plan"]["aa_groups"] * manifest["plan"]["aa_pairs_per_group"] * 2)
    out["cost_launches"] = str(manifest["launches_per_process"])
    out["cost_import_s"] = f"{manifest['import_s_median']:.1f} s"
    out["cost_gpu_per_process_s"] = f"{manifest['gpu_s_per_process_median']:.1f} s"
    out["cost_aa_groups"] = str(manifest["plan"]["aa_groups"])
    return out


def pooled_coverage(summaries: dict) -> dict:
    """A/A coverage over the independent groups of several runs ({run id: summary}): each group is its
    own null experiment, so the groups of all runs can be counted together. Per run and in all."""
    per_run = []
    for run_id, summary in summaries.items():
        for shape, per in summary["shapes"].items():
            if "aa" not in per:
                continue
            cov = per["aa"]["test"]["coverage"]
            per_run.append({"run": run_id, "shape": shape,
                            "pairs per group": cov["results"][0].pairs if cov["results"] else None,
                            "groups": cov["groups"], "cover 0": cov["covered"]})
    groups = sum(r["groups"] for r in per_run)
    covered = sum(r["cover 0"] for r in per_run)
    lo, prob = coverage_range(groups) if groups else (0, float("nan"))
    return {"runs": per_run, "groups": groups, "covered": covered,
            "coverage": covered / groups if groups else float("nan"), "expected_at_least": lo,
            "expected_prob": prob}


def plot_aa_runs(summaries: dict):
    """Every A/A group of several runs in one panel, runs one after the other: CI of each group's mean."""
    from matplotlib.ticker import MaxNLocator

    from racelab import style

    alt = ("The 95% confidence intervals of every independent A/A experiment in the recorded null-control runs "
           "of the SM90 twin, one row per experiment, grouped by run; intervals that miss zero are highlighted.")
    with style.figure(1, 1, figsize=(7.6, 1.2 + 0.16 * sum(
            len(p["aa"]["test"]["coverage"]["results"]) for s in summaries.values() for p in s["shapes"].values()
            if "aa" in p)), alt=alt) as (fig, ax):
        row = 0
        for n, (run_id, summary) in enumerate(summaries.items()):
            for shape, per in summary["shapes"].items():
                if "aa" not in per:
                    continue
                results = per["aa"]["test"]["coverage"]["results"]
                first = row
                for r in results:
                    colour = style.ROLE["ordered"] if r.covers_zero else style.ROLE["race"]
                    ax.errorbar(r.delta_pct, row, xerr=r.ci95_pct, fmt="o", ms=3.5, color=colour, capsize=2.5)
                    row += 1
                if n % 2:
                    ax.axhspan(first - 0.5, row - 0.5, color=style.PALETTE["grey"], alpha=0.12, lw=0, zorder=0)
                # the run's id beside its block, outside the axes, so it never covers an interval
                ax.annotate(f"run {run_id}\n{_short(shape)}", (1.02, (first + row - 1) / 2),
                            xycoords=("axes fraction", "data"), ha="left", va="center", fontsize=8,
                            color=style.PALETTE["grey"], annotation_clip=False)
        ax.axvline(0.0, color=style.PALETTE["grey"], lw=0.8, zorder=0)
        pooled = pooled_coverage(summaries)
        ax.set_title(f"Null-control runs: {pooled['covered']} of {pooled['groups']} A/A intervals cover 0")
        fig.suptitle(_stand_in(next(iter(summaries.values()))), fontsize=10)
        ax.set_xlabel("A2 vs A1 (%), mean and 95% CI of each A/A experiment")
        ax.set_ylabel("A/A experiment")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.invert_yaxis()
    return fig


def target_verdict(summary: dict, target_pct: float = TARGET_CI_PCT, target_gpu_s: float = TARGET_GPU_S) -> str:
    """Whether every A/B and B/A experiment met the half-width and GPU-time targets, naming those that did not."""
    cells, missed = 0, []
    for shape, per in summary["shapes"].items():
        gpu = summary["gpu_s"].get(shape, math.inf)
        for name, title in (("ab", "A/B"), ("ba", "B/A")):
            if name not in per:
                continue
            cells += 1
            ci = per[name]["test"]["paired"].ci95_pct
            if ci > target_pct or gpu > target_gpu_s:
                why = [f"half-width {ci:.3f}%"] if ci > target_pct else []
                why += [f"{gpu:.0f} s of GPU time"] if gpu > target_gpu_s else []
                missed.append(f"{title} at {_short(shape)} ({', '.join(why)})")
    if not missed:
        return "met by A/B and B/A at every shape"
    if len(missed) == cells:
        return "not met by any experiment"
    return "met by every A/B and B/A experiment except " + " and ".join(missed)


def coverage_range(groups: int, p: float = 0.95, mass: float = 0.9) -> tuple[int, float]:
    """The smallest k with P(X >= k) >= mass for X ~ Binomial(groups, p): how many of `groups` correct 95%
    intervals cover the truth, `mass` of the time. Returns (k, P(X >= k))."""
    tail = 0.0
    for k in range(groups, -1, -1):
        tail += math.comb(groups, k) * p ** k * (1 - p) ** (groups - k)
        if tail >= mass:
            return k, tail
    return 0, 1.0


def reported_frame():
    """The PR's SM100 timing figures (REPORTED), as a table labelled with where they come from."""
    import pandas as pd

    t = REPORTED["timing"]
    rows = []
    for key in ("topk128", "b3-sq64-skv2048-topk512", "b3-sq64-skv2048-topk512-swapped"):
        e = t[key]
        rows.append({"shape": e["shape"], "kernel": e["kernel"], "pairs": e["pairs"], "delta (%)": e["delta_pct"],
                     "CI95 (%)": e["ci95_pct"], "source": "reported in PR #426 (B200)"})
    rows.append({"shape": "both", "kernel": t["control"]["kernel"], "pairs": None,
                 "delta (%)": f"|delta| <= {t['control']['abs_delta_pct_max']}", "CI95 (%)": None,
                 "source": "reported in PR #426 (B200)"})
    return pd.DataFrame(rows).set_index(["shape", "kernel"])


def reported_glue() -> dict:
    """The PR's figures as strings to glue, keyed pr_*."""
    t, n = REPORTED["timing"], REPORTED["numerics"]
    big, swapped = t["b3-sq64-skv2048-topk512"], t["b3-sq64-skv2048-topk512-swapped"]
    return {"pr_topk128": f"{_pct(t['topk128']['delta_pct'])} ± {t['topk128']['ci95_pct']:.3f}%",
            "pr_big": f"{_pct(big['delta_pct'])} ± {big['ci95_pct']:.3f}%",
            "pr_big_ns": f"~+{big['delta_ns']:.0f} ns on {big['kernel_us']} µs",
            "pr_swapped": f"{_pct(swapped['delta_pct'])} ± {swapped['ci95_pct']:.3f}%",
            "pr_control": f"|Δ| ≤ {t['control']['abs_delta_pct_max']}%",
            "pr_pairs": str(big["pairs"]),
            "pr_dik_unpatched": f"{n['d_index_k_max_rel_dev']['unpatched']:.1e}",
            "pr_dik_patched": f"{n['d_index_k_max_rel_dev']['patched']:.1e}",
            "pr_replays": str(n["replays"])}


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m racelab.experiments.timing", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)

    w = sub.add_parser("worker", help="one fresh process: one variant, every shape")
    w.add_argument("--backend", choices=sorted(BACKENDS), default="twin")
    w.add_argument("--variant", required=True)
    w.add_argument("--shape", action="append", required=True, help="e.g. topk=128,heads=64,n_cta=132,work=1024")
    w.add_argument("--seed", type=int, default=0)
    w.add_argument("--out", required=True, help="where the worker writes its JSON")
    w.add_argument("--wait-go", action="store_true", help="after importing, wait for GO on stdin")
    w.add_argument("--spawned-at", type=float, default=None)
    _add_worker_args(w)

    for name, helptext in (("record", "the whole twin experiment into store run twin-timing"),
                           ("sm100", "the real kernel on SM100 into store run sm100-timing")):
        r = sub.add_parser(name, help=helptext)
        r.add_argument("--backend", choices=sorted(BACKENDS), default=None,
                       help="fake: synthetic samples, no GPU (tests)")
        r.add_argument("--shape", action="append", help="repeatable; default: the built-in shapes")
        r.add_argument("--a", default=None, help="baseline variant")
        r.add_argument("--b", default=None, help="compared variant")
        r.add_argument("--budget-s", type=float, default=330.0, help="wall-time budget the plan fills")
        r.add_argument("--pairs", type=int, default=0, help="fix the A/B and B/A pairs instead of planning")
        r.add_argument("--aa-groups", type=int, default=20, help="independent A/A experiments")
        r.add_argument("--aa-pairs", type=int, default=3, help="pairs per A/A group when --pairs is given")
        r.add_argument("--prefetch", type=int, default=3, help="processes importing ahead of the running one")
        r.add_argument("--aa-stop-after-s", type=float, default=None,
                       help="start no new A/A group after this many seconds; finished groups are kept")
        r.add_argument("--seed", type=int, default=426)
        r.add_argument("--target-us", type=float, default=TARGET_US if name == "record" else 0.0,
                       help="rescale the twin's work when its kernel time is outside 15-60 us (0: never)")
        r.add_argument("--target-pct", type=float, default=TARGET_CI_PCT, help="CI half-width target, percent")
        r.add_argument("--target-gpu-s", type=float, default=TARGET_GPU_S, help="GPU-time target per shape, seconds")
        r.add_argument("--out", default=None, help="write into this folder instead of the result store")
        if name == "record":
            r.add_argument("--experiment", default=TWIN_EXPERIMENT,
                           help=f"the store experiment to record into; {NULL_EXPERIMENT!r} for an A/A-heavy run "
                                "that measures the intervals' coverage")
        _add_worker_args(r)

    s = sub.add_parser("summary", help="the table of a recorded run or a folder")
    s.add_argument("source", nargs="?", default=None, help="folder; default: the newest run of --experiment")
    s.add_argument("--experiment", default="twin-timing")

    args = parser.parse_args(argv)
    args.argv = argv
    if args.cmd == "worker":
        return worker_main(args)
    if args.cmd in ("record", "sm100"):
        if args.launches < 10 or args.budget_s <= 0 or args.prefetch < 0:
            print("racelab timing: --launches must be >= 10, --budget-s positive, --prefetch >= 0", file=sys.stderr)
            return 2
        default_a, default_b = ("fix-reverted", "patched") if args.cmd == "sm100" else TWIN_VARIANTS
        args.a, args.b = args.a or default_a, args.b or default_b
        if args.a == args.b:
            print("racelab timing: --a and --b must differ (the A/A control is part of the experiment)",
                  file=sys.stderr)
            return 2
        known = SM100_VARIANTS if args.cmd == "sm100" else TWIN_VARIANTS
        if args.backend != "fake" and not {args.a, args.b} <= set(known):
            print(f"racelab timing: variants must be among {', '.join(known)}", file=sys.stderr)
            return 2
        try:
            build_config(args, "sm100" if args.cmd == "sm100" else "twin")
        except ValueError as err:
            print(f"racelab timing: {err}", file=sys.stderr)
            return 2
        return sm100_main(args) if args.cmd == "sm100" else record_main(args, experiment=args.experiment)
    from racelab.core import store

    try:
        source = Path(args.source) if args.source else store.newest(args.experiment)
    except store.StoreError as err:
        print(f"racelab timing: {err}", file=sys.stderr)
        return 2
    print(format_table(summarize_folder(source)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
