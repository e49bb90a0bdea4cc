# Measurement only (session 36): one call per case of the stamps build after warm-up calls;
# prints that call's STAMP lines between markers.
import sys
import torch
import tiledmm

print(tiledmm.__file__, torch.cuda.get_device_name(), flush=True)
cases = [(1024, 1024, 1024, None), (1024, 1024, 4096, None), (768, 768, 768, None), (128, 64, 1024, "wgmma:128x64_k256B_2wg_s4"),
         (128, 64, 4096, "wgmma:128x64_k256B_2wg_s4"), (512, 512, 512, None)]
for m, n, k, kernel in cases:
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
    for _ in range(20):
        c = tiledmm.gemm(a, b, kernel=kernel)
    torch.cuda.synchronize()
    p = tiledmm.plan(m, n, k, torch.bfloat16, kernel=kernel)
    print(f"=== {m}x{n}x{k} {p['config']} split_k {p['split_k']} last_wave {p['last_wave_split']}", flush=True)
    print("--- measured call", flush=True)
    c = tiledmm.gemm(a, b, kernel=kernel)
    torch.cuda.synchronize()
    print("--- end", flush=True)
