"""The SM90 twin (kernels/handoff_twin_sm90.py) as a timing backend: `timed_launcher(topk, heads, n_cta,
work, arrive)` and `control_launcher()`. Before GO each shape is compiled from fake tensors (`compile_only`,
no GPU needed) and, after GO, handed to the twin's launcher through its compile cache; the first launch
is checked against torch and, if anything about it fails, the twin compiles as it normally does."""

import os
import sys
import time

from racelab.experiments.timing.backends import GpuBackend, Subject
from racelab.experiments.timing.plan import TWIN_VARIANTS
from racelab.readers.samples import TimingError
from racelab.vocab import TwinShape

TWIN_MODULE = "handoff_twin_sm90"


def load_twin_module():
    """kernels/handoff_twin_sm90.py (not part of the package), imported once per process
    (racelab.toolchain.loaders.load_kernel); RACELAB_TWIN names another file to use instead."""
    from racelab.toolchain import loaders

    path = os.environ.get("RACELAB_TWIN")
    try:
        return loaders.load_kernel(TWIN_MODULE, path)
    except loaders.LoaderError as err:
        raise TimingError(f"the SM90 twin cannot be loaded: {err}") from None


def gpu_arch_without_cuda() -> str | None:
    """'sm_90a' for the first GPU, asked of nvidia-smi (torch would create a CUDA context)."""
    from racelab.core import provenance

    devices = provenance.gpus()
    return f"sm_{devices[0]['sm']}a" if devices else None


def precompile_twin(module, variant: str, shapes, arch: str | None = None) -> dict:
    """{shape: (compile key, compiled function, seconds)} compiled from fake tensors, or {} with nothing
    lost when the twin does not offer it or there is no GPU to compile for (the launcher then compiles
    after GO). `arch`: the target ('sm_90a'); by default the first GPU's, from nvidia-smi."""
    arch = arch or gpu_arch_without_cuda()
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


class TwinBackend(GpuBackend):
    name = "twin"

    def _import_kernel_modules(self, variant, shapes):
        self.module = load_twin_module()
        self.precompiled = precompile_twin(self.module, variant, shapes) if self.args.precompile else {}

    def build(self, variant: str, shape: TwinShape) -> Subject:
        if variant not in TWIN_VARIANTS:
            raise TimingError(f"twin variant must be one of {TWIN_VARIANTS}, not {variant!r}")
        return twin_subject(self.module, variant, shape, self.precompiled.get(shape))
