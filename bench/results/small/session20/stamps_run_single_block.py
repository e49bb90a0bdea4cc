# Measurement only: one call per case of the stamps build; prints the measured call's STAMPS lines.
import sys
import torch
import tiledmm

print(tiledmm.__file__, torch.cuda.get_device_name(), flush=True)
C64, C128x64, C128x256 = "wgmma:64x64_k128B_1wg_s4", "wgmma:128x64_k128B_2wg_s8", "wgmma:128x256_k128B_2wg_s4"
cases = [(64, 64, 512, C64), (64, 64, 2048, C64), (128, 64, 512, C128x64), (128, 64, 2048, C128x64),
         (128, 256, 2048, C128x256), (64, 128, 512, C64), (512, 512, 512, C64), (8192, 64, 512, C64),
         (64, 64, 512, C64, "tn"), (512, 512, 512, C64, "tn"), (128, 64, 2048, C128x64, "tn")]
for case in cases:
    m, n, k, kernel = case[:4]
    layout = case[4] if len(case) > 4 else "nn"
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
    if layout == "tn":  # B column-major (K-major): an nn.Linear weight
        b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t()
    for _ in range(30):
        c = tiledmm.gemm(a, b, kernel=kernel)
    torch.cuda.synchronize()
    print(f"=== {m}x{n}x{k} {layout} {kernel}", flush=True)
    print("--- measured call", flush=True)
    c = tiledmm.gemm(a, b, kernel=kernel)
    torch.cuda.synchronize()
    ref = a.double() @ b.double()
    print("rel error", ((c.double() - ref).norm() / ref.norm()).item(), flush=True)
