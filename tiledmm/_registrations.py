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


ACTIVATIONS = ("none", "relu", "gelu", "gelu_tanh", "silu")


@torch.library.register_fake("tiledmm::linear")
def _linear_fake(x, weight, bias=None, activation="none", kernel=None):
    torch._check(weight.dim() == 2, lambda: f"tiledmm.linear: weight must be 2-D, got {weight.dim()}-D")
    torch._check(x.dim() >= 1, lambda: "tiledmm.linear: input must have at least 1 dimension")
    torch._check(x.shape[-1] == weight.shape[1],
                 lambda: f"tiledmm.linear: input's last dimension ({x.shape[-1]}) must equal weight's "
                         f"in_features ({weight.shape[1]})")
    torch._check(x.dtype == weight.dtype,
                 lambda: f"tiledmm.linear: input and weight must have the same dtype, got {x.dtype} and {weight.dtype}")
    torch._check(activation in ACTIVATIONS, lambda: f"tiledmm.linear: unknown activation '{activation}'")
    return x.new_empty((*x.shape[:-1], weight.shape[0]))


def _linear_setup_context(ctx, inputs, output):
    x, weight, bias, activation, kernel = inputs
    ctx.activation, ctx.kernel, ctx.has_bias = activation, kernel, bias is not None
    needs_x, needs_w = ctx.needs_input_grad[0], ctx.needs_input_grad[1]
    recompute = activation in ("gelu", "gelu_tanh", "silu")  # their derivatives need x·Wᵀ + b
    ctx.save_for_backward(x if (needs_w or recompute) else None,
                          weight if (needs_x or recompute) else None,
                          bias if recompute else None,
                          output if activation == "relu" else None)


def _activation_backward(ctx, grad, x, weight, bias, output):
    """The gradient with respect to the pre-activation z = x·Wᵀ + b."""
    if ctx.activation == "none":
        return grad
    if ctx.activation == "relu":
        return torch.ops.aten.threshold_backward(grad, output, 0)
    # Recompute z instead of keeping it from the forward pass: one more gemm, no stored
    # activation-sized tensor (the fused forward never materializes z).
    z = torch.ops.tiledmm.linear(x, weight, bias, "none", kernel=ctx.kernel)
    if ctx.activation == "silu":
        return torch.ops.aten.silu_backward(grad, z)
    return torch.ops.aten.gelu_backward(grad, z, approximate="tanh" if ctx.activation == "gelu_tanh" else "none")


def _linear_backward(ctx, grad):
    # With g = dL/dz as [rows, out]: dX = g·W, dW = gᵀ·X, db = Σ_rows g. W [out, in] is
    # read row-major and gᵀ as a column-major view: no transposing copies.
    x, weight, bias, output = ctx.saved_tensors
    g = _activation_backward(ctx, grad, x, weight, bias, output)
    g_rows = g.reshape(-1, g.shape[-1])
    grad_x = grad_w = grad_b = None
    if ctx.needs_input_grad[0]:
        grad_x = torch.ops.tiledmm.gemm(g_rows, weight, kernel=ctx.kernel).view(*g.shape[:-1], weight.shape[1])
    if ctx.needs_input_grad[1]:
        grad_w = torch.ops.tiledmm.gemm(g_rows.mT, x.reshape(g_rows.shape[0], x.shape[-1]), kernel=ctx.kernel)
    if ctx.has_bias and ctx.needs_input_grad[2]:
        grad_b = g_rows.sum(0)
    return grad_x, grad_w, grad_b, None, None


torch.library.register_autograd("tiledmm::linear", _linear_backward,
                                setup_context=_linear_setup_context)
