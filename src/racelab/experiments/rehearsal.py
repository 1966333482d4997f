"""A dress rehearsal of `make live`'s real-kernel steps on a B200, on a machine without one.

Every real-kernel entry of the make-live registry (`real-racecheck`, `real-numerics`, `real-timing`), as it
runs on an SM100 GPU (racelab.toolchain.real_kernel's SM100 target), is driven as far as it goes
without a GPU: upstream's real host code from each release's wheel (its real ``api.py``, the variant's
kernel module, the DSL it pins), the same input builder and calling convention as the live run, the tools
looked up on ``PATH`` (nvidia-smi, compute-sanitizer; a test puts fakes first). Only the device is
stood in for: ``torch.cuda`` answers with the rehearsed compute capability, tensors stay on the CPU, and
the CuTe DSL's ``cute.compile`` is replaced by a recorder that keeps what each compile and each launch of
the compiled kernel was given (kernel class, its settings, the compile options, argument shapes and
dtypes). A case *reached the launch* when upstream's indexer GEMM kernel (``IndexerBackwardSm100``) was
launched. Each variant runs in a fresh process (one release, one DSL per interpreter), with a scratch
result store: nothing is recorded, and nothing is written under ``results/``. The racecheck cases of one
variant and shape (hazard, analysis, plain) run the same launch command, so they share one rehearsed
launch; what differs between them, the sanitizer's command line, is assembled as `record` assembles it.
Only what is already in the cache is used (``racelab real fetch`` fills it): a DSL a release pins that
is not there makes its cases "not reached", with the reason.
"""

import json
import os
import sys
import tempfile
from contextlib import ExitStack, contextmanager
from pathlib import Path
from unittest import mock

from racelab.core import proc
from racelab.core.paths import child_env
from racelab.toolchain import sanitizer, upstream
from racelab.vocab import PR_SHAPES, PR_TIMING_SHAPES

STEPS = ("real-racecheck", "real-numerics", "real-timing")
DEFAULT_CAPABILITY = {"sm100": (10, 0), "sm90": (9, 0)}


def kernel_class(arch: str) -> str:
    """The class of upstream's indexer kernel on `arch` ("IndexerBackwardSm100", "IndexerBackwardSm90")."""
    return f"IndexerBackward{arch.capitalize()}"


WORKER_TIMEOUT_S = 900.0


class RehearsalError(RuntimeError):
    pass


# ------------------------------------------------------------------ the device, stood in for

def _describe(arg):
    """An argument as the recorder keeps it: tensors by shape and dtype, scalars by type and value."""
    shape, dtype = getattr(arg, "shape", None), getattr(arg, "dtype", None)
    if shape is not None and dtype is not None:
        return {"shape": [int(d) for d in shape], "dtype": str(dtype).replace("torch.", "")}
    element = getattr(arg, "element_type", None)
    if element is not None:
        return {"cute_tensor": str(element)}
    if isinstance(arg, (bool, int, float, str)) or arg is None:
        return {"value": arg}
    return {"type": type(arg).__name__}


def _dsl_in_use() -> str | None:
    """The version of the CuTe DSL imported as ``cutlass`` (one under .cache/dsl/<version>, or the venv's)."""
    import re
    found = re.search(r"[/\\]dsl[/\\](\d+\.\d+\.\d+)[/\\]", str(getattr(sys.modules.get("cutlass"), "__file__", "")))
    return found.group(1) if found else upstream.venv_dsl_version()


def _settings(kernel) -> dict:
    return {k: v for k, v in vars(kernel).items() if isinstance(v, (bool, int, float, str))}


class LaunchRecorder:
    """Stands in for ``cute.compile``: records each compile and returns a kernel that records its launches."""

    def __init__(self, arch: str = "sm100"):
        self.kernel = kernel_class(arch)
        self.compiles: list[dict] = []
        self.launches: list[dict] = []

    def compile(self, kernel, *args, options=None, **kwargs):
        entry = {"kernel": type(kernel).__name__, "settings": _settings(kernel), "options": options,
                 "dsl": _dsl_in_use(), "args": [_describe(a) for a in args]}
        self.compiles.append(entry)

        def launch(*call_args, **call_kwargs):
            self.launches.append({"kernel": entry["kernel"], "args": [_describe(a) for a in call_args]})

        return launch

    def reached(self) -> dict | None:
        """The GEMM kernel's launch, if there was one."""
        return next((x for x in self.launches if x["kernel"] == self.kernel), None)


