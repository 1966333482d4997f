"""The SM90 twin (kernels/handoff_twin_sm90.py) as a timing backend: `timed_launcher(topk, heads, n_cta,
work, arrive, pad)` and `control_launcher()`. A variant is a handoff and a code layout
("elected", "bar-sync", "elected+pad16", "all-lanes+aligned": racelab.vocab.twin_variant); the layout's
pad count comes from the natural build's SASS (racelab.experiments.twin_layout). Before GO each shape is
compiled from fake tensors (`compile_only`, no GPU needed), its SASS summarised (loop heads, pads,
ordering instructions: the "code" of the shape's result) and, after GO, handed to the twin's launcher
through its compile cache; the first launch is checked against torch and, if anything about it fails,
the twin compiles as it normally does (and that build is checked too: a wrong result is never timed)."""

import os
import sys
import time

from racelab.experiments.timing.backends import GpuBackend, Rotation, Subject
from racelab.experiments.timing.designs import split_in_process
from racelab.experiments.timing.plan import is_twin_variant
from racelab.readers.samples import TimingError
from racelab.vocab import TwinShape, twin_variant

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


def variant_code(module, variant: str, shape: TwinShape, arch: str) -> tuple[dict, object]:
    """The pad count of `variant` at `shape` and the code summary of its build (twin_layout.code_summary),
    and the compiled function of that build (from fake tensors, no GPU)."""
    from racelab.experiments import twin_layout

    handoff, layout = twin_variant(variant)
    natural = module.compile_only(shape.topk, shape.heads, handoff.value, shape.work, arch, keep=True)
    summary = twin_layout.code_summary(twin_layout.sass_of_cubin(natural["cubin"]))
    pad = twin_layout.pads_for(layout, summary)
    if pad == 0:
        return {"pad": 0, **summary}, natural["compiled"]
    built = module.compile_only(shape.topk, shape.heads, handoff.value, shape.work, arch, keep=True, pad=pad)
    padded = twin_layout.code_summary(twin_layout.sass_of_cubin(built["cubin"]))
    checked = twin_layout.verify(summary, padded, layout, pad)
    if not checked["ok"]:  # a build that did not land where its layout says is never timed
        raise twin_layout.LayoutError(f"{variant} at {shape.label} did not land as its layout says: {checked}")
    return {"pad": pad, **padded, "verify": checked}, built["compiled"]


def precompile_twin(module, variant: str, shapes, arch: str | None = None) -> dict:
    """{shape: (compile key, compiled function, seconds, code)} compiled from fake tensors, or {} with
    nothing lost when the twin does not offer it or there is no GPU to compile for (the launcher then
    compiles after GO). `arch`: the target ('sm_90a'); by default the first GPU's, from nvidia-smi. `code`:
    the build's pad count and SASS summary (variant_code)."""
    arch = arch or gpu_arch_without_cuda()
    needed = ("compile_only", "launch_key", "_compiled")
    if arch is None or not all(hasattr(module, n) for n in needed):
        return {}
    out = {}
    for shape in shapes:
        try:
            t0 = time.perf_counter()
            code, fn = variant_code(module, variant, shape, arch)
            key = module.launch_key(shape.topk, shape.heads, twin_variant(variant)[0].value, shape.work, arch,
                                    code["pad"])
            out[shape] = (key, fn, time.perf_counter() - t0, code)
        except Exception as err:  # noqa: BLE001  (the launcher will compile it after GO)
            print(f"precompile {shape.label} failed, compiling after GO instead: {err!r}", file=sys.stderr)
    return out


def precompiled_copy(module, variant: str, first: dict, arch: str | None = None) -> dict:
    """Another copy of the builds `first` (precompile_twin's result for `variant`): each shape compiled again
    from fake tensors with the pad count the first copy read from its SASS, so that the copy is its own
    compiled function (loaded by the DSL on its first call) of the same code; the SASS is not read again."""
    arch = arch or gpu_arch_without_cuda()
    out = {}
    for shape, (key, _, _, code) in first.items():
        t0 = time.perf_counter()
        fn = module.compile_only(shape.topk, shape.heads, twin_variant(variant)[0].value, shape.work, arch,
                                 pad=code["pad"])["compiled"]
        out[shape] = (key, fn, time.perf_counter() - t0, code)
    return out


