"""Session 51: small 16-bit products (<= 1024) whose lines sit off their 32-byte sectors, every
config by name against the plan, kernel times (CUPTI, warm L2), cuBLAS alongside, two rounds.
After session 50's 128-byte L2 promotion, which made such reads cheaper: does the plan still
pick the best? argv: out.json"""
import json, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

CONFIGS = ["auto", "128x128_k128B_2wg_s6", "128x64_k256B_2wg_s4", "64x64_k128B_1wg_s4", "64x80_ct_k256B_1wg_s5",
           "64x32_ct_k256B_1wg_s8", "128x96_ct_k128B_2wg_s6", "128x112_ct_k128B_2wg_s6", "torch"]
DT = {"bf16": torch.bfloat16, "fp16": torch.float16}
SHAPES = [(1000, 1000, 1000), (1024, 1024, 1024), (1024, 1024, 1000), (1000, 1024, 1024), (1000, 1000, 1024),
          (896, 896, 888), (896, 896, 896), (768, 768, 760), (768, 768, 768), (640, 640, 632), (512, 512, 504),
          (1000, 1000, 512), (1000, 1000, 2000)]
torch.manual_seed(0)
rows = []
for dts in ("bf16", "fp16"):
    dt = DT[dts]
    for layout in ("nn", "nt"):
        for m, n, k in SHAPES:
            a = torch.randn(m, k, device="cuda", dtype=dt)
            b = torch.randn(k, n, device="cuda", dtype=dt) if layout == "nn" else torch.randn(n, k, device="cuda", dtype=dt).t()
            ref = a.double() @ b.double()
            row = {"dtype": dts, "layout": layout, "shape": f"{m}x{n}x{k}", "plan": tiledmm.plan_for(a, b)["config"]}
            for cfg in CONFIGS:
                if cfg == "torch":
                    fn = lambda: torch.matmul(a, b)
                else:
                    spec = None if cfg == "auto" else "wgmma:" + cfg
                    got = tiledmm.gemm(a, b, kernel=spec).double()
                    err = ((got - ref).abs().max() / ref.abs().max()).item()
                    assert err < 1e-2, (dts, m, n, k, cfg, err)
                    fn = lambda: tiledmm.gemm(a, b, kernel=spec)
                row[cfg] = [sum(us for _, us in kernel_table(fn, 30).values()) for _ in range(2)]
            rows.append(row)
            best = min((c for c in CONFIGS[1:-1]), key=lambda c: min(row[c]))
            print(f"{dts} {layout} {row['shape']:>15s} plan {row['plan'][:12]:12s} {min(row['auto']):5.2f} | best {best[:12]:12s} "
                  f"{min(row[best]):5.2f} | cuBLAS {min(row['torch']):5.2f} | " +
                  " ".join(f"{c.split('_k')[0]}:{min(row[c]):.2f}" for c in CONFIGS[1:-1]), flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[1], "w"), indent=1)
