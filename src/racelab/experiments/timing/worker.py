"""One fresh worker process: import the backend (before GO, while another process measures), then on GO
measure every shape of one variant and write the results as JSON. With --set-up-on-signal it sets up
the GPU (CUDA context, builds, CUPTI's start) when told, between importing and GO. It talks to the
runner by lines on stdout: ``RACELAB READY {...}``, ``RACELAB SET {...}``, ``RACELAB DONE {...}`` or
``RACELAB ERROR {...}``; and listens on stdin for ``SET UP`` and ``GO``."""

import argparse
import importlib
import json
import os
import sys
import time
from pathlib import Path

from racelab.experiments.timing.plan import parse_shape
from racelab.readers.samples import CuptiUnavailable

PROTOCOL = "RACELAB"  # prefix of the worker's protocol lines on stdout
BACKENDS = {"fake": "backends.FakeBackend", "fwd": "fwd.FwdBackend", "real": "real.UpstreamBackend",
            "twin": "twin.TwinBackend"}  # name -> its class, in racelab.experiments.timing.MODULE
BACKEND_NAMES = tuple(BACKENDS)


def backend_class(name: str):
    """The backend class by name, importing only its own module."""
    if name not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKEND_NAMES)}, not {name!r}")
    module, cls = BACKENDS[name].split(".")
    return getattr(importlib.import_module(f"racelab.experiments.timing.{module}"), cls)


def emit(kind: str, payload: dict) -> None:
    sys.stdout.write(f"{PROTOCOL} {kind} {json.dumps(payload)}\n")
    sys.stdout.flush()


def run_worker(args) -> int:
    """The worker's life. `args`: backend, variant, shape (list of shape arguments), launches, warmup_s,
    warmup_min, seed, out, wait_go, set_up_on_signal, spawned_at, precompile and the fake backend's fake_*
    settings.
    Exit status: 0 done, 2 bad shape, 3 CUPTI unavailable, 1 any other failure."""
    t_start = time.time()
    backend = backend_class(args.backend)(args)
    try:
        shapes = [parse_shape(s) for s in args.shape]
    except ValueError as err:
        emit("ERROR", {"stage": "arguments", "error": str(err)})
        return 2
    try:
        backend.prepare(args.variant, shapes)
    except Exception as err:  # noqa: BLE001  (report, then fail)
        return _failed("import", err, cupti=False)
    t_ready = time.time()
    emit("READY", {"pid": os.getpid(), "import_s": t_ready - (args.spawned_at or t_start),
                   "cuda_initialized_before_go": cuda_initialized()})
    set_up = None
    if getattr(args, "set_up_on_signal", False):
        line = sys.stdin.readline()
        if line.strip() != "SET UP":
            emit("ERROR", {"stage": "set-up", "error": f"expected SET UP on stdin, got {line.strip()!r}"})
            return 1
        t_set = time.time()
        try:
            backend.set_up(args.variant, shapes)
        except Exception as err:  # noqa: BLE001
            return _failed("set-up", err)
        set_up = {"start": t_set, "done": time.time()}
        emit("SET", {"set_up_s": set_up["done"] - t_set})
    cuda_touched = cuda_initialized()
    if args.wait_go:
        line = sys.stdin.readline()
        if line.strip() != "GO":
            emit("ERROR", {"stage": "go", "error": f"expected GO on stdin, got {line.strip()!r}"})
            return 1
    t_go = time.time()
    per_shape = []
    try:
        for shape in shapes:
            t0 = time.time()
            out = backend.measure(args.variant, shape, args.launches, args.warmup_s, args.seed)
            out.update(shape=shape.label, shape_arg=shape.as_arg(), shape_s=time.time() - t0)
            per_shape.append(out)
    except Exception as err:  # noqa: BLE001
        return _failed("measure", err)
    times = {"spawned": args.spawned_at or t_start, "start": t_start, "ready": t_ready, "go": t_go,
             "done": time.time()}
    result = _result(args, times, set_up, cuda_touched, per_shape)
    Path(args.out).write_text(json.dumps(result))
    emit("DONE", {"gpu_s": result["gpu_s"]})
    if args.wait_go:
        # under the runner, which waits for this exit before the next GO: skip the interpreter's teardown
        # (torch, the profiler; over a second a process), the results being written and flushed
        sys.stderr.flush()
        os._exit(0)
    return 0


def _result(args, times: dict, set_up: dict | None, cuda_touched, per_shape: list[dict]) -> dict:
    """The worker's JSON: what it ran, when each phase began (`times`: spawned, start, ready, go, done; and
    the set-up's, where it set up on a signal), what the import and the GPU phase took, and each shape's
    measurement."""
    return {"variant": args.variant, "backend": args.backend, "pid": os.getpid(), "launches": args.launches,
            "timer": "fake" if args.backend == "fake" else "cupti (torch.profiler ProfilerActivity.CUDA)",
            "times": {**times, **({"set_up": set_up["start"], "set_up_done": set_up["done"]} if set_up else {})},
            "set_up_s": set_up["done"] - set_up["start"] if set_up else None,
            "import_s": times["ready"] - times["spawned"], "gpu_s": times["done"] - times["go"],
            "cuda_initialized_before_go": bool(cuda_touched), "device": device_info(args.backend),
            "shapes": per_shape}


