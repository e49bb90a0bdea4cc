"""Session 48: which cuBLAS kernel runs each shape (its name: tile, stages, cluster) and its
kernel time, beside the plan's, on the same inputs (CUPTI, warm L2)."""
import json, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

out, shapes = sys.argv[1], sys.argv[2].split(",")
cc, sms = torch.cuda.get_device_capability(), torch.cuda.get_device_properties(0).multi_processor_count
rows = []
torch.manual_seed(0)
for spec in shapes:
    layout, s = spec.split(":") if ":" in spec else ("nn", spec)
    m, n, k = map(int, s.split("x"))
    dtype = torch.bfloat16
    a = torch.randn(m, k, device="cuda", dtype=dtype)
    b = torch.randn(n, k, device="cuda", dtype=dtype).t() if layout == "nt" else torch.randn(k, n, device="cuda", dtype=dtype)
    p = tiledmm.plan(m, n, k, dtype, b_col_major=layout == "nt", compute_capability=cc, sm_count=sms)
    ours = kernel_table(lambda: tiledmm.gemm(a, b), 30)
    theirs = kernel_table(lambda: torch.matmul(a, b), 30)
    row = {"shape": s, "layout": layout, "plan": p["config"], "split_k": p["split_k"],
           "last_wave": p["last_wave_split"], "ours": ours, "cublas": theirs,
           "ours_us": sum(us for _, us in ours.values()), "cublas_us": sum(us for _, us in theirs.values())}
    rows.append(row)
    print(f"{s:>16s} {layout} ours {row['ours_us']:6.1f} ({p['config']}) cublas {row['cublas_us']:6.1f} "
          + " | ".join(f"{name} {us:.1f}" for name, (_, us) in theirs.items()), flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(out, "w"), indent=1)
