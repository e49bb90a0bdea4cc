"""Session 51: deep-K 16-bit products of few tiles (M, N 500-1400, K 2048-6144), every config by
name (each cut along K as the planner cuts it) against the plan, kernel times (CUPTI, warm L2),
two rounds, cuBLAS alongside. Seeded random sample; nn with B's lines on / off their sectors,
and nt. argv: out.json [seed] [count]"""
import json, random, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

CONFIGS = ["auto", "128x128_k128B_2wg_s6", "128x64_k256B_2wg_s4", "64x64_k128B_1wg_s4", "64x80_ct_k256B_1wg_s5",
           "64x32_ct_k256B_1wg_s8", "128x96_ct_k128B_2wg_s6", "128x112_ct_k128B_2wg_s6", "128x144_ct_k128B_2wg_s5",
           "torch"]
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 52
count = int(sys.argv[3]) if len(sys.argv) > 3 else 30
rng = random.Random(seed)
DT = {"bf16": torch.bfloat16, "fp16": torch.float16}
rows = []
for i in range(count):
    layout = ["nn_on", "nn_off", "nt"][i % 3]
    m = rng.randrange(500, 1401)
    n = rng.randrange(500, 1401) // 16 * 16 + (8 if layout == "nn_off" else 0)
    k = rng.randrange(2048, 6145) // 16 * 16
    dts = rng.choice(["bf16", "fp16"])
    dt = DT[dts]
    a = torch.randn(m, k, device="cuda", dtype=dt)
    b = torch.randn(k, n, device="cuda", dtype=dt) if layout != "nt" else torch.randn(n, k, device="cuda", dtype=dt).t()
    ref = a.double() @ b.double()
    plan = tiledmm.plan_for(a, b)
    row = {"layout": layout, "dtype": dts, "m": m, "n": n, "k": k, "plan": plan["config"], "plan_split_k": plan["split_k"],
           "plan_last_wave": plan["last_wave_split"], "cuts": {}}
    for cfg in CONFIGS:
        if cfg == "torch":
            fn = lambda: torch.matmul(a, b)
        else:
            spec = None if cfg == "auto" else "wgmma:" + cfg
            p = tiledmm.plan_for(a, b, spec)
            row["cuts"][cfg] = (p["split_k"], p["last_wave_split"])
            got = tiledmm.gemm(a, b, kernel=spec).double()
            assert ((got - ref).abs().max() / ref.abs().max()).item() < 1e-2
            fn = lambda: tiledmm.gemm(a, b, kernel=spec)
        row[cfg] = [sum(us for _, us in kernel_table(fn, 20).values()) for _ in range(2)]
    rows.append(row)
    named = CONFIGS[1:-1]
    best = min(named, key=lambda c: min(row[c]))
    print(f"{layout:6} {dts} {m}x{n}x{k} plan {plan['config'][:10]} s{plan['split_k']} {min(row['auto']):6.2f} | best "
          f"{best[:10]} {min(row[best]):6.2f} ({min(row['auto']) / min(row[best]):.2f}x) | cuBLAS {min(row['torch']):6.2f} | " +
          " ".join(f"{c.split('_k')[0]}:{min(row[c]):.1f}" for c in named), flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[1], "w"), indent=1)
