"""Session 47: kernel times (CUPTI, warm L2) of the plan at each shape, bf16 nn, in this
process's setting of TILEDMM_SPLIT_LAST_WAVE (run once with it, once with =off)."""
import json, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table
shapes, out = sys.argv[1].split(","), sys.argv[2]
rows = []
torch.manual_seed(0)
for s in shapes:
    m, n, k = map(int, s.split("x"))
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
    p = tiledmm.plan(m, n, k, torch.bfloat16)
    t = kernel_table(lambda: tiledmm.gemm(a, b), 20)
    rows.append({"shape": s, "config": p["config"], "last_wave_split": p["last_wave_split"],
                 "us": sum(us for _, us in t.values()), "kernels": {k_: v[1] for k_, v in t.items()}})
    print(f"{s:>16s} {p['config'][:8]} {str(p['last_wave_split']):12s} {rows[-1]['us']:8.1f}", flush=True)
json.dump(rows, open(out, "w"), indent=0)
