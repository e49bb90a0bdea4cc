"""Session 53: the C^T configs by name with A column-major (tn, now read in place as the
kernel's MN-major B, swizzled in runs of 32 or 64 bytes) against A row-major (nn, K-major),
kernel times (CUPTI sums, warm L2), two rounds; cuBLAS and the plans alongside; every run
checked against float64. argv: out.json"""
import json, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

CT = ["64x32_ct_k256B_1wg_s8", "64x80_ct_k256B_1wg_s5", "128x96_ct_k128B_2wg_s6", "128x112_ct_k128B_2wg_s6",
      "128x144_ct_k128B_2wg_s5"]
CONFIGS = ["auto"] + CT + ["torch"]
SHAPES = [(4864, 896, 8192), (3072, 768, 8192), (3072, 1024, 2048), (2048, 1536, 985), (768, 768, 2048),
          (1024, 1024, 1024), (4096, 4096, 4096), (3072, 768, 256), (1536, 1536, 1536), (256, 1536, 2048),
          (768, 3072, 985), (1280, 1280, 4096)]
torch.manual_seed(0)
rows = []
dt = torch.bfloat16
for m, n, k in SHAPES:
    for layout in ("nn", "tn"):
        a = torch.randn(m, k, device="cuda", dtype=dt) if layout == "nn" else torch.randn(k, m, device="cuda", dtype=dt).t()
        b = torch.randn(k, n, device="cuda", dtype=dt)
        ref = a.double() @ b.double()
        p = tiledmm.plan_for(a, b)
        row = {"layout": layout, "shape": f"{m}x{n}x{k}", "plan": p["config"], "split_k": p["split_k"],
               "last_wave": p["last_wave_split"]}
        for cfg in CONFIGS:
            if cfg == "torch":
                fn = lambda: torch.matmul(a, b)
            else:
                spec = None if cfg == "auto" else "wgmma:" + cfg
                got = tiledmm.gemm(a, b, kernel=spec).double()
                err = ((got - ref).norm() / ref.norm()).item()
                assert err < 1e-2, (layout, m, n, k, cfg, err)
                fn = lambda: tiledmm.gemm(a, b, kernel=spec)
            row[cfg] = [sum(us for _, us in kernel_table(fn, 20).values()) for _ in range(2)]
        rows.append(row)
        t = lambda c: f"{min(row[c]):6.1f}"
        print(f"{layout} {m}x{n}x{k} plan {p['config'][:14]} s{p['split_k']} {p['last_wave_split']}: "
              + " ".join(f"{c.split('_k')[0].replace('_', '')}:{t(c)}" for c in CONFIGS), flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[1], "w"), indent=1)
