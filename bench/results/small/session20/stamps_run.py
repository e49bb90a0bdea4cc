# Measurement only: runs one call per shape of the stamps build and prints its STAMPS lines.
import sys
import torch
import tiledmm

print(tiledmm.__file__, torch.cuda.get_device_name(), flush=True)
cases = [(256, 256, 256, None), (512, 512, 512, None), (512, 512, 512, "wgmma:128x64_k128B_2wg_s8"),
         (768, 768, 768, None), (1024, 1024, 1024, None), (1024, 1024, 1024, "wgmma:64x64_k128B_1wg_s4"),
         (4096, 4096, 4096, None)]
for m, n, k, kernel in cases:
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
    for _ in range(30):
        c = tiledmm.gemm(a, b, kernel=kernel)
    torch.cuda.synchronize()
    print(f"=== {m}x{n}x{k} {kernel or 'auto'} { {k: v for k, v in tiledmm.plan(m, n, k, torch.bfloat16, kernel=kernel).items() if k != 'reason'} }", flush=True)
    # the warm-up printed too; mark the measured call
    sys.stdout.flush()
    print("--- measured call", flush=True)
    c = tiledmm.gemm(a, b, kernel=kernel)
    torch.cuda.synchronize()
    err = ((c.double() - a.double() @ b.double()).norm() / (a.double() @ b.double()).norm()).item()
    print("rel error", err, flush=True)
