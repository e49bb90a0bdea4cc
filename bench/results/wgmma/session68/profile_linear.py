"""tiledmm.linear(x, w, b, activation) a few times, for ncu: python profile_linear.py ACT [tokens in out]"""
import sys
import torch
import tiledmm
act = None if sys.argv[1] == "none" else sys.argv[1]
t, i, o = (int(v) for v in sys.argv[2:5]) if len(sys.argv) > 4 else (8192, 4096, 4096)
x = torch.randn(t, i, device="cuda", dtype=torch.bfloat16)
w = torch.randn(o, i, device="cuda", dtype=torch.bfloat16) / i**0.5
b = torch.randn(o, device="cuda", dtype=torch.bfloat16)
for _ in range(4):
    tiledmm.linear(x, w, b, activation=act)
torch.cuda.synchronize()
