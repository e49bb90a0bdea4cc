"""Session 55: products where the wave rule ties 128x192 against 128x128 (3 x 128x192's waves =
2 x 128x128's, the last 128x192 wave under 90% of the SMs, so 128x128 is planned) at deep K
(4096-8192), bf16 tn/nn/nt: the plan, both configs by name and cuBLAS, kernel times (CUPTI
sums, warm L2, best of two) and do_bench medians (L2 flushed); each checked against float64.
argv: cases.json out.json"""
import json, sys
import torch
import triton.testing
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

CONFIGS = ["auto", "128x192_k128B_2wg_s4", "128x128_k128B_2wg_s6", "torch"]
torch.manual_seed(0)
dt = torch.bfloat16
rows = []
for c in json.load(open(sys.argv[1])):
    lay, m, n, k = c["layout"], c["m"], c["n"], c["k"]
    a = torch.randn(m, k, device="cuda", dtype=dt) if lay[0] == "n" else torch.randn(k, m, device="cuda", dtype=dt).t()
    b = torch.randn(k, n, device="cuda", dtype=dt) if lay[1] == "n" else torch.randn(n, k, device="cuda", dtype=dt).t()
    ref = a.double() @ b.double()
    p = tiledmm.plan_for(a, b)
    row = {**c, "plan_here": p["config"], "last_wave_split": p["last_wave_split"]}
    for cfg in CONFIGS:
        if cfg == "torch":
            fn = lambda: torch.matmul(a, b)
        else:
            spec = None if cfg == "auto" else "wgmma:" + cfg
            got = tiledmm.gemm(a, b, kernel=spec).double()
            err = ((got - ref).norm() / ref.norm()).item()
            assert err < 1e-2, (lay, m, n, k, cfg, err)
            fn = lambda: tiledmm.gemm(a, b, kernel=spec)
            row[cfg + "_plan"] = tiledmm.plan_for(a, b, spec)["last_wave_split"]
        warm = min(sum(us for _, us in kernel_table(fn, 20).values()) for _ in range(2))
        cold = 1000 * triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")
        row[cfg] = {"kernel_us": warm, "do_bench_us": cold}
    rows.append(row)
    print(f"{lay} {m}x{n}x{k} plan {p['config'][:7]} lws {p['last_wave_split']}: " +
          " ".join(f"{c[:7]} {row[c]['kernel_us']:.1f}/{row[c]['do_bench_us']:.1f}" for c in CONFIGS), flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[2], "w"), indent=1)