@contextmanager
def stand_in_device(capability: tuple[int, int], recorder: "LaunchRecorder | None" = None):
    """``torch.cuda`` answering as one GPU of ``capability`` and tensors reporting themselves CUDA; yields
    the LaunchRecorder, which :func:`recording` puts in the place of ``cute.compile`` once the wrapper has
    imported its DSL (a release may pin another DSL than the venv's: importing ``cutlass`` earlier would
    load two DSLs into one process)."""
    import contextlib

    import torch

    recorder = recorder or LaunchRecorder()
    stream = type("Stream", (), {"cuda_stream": 0})()
    with ExitStack() as stack:
        for name, value in (("is_available", lambda: True), ("device_count", lambda: 1),
                            ("get_device_capability", lambda *a, **k: tuple(capability)),
                            ("current_device", lambda: 0), ("current_stream", lambda *a, **k: stream),
                            ("synchronize", lambda *a, **k: None),
                            ("stream", lambda *a, **k: contextlib.nullcontext()),
                            ("device", lambda *a, **k: contextlib.nullcontext())):
            stack.enter_context(mock.patch.object(torch.cuda, name, value))
        stack.enter_context(mock.patch.object(torch.cuda.nvtx, "range", lambda *a, **k: contextlib.nullcontext()))
        stack.enter_context(mock.patch.object(torch.Tensor, "is_cuda", property(lambda self: True), create=True))
        yield recorder


@contextmanager
def recording(recorder: LaunchRecorder):
    """Patch the ``cute.compile`` of the DSL imported now (the wrapper's) with the recorder."""
    cute = sys.modules.get("cutlass.cute")
    if cute is None:
        raise RehearsalError("the wrapper imported no CuTe DSL")
    with mock.patch.object(cute, "compile", recorder.compile), stand_in_memset():
        yield


def stand_in_memset():
    """``cudaMemsetAsync`` of the ``cuda.bindings`` imported beside the wrapper's DSL, answering success: a
    wrapper may zero device memory through it before its launches (1.32.0's SM90 kernel, its fp32 dK)."""
    from cuda.bindings import runtime

    return mock.patch.object(runtime, "cudaMemsetAsync", lambda *a, **k: (runtime.cudaError_t.cudaSuccess,))


def _outcome(recorder: LaunchRecorder, error: BaseException | None, since=(0, 0)) -> dict:
    """What happened since ``since`` (counts of compiles and launches): one case's share of a recorder that
    a worker keeps for all its cases (a compiled kernel is cached by upstream across shapes)."""
    compiles, launches = recorder.compiles[since[0]:], recorder.launches[since[1]:]
    gemm = next((x for x in launches if x["kernel"] == recorder.kernel), None)
    out = {"reached": gemm is not None, "launches": launches,
           "compiles": [{k: c[k] for k in ("kernel", "settings", "options", "dsl")} for c in compiles]}
    if error is not None:
        out["error"] = f"{type(error).__name__}: {str(error).strip().splitlines()[0] if str(error).strip() else ''}"
    elif gemm is None:
        out["error"] = f"returned without launching {recorder.kernel}"
    return out


# ------------------------------------------------------------------ compiling the real kernel without a GPU

class _Compiled(BaseException):  # not caught by an upstream `except Exception`
    """Raised by compile_check's stand-in for ``cute.compile`` once the indexer kernel has compiled."""


