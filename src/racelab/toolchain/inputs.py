"""The tensors upstream's kernels are called on: made with torch, from a seed, the same on every device."""

from racelab.vocab import UpstreamShape, check_upstream_shape


def upstream_inputs(shape: UpstreamShape, seed: int = 0, device: str = "cpu") -> dict:
    """The tensor arguments of upstream's ``indexer_backward_wrapper``, by its parameter names: bf16
    index_q (b, s_q, heads, dim), weights (b, s_q, heads) (scaled by 0.25) and index_k (b, s_kv, dim);
    attn_score and index_score, target and prediction probabilities over the top-k slots
    (softmax(randn * 2), consumed in place by the wrapper); topk_indices, distinct local ids < s_kv per
    query (int32); grad_loss = 1 (one fp32 element). Made on the CPU from ``seed``, then moved to
    ``device``, so every device sees the same values.

    Call ``wrapper(**upstream_inputs(shape), **upstream_wrapper_kwargs(shape))``: by keyword, as both
    1.26.0 (grad_loss a keyword, float or tensor) and 1.27.0 (grad_loss the 7th positional) accept."""
    import torch

    check_upstream_shape(shape)
    g = torch.Generator().manual_seed(seed)
    b, s_q, s_kv, topk, h, d = shape.b, shape.s_q, shape.s_kv, shape.topk, shape.heads, shape.dim
    t = {
        "index_q": torch.randn(b, s_q, h, d, generator=g).to(torch.bfloat16),
        "weights": (torch.randn(b, s_q, h, generator=g) * 0.25).to(torch.bfloat16),
        "index_k": torch.randn(b, s_kv, d, generator=g).to(torch.bfloat16),
        "attn_score": torch.softmax(torch.randn(b, s_q, topk, generator=g) * 2, dim=-1),
        "index_score": torch.softmax(torch.randn(b, s_q, topk, generator=g) * 2, dim=-1),
        "topk_indices": torch.rand(b, s_q, s_kv, generator=g).argsort(dim=-1)[..., :topk].to(torch.int32).contiguous(),
        "grad_loss": torch.ones(1, dtype=torch.float32),
    }
    return {k: v.to(device) for k, v in t.items()}
