"""The real kernel on the GPU at hand: which of upstream's indexer-backward kernels a GPU runs, which
variants of it the experiments compare, and the one way to load upstream's wrapper with a variant's kernel.

Upstream's ``indexer_backward_wrapper`` (``cudnn.deepseek_sparse_attention.indexer_backward.api``) picks
``IndexerBackwardSm90`` on compute capability 9.x and ``IndexerBackwardSm100`` otherwise. The driver
(``racelab real``: racecheck, timing, numerics) goes through that wrapper on both, so the same commands,
runner, store and chapters serve a B200 (PR #426's kernel and its W_LOADED handoff) and an H200 (the SM90
sibling and its K_CONSUMED handoff); only the :class:`Target` differs.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import dataclass

from racelab.core import files
from racelab.toolchain import loaders, upstream
from racelab.vocab import UpstreamVariant, VocabError

PACKAGE = "cudnn.deepseek_sparse_attention.indexer_backward"
API_MODULE = PACKAGE + ".api"


class RealKernelError(RuntimeError):
    """The real kernel cannot run here (no such GPU, a package missing), or what it needs cannot be fetched."""


class VariantError(RealKernelError):
    """A variant or architecture that the kernel does not have: bad input."""


@dataclass(frozen=True)
class Target:
    """One of upstream's indexer-backward kernels and how the experiments treat it."""

    arch: str  # "sm100" or "sm90": the suffix of the kernel's file and class
    kernel_path: str  # inside the wheel
    factory: str  # the name api.py calls (its module-level import of the kernel module's factory)
    handoff: str  # the handoff the variants differ in
    variants: tuple[str, ...]  # default variants, the baseline first
    secondary: tuple[str, ...]  # opt-in variants (e.g. an older release with its own DSL)
    labels: dict  # variant -> what it is, as tables name it
    test_match: str  # substring of the kernel-under-test's name (timing)
    control_match: str  # substring of the control kernel's name (ScoreGrad, launched by the same wrapper)
    gpu_words: str
    newest: tuple[str, ...] = ()  # variants of the newest release read: opt-in, not fetched by default
    racy: tuple[str, ...] = ()  # the variants whose handoff still races (racecheck must report hazards)
    # the shapes at which that race reaches racecheck (SM90's K_CONSUMED: only where a K stage is refilled)
    racy_shapes: tuple[str, ...] = ("one-cta", "512-cta", "multi-block")

    @property
    def kernel_module(self) -> str:
        return self.kernel_path[:-len(".py")].replace("/", ".")

    @property
    def baseline(self) -> str:
        return self.variants[0]

    @property
    def candidate(self) -> str:
        return self.variants[1]

    def check_variant(self, name: str) -> UpstreamVariant:
        """The variant `name`: one of the kernel's, or one of them with its code moved ("...+padN", "X.Y.Z-padN":
        racelab.experiments.code_layout checks those builds in the SASS)."""
        known = self.variants + self.secondary + self.newest
        try:
            var = UpstreamVariant.parse(name)
        except VocabError as err:
            raise VariantError(str(err)) from None
        if var.unpadded not in known:
            raise VariantError(f"variant {name!r} is not one of the {self.arch} kernel's: {', '.join(known)} "
                               f"(each may carry a code offset, '+padN' or 'X.Y.Z-padN')")
        return var

    def label(self, name: str) -> str:
        """What a variant is, as tables name it (a moved build: its variant's label and the offset)."""
        var = self.check_variant(name)
        base = self.labels[var.unpadded]
        return f"{base}, code moved {var.pad_bytes} B" if var.pad_bytes else base


_DIR = "cudnn/deepseek_sparse_attention/indexer_backward/"
SM100 = Target(
    "sm100", _DIR + "indexer_backward_sm100.py", "indexer_backward_sm100", "W_LOADED",
    ("1.27.0-fix-reverted", "release-1.27.0"), ("release-1.26.0",),
    {"1.27.0-fix-reverted": "unpatched (1.27.0 with the fix reverted: differs by the fix's two lines)",
     "release-1.27.0": "patched (1.27.0, PR #426)",
     "release-1.26.0": "unpatched as shipped (1.26.0 on DSL 4.5.0: differs in other ways too)"},
    "kernel_gemm", "score_grad", "B200/GB200", racy=("1.27.0-fix-reverted", "release-1.26.0"))