def compile_check(arch: str, variant: str, shape: str = "multi-block") -> dict:
    """Compile a variant's indexer kernel for its architecture (sm_90a, sm_100a) on a CPU, as upstream's
    wrapper would on the GPU: the wrapper runs on the stood-in device up to its ``cute.compile`` of the
    indexer kernel, which then compiles for real with fake global-memory tensors of the same element types
    and ranks in place of the CPU tensors (dynamic extents and strides, 16-byte alignment, as upstream's
    ``to_cute_tensor`` marks them). Returns {"kernel", "options", "compiled_s"}; raises on a failed compile.
    Run it in a process of its own (one DSL, one release per interpreter)."""
    import contextlib
    import time

    from racelab.toolchain import real_kernel
    from racelab.toolchain.inputs import upstream_inputs
    from racelab.vocab import upstream_wrapper_kwargs

    tgt = real_kernel.target(arch)
    gpu_arch = {"sm90": "sm_90a", "sm100": "sm_100a"}[arch]
    recorder, out = LaunchRecorder(arch), {}
    with stand_in_device(DEFAULT_CAPABILITY[arch], recorder), real_kernel.load_wrapper(tgt, variant) as (api, _):
        cute = sys.modules["cutlass.cute"]
        real_compile = cute.compile

        def compile_(kernel, *args, options=None, **kwargs):
            if type(kernel).__name__ == recorder.kernel:
                from cutlass.cute.runtime import make_fake_stream
                fakes = []
                for a in args:
                    element = getattr(a, "element_type", None)
                    if element is not None:
                        fakes.append(upstream.fake_tensor(cute, element, len(a.shape)))
                    elif "stream" in type(a).__name__.lower():
                        fakes.append(make_fake_stream())
                    else:
                        fakes.append(a)
                options = f"--gpu-arch {gpu_arch} --opt-level 3"
                t0 = time.perf_counter()
                real_compile(kernel, *fakes, options=options, **kwargs)
                out.update(kernel=recorder.kernel, options=options, compiled_s=round(time.perf_counter() - t0, 1))
                raise _Compiled  # what the wrapper does after the compile (a launch) needs the GPU
            return lambda *a, **k: None

        with mock.patch.object(cute, "compile", compile_), stand_in_memset(), contextlib.suppress(_Compiled):
            api.indexer_backward_wrapper(**upstream_inputs(PR_SHAPES[shape], 0, device="cpu"),
                                         **upstream_wrapper_kwargs(PR_SHAPES[shape]))
    if not out:
        raise RehearsalError(f"{variant}: the wrapper compiled no {recorder.kernel}")
    return out


# ------------------------------------------------------------------ in the worker process

REHEARSAL_ENV = "RACELAB_REHEARSAL_CAPABILITY"  # set: a real-kernel launch process rehearses instead of launching


def rehearsed_launch(arch: str, variant: str, shape: str) -> dict:
    """What a launch process (racelab.experiments.real_launch) prints in a rehearsal (REHEARSAL_ENV names the
    stood-in capability, e.g. "10.0"): upstream's wrapper run on the stood-in device up to the kernel launch,
    which is recorded."""
    capability = tuple(int(x) for x in os.environ[REHEARSAL_ENV].split("."))
    return {"rehearsal": True, "shape": shape, **_racecheck_variant(arch, variant, capability, (shape,))[shape]}


def _racecheck_variant(arch: str, variant: str, capability, shapes=tuple(PR_SHAPES)) -> dict:
    """real-racecheck's launch (racelab.experiments.real_racecheck.launch) for each of PR #426's shapes.
    The wrapper is loaded once for all of them (a DSL's native libraries load once per process)."""
    from racelab.experiments import real_racecheck
    from racelab.toolchain import real_kernel

    real_load, results, loaded, recorder = real_kernel.load_wrapper, {}, [], LaunchRecorder(arch)
    with ExitStack() as keep:

        @contextmanager
        def load_once(*args, **kwargs):
            if not loaded:
                loaded.append(keep.enter_context(real_load(*args, **kwargs)))
            with recording(recorder):
                yield loaded[0]

        for shape in shapes:
            error, since = None, (len(recorder.compiles), len(recorder.launches))
            with stand_in_device(capability, recorder):
                try:
                    with mock.patch.object(real_kernel, "load_wrapper", load_once):
                        real_racecheck.launch(arch, variant, shape, device="cpu")
                except Exception as exc:  # noqa: BLE001 - the rehearsal reports it
                    error = exc
            results[shape] = _outcome(recorder, error, since)
    return results


