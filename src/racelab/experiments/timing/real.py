"""The real kernel through upstream's wrapper as a timing backend ("real"): one call of
``indexer_backward_wrapper`` launches ScoreGrad (the control kernel) then the indexer backward kernel (the
kernel under test): IndexerBackwardSm100's kernel_gemm on a B200, IndexerBackwardSm90's kernel on an H200
(racelab.toolchain.real_kernel says which, and loads the variant's kernel)."""

from contextlib import ExitStack

from racelab.experiments.timing.backends import GpuBackend, Subject
from racelab.readers.samples import TimingError
from racelab.toolchain.inputs import upstream_inputs
from racelab.vocab import UpstreamShape, upstream_wrapper_kwargs


def upstream_subject(api, desc: dict, tgt, shape: UpstreamShape, device: str = "cuda") -> Subject:
    """One call of upstream's indexer_backward_wrapper (ScoreGrad then the indexer kernel) on the inputs every
    experiment uses (racelab.vocab.upstream_inputs, seed 0), by keyword as every release accepts; the
    in-place-consumed score tensors are restored before every call (device copies, not kernels)."""
    import torch

    x = upstream_inputs(shape, seed=0, device=device)
    kwargs = upstream_wrapper_kwargs(shape)
    attn0, idx0 = x["attn_score"].clone(), x["index_score"].clone()
    dq, dw, dk = torch.empty_like(x["index_q"]), torch.empty_like(x["weights"]), torch.empty_like(x["index_k"])

    def launch():
        x["attn_score"].copy_(attn0)
        x["index_score"].copy_(idx0)
        api.indexer_backward_wrapper(**x, **kwargs, d_index_q=dq, d_weights=dw, d_index_k=dk)

    return Subject(test=launch, test_match=tgt.test_match, control_match=tgt.control_match,
                   meta={"upstream": desc, "sm_scale": kwargs["sm_scale"]})


class UpstreamBackend(GpuBackend):
    name = "real"

    def _import_kernel_modules(self, variant, shapes):
        """Imports only (the wheel, the variant's kernel module, the DSL): no CUDA before GO. The GPU's kind
        comes from nvidia-smi, not from CUDA."""
        from racelab.toolchain import real_kernel

        try:
            self.target, _ = real_kernel.local_target()
            self._keep = ExitStack()
            self.api, self.desc = self._keep.enter_context(real_kernel.load_wrapper(self.target, variant))
        except real_kernel.RealKernelError as err:
            raise TimingError(str(err)) from err

    def build(self, variant: str, shape: UpstreamShape) -> Subject:
        return upstream_subject(self.api, self.desc, self.target, shape)
