# Kernel time (profiler) of bf16 gemms whose operands' rows start pad elements apart beyond
# a 128-byte multiple: A [m, k] and B [k, n] are views of wider buffers (ld = k + pad, n + pad).
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
import torch, tiledmm
from kernel_times import kernel_table

print(tiledmm.__file__, torch.cuda.get_device_name())
configs = ["auto", "wgmma:64x64_k128B_1wg_s4", "wgmma:128x64_k128B_2wg_s8", "wgmma:128x128_k128B_2wg_s6"]
for (m, n, k) in [(512, 512, 512), (1024, 1024, 1024), (2048, 1024, 1024), (2048, 2048, 2048)]:
    for pad in (0, 8, 16, 32, 64):
        a = torch.randn(m, k + pad, device="cuda", dtype=torch.bfloat16)[:, :k]
        b = torch.randn(k, n + pad, device="cuda", dtype=torch.bfloat16)[:, :n]
        ref = a.double() @ b.double()
        row = []
        for spec in configs:
            fn = lambda: tiledmm.gemm(a, b, kernel=None if spec == "auto" else spec)
            err = ((fn().double() - ref).norm() / ref.norm()).item()
            assert err < 1e-2, (m, n, k, pad, spec, err)
            t = kernel_table(fn, 20)
            row.append(sum(us for _, us in t.values()))
        t = kernel_table(lambda: torch.matmul(a, b), 20)
        cublas = sum(us for _, us in t.values())
        print(f"{m}x{n}x{k} pad {pad:3d} (row pitch mod 128 B: {(2 * (k + pad)) % 128:3d}, {(2 * (n + pad)) % 128:3d}):  "
              + "  ".join(f"{c.split(':')[-1].split('_')[0]} {us:6.1f}" for c, us in zip(configs, row))
              + f"  cuBLAS {cublas:6.1f}", flush=True)