def _loaded_cases(arch: str, variant: str, capability, shapes, call) -> dict:
    """`call(api, desc, target, shape)` for each shape with the variant's wrapper loaded once, as the
    timing and numerics workers load it; {shape label: outcome}."""
    from racelab.toolchain import real_kernel

    results, recorder = {}, LaunchRecorder(arch)
    with ExitStack() as keep:
        loaded = None
        for shape in shapes:
            error, since = None, (len(recorder.compiles), len(recorder.launches))
            with stand_in_device(capability, recorder):
                try:
                    if loaded is None:
                        tgt, _ = real_kernel.local_target()
                        loaded = (*keep.enter_context(real_kernel.load_wrapper(tgt, variant)), tgt)
                    with recording(recorder):
                        call(*loaded, shape)
                except Exception as exc:  # noqa: BLE001
                    error = exc
            results[shape.label] = _outcome(recorder, error, since)
    return results


def _timing_variant(arch: str, variant: str, capability) -> dict:
    """real-timing's subject (racelab.experiments.timing.real) called once for each timing shape."""
    from racelab.experiments.timing import real as timing_real

    return _loaded_cases(arch, variant, capability, PR_TIMING_SHAPES,
                         lambda api, desc, tgt, shape: timing_real.upstream_subject(api, desc, tgt, shape,
                                                                                        device="cpu").test())


def _numerics_variant(arch: str, variant: str, capability) -> dict:
    """real-numerics' replays (racelab.experiments.sm90_numerics.wrapper_replays), one per shape."""
    from racelab.experiments import real_numerics, sm90_numerics

    shapes = [PR_SHAPES[s] for s in real_numerics.SHAPES]
    return _loaded_cases(arch, variant, capability, shapes,
                         lambda api, desc, tgt, shape: sm90_numerics.wrapper_replays(api, shape, 1, device="cpu"))


def worker(request: dict) -> dict:
    capability = tuple(request["capability"])
    if request["step"] == "compile":
        return compile_check(request["arch"], request["variant"])
    step = {"real-racecheck": _racecheck_variant, "real-timing": _timing_variant,
            "real-numerics": _numerics_variant}[request["step"]]
    return step(request["arch"], request["variant"], capability)


_FAKE_SANITIZER = """#!/bin/sh
# the rehearsal's compute-sanitizer: checks the racecheck options make live passes, writes the log file it is
# told to, and runs the program in its place (no GPU, no instrumentation)
[ "$1" = --tool ] && [ "$2" = racecheck ] || { echo "not a racecheck command: $*" >&2; exit 9; }
log=""
while [ $# -gt 0 ]; do
  case "$1" in
    --tool|--racecheck-report|--print-limit) shift 2 ;;
    --log-file) log="$2"; shift 2 ;;
    --*) shift ;;
    *) break ;;
  esac
done
[ -n "$log" ] && printf '========= COMPUTE-SANITIZER (rehearsal)\n========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n' > "$log"
exec "$@"
"""


def launch_subprocess(case, folder: Path, capability, env: dict, timeout_s: float) -> dict:
    """The case's own command line, as `real record` runs it (compute-sanitizer, then the launch process,
    racelab.experiments.real_launch), with a fake sanitizer that checks the racecheck options and runs the launch,
    which rehearses (REHEARSAL_ENV). {"command", "reached", "log_written", "error"}."""
    sanitizer_path = folder / "compute-sanitizer"
    sanitizer_path.write_text(_FAKE_SANITIZER)
    sanitizer_path.chmod(0o755)
    log = folder / f"racecheck-{case.name}.log"
    cmd = case.command(log_file=log, sanitizer=str(sanitizer_path))
    done = proc.run(cmd, timeout_s=timeout_s, env={**env, REHEARSAL_ENV: ".".join(map(str, capability))})
    printed = sanitizer.json_line(done.stdout) or {}
    reached = done.ok and printed.get("rehearsal") is True and bool(printed.get("reached"))
    error = None if reached else (done.timeout_note() if done.timed_out else printed.get("error") or
                                  (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1])
    return {"command": " ".join(cmd), "reached": reached, "log_written": log.exists(), "error": error}


