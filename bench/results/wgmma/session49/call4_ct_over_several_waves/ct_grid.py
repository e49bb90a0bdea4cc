"""Session 48: bf16 products, kernel times (CUPTI, warm L2) of
the plan, every wgmma config by name, and cuBLAS on the same inputs. One process per
setting (the measurement switches are read once per process)."""
import json, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

layout, out = sys.argv[1], sys.argv[2]
shapes = sys.argv[3].split(",")
CONFIGS = {"auto": None, "128x256": "wgmma:128x256_k128B_2wg_s4", "128x128": "wgmma:128x128_k128B_2wg_s6",
           "128x64": "wgmma:128x64_k256B_2wg_s4", "64x64": "wgmma:64x64_k128B_1wg_s4",
           "ct32": "wgmma:64x32_ct_k256B_1wg_s8", "ct80": "wgmma:64x80_ct_k256B_1wg_s5",
           "pp": "wgmma:128x128_k128B_pingpong_s6", "128x192": "wgmma:128x192_k128B_2wg_s4",
           "ct96": "wgmma:128x96_ct_k128B_2wg_s6", "ct112": "wgmma:128x112_ct_k128B_2wg_s6",
           "ct144": "wgmma:128x144_ct_k128B_2wg_s5"}
# argv[4], optional: the configs to time (comma separated; default all but ping-pong)
wanted = sys.argv[4].split(",") if len(sys.argv) > 4 else [c for c in CONFIGS if c != "pp"]
CONFIGS = {c: CONFIGS[c] for c in wanted}
cc, sms = torch.cuda.get_device_capability(), torch.cuda.get_device_properties(0).multi_processor_count
rows = []
torch.manual_seed(0)
for s in shapes:
    m, n, k = map(int, s.split("x"))
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    b = (torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t() if layout == "nt"
         else torch.randn(k, n, device="cuda", dtype=torch.bfloat16))
    p = tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=layout == "nt", compute_capability=cc, sm_count=sms)
    row = {"shape": s, "plan": f"{p['config']} x{p['split_k']}", "last_wave": p["last_wave_split"], "kernels": {}}
    for name, spec in list(CONFIGS.items()) + [("cublas", "torch")]:
        fn = (lambda: torch.matmul(a, b)) if spec == "torch" else (lambda: tiledmm.gemm(a, b, kernel=spec))
        t = kernel_table(fn, 30)
        row[name] = sum(us for _, us in t.values())
        row["kernels"][name] = len(t)
    rows.append(row)
    print(f"{s:>16s} {layout} {row['plan']:24s} " + " ".join(
        f"{c} {row[c]:5.1f}{'+' if row['kernels'][c] > 1 else ''}" for c in list(CONFIGS) + ["cublas"]), flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "layout": layout, "rows": rows}, open(out, "w"), indent=1)
