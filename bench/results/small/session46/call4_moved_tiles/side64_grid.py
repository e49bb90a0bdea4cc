"""Session 46: products with 32 < M <= 64 (bf16), kernel times (CUPTI, warm L2) of the
planner's plan, the C^T 64x32 tiles and 64x64 tiles by name, and cuBLAS, same inputs."""
import json, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

layout, out = sys.argv[1], sys.argv[2]
SPECS = {"auto": None, "ct32": "wgmma:64x32_ct_k256B_1wg_s8", "64x64": "wgmma:64x64_k128B_1wg_s4"}
NK = [(1024, 1024), (2048, 2048), (4096, 1024), (4096, 2048), (4096, 4096), (2048, 4096), (4096, 8192),
      (3072, 4096), (6144, 4096), (11008, 4096), (4096, 11008), (1024, 4096), (8192, 1024), (5120, 2048)]
cc, sms = torch.cuda.get_device_capability(), torch.cuda.get_device_properties(0).multi_processor_count
rows = []
for m in (33, 40, 48, 56, 64):
    for n, k in NK:
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        b = (torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t() if layout == "nt"
             else torch.randn(k, n, device="cuda", dtype=torch.bfloat16))
        p = tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=layout == "nt", compute_capability=cc, sm_count=sms)
        row = {"shape": f"{m}x{n}x{k}", "plan": f"{p['config']} x{p['split_k']}"}
        for name, spec in SPECS.items():
            row[name] = sum(us for _, us in kernel_table(lambda: tiledmm.gemm(a, b, kernel=spec), 20).values())
        row["cublas"] = sum(us for _, us in kernel_table(lambda: torch.matmul(a, b), 20).values())
        rows.append(row)
        print(f"{row['shape']:>14s} {layout} plan {row['plan']:26s} auto {row['auto']:6.1f} ct32 {row['ct32']:6.1f} "
              f"64x64 {row['64x64']:6.1f} cuBLAS {row['cublas']:6.1f} us", flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "layout": layout, "rows": rows}, open(out, "w"), indent=1)
