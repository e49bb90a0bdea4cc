"""Session 46, call 10: just past the 64x80 C^T rule's measured range: M = 65-80 with N
6144-8192 (one tile row of 80, up to 128 tiles), and M = 136-160 (two tile rows) with N
3072-4096: the plan (auto) against 64x80 C^T by name, kernel times (warm) and cold stream,
cuBLAS alongside."""
import json, statistics, sys
sys.path.insert(0, "bench")
import torch, tiledmm
from decode_stream import run
from kernel_times import kernel_table

CT80 = "wgmma:64x80_ct_k256B_1wg_s5"
cases = [(m, n, k) for m in (65, 72, 80) for n in (6144, 8192) for k in (2048, 4096)] + \
        [(m, n, k) for m in (136, 144, 160) for n in (3072, 4096) for k in (2048, 4096, 8192)]
rows = []
for m, n, k in cases:
    for layout in ("nn", "nt"):
        p = tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=layout == "nt", compute_capability=(9, 0), sm_count=132)
        _, auto_cold = run("bf16", [layout], [(m, n, k)], reps=20, kernel=None)
        _, ct_cold = run("bf16", [layout], [(m, n, k)], reps=20, kernel=CT80)
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t() if layout == "nt" else \
            torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
        kt = {name: sum(us for _, us in kernel_table(fn, 20).values()) for name, fn in
              (("auto", lambda: tiledmm.gemm(a, b)), ("ct80", lambda: tiledmm.gemm(a, b, kernel=CT80)),
               ("cublas", lambda: torch.matmul(a, b)))}
        row = {"case": f"{m}x{n}x{k} {layout}", "plan": f"{p['config']} x{p['split_k']}",
               "cold_auto": auto_cold[0]["tiledmm_us"], "cold_ct80": ct_cold[0]["tiledmm_us"],
               "cold_cublas": (auto_cold[0]["cublas_us"] + ct_cold[0]["cublas_us"]) / 2, **{f"kt_{x}": v for x, v in kt.items()}}
        rows.append(row)
        print(f"{row['case']:18s} plan {row['plan']:28s} cold auto {row['cold_auto']:6.2f} ct80 {row['cold_ct80']:6.2f} "
              f"cuBLAS {row['cold_cublas']:6.2f} | kernels auto {kt['auto']:6.1f} ct80 {kt['ct80']:6.1f} cuBLAS {kt['cublas']:6.1f}",
              flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[1], "w"), indent=1)