def _failed(stage: str, err: Exception, cupti: bool = True) -> int:
    """Print the traceback and emit ERROR for `stage`; the exit status: 3 where CUPTI is unavailable (and
    `cupti`: the stage can tell), else 1."""
    import traceback

    traceback.print_exc()
    unavailable = cupti and isinstance(err, CuptiUnavailable)
    emit("ERROR", {"stage": stage, "error": f"{type(err).__name__}: {err}", **({"cupti": unavailable} if cupti else {})})
    return 3 if unavailable else 1


def cuda_initialized() -> bool:
    """Whether this process has a CUDA context (through torch) yet."""
    return bool("torch" in sys.modules and sys.modules["torch"].cuda.is_initialized())


def device_info(backend: str) -> dict:
    if backend == "fake":
        return {"name": "fake"}
    import torch

    props = torch.cuda.get_device_properties(0)
    return {"name": props.name, "sm": f"{props.major}{props.minor}", "torch": torch.__version__,
            "cuda": torch.version.cuda, "multiprocessors": props.multi_processor_count}


def add_worker_args(p) -> None:
    """The settings a worker takes that the commands which start workers pass on."""
    p.add_argument("--launches", type=int, default=1000, help="profiled launches per kernel per shape per process")
    p.add_argument("--warmup-s", type=float, default=0.2, help="warm-up seconds per shape before profiling")
    p.add_argument("--warmup-min", type=int, default=50, help="at least this many warm-up launches")
    p.add_argument("--copies", type=int, default=1, metavar="K",
                   help="load each build K times (each its own compile and loaded module) and launch the copies "
                        "in turn, round by round: a pair's delta then averages over K loaded copies (twin backend)")
    p.add_argument("--alternate", action="store_true",
                   help="design in-process: every other round launches the second build first, so that each "
                        "build takes each place in the round equally often")
    p.add_argument("--no-precompile", dest="precompile", action="store_false",
                   help="twin: compile after GO with the twin's own launcher instead of from fake tensors before GO")
    p.add_argument("--fake-effect", action="append", help="fake backend: VARIANT=PERCENT on the test kernel")
    p.add_argument("--fake-import-s", type=float, default=0.0, help="fake backend: simulated import time")
    p.add_argument("--fake-gpu-s", type=float, default=0.0, help="fake backend: simulated GPU time per shape")
    p.add_argument("--fake-set-up-s", type=float, default=0.0,
                   help="fake backend: simulated set-up time (CUDA context, builds, CUPTI's start)")
    p.add_argument("--fake-process-sd", type=float, default=0.01, help="fake backend: per-process sd, percent")
    p.add_argument("--fake-launch-sd", type=float, default=0.3, help="fake backend: per-launch sd, percent")
    p.add_argument("--fake-slot-sd", type=float, default=0.0,
                   help="fake backend: sd of a per-process difference between the first and second place of a round, "
                        "percent")
    p.add_argument("--fake-copy-sd", type=float, default=0.0,
                   help="fake backend: sd of a factor drawn for each loaded copy of a build, percent")
    p.add_argument("--fake-fail-once", default=None, help="fake backend: fail once, leaving this marker file")
    p.add_argument("--fake-no-cupti", action="store_true", help="fake backend: behave as if CUPTI were missing")


def parser() -> argparse.ArgumentParser:
    """`python -m racelab.experiments.timing.worker ...`: the process the runner starts (--backend fake for
    tests)."""
    w = argparse.ArgumentParser(prog="python -m racelab.experiments.timing.worker",
                                description="one fresh process: one variant, every shape")
    w.add_argument("--backend", choices=BACKEND_NAMES, default="twin")
    w.add_argument("--variant", required=True)
    w.add_argument("--shape", action="append", required=True, help="e.g. topk=128,heads=64,n_cta=132,work=1024")
    w.add_argument("--seed", type=int, default=0)
    w.add_argument("--out", required=True, help="where the worker writes its JSON")
    w.add_argument("--wait-go", action="store_true", help="after importing, wait for GO on stdin")
    w.add_argument("--set-up-on-signal", action="store_true",
                   help="after importing, wait for SET UP on stdin, then set up the GPU (CUDA context, builds, "
                        "CUPTI's start) before GO")
    w.add_argument("--spawned-at", type=float, default=None)
    add_worker_args(w)
    return w


if __name__ == "__main__":  # the runner starts workers as `python -m racelab.experiments.timing.worker ...`
    from racelab.experiments.timing import worker  # the module itself, not this __main__ copy

    sys.exit(worker.run_worker(worker.parser().parse_args()))
