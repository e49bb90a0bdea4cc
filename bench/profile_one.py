"""Run one gemm or linear layer a few times, for profilers:

    python bench/profile_one.py M N K [dtype] [layout] [kernel]
    python bench/profile_one.py linear TOKENS IN OUT [activation] [dtype]

    ncu -k regex:simt --launch-skip 2 --launch-count 1 python bench/profile_one.py 4096 4096 4096
    ncu -k regex:wgmma --launch-skip 2 --launch-count 1 python bench/profile_one.py linear 8192 4096 4096 gelu

gemm: kernel "torch" runs torch.matmul instead (float32 without TF32, as tiledmm's float32
default). linear: tiledmm.linear(x, weight, bias, activation) with x [TOKENS, IN], weight [OUT,
IN] (nn.Linear's layout) and a bias; activation "none" (the default), "relu", "gelu", "silu" ...,
dtype bfloat16 by default.
"""
import sys

import torch

import tiledmm


def gemm_call(args):
    m, n, k = (int(x) for x in args[:3])
    dtype = getattr(torch, args[3]) if len(args) > 3 else torch.float32
    layout = args[4] if len(args) > 4 else "nn"
    kernel = args[5] if len(args) > 5 else None
    a = torch.randn(m, k, device="cuda", dtype=dtype)
    b = torch.randn(k, n, device="cuda", dtype=dtype)
    if layout[0] == "t":
        a = a.t().contiguous().t()
    if layout[1] == "t":
        b = b.t().contiguous().t()
    torch.backends.cuda.matmul.allow_tf32 = False
    if kernel == "torch":
        return lambda: torch.matmul(a, b)
    return lambda: tiledmm.gemm(a, b, kernel=kernel)


def linear_call(args):
    tokens, fan_in, fan_out = (int(x) for x in args[:3])
    activation = args[3] if len(args) > 3 else "none"
    dtype = getattr(torch, args[4]) if len(args) > 4 else torch.bfloat16
    x = torch.randn(tokens, fan_in, device="cuda", dtype=dtype)
    w = torch.randn(fan_out, fan_in, device="cuda", dtype=dtype) / fan_in**0.5
    bias = torch.randn(fan_out, device="cuda", dtype=dtype)
    return lambda: tiledmm.linear(x, w, bias, activation=activation)


call = linear_call(sys.argv[2:]) if sys.argv[1] == "linear" else gemm_call(sys.argv[1:])
for _ in range(4):
    call()
torch.cuda.synchronize()