SM90 = Target(
    "sm90", _DIR + "indexer_backward_sm90.py", "indexer_backward_sm90", "K_CONSUMED",
    ("release-1.27.0", "1.27.0-k-consumed-all"), ("1.27.0-dk-staging-barriers", "1.27.0-k-consumed-all+dk-staging-barriers"),
    {"release-1.27.0": "as shipped (1.27.0: one thread per compute warpgroup arrives on K_CONSUMED)",
     "1.27.0-k-consumed-all": "K_CONSUMED closed (1.27.0, every compute thread arrives, count 256)",
     "1.27.0-dk-staging-barriers": "dK staging barriers of cudnn-frontend #1049 added (1.27.0)",
     "1.27.0-k-consumed-all+dk-staging-barriers": "K_CONSUMED closed and the #1049 barriers added (1.27.0)",
     "release-1.32.0": "as shipped (1.32.0, the newest release read: the #1049 barriers in, K_CONSUMED as before)",
     "1.32.0-k-consumed-all": "K_CONSUMED closed (1.32.0, every compute thread arrives, count 256)"},
    "IndexerBackwardSm90", "score_grad", "H200/H100", ("release-1.32.0", "1.32.0-k-consumed-all"),
    racy=("release-1.27.0", "1.27.0-dk-staging-barriers", "release-1.32.0"), racy_shapes=("multi-block",))
TARGETS = {t.arch: t for t in (SM100, SM90)}


def target(arch: str) -> Target:
    if arch not in TARGETS:
        raise VariantError(f"unknown architecture {arch!r}; one of {', '.join(TARGETS)}")
    return TARGETS[arch]


def target_for(capability) -> Target:
    """The kernel a GPU of compute capability (major, minor) runs in these experiments; RealKernelError
    with the reason where none does (upstream.arch_support is the one policy for SM100)."""
    major, minor = (int(c) for c in capability)
    if major == 9:
        return SM90
    support = upstream.arch_support((major, minor))
    if support.runs:
        return SM100
    raise RealKernelError(support.reason)


def local_target() -> tuple[Target, dict]:
    """The target of this machine's first GPU (as nvidia-smi reports it) and that GPU; RealKernelError when
    there is no GPU or the real kernel does not run on it, or upstream's compile path lacks a package."""
    from racelab.core.provenance import gpus

    devices = gpus()
    if not devices:
        raise RealKernelError("the real kernel needs an NVIDIA GPU (B200/GB200 for PR #426's kernel, H200/H100 for "
                              "its SM90 sibling) and this machine has none; the book replays recorded runs")
    tgt = target_for(divmod(devices[0]["sm"], 10))
    missing = upstream.missing_compile_modules()
    if missing:
        raise RealKernelError(f"upstream's compile path (--enable-tvm-ffi) needs {', '.join(missing)}: "
                              f"pinned in requirements.lock, installed by `make setup`")
    return tgt, devices[0]


def kernel_source(tgt: Target, variant: str) -> str:
    return upstream.kernel_source(tgt.check_variant(variant), tgt.kernel_path)


@contextmanager
def load_wrapper(tgt: Target, variant: str, install_dsl: bool = False):
    """Upstream's indexer-backward API with the variant's kernel module in place of the release's own (and,
    for a release that pins another DSL, that DSL, installed into the cache beforehand by `racelab real
    fetch` unless `install_dsl`), for the block. Yields (api module, what was loaded)."""
    var = tgt.check_variant(variant)
    replace = {tgt.kernel_module: kernel_source(tgt, variant)} if var.transform else {}
    extra = upstream.dsl_paths(var.dsl, install=install_dsl) if var.dsl else []
    with loaders.upstream_module(var.release, API_MODULE, replace=replace, dsl_paths=extra) as api:
        kernel = sys.modules[tgt.kernel_module]
        if getattr(api, tgt.factory) is not getattr(kernel, tgt.factory):
            raise RealKernelError(f"the wrapper did not pick up the {variant} kernel module")
        import cutlass
        yield api, {"arch": tgt.arch, "variant": var.name, "label": tgt.label(var.name), "release": var.release,
                    "description": var.description, "kernel_source": kernel.__file__,
                    "kernel_sha256": files.sha256(kernel.__file__), "wheel": str(sys.modules["cudnn"].__path__[0]),
                    "cutlass": cutlass.__file__, "dsl": var.dsl or upstream.venv_dsl_version()}


def fetch(tgt: Target, variants, log=print) -> dict:
    """Everything a launch of `variants` reads from the network, into the cache, now: each release's wheel
    (for this interpreter and machine), each variant's kernel source, the CuTe DSL a release pins. Nothing
    is downloaded inside a timed or sanitized process; offline GPU machines run `make fetch` beforehand."""
    from racelab.toolchain import wheels

    got = {}
    for name in variants:
        var = tgt.check_variant(name)
        try:
            folder = wheels.extracted(var.release)
            kernel_source(tgt, name)
            dsl = upstream.dsl_paths(var.dsl) if var.dsl else []
        except (wheels.WheelError, upstream.UpstreamError) as err:
            raise RealKernelError(f"cannot fetch what {name} needs: {err}") from err
        got[name] = {"wheel": str(folder), "dsl": var.dsl or upstream.venv_dsl_version(), "dsl_paths": dsl}
        log(f"  {tgt.arch} {name}: nvidia-cudnn-frontend {var.release} and CuTe DSL {got[name]['dsl']} in the cache")
    return got
