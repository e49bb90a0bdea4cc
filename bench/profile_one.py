"""Run one gemm a few times, for profilers: python bench/profile_one.py M N K [dtype] [layout] [kernel]

    ncu -k regex:simt --launch-skip 2 --launch-count 1 python bench/profile_one.py 4096 4096 4096

kernel "torch" runs torch.matmul instead (float32 without TF32, as tiledmm's float32 default).
"""
import sys

import torch

import tiledmm

m, n, k = (int(x) for x in sys.argv[1:4])
dtype = getattr(torch, sys.argv[4]) if len(sys.argv) > 4 else torch.float32
layout = sys.argv[5] if len(sys.argv) > 5 else "nn"
kernel = sys.argv[6] if len(sys.argv) > 6 else None
a = torch.randn(m, k, device="cuda", dtype=dtype)
b = torch.randn(k, n, device="cuda", dtype=dtype)
if layout[0] == "t":
    a = a.t().contiguous().t()
if layout[1] == "t":
    b = b.t().contiguous().t()
torch.backends.cuda.matmul.allow_tf32 = False
for _ in range(4):
    if kernel == "torch":
        torch.matmul(a, b)
    else:
        tiledmm.gemm(a, b, kernel=kernel)
torch.cuda.synchronize()