# The compute-sanitizer of CUDA 12.8, the first CUDA release that builds for sm_100a: an older one does not know
# the B200's architecture.
SM100_MIN_SANITIZER = (2025, 1)


def torch_cuda() -> tuple[bool, str | None]:
    """(torch sees a usable GPU, the CUDA version torch was built with)."""
    import torch

    return torch.cuda.is_available(), torch.version.cuda


def sanitizer_version(path) -> tuple[int, ...] | None:
    """The version `compute-sanitizer --version` prints ("Version 2025.3.1.0" -> (2025, 3, 1, 0)), or None."""
    import re

    done = proc.run([str(path), "--version"], timeout_s=60)
    m = re.search(r"Version (\d+(?:\.\d+)+)", done.stdout or "") if done.ok else None
    return tuple(int(x) for x in m.group(1).split(".")) if m else None


def nvcc_builds(arch: str) -> str | None:
    """None when nvcc builds a trivial kernel for `arch` ("sm_100a"), else why not."""
    import shutil

    nvcc = shutil.which("nvcc")
    if nvcc is None:
        return "not on PATH"
    with tempfile.TemporaryDirectory(prefix="racelab-nvcc-") as tmp:
        src, out = Path(tmp) / "k.cu", Path(tmp) / "k.cubin"
        src.write_text("__global__ void k() {}\n")
        done = proc.run([nvcc, f"-arch={arch}", "-cubin", "-o", str(out), str(src)], timeout_s=120)
        if done.ok and out.is_file():
            return None
        return (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]


def host_checks(found: dict, arch: str) -> list[str]:
    """On the GPU host itself (nvidia-smi names a GPU): torch sees the GPU, the sanitizer is new enough for
    SM100, and nvcc builds for it; what fails, as NOT READY reasons (each a missing tool or capability)."""
    missing = []
    available, cuda = torch_cuda()
    if not available:
        missing.append(f"torch.cuda: no usable GPU for torch built with CUDA {cuda} (a driver older than that "
                       "CUDA, or no driver in this environment)")
    if arch == "sm100":
        version = sanitizer_version(found["compute_sanitizer"]) if found.get("compute_sanitizer") else None
        if found.get("compute_sanitizer") and (version is None or version[:2] < SM100_MIN_SANITIZER):
            shown = ".".join(map(str, version)) if version else "unknown"
            missing.append(f"compute-sanitizer {shown}: older than {'.'.join(map(str, SM100_MIN_SANITIZER))} "
                           "(CUDA 12.8), the first that knows SM100")
        why = nvcc_builds("sm_100a")
        if why and why != "not on PATH":
            missing.append(f"nvcc: cannot build for sm_100a ({why}; CUDA 12.8 or later is needed)")
    return missing


def absent_tools(found: dict) -> list[str]:
    """The tools make live's real-kernel steps need that this machine lacks: no compute-sanitizer (every
    racecheck case needs it), no nvcc (the calibration kernels need it), a package upstream's compile path
    imports."""
    import shutil

    missing = []
    if not found.get("compute_sanitizer"):
        missing.append(f"compute-sanitizer: {found.get('compute_sanitizer_missing') or 'not on PATH'}")
    if not shutil.which("nvcc"):
        missing.append("nvcc: not on PATH (the calibration kernels are built with it)")
    missing += [f"package {m}: missing for upstream's compile path" for m in found.get("missing_packages") or []]
    return missing


def not_ready(found: dict, compiles: list[dict]) -> list[str]:
    """What stands between this machine and make live's real-kernel steps on the rehearsed GPU, beyond the
    cases: a tool it lacks (absent_tools) and a variant whose kernel did not compile for its GPU."""
    return absent_tools(found) + [f"{c['variant']}: did not compile ({c['error']})" for c in compiles if c.get("error")]


# ------------------------------------------------------------------ the rehearsal

