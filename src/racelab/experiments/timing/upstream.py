"""The real SM100 kernel through upstream's wrapper as a timing backend: one call of
``indexer_backward_wrapper`` launches ScoreGrad (the control kernel) then kernel_gemm (the kernel under test)."""

import importlib
import importlib.util
import sys
from pathlib import Path

from racelab.experiments.timing.backends import GpuBackend, Subject
from racelab.readers.samples import TimingError
from racelab.vocab import UPSTREAM_ROLES, UpstreamShape, UpstreamVariant, upstream_inputs, upstream_wrapper_kwargs

KERNEL_GEMM_MATCH = "kernel_gemm"
SCORE_GRAD_MATCH = "score_grad"


def load_sm100_api(variant: str):
    """The upstream wrapper module (``cudnn...indexer_backward.api``) for an SM100 variant, in this process.

    The release's unpacked wheel (racelab.toolchain.wheels) goes first on sys.path, so ``cudnn`` is that
    release and no other; for ``fix-reverted`` the kernel module is rebuilt from the transformed source
    (racelab.toolchain.upstream.kernel_source) under its own module name and the wrapper's factory is
    pointed at it. Returns (api module, description). One variant per process: the timing worker is a
    fresh process. The transformed source is a file in the source cache (the DSL reads it from there)."""
    from racelab.toolchain import loaders
    from racelab.toolchain import upstream
    from racelab.toolchain import wheels

    if variant not in UPSTREAM_ROLES:
        raise TimingError(f"SM100 variant must be one of {sorted(UPSTREAM_ROLES)}, not {variant!r}")
    var = UpstreamVariant.of_role(variant)
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
        name = upstream.module_name(var.name, desc["kernel_source_sha256"])
        path = loaders.source_file(name, text, var.release)
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        api.indexer_backward_sm100 = module.indexer_backward_sm100
        desc["transformed_module"] = str(path)
    return api, desc


def upstream_subject(variant: str, shape: UpstreamShape, api=None, desc=None, device: str = "cuda") -> Subject:
    """One call of upstream's indexer_backward_wrapper (ScoreGrad then kernel_gemm) on the inputs every
    experiment uses (racelab.vocab.upstream_inputs, seed 0), by keyword as every release accepts; the
    in-place-consumed score tensors are restored before every call (device copies, not kernels)."""
    import torch

    if api is None:
        api, desc = load_sm100_api(variant)
    x = upstream_inputs(shape, seed=0, device=device)
    kwargs = upstream_wrapper_kwargs(shape)
    attn0, idx0 = x["attn_score"].clone(), x["index_score"].clone()
    dq, dw, dk = torch.empty_like(x["index_q"]), torch.empty_like(x["weights"]), torch.empty_like(x["index_k"])

    def launch():
        x["attn_score"].copy_(attn0)
        x["index_score"].copy_(idx0)
        api.indexer_backward_wrapper(**x, **kwargs, d_index_q=dq, d_weights=dw, d_index_k=dk)

    return Subject(test=launch, test_match=KERNEL_GEMM_MATCH, control_match=SCORE_GRAD_MATCH,
                   meta={"upstream": desc, "sm_scale": kwargs["sm_scale"]})


class UpstreamBackend(GpuBackend):
    name = "sm100"

    def _import_kernel_modules(self, variant, shapes):
        self.api, self.desc = load_sm100_api(variant)  # imports only: no CUDA before GO

    def build(self, variant: str, shape: UpstreamShape) -> Subject:
        import torch

        from racelab.toolchain.upstream import arch_support

        support = arch_support(torch.cuda.get_device_capability())
        if not support.runs:
            raise TimingError(f"the SM100 kernel is not timed on this GPU: {support.reason}")
        return upstream_subject(variant, shape, self.api, self.desc)
