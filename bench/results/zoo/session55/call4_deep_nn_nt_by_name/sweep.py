"""Session 55: products of a cases file, each config by name against the plan and cuBLAS: kernel
times (CUPTI sums, warm L2, best of two) and do_bench medians (L2 flushed); every result checked
against float64 first. cases: [{layout, dtype, m, n, k}]. argv: cases.json out.json config..."""
import json, sys
import torch
import triton.testing
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

DT = {"bf16": torch.bfloat16, "fp16": torch.float16}
CONFIGS = ["auto"] + sys.argv[3:] + ["torch"]
torch.manual_seed(0)
rows = []
for c in json.load(open(sys.argv[1])):
    lay, m, n, k, dt = c["layout"], c["m"], c["n"], c["k"], DT[c["dtype"]]
    a = torch.randn(m, k, device="cuda", dtype=dt) if lay[0] == "n" else torch.randn(k, m, device="cuda", dtype=dt).t()
    b = torch.randn(k, n, device="cuda", dtype=dt) if lay[1] == "n" else torch.randn(n, k, device="cuda", dtype=dt).t()
    ref = a.double() @ b.double()
    p = tiledmm.plan_for(a, b)
    row = {**c, "plan": p["config"], "last_wave": p["last_wave_split"]}
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
    print(f"{lay} {c['dtype']} {m}x{n}x{k} plan {p['config'][:12]}: " +
          " ".join(f"{short(c)} {row[c]['kernel_us']:.1f}/{row[c]['do_bench_us']:.1f}" for c in CONFIGS), flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[2], "w"), indent=1)
