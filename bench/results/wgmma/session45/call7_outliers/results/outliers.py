"""Session 45 call 7: call 6's two do_bench outliers (new plan ~3x slower under do_bench,
faster in kernel time), five alternating rounds each."""
import torch, triton, tiledmm
for dtype, (m, n, k), nt in [(torch.float16, (384, 256, 8192), True), (torch.float16, (256, 384, 6144), False)]:
    a = torch.randn(m, k, device="cuda", dtype=dtype)
    b = torch.randn(n, k, device="cuda", dtype=dtype).t() if nt else torch.randn(k, n, device="cuda", dtype=dtype)
    fns = {"new": lambda: tiledmm.gemm(a, b), "old": lambda: tiledmm.gemm(a, b, kernel="wgmma:64x64_k128B_1wg_s4"),
           "cublas": lambda: torch.matmul(a, b)}
    res = {name: [] for name in fns}
    for rnd in range(5):
        for name in (fns if rnd % 2 == 0 else reversed(list(fns))):
            res[name].append(round(triton.testing.do_bench(fns[name]) * 1e3, 1))
    print(dtype, (m, n, k), "nt" if nt else "nn", res, flush=True)