def twin_subject(module, variant: str, shape: TwinShape, precompiled=None, share=None, own_build=False,
                 with_control=True) -> Subject:
    """The twin's test launcher for `variant` and its control launcher (same process). share: a launcher
    whose device tensors this one uses. own_build: launch a compiled function of its own even when one
    of the same settings is cached (a second copy of one build: the DSL loads each compiled function's
    cubin itself)."""
    meta = {"precompiled": False}
    test = None
    handoff = twin_variant(variant)[0].value
    pad = 0
    shared = {"share": share} if share is not None else {}
    if precompiled is not None:
        key, fn, seconds, code = precompiled
        pad = code["pad"]
        meta["code"] = code
        if not own_build:
            module._compiled[key] = fn
        try:
            test = module.timed_launcher(topk=shape.topk, heads=shape.heads, n_cta=shape.n_cta, work=shape.work,
                                         arrive=handoff, pad=pad, **shared, **({"compiled": fn} if own_build else {}))
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
        if precompiled is None and twin_variant(variant)[1].value != "natural":
            raise TimingError(f"{variant}: a padded build needs its pad count from the SASS, read before GO "
                              "(precompiling failed or is off)")
        own = ({"compiled": module.compile_only(shape.topk, shape.heads, handoff, shape.work, module.device_arch(),
                                                 pad=pad)["compiled"]} if own_build else {})
        test = module.timed_launcher(topk=shape.topk, heads=shape.heads, n_cta=shape.n_cta, work=shape.work,
                                     arrive=handoff, pad=pad, **shared, **own)
        test()
        check = test.check()
        if not check.get("correct"):
            raise TimingError(f"{variant} at {shape.label} gave a wrong result: {check}")
    control = module.control_launcher() if with_control else None
    meta.update(twin=test.describe() if hasattr(test, "describe") else None,
                control=control.describe() if hasattr(control, "describe") else None,
                twin_compile_s=getattr(test, "compile_s", None))
    return Subject(test=test, control=control, meta=meta)


class TwinBackend(GpuBackend):
    name = "twin"

    def _import_kernel_modules(self, variant, shapes):
        """Load the twin and compile each build of `variant` from fake tensors, `--copies` times each (every
        copy, like the second of "A|A", compiled again: its own function and loaded module)."""
        self.module = load_twin_module()
        self.copies = max(1, getattr(self.args, "copies", 1))
        self.precompiled = []
        for build in split_in_process(variant):
            first = precompile_twin(self.module, build, shapes) if self.args.precompile else {}
            self.precompiled.append([first] + [precompiled_copy(self.module, build, first)
                                               for _ in range(1, self.copies)])

    def build(self, variant: str, shape: TwinShape) -> Subject:
        builds = split_in_process(variant)
        for build in builds:
            if not is_twin_variant(build):
                raise TimingError(f"{build!r} is not a twin variant (a racelab.vocab.TwinHandoff value, optionally "
                                  "+pad16 or +aligned)")
        subject = twin_subject(self.module, builds[0], shape, self.precompiled[0][0].get(shape))
        first = subject.test
        launchers = []
        for b, build in enumerate(builds):
            # every copy after the very first on its tensors, each with a function of its own
            copies = [first] if b == 0 else []
            for c in range(1 if b == 0 else 0, self.copies):
                other = twin_subject(self.module, build, shape, self.precompiled[b][c].get(shape), share=first,
                                     own_build=True, with_control=False)
                copies.append(other.test)
                if b == 1 and c == 0:
                    subject.meta["second"] = {k: v for k, v in other.meta.items() if k != "control"}
            launchers.append(Rotation(copies) if self.copies > 1 else copies[0])
        subject.test = launchers[0]
        if len(builds) == 2:  # design "in-process": the second build on the first's tensors
            subject.second = launchers[1]
        subject.meta["copies"] = self.copies
        return subject
