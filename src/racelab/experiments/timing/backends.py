"""What one worker process measures, per shape: build the launchers, warm up, profile M iterations in one
torch.profiler session and split its CUPTI kernel events into the kernel under test and the control kernel.
The fake backend makes synthetic samples without a GPU (or torch) for the runner's tests."""

import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

from racelab.experiments.timing.designs import split_in_process, stable_hash
from racelab.readers.samples import (CuptiUnavailable, KernelEvent, kernel_events, names_by_position, pick_name,
                                     split_events, split_rounds)


@dataclass
class Subject:
    """What a backend hands the worker for one shape.

    test / control: zero-argument callables that each launch once. When `control` is None, `test`
    launches both kernels (e.g. the upstream wrapper launches ScoreGrad then kernel_gemm) and the two are
    told apart by `test_match` / `control_match` (substrings of the kernel names). `second`: a second
    build timed in turn with `test` in the same process (design "in-process"), each followed by `control`."""

    test: object
    control: object = None
    second: object = None
    test_match: str | None = None
    control_match: str | None = None
    meta: dict = field(default_factory=dict)


def check_cupti() -> None:
    """Raise CuptiUnavailable unless torch.profiler can record CUDA activity here."""
    import torch
    from torch.profiler import ProfilerActivity

    if not torch.cuda.is_available():
        raise CuptiUnavailable("no CUDA device visible to torch: the timing worker needs a GPU")
    if ProfilerActivity.CUDA not in torch.profiler.supported_activities():
        raise CuptiUnavailable("torch.profiler does not support ProfilerActivity.CUDA in this build "
                               "(no CUPTI): kernel durations cannot be read; not falling back to host timers")


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


class FakeBackend:
    """Synthetic samples, no GPU, no torch: exercises the runner (pairing, order, CSVs, progress).

    A per-process factor (the clock a process happens to get) multiplies test and control alike;
    the variant's effect applies to the test kernel only."""

    name = "fake"

    def __init__(self, args):
        self.args = args
        self.effects = dict(parse_effect(e) for e in (args.fake_effect or []))

    def prepare(self, variant: str, shapes) -> None:
        import numpy  # noqa: F401

        time.sleep(self.args.fake_import_s)

    def set_up(self, variant: str, shapes) -> None:
        """What a GPU backend does before GO with --set-up-on-signal; here it takes --fake-set-up-s."""
        time.sleep(self.args.fake_set_up_s)

    def measure(self, variant: str, shape, launches: int, warmup_s: float, seed: int) -> dict:
        import numpy as np

        if self.args.fake_no_cupti:
            raise CuptiUnavailable("fake: torch.profiler recorded no CUDA kernel activity")
        marker = self.args.fake_fail_once
        if marker and not Path(marker).exists():
            Path(marker).write_text("failed once\n")
            raise RuntimeError("fake: a one-off worker failure")
        rng = np.random.default_rng([seed, stable_hash(shape.as_arg())])
        time.sleep(self.args.fake_gpu_s)
        base = 25.0 * getattr(shape, "work", 1000) * (1 + getattr(shape, "topk", 128) / 512)
        proc = math.exp(rng.normal(0.0, self.args.fake_process_sd / 100))

        copies = max(1, getattr(self.args, "copies", 1))

        def launches_of(build: str, scale: float = 1.0):
            effect = scale * (1.0 + self.effects.get(build.split("@")[0], 0.0) / 100)
            noise = 1 + rng.normal(0, self.args.fake_launch_sd / 100, launches)
            if build and self.args.fake_copy_sd:  # each loaded copy its own factor; launch i ran copy i % K
                per_copy = np.exp(rng.normal(0.0, self.args.fake_copy_sd / 100, copies))
                noise = noise * per_copy[np.arange(launches) % copies]
            return [int(round(x)) for x in base * proc * effect * noise]

        builds = split_in_process(variant)
        slot_sd = getattr(self.args, "fake_slot_sd", 0.0)
        slot = rng.normal(0.0, slot_sd / 100) if slot_sd else 0.0  # this process's place effect
        if len(builds) == 2 and slot:
            rounds = np.arange(launches)
            first_slot = (rounds % 2 == 1) if getattr(self.args, "alternate", False) else np.zeros(launches, bool)
            place = {0: np.where(first_slot, 1 - slot / 2, 1 + slot / 2), 1: np.where(first_slot, 1 + slot / 2, 1 - slot / 2)}
        else:
            place = {0: 1.0, 1: 1.0}
        out = {"test_name": "fake_test_kernel", "control_name": "fake_control_kernel",
               "test_ns": launches_of(builds[0], place[0]), "control_ns": launches_of("", 0.5),
               "other_kernels": {}, "compile_s": 0.0, "warmup_s": 0.0, "warmup_launches": 0, "copies": copies}
        if len(builds) == 2:  # two builds in one process, in turn (design "in-process")
            out.update(second_name="fake_test_kernel", second_ns=launches_of(builds[1], place[1]),
                       control2_ns=launches_of("", 0.5))
        return out


