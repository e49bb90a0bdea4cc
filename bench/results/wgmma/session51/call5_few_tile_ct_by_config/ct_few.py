"""Session 51: few-tile 16-bit nn products that the planner gives 128x64 tiles, A row-major on its sectors, B row-major: the plan against
the 128-wide C^T configs by name (128x96, 128x112, 128x144), kernel times (CUPTI, warm L2), two
rounds, cuBLAS alongside. Sample: seeded random M, N in 600-1400, K in 512-4096 (multiple of 16);
N = 8 mod 16 (B's lines off their sectors) for the first group, N = 0 mod 16 for the control.
argv: out.json"""
import json, random, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

CT = ["128x96_ct_k128B_2wg_s6", "128x112_ct_k128B_2wg_s6", "128x144_ct_k128B_2wg_s5"]
rng = random.Random(51)
cases = []
for group, count in (("b_off", 28), ("b_on", 12)):
    while sum(c[0] == group for c in cases) < count:
        m = rng.randrange(600, 1401)
        n = rng.randrange(600, 1401) // 16 * 16 + (8 if group == "b_off" else 0)
        k = rng.randrange(512, 4097) // 16 * 16
        dt = rng.choice(["bf16", "fp16"])
        p = tiledmm.plan(m, n, k, torch.bfloat16, sm_count=132, b_off_sectors=group == "b_off",
                         b_off_cache_lines=n % 64 != 0)
        if p["config"] == "128x64_k256B_2wg_s4":
            cases.append((group, dt, m, n, k))
DT = {"bf16": torch.bfloat16, "fp16": torch.float16}
rows = []
for group, dts, m, n, k in cases:
    dt = DT[dts]
    a = torch.randn(m, k, device="cuda", dtype=dt)
    b = torch.randn(k, n, device="cuda", dtype=dt)
    ref = a.double() @ b.double()
    plan = tiledmm.plan_for(a, b)
    row = {"group": group, "dtype": dts, "m": m, "n": n, "k": k, "plan": plan["config"]}
    for cfg in ["auto"] + CT + ["torch"]:
        if cfg == "torch":
            fn = lambda: torch.matmul(a, b)
        else:
            spec = None if cfg == "auto" else "wgmma:" + cfg
            got = tiledmm.gemm(a, b, kernel=spec).double()
            assert ((got - ref).abs().max() / ref.abs().max()).item() < 1e-2
            fn = lambda: tiledmm.gemm(a, b, kernel=spec)
        row[cfg] = [sum(us for _, us in kernel_table(fn, 30).values()) for _ in range(2)]
    rows.append(row)
    best = min(CT, key=lambda c: min(row[c]))
    print(f"{group} {dts} {m}x{n}x{k} plan {plan['config'][:10]} {min(row['auto']):6.2f} | " +
          " ".join(f"{c.split('_')[0]}:{min(row[c]):6.2f}" for c in CT) +
          f" | best/plan {min(row['auto']) / min(row[best]):.3f} | cuBLAS {min(row['torch']):6.2f}", flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[1], "w"), indent=1)
