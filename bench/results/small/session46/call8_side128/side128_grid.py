"""Session 46: products with 64 < M < 128 (bf16), whose 128-row tiles reach past M where they
cannot move: kernel times (CUPTI, warm L2) of the planner's plan and other configs by name
(64x64 and 64x80 C^T tiles, which move inside), cuBLAS, same inputs."""
import json, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

layout, out = sys.argv[1], sys.argv[2]
SPECS = {"auto": None, "64x64": "wgmma:64x64_k128B_1wg_s4", "ct80": "wgmma:64x80_ct_k256B_1wg_s5",
         "128x64": "wgmma:128x64_k256B_2wg_s4"}
NK = [(4096, 1024), (4096, 2048), (4096, 4096), (2048, 4096), (4096, 8192), (11008, 4096), (4096, 11008)]
cc, sms = torch.cuda.get_device_capability(), torch.cuda.get_device_properties(0).multi_processor_count
rows = []
for m in (65, 80, 96, 112, 127, 128):
    for n, k in NK:
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        b = (torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t() if layout == "nt"
             else torch.randn(k, n, device="cuda", dtype=torch.bfloat16))
        row = {"shape": f"{m}x{n}x{k}"}
        for name, spec in SPECS.items():
            p = tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=layout == "nt", compute_capability=cc, sm_count=sms,
                             kernel=spec)
            row[f"plan_{name}"] = f"{p['config']} x{p['split_k']}"
            row[name] = sum(us for _, us in kernel_table(lambda: tiledmm.gemm(a, b, kernel=spec), 20).values())
        row["cublas"] = sum(us for _, us in kernel_table(lambda: torch.matmul(a, b), 20).values())
        rows.append(row)
        print(f"{row['shape']:>14s} {layout} " + " ".join(f"{k} {row[k]:6.1f} ({row['plan_' + k]})" for k in SPECS)
              + f" cuBLAS {row['cublas']:6.1f} us", flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "layout": layout, "rows": rows}, open(out, "w"), indent=1)
