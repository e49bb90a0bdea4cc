"""Session 54: the 128x160 C^T config by name against the plan and its neighbours, bf16: kernel
times (CUPTI sums, warm L2, best of two) and do_bench medians (L2 flushed), torch alongside;
every result checked against float64 first. tn: A column-major (a weight gradient dY^T X; the
C^T configs of 64-byte runs read it in place); nn, nt. argv: out.json"""
import json, sys
import torch
import triton.testing
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

CONFIGS = ["auto", "128x160_ct_k128B_2wg_s5", "128x144_ct_k128B_2wg_s5", "128x96_ct_k128B_2wg_s6",
           "128x192_k128B_2wg_s4", "128x128_k128B_2wg_s6", "torch"]
CASES = [("tn", s) for s in [(3072, 768, 985), (3072, 768, 2048), (3072, 768, 8192), (768, 3072, 985),
                              (768, 3072, 2048), (768, 3072, 8192), (4864, 896, 2048), (4864, 896, 8192),
                              (3072, 1024, 2048), (2560, 896, 4096)]]
CASES += [(lay, s) for lay in ("nn", "nt") for s in [(3072, 768, 8192), (2560, 896, 4096), (3000, 640, 3000),
                                                       (4864, 896, 2048)]]
torch.manual_seed(0)
dt = torch.bfloat16
rows = []
for lay, (m, n, k) in CASES:
    a = torch.randn(m, k, device="cuda", dtype=dt) if lay != "tn" else torch.randn(k, m, device="cuda", dtype=dt).t()
    b = torch.randn(k, n, device="cuda", dtype=dt) if lay != "nt" else torch.randn(n, k, device="cuda", dtype=dt).t()
    ref = a.double() @ b.double()
    p = tiledmm.plan_for(a, b)
    row = {"layout": lay, "shape": f"{m}x{n}x{k}", "plan": p["config"], "split_k": p["split_k"],
           "last_wave": p["last_wave_split"]}
    for cfg in CONFIGS:
        if cfg == "torch":
            fn = lambda: torch.matmul(a, b)
        else:
            spec = None if cfg == "auto" else "wgmma:" + cfg
            got = tiledmm.gemm(a, b, kernel=spec).double()
            err = ((got - ref).norm() / ref.norm()).item()
            assert err < 1e-2, (lay, m, n, k, cfg, err)
            fn = lambda: tiledmm.gemm(a, b, kernel=spec)
        warm = min(sum(us for _, us in kernel_table(fn, 20).values()) for _ in range(2))
        cold = 1000 * triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")
        row[cfg] = {"kernel_us": warm, "do_bench_us": cold}
    rows.append(row)
    short = lambda c: c.split("_k")[0].replace("_", "")
    print(f"{lay} {m}x{n}x{k} plan {p['config'][:12]}: " +
          " ".join(f"{short(c)} {row[c]['kernel_us']:.1f}/{row[c]['do_bench_us']:.1f}" for c in CONFIGS), flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[1], "w"), indent=1)
