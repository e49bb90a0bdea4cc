# One skinny product, repeated (for ncu): python exp/s28/one.py M N K layout [kernel]
import sys, torch, tiledmm
m, n, k = map(int, sys.argv[1:4]); layout = sys.argv[4]; kernel = sys.argv[5] if len(sys.argv) > 5 else None
x = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
w = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t() if layout == "nt" else torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
for _ in range(8):
    y = tiledmm.gemm(x, w) if kernel is None else tiledmm.gemm(x, w, kernel=kernel)
    z = torch.matmul(x, w)
torch.cuda.synchronize()
print((y.float() - z.float()).abs().max().item())
