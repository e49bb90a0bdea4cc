"""One shape's torch.matmul, a few times (for ncu's launch statistics of cuBLAS's kernel)."""
import sys
import torch
layout, s = sys.argv[1], sys.argv[2]
m, n, k = map(int, s.split("x"))
a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t() if layout == "nt" else torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
for _ in range(3):
    torch.matmul(a, b)
torch.cuda.synchronize()
