"""A dress rehearsal of `make live`'s SM100 steps on a machine without an SM100 GPU.

Every SM100 entry of the make-live registry (`sm100-racecheck`, `sm100-timing`) is driven as far as it goes
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
Only what is already in the cache is used (``racelab sm100 fetch`` fills it): a DSL a release pins that
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
from racelab.core.paths import src_root
from racelab.toolchain import sanitizer, upstream
from racelab.vocab import PR_SHAPES, PR_TIMING_SHAPES, UPSTREAM_ROLES

STEPS = ("sm100-racecheck", "sm100-timing")
DEFAULT_VARIANTS = ("1.27.0-fix-reverted", "release-1.27.0", "release-1.26.0")
GEMM_KERNEL = "IndexerBackwardSm100"
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

    def __init__(self):
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
        return next((x for x in self.launches if x["kernel"] == GEMM_KERNEL), None)


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
                            ("stream", lambda *a, **k: contextlib.nullcontext())):
            stack.enter_context(mock.patch.object(torch.cuda, name, value))
        stack.enter_context(mock.patch.object(torch.cuda.nvtx, "range", lambda *a, **k: contextlib.nullcontext()))
        stack.enter_context(mock.patch.object(torch.Tensor, "is_cuda", property(lambda self: True), create=True))
        yield recorder


def recording(recorder: LaunchRecorder):
    """Patch the ``cute.compile`` of the DSL imported now (the wrapper's) with the recorder."""
    cute = sys.modules.get("cutlass.cute")
    if cute is None:
        raise RehearsalError("the wrapper imported no CuTe DSL")
    return mock.patch.object(cute, "compile", recorder.compile)


def _outcome(recorder: LaunchRecorder, error: BaseException | None, since=(0, 0)) -> dict:
    """What happened since ``since`` (counts of compiles and launches): one case's share of a recorder that
    a worker keeps for all its cases (a compiled kernel is cached by upstream across shapes)."""
    compiles, launches = recorder.compiles[since[0]:], recorder.launches[since[1]:]
    gemm = next((x for x in launches if x["kernel"] == GEMM_KERNEL), None)
    out = {"reached": gemm is not None, "launches": launches,
           "compiles": [{k: c[k] for k in ("kernel", "settings", "options", "dsl")} for c in compiles]}
    if error is not None:
        out["error"] = f"{type(error).__name__}: {str(error).strip().splitlines()[0] if str(error).strip() else ''}"
    elif gemm is None:
        out["error"] = f"returned without launching {GEMM_KERNEL}"
    return out


# ------------------------------------------------------------------ in the worker process

def _racecheck_variant(variant: str, capability) -> dict:
    """sm100-racecheck's launch (racelab.experiments.sm100_racecheck.launch) for each of PR #426's shapes.
    The wrapper is loaded once for all of them (a DSL's native libraries load once per process)."""
    from racelab.experiments import sm100_racecheck

    real_load, results, loaded, recorder = sm100_racecheck.load_wrapper, {}, [], LaunchRecorder()
    with ExitStack() as keep:

        @contextmanager
        def load_once(*args, **kwargs):
            if not loaded:
                loaded.append(keep.enter_context(real_load(*args, **kwargs)))
            with recording(recorder):
                yield loaded[0]

        for shape in PR_SHAPES:
            error, since = None, (len(recorder.compiles), len(recorder.launches))
            with stand_in_device(capability, recorder):
                try:
                    with mock.patch.object(sm100_racecheck, "load_wrapper", load_once):
                        sm100_racecheck.launch(variant, shape, device="cpu")
                except Exception as exc:  # noqa: BLE001 - the rehearsal reports it
                    error = exc
            results[shape] = _outcome(recorder, error, since)
    return results


def _timing_variant(variant: str, capability) -> dict:
    """sm100-timing's subject (racelab.experiments.timing.upstream) called once for each timing shape."""
    from racelab.experiments.timing import upstream as timing_upstream

    role = next(r for r, v in UPSTREAM_ROLES.items() if v == variant)
    results, api, desc, recorder = {}, None, None, LaunchRecorder()
    for shape in PR_TIMING_SHAPES:
        error, since = None, (len(recorder.compiles), len(recorder.launches))
        with stand_in_device(capability, recorder):
            try:
                if api is None:
                    api, desc = timing_upstream.load_sm100_api(role)
                with recording(recorder):
                    timing_upstream.upstream_subject(role, shape, api, desc, device="cpu").test()
            except Exception as exc:  # noqa: BLE001
                error = exc
        results[shape.label] = _outcome(recorder, error, since)
    return results


def worker(request: dict) -> dict:
    capability = tuple(request["capability"])
    if request["step"] == "sm100-racecheck":
        return _racecheck_variant(request["variant"], capability)
    return _timing_variant(request["variant"], capability)


# ------------------------------------------------------------------ the rehearsal

def _fake_smi(folder: Path, capability) -> Path:
    smi = folder / "nvidia-smi"
    smi.write_text(f'#!/bin/sh\necho "rehearsal stand-in, {capability[0]}.{capability[1]}, 0.0, 0 MiB"\n')
    smi.chmod(0o755)
    return smi


def tools(capability=(10, 0)) -> dict:
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
    support = upstream.arch_support(cap)
    return {"gpu": gpu["name"] if gpu else None, "capability": list(cap), "runs": support.runs,
            "arch": support.arch, "policy": support.reason, "compute_sanitizer": found,
            "compute_sanitizer_missing": missing, "missing_packages": upstream.missing_compile_modules()}


def sm100_steps() -> list[str]:
    """The entries of make live's registry that need an SM100 GPU, in the order `make live` runs them."""
    from racelab.experiments.registry import REGISTRY
    return [e.name for e in REGISTRY if e.needs == "sm100"]


def _variants_of(step: str, variants) -> list[str]:
    if step == "sm100-timing":  # the roles the timing step times
        return [v for v in variants if v in UPSTREAM_ROLES.values()]
    return list(variants)


def _run_worker(step: str, variant: str, capability, env: dict, timeout_s: float) -> dict:
    request = json.dumps({"step": step, "variant": variant, "capability": list(capability)})
    done = proc.run([sys.executable, "-m", "racelab.cli.rehearse", "--worker", request], timeout_s=timeout_s, env=env)
    found = sanitizer.json_line(done.stdout)
    if found is not None and done.ok:
        return found
    why = done.timeout_note() if done.timed_out else (done.stderr.strip().splitlines() or ["worker died"])[-1]
    return {"__worker_error__": why}


def _cases(step: str, variant: str, results: dict, sanitizer_path) -> list[dict]:
    failed = results.get("__worker_error__")
    if failed:
        results = {}
    if step == "sm100-racecheck":
        from racelab.experiments.sm100_racecheck import plan
        planned = [(c.name, c.shape, " ".join(c.command(python="python", sanitizer=sanitizer_path or
                                                          "compute-sanitizer"))) for c in plan([variant])]
    else:
        planned = [(f"timing-{s.label}-{variant}", s.label, None) for s in PR_TIMING_SHAPES]
    cases = []
    for name, shape, command in planned:
        got = results.get(shape) or {"reached": False, "launches": [], "compiles": [],
                                     "error": failed or "the worker returned nothing"}
        cases.append({"step": step, "case": name, "variant": variant, "shape": shape, "command": command, **got})
    return cases


def rehearse(variants=DEFAULT_VARIANTS, steps=STEPS, capability=(10, 0), log=None,
             timeout_s: float = WORKER_TIMEOUT_S) -> dict:
    """Every case of every SM100 step for `variants`; {"tools", "cases", "ok"}. `ok` is True only if every
    case reached the launch of the GEMM kernel."""
    for v in variants:
        upstream.variant(v)
    registered = sm100_steps()
    if set(registered) != set(STEPS):
        raise RehearsalError(f"make live's SM100 steps are {registered}; the rehearsal knows {list(STEPS)}")
    unknown = [s for s in steps if s not in STEPS]
    if unknown:
        raise RehearsalError(f"unknown step(s) {unknown}; one of {list(STEPS)}")
    with tempfile.TemporaryDirectory(prefix="racelab-rehearsal-") as scratch:
        scratch = Path(scratch)
        env = dict(os.environ)
        env["RACELAB_RESULTS"] = str(scratch / "results")  # a scratch store: never results/
        env["PYTHONPATH"] = os.pathsep.join([str(src_root())] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
        found = tools(capability)
        if found["gpu"] is None:  # no nvidia-smi here: the steps' own GPU checks see the rehearsed one
            (scratch / "bin").mkdir()
            _fake_smi(scratch / "bin", found["capability"])
            env["PATH"] = f"{scratch / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        cases = []
        for step in steps:
            for variant in _variants_of(step, variants):
                if log:
                    log(f"rehearsing {step} {variant} ...")
                if not found["runs"]:
                    results = {"__worker_error__": found["policy"]}
                else:
                    results = _run_worker(step, variant, found["capability"], env, timeout_s)
                cases += _cases(step, variant, results, found["compute_sanitizer"])
    return {"tools": found, "variants": list(variants), "steps": list(steps), "cases": cases,
            "ok": bool(cases) and all(c["reached"] for c in cases)}
