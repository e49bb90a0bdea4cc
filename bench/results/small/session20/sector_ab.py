# Kernel time per call (all kernels: repacking copies included, profiler) of bf16 gemms with
# padded leading dimensions (A: ld = k + pad_a, B: n + pad_b), tiledmm (auto) against torch.matmul.
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
import torch, tiledmm
from kernel_times import kernel_table

print(tiledmm.__file__, torch.cuda.get_device_name())
cases = [(1024, 1024, 1024, 8, 8), (2048, 2048, 2048, 8, 8), (2048, 2048, 2048, 0, 8), (2048, 2048, 2048, 0, 0),
         (4096, 4096, 4096, 8, 8), (4096, 4096, 4096, 0, 8), (4096, 4096, 4096, 8, 0), (4096, 4096, 4096, 0, 0),
         (8192, 4096, 4096, 8, 8), (4097, 4095, 4100, 0, 0), (4097, 4095, 4093, 0, 0), (4096, 4096, 1000, 0, 0),
         (4096, 1000, 4096, 0, 0)]
for dtype in (torch.bfloat16,):
    for m, n, k, pad_a, pad_b in cases:
        a = torch.randn(m, k + pad_a, device="cuda", dtype=dtype)[:, :k]
        b = torch.randn(k, n + pad_b, device="cuda", dtype=dtype)[:, :n]
        ref = a.double() @ b.double()
        err = ((tiledmm.gemm(a, b).double() - ref).norm() / ref.norm()).item()
        assert err < 1e-2, (m, n, k, pad_a, pad_b, err)
        ours = kernel_table(lambda: tiledmm.gemm(a, b), 20)
        theirs = kernel_table(lambda: torch.matmul(a, b), 20)
        total = sum(us for _, us in ours.values())
        parts = ", ".join(f"{calls:.0f}x {us / calls:.1f} {name[:40]}" for name, (calls, us) in
                          sorted(ours.items(), key=lambda kv: -kv[1][1]))
        print(f"{m}x{n}x{k} A ld+{pad_a} B ld+{pad_b}: tiledmm {total:7.1f} us  cuBLAS {sum(us for _, us in theirs.values()):7.1f} us"
              f"  [{parts}]", flush=True)