def parse_effect(text: str):
    """'VARIANT=PERCENT' -> (variant, percent): the fake backend's effect on the test kernel."""
    variant, sep, pct = text.partition("=")
    if not sep:
        raise ValueError(f"--fake-effect takes VARIANT=PERCENT, got {text!r}")
    return variant, float(pct)


class Rotation:
    """K loaded copies of one build as one launcher: call n launches copy n % K (`count` calls so far).
    `check()` and `describe()` are the first copy's."""

    def __init__(self, copies: list):
        if not copies:
            raise ValueError("a rotation needs at least one copy")
        self.copies, self.count = list(copies), 0

    def __call__(self):
        self.copies[self.count % len(self.copies)]()
        self.count += 1

    def check(self) -> dict:
        return self.copies[0].check()

    def describe(self) -> dict:
        return {**self.copies[0].describe(), "copies": len(self.copies)}


class GpuBackend:
    """Shared GPU measuring loop: build the subject, launch once, warm up, profile M iterations in one
    torch.profiler session and split its kernel events into the test and the control kernel."""

    name = "gpu"

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

    def set_up(self, variant: str, shapes) -> None:
        """Everything of every shape that is not measured: the CUDA context, each shape's launchers with
        their first launch, and the process's first profiler session (CUPTI's start). A worker started with
        --set-up-on-signal calls it before GO, when the runner says that no other process is measuring."""
        for shape in shapes:
            self._ready_shape(variant, shape)

    def _ready_shape(self, variant: str, shape):
        """(subject, iteration, compile_s) of `shape`, built once per process."""
        import torch

        ready = getattr(self, "_ready", None)
        if ready is None:
            ready = self._ready = {}
        key = shape.as_arg()
        if key in ready:
            return ready[key]
        check_cupti()
        sync = torch.cuda.synchronize
        t0 = time.perf_counter()
        subject = self.build(variant, shape)
        subject.test()  # some launchers compile on their first call
        if subject.control is not None:
            subject.control()
        if subject.second is not None:
            subject.second()
        sync()
        compile_s = time.perf_counter() - t0

        if subject.second is not None:  # two builds in turn, each followed by the control kernel
            alternate = bool(getattr(self.args, "alternate", False))
            rounds = {"n": 0}

            def iteration():  # with --alternate, every odd round launches the second build first
                first, second = ((subject.second, subject.test) if alternate and rounds["n"] % 2
                                 else (subject.test, subject.second))
                first()
                subject.control()
                second()
                subject.control()
                rounds["n"] += 1

            iteration.rounds = rounds
        elif subject.control is not None:
            def iteration():
                subject.test()
                subject.control()
        else:
            iteration = subject.test

        if not getattr(self, "_profiler_ready", False):
            profile(iteration, 3, sync)  # the first session of a process starts CUPTI: not a timed one
            self._profiler_ready = True
        ready[key] = (subject, iteration, compile_s)
        return ready[key]

    def measure(self, variant: str, shape, launches: int, warmup_s: float, seed: int) -> dict:
        import torch

        sync = torch.cuda.synchronize
        was_ready = shape.as_arg() in (getattr(self, "_ready", None) or {})
        subject, iteration, compile_s = self._ready_shape(variant, shape)
        t1 = time.perf_counter()
        n_warm = 0
        while n_warm < self.args.warmup_min or time.perf_counter() - t1 < warmup_s:
            iteration()
            n_warm += 1
            if n_warm % 64 == 0:
                sync()
        sync()
        warm_s = time.perf_counter() - t1
        for launcher in (subject.test, subject.second):
            if isinstance(launcher, Rotation):
                launcher.count = 0  # profiled launch i runs copy i % K
        if hasattr(iteration, "rounds"):
            iteration.rounds["n"] = 0  # the profiled rounds start with an even one
        t2 = time.perf_counter()
        events = profile(iteration, launches, sync)
        profile_s = time.perf_counter() - t2
        common = {"other_kernels": {}, "compile_s": compile_s, "set_up_before_go": was_ready, "warmup_s": warm_s,
                  "profile_s": profile_s, "warmup_launches": n_warm, **subject.meta}
        if subject.second is not None:
            got = split_rounds(events, launches, alternate=bool(getattr(self.args, "alternate", False)))
            return {"test_name": got["first_name"], "control_name": got["control_name"], "test_ns": got["first_ns"],
                    "control_ns": got["control_ns"], "second_name": got["second_name"], "second_ns": got["second_ns"],
                    "control2_ns": got["control2_ns"], "idle_before_ns": median(got["first_idle_ns"]),
                    "idle_before_second_ns": median(got["second_idle_ns"]), **common}
        if subject.test_match:
            test_name = pick_name(events, subject.test_match, "test")
            control_name = pick_name(events, subject.control_match, "control") if subject.control_match else None
        else:
            test_name, control_name = names_by_position(events)
        test_ns, control_ns, others = split_events(events, test_name, control_name, launches)
        return {"test_name": test_name, "control_name": control_name, "test_ns": test_ns,
                "control_ns": control_ns, "other_kernels": others, "compile_s": compile_s,
                "set_up_before_go": was_ready, "warmup_s": warm_s, "profile_s": profile_s,
                "warmup_launches": n_warm, **subject.meta}