def _fake_smi(folder: Path, capability) -> Path:
    smi = folder / "nvidia-smi"
    smi.write_text(f'#!/bin/sh\necho "rehearsal stand-in, {capability[0]}.{capability[1]}, 0.0, 0 MiB"\n')
    smi.chmod(0o755)
    return smi


def tools(capability=(10, 0), arch: str = "sm100") -> dict:
    """The GPU nvidia-smi (on PATH) reports, or the rehearsed capability where there is none; the
    compute-sanitizer the racecheck step would run; and the compute-capability policy for that GPU."""
    from racelab.core.provenance import gpus

    devices = gpus()
    gpu = devices[0] if devices else None
    cap = divmod(gpu["sm"], 10) if gpu else tuple(capability)
    try:
        found = sanitizer.find_sanitizer()
    except sanitizer.RacecheckError as err:
        found, missing = None, str(err)
    else:
        missing = None
    from racelab.toolchain import real_kernel
    try:
        runs, policy = real_kernel.target_for(cap).arch == arch, f"the {arch} kernel, {real_kernel.target(arch).gpu_words}"
        if not runs:
            policy = f"sm_{cap[0]}{cap[1]} runs the {real_kernel.target_for(cap).arch} kernel, not the {arch} one"
    except real_kernel.RealKernelError as err:
        runs, policy = False, str(err)
    if arch == "sm100":
        policy = upstream.arch_support(cap).reason
    return {"gpu": gpu["name"] if gpu else None, "capability": list(cap), "runs": runs,
            "arch": upstream.arch_support(cap).arch if arch == "sm100" else "sm_90a", "policy": policy, "compute_sanitizer": found,
            "compute_sanitizer_missing": missing, "missing_packages": upstream.missing_compile_modules()}


def sm100_steps() -> list[str]:
    """The entries of make live's registry that run the real kernel on an SM100 GPU, in make live's order."""
    from racelab.experiments.registry import REGISTRY
    return [e.name for e in REGISTRY if e.runs_on(100) and e.command[:2] == ("racelab", "real")]


def _variants_of(step: str, variants) -> list[str]:
    return list(variants)


def _run_worker(arch: str, step: str, variant: str, capability, env: dict, timeout_s: float) -> dict:
    request = json.dumps({"arch": arch, "step": step, "variant": variant, "capability": list(capability)})
    done = proc.run([sys.executable, "-m", "racelab.experiments.rehearsal", request], timeout_s=timeout_s, env=env)
    found = sanitizer.json_line(done.stdout)
    if found is not None and done.ok:
        return found
    why = done.timeout_note() if done.timed_out else (done.stderr.strip().splitlines() or ["worker died"])[-1]
    return {"__worker_error__": why}


def _cases(arch: str, step: str, variant: str, results: dict, sanitizer_path) -> list[dict]:
    failed = results.get("__worker_error__")
    if failed:
        results = {}
    if step == "real-racecheck":
        from racelab.experiments.real_racecheck import plan
        from racelab.toolchain.real_kernel import target
        planned = [(c.name, c.shape, " ".join(c.command(python="python", sanitizer=sanitizer_path or
                                                          "compute-sanitizer"))) for c in plan(target(arch), [variant])]
    elif step == "real-numerics":
        from racelab.experiments.real_numerics import SHAPES
        planned = [(f"replays-{s}-{variant}", PR_SHAPES[s].label, None) for s in SHAPES]
    else:
        planned = [(f"timing-{s.label}-{variant}", s.label, None) for s in PR_TIMING_SHAPES]
    cases = []
    for name, shape, command in planned:
        got = results.get(shape) or {"reached": False, "launches": [], "compiles": [],
                                     "error": failed or "the worker returned nothing"}
        cases.append({"step": step, "case": name, "variant": variant, "shape": shape, "command": command, **got})
    return cases


def _compile(arch: str, variant: str, found: dict, env: dict, timeout_s: float, log) -> dict:
    """One kernel compiled for the rehearsed GPU in a worker: what it reported, or its error."""
    if log:
        log(f"compiling {variant} for {arch} ...")
    got = (_run_worker(arch, "compile", variant, found["capability"], env, timeout_s) if found["runs"]
           else {"__worker_error__": found["policy"]})
    return {"variant": variant, **({"error": got["__worker_error__"]} if "__worker_error__" in got else got)}


