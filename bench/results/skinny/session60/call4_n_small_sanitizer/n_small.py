"""Session 60 call 4: the second-wave rule in the other orientation (N small: W = A, row-major
[M, K], read K-major; X = B^T). The planner's choice against 16-row blocks by name (the old
choice) and torch.matmul, clean-L2 medians (tiledmm._timing.median_ms_clean_l2), 2 rounds in
opposite orders; results checked against float64."""
import json
import sys

import torch

import tiledmm
from tiledmm._timing import median_ms_clean_l2

SHAPES = [(3072, 16, 8192), (3072, 32, 4096), (2560, 16, 8192), (3072, 9, 4096), (2240, 24, 8192)]
rows = []
for round_, order in enumerate(((None, "skinny:r16_w8_u4"), ("skinny:r16_w8_u4", None))):
    for m, n, k in SHAPES:
        gen = torch.Generator(device="cuda").manual_seed(m + n + k)
        a = torch.randn(m, k, device="cuda", generator=gen).bfloat16()
        b = torch.randn(k, n, device="cuda", generator=gen).bfloat16().t().contiguous().t()
        ref = (a.double() @ b.double())
        cublas = median_ms_clean_l2(lambda: torch.matmul(a, b))
        for kernel in order:
            out = tiledmm.gemm(a, b, kernel=kernel)
            err = ((out.double() - ref).norm() / ref.norm()).item()
            assert err < 1e-2, (m, n, k, kernel, err)
            ms = median_ms_clean_l2(lambda: tiledmm.gemm(a, b, kernel=kernel))
            plan = tiledmm.plan_for(a, b, kernel=kernel)
            rows.append({"round": round_, "m": m, "n": n, "k": k, "requested": kernel or "auto", "config": plan["config"],
                         "split_k": plan["split_k"], "us": 1e3 * ms, "cublas_us": 1e3 * cublas, "rel_err": err})
            print(f"round {round_} {m}x{n}x{k} {kernel or 'auto':>18s} {plan['config']:>12s} {1e3 * ms:7.2f} us "
                  f"cuBLAS {1e3 * cublas:7.2f} rel.err {err:.1e}")
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[1], "w"), indent=1)
