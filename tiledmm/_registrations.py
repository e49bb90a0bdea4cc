"""Fake (meta) kernels of torch.ops.tiledmm.gemm and linear, for torch.compile and FakeTensor.

Autograd is registered in C++ (csrc/autograd.cpp), where it costs far less per call."""
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