def _through_sanitizer(arch: str, variant: str, scratch: Path, found: dict, env: dict, timeout_s: float, log) -> dict:
    """One real-racecheck case of `variant` through compute-sanitizer's whole command line."""
    from racelab.experiments.real_racecheck import plan
    from racelab.toolchain.real_kernel import target

    case = next(c for c in plan(target(arch), [variant]) if c.report is not None)
    if log:
        log(f"rehearsing {case.name} through compute-sanitizer's command line ...")
    got = launch_subprocess(case, scratch, found["capability"], env, timeout_s)
    return {"case": case.name, "variant": variant, **got}


def rehearse(variants=None, steps=STEPS, capability=None, log=None, timeout_s: float = WORKER_TIMEOUT_S,
             arch: str = "sm100", compile_kernels: bool = True) -> dict:
    """Every case of every real-kernel step for `variants` (default: every variant of `arch`'s kernel) as
    they run on an `arch` GPU; {"tools", "cases", "ok"}. `ok` is True only if every case reached the launch
    of the indexer kernel."""
    from racelab.toolchain import real_kernel
    tgt = real_kernel.target(arch)
    variants = list(variants or tgt.variants + tgt.secondary)
    capability = tuple(capability or DEFAULT_CAPABILITY[arch])
    for v in variants:
        tgt.check_variant(v)
    registered = sm100_steps()
    if set(registered) != set(STEPS):
        raise RehearsalError(f"make live's SM100 steps are {registered}; the rehearsal knows {list(STEPS)}")
    unknown = [s for s in steps if s not in STEPS]
    if unknown:
        raise RehearsalError(f"unknown step(s) {unknown}; one of {list(STEPS)}")
    with tempfile.TemporaryDirectory(prefix="racelab-rehearsal-") as scratch:
        scratch = Path(scratch)
        env = child_env()
        env["RACELAB_RESULTS"] = str(scratch / "results")  # a scratch store: never results/
        found = tools(capability, arch)
        if found["gpu"] is None:  # no nvidia-smi here: the steps' own GPU checks see the rehearsed one
            (scratch / "bin").mkdir()
            _fake_smi(scratch / "bin", found["capability"])
            env["PATH"] = f"{scratch / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        compiles = [_compile(arch, v, found, env, timeout_s, log) for v in (variants if compile_kernels else ())]
        subprocesses = []
        if "real-racecheck" in steps and found["runs"]:
            subprocesses = [_through_sanitizer(arch, v, scratch, found, env, timeout_s, log) for v in variants]
        cases = []
        for step in steps:
            for variant in _variants_of(step, variants):
                if log:
                    log(f"rehearsing {step} {variant} ...")
                if not found["runs"]:
                    results = {"__worker_error__": found["policy"]}
                else:
                    results = _run_worker(arch, step, variant, found["capability"], env, timeout_s)
                cases += _cases(arch, step, variant, results, found["compute_sanitizer"])
    missing, absent = not_ready(found, compiles), absent_tools(found)
    if found["gpu"] is not None:  # on the GPU host itself: what only that machine can show
        checked = host_checks(found, arch)
        missing += checked
        absent += checked
    missing += [f"{c['case']}: its command line did not reach the launch ({c['error']})" for c in subprocesses
                if not (c["reached"] and c["log_written"])]
    return {"tools": found, "arch": arch, "variants": list(variants), "steps": list(steps), "cases": cases,
            "compiles": compiles, "subprocesses": subprocesses, "not_ready": missing, "absent": absent,
            "ok": bool(cases) and all(c["reached"] for c in cases) and not missing}


if __name__ == "__main__":  # `python -m racelab.experiments.rehearsal REQUEST`: one variant's step, JSON out
    from racelab.experiments import rehearsal  # the module itself, not this __main__ copy (one LaunchRecorder)

    print(json.dumps(rehearsal.worker(json.loads(sys.argv[1]))), flush=True)
