"""Python-side registrations for torch.ops.tiledmm.gemm: fake kernel and autograd."""
import torch


@torch.library.register_fake("tiledmm::gemm")
def _gemm_fake(a, b, kernel=None):
    torch._check(a.dim() == 2 and b.dim() == 2,
                 lambda: f"tiledmm.gemm: operands must be 2-D, got {a.dim()}-D and {b.dim()}-D")
    torch._check(a.shape[1] == b.shape[0],
                 lambda: f"tiledmm.gemm: inner sizes must agree, got {tuple(a.shape)} and {tuple(b.shape)}")
    torch._check(a.dtype == b.dtype,
                 lambda: f"tiledmm.gemm: operands must have the same dtype, got {a.dtype} and {b.dtype}")
    return a.new_empty((a.shape[0], b.shape[1]))


def _gemm_setup_context(ctx, inputs, output):
    a, b, ctx.kernel = inputs
    ctx.save_for_backward(a if ctx.needs_input_grad[1] else None,
                          b if ctx.needs_input_grad[0] else None)


def _gemm_backward(ctx, grad):
    # dA = dC·Bᵀ, dB = Aᵀ·dC: the op itself on transposed views (read in place, no copies).
    a, b = ctx.saved_tensors
    grad_a = grad_b = None
    if ctx.needs_input_grad[0]:
        grad_a = torch.ops.tiledmm.gemm(grad, b.mT, kernel=ctx.kernel)
    if ctx.needs_input_grad[1]:
        grad_b = torch.ops.tiledmm.gemm(a.mT, grad, kernel=ctx.kernel)
    return grad_a, grad_b, None  # no gradient for `kernel`


torch.library.register_autograd("tiledmm::gemm", _gemm_backward,
                                setup_context=_gemm_setup_context)
