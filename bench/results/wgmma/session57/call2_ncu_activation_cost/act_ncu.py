"""One bf16 linear layer, a few times, for ncu: python act_ncu.py M IN OUT ACTIVATION"""
import sys

import torch

import tiledmm

m, fan_in, fan_out = (int(v) for v in sys.argv[1:4])
act = None if sys.argv[4] == "none" else sys.argv[4]
x = torch.randn(m, fan_in, device="cuda", dtype=torch.bfloat16)
w = torch.randn(fan_out, fan_in, device="cuda", dtype=torch.bfloat16) / fan_in**0.5
b = torch.randn(fan_out, device="cuda", dtype=torch.bfloat16)
for _ in range(4):
    tiledmm.linear(x, w, b, activation=act)
torch.cuda.synchronize()
