"""One decode product a few times, for ncu: python skinny_one.py M nt|nn"""
import sys

import torch

import tiledmm

m, layout = int(sys.argv[1]), sys.argv[2]
w = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16) / 64
x = torch.randn(m, 4096, device="cuda", dtype=torch.bfloat16)
for _ in range(5):
    tiledmm.linear(x, w) if layout == "nt" else tiledmm.gemm(x, w)
torch.cuda.synchronize()
