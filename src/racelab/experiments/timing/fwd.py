"""Upstream's SM90 indexer forward as a timing backend ("fwd"). One call of ``_interface_sm90.indexer_fwd``
(what ``indexer_forward_wrapper`` calls on SM90) fills the preallocated output with -inf (torch's fill
kernel: the control kernel) and then launches IndexerForwardSm90's kernel (the kernel under test). The
variants are racelab.experiments.fwd_racecheck's: ``release`` as the wheel ships it, ``all-lanes`` with every
storing lane arriving (the patch of the forward's reports), ``all-lanes-readers`` with the reading lanes too."""

from contextlib import ExitStack

from racelab.experiments.timing.backends import GpuBackend, Subject
from racelab.experiments.timing.plan import FwdShape
from racelab.readers.samples import TimingError

TEST_MATCH = "IndexerForwardSm90"  # in the CuTe DSL kernel's name
CONTROL_MATCH = "FillFunctor"  # torch's out.fill_(-inf), launched by the same call
SM_SCALE = 0.125


def fwd_subject(iface, shape: FwdShape, release: str, device: str = "cuda") -> Subject:
    """One call of upstream's indexer_fwd on the shape's inputs (fwd_racecheck.make_inputs, seed 0), writing
    into one preallocated output, as the audit calls it (ratio 1, every KV position visible)."""
    import torch

    from racelab.experiments import fwd_racecheck

    x = fwd_racecheck.make_inputs(shape, seed=0, device=device)
    out = torch.empty(1, shape.s_q, shape.s_k, dtype=torch.float32, device=device)
    scales = {k: x[k] for k in ("q_scale", "k_scale") if k in x}

    def launch():
        iface.indexer_fwd(x["q"], x["k"], x["w"], ratio=1, sm_scale=SM_SCALE, out=out,
                          q_causal_offsets=x["q_causal_offsets"], precision=shape.precision, **scales)

    return Subject(test=launch, test_match=TEST_MATCH, control_match=CONTROL_MATCH,
                   meta={"release": release, "sm_scale": SM_SCALE, "output_elements": out.numel()})


class FwdBackend(GpuBackend):
    name = "fwd"

    def _import_kernel_modules(self, variant, shapes):
        """Imports only (the wheel's interface with the variant's kernel module, the DSL): no CUDA before GO."""
        from racelab.experiments import fwd_racecheck

        self.release = fwd_racecheck.installed_release() or fwd_racecheck.RELEASE
        self._keep = ExitStack()
        try:
            self.iface = self._keep.enter_context(fwd_racecheck.load_interface(variant, self.release))
        except Exception as err:  # noqa: BLE001 - the wheel, the transform or the DSL: said with the variant
            raise TimingError(f"upstream's SM90 indexer forward {variant!r} ({self.release}) did not load: {err}") from err

    def build(self, variant: str, shape: FwdShape) -> Subject:
        return fwd_subject(self.iface, shape, self.release)
