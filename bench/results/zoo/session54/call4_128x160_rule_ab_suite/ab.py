"""Sessions 52-53: the new plan (auto) against the previous plan's config by name (cut along K as the
planner cuts it, as before), kernel times (CUPTI, warm L2) and do_bench (L2 flushed), two rounds
each, cuBLAS alongside; every new plan checked against float64. argv: cases.json out.json"""
import json, sys, math
import torch, triton.testing
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

DT = {"bf16": torch.bfloat16, "fp16": torch.float16}
cases = json.load(open(sys.argv[1]))
out = []
for c in cases:
    m, n, k, dt = c["m"], c["n"], c["k"], DT[c["dtype"]]
    a = torch.randn(m, k, device="cuda", dtype=dt) if c["layout"][0] != "t" else torch.randn(k, m, device="cuda", dtype=dt).t()
    b = torch.randn(k, n, device="cuda", dtype=dt) if c["layout"][1] != "t" else torch.randn(n, k, device="cuda", dtype=dt).t()
    p = tiledmm.plan_for(a, b)
    assert p["config"] == c["config"], (p["config"], c)
    c["old_split_by_name"] = tiledmm.plan_for(a, b, "wgmma:" + c["old"])["split_k"]
    ref = a.double() @ b.double()
    got = tiledmm.gemm(a, b).double()
    assert ((got - ref).abs().max() / ref.abs().max()).item() < 1e-2
    fns = {"new": lambda: tiledmm.gemm(a, b), "old": lambda: tiledmm.gemm(a, b, kernel="wgmma:" + c["old"]),
           "torch": lambda: torch.matmul(a, b)}
    kt = {nm: [] for nm in fns}
    db = {nm: [] for nm in fns}
    for r in range(2):
        for nm, fn in fns.items():
            kt[nm].append(sum(us for _, us in kernel_table(fn, 20).values()))
            db[nm].append(1000 * triton.testing.do_bench(fn, warmup=10, rep=40))
    row = {**c, "kernel_us": kt, "do_bench_us": db}
    out.append(row)
    print(f"{c['layout']:6} {c['dtype']} {m}x{n}x{k} {c['old'][:10]} s{c['old_split_k']}/{c['old_split_by_name']} -> {c['config'][:10]}: kernel {min(kt['old']):6.2f} -> "
          f"{min(kt['new']):6.2f} ({min(kt['old']) / min(kt['new']):.3f}x) cuBLAS {min(kt['torch']):6.2f} | do_bench "
          f"{min(db['old']):6.2f} -> {min(db['new']):6.2f} ({min(db['old']) / min(db['new']):.3f}x) cuBLAS {min(db['torch']):6.2f}",
          flush=True)
g = lambda key, a, b: math.exp(sum(math.log(min(r[key][a]) / min(r[key][b])) for r in out) / len(out))
print(f"{len(out)} products: kernel time new/old speed {g('kernel_us', 'old', 'new'):.3f}x (geomean), "
      f"slower by > 3%: {sum(min(r['kernel_us']['new']) > 1.03 * min(r['kernel_us']['old']) for r in out)}; "
      f"do_bench {g('do_bench_us', 'old', 'new'):.3f}x, slower by > 3%: "
      f"{sum(min(r['do_bench_us']['new']) > 1.03 * min(r['do_bench_us']['old']) for r in out)}; against cuBLAS (kernel) "
      f"{g('kernel_us', 'torch', 'old'):.3f}x -> {g('kernel_us', 'torch', 'new'):.3f}x, (do_bench) "
      f"{g('do_bench_us', 'torch', 'old'):.3f}x -> {g('do_bench_us', 'torch', 'new'):.3f}x")
json.dump(out, open(sys.argv[2], "w"), indent=1)
