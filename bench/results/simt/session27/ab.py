# Session 27: simt fp32 nn, do_bench medians (L2 flushed) of tiledmm.gemm and torch.matmul on
# the same inputs; run once per build (A: HEAD, B: C's rows realigned), alternating.
import sys
import torch, triton, tiledmm
torch.backends.cuda.matmul.allow_tf32 = False
print("# tiledmm from", tiledmm.__file__, flush=True)
for s in sys.argv[1].split(","):
    m, n, k = map(int, s.split("x"))
    a = torch.randn(m, k, device="cuda"); b = torch.randn(k, n, device="cuda")
    ref = a.double() @ b.double()
    c = tiledmm.gemm(a, b)
    err = ((c.double() - ref).abs().max() / ref.abs().max()).item()
    ours = triton.testing.do_bench(lambda: tiledmm.gemm(a, b), warmup=50, rep=400)
    cublas = triton.testing.do_bench(lambda: torch.matmul(a, b), warmup=50, rep=400)
    print(f"{s}\t{ours * 1e3:.1f}\t{cublas * 1e3:.1f}\t{err:.1e}", flush=True)
