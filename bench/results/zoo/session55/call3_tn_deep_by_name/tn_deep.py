"""Session 55: tn (A column-major, a weight gradient dY^T X) at deep K, bf16, every cooperative
and wave config by name against the plan and cuBLAS, and the same products nn (A row-major)
alongside: how much the MN-major A costs each tile. Kernel times (CUPTI sums, warm L2, best of
two) and do_bench medians (L2 flushed); every result checked against float64 first; cuBLAS's
kernel names recorded. argv: out.json"""
import json, sys
import torch
import triton.testing
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

CONFIGS = ["auto", "128x256_k128B_2wg_s4", "128x192_k128B_2wg_s4", "128x128_k128B_2wg_s6",
           "128x128_k128B_pingpong_s6", "128x160_ct_k128B_2wg_s5", "128x96_ct_k128B_2wg_s6", "torch"]
SHAPES = [(5032, 840, 13632), (6864, 600, 5504), (4120, 1288, 8496), (3072, 768, 8192), (8192, 1024, 8192),
          (2048, 2048, 16384), (4096, 4096, 8192), (4864, 896, 8192)]
torch.manual_seed(0)
dt = torch.bfloat16
rows = []
for m, n, k in SHAPES:
    for lay in ("tn", "nn"):
        a = torch.randn(k, m, device="cuda", dtype=dt).t() if lay == "tn" else torch.randn(m, k, device="cuda", dtype=dt)
        b = torch.randn(k, n, device="cuda", dtype=dt)
        ref = a.double() @ b.double()
        p = tiledmm.plan_for(a, b)
        row = {"layout": lay, "shape": f"{m}x{n}x{k}", "plan": p["config"], "last_wave": p["last_wave_split"]}
        for cfg in CONFIGS:
            if cfg == "torch":
                fn = lambda: torch.matmul(a, b)
            else:
                spec = None if cfg == "auto" else "wgmma:" + cfg
                got = tiledmm.gemm(a, b, kernel=spec).double()
                err = ((got - ref).norm() / ref.norm()).item()
                assert err < 1e-2, (lay, m, n, k, cfg, err)
                fn = lambda: tiledmm.gemm(a, b, kernel=spec)
            tables = [kernel_table(fn, 20) for _ in range(2)]
            warm = min(sum(us for _, us in t.values()) for t in tables)
            cold = 1000 * triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")
            row[cfg] = {"kernel_us": warm, "do_bench_us": cold}
            if cfg == "torch":
                row["torch_kernels"] = sorted(tables[0])
        rows.append(row)
        short = lambda c: c.split("_k")[0].replace("_", "")
        print(f"{lay} {m}x{n}x{k} plan {p['config'][:12]}: " +
              " ".join(f"{short(c)} {row[c]['kernel_us']:.1f}/{row[c]['do_bench_us']:.1f}" for c in CONFIGS) +
              f" | {row['torch_kernels'][0][:60]}", flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[1], "w"), indent=1)
