"""Session 53: products of 513-1535 rows with both operands K-major and their lines off their
sectors (K = 8 mod 16), 2048^3 of work or more: the build's rule (B in place, and the planner's
128x128 rule for such operands) against TILEDMM_SECTOR_COPY=by-work (B copied, the plan as
before), do_bench (3 rounds, L2 flushed) and kernel times, cuBLAS alongside.
Run once per setting of the switch. argv: label out.json"""
import json, os, statistics, sys
import torch, triton.testing
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table
CASES = [("nt", "bf16", 1024, 1024, 8200), ("nt", "bf16", 768, 1536, 8200), ("nt", "bf16", 1280, 1152, 6152),
         ("nt", "fp16", 896, 1280, 8200), ("nt", "bf16", 1152, 1024, 7176), ("nt", "fp16", 1536 - 8, 768, 8200)]
DT = {"bf16": torch.bfloat16, "fp16": torch.float16}
us = lambda fn: 1000 * triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")
rows = []
for layout, dts, m, n, k in CASES:
    dt = DT[dts]
    torch.manual_seed(0)
    a = torch.randn(m, k, device="cuda", dtype=dt)
    b = torch.randn(k, n, device="cuda", dtype=dt) if layout == "nn" else torch.randn(n, k, device="cuda", dtype=dt).t()
    ref = a.double() @ b.double()
    err = ((tiledmm.gemm(a, b).double() - ref).norm() / ref.norm()).item()
    assert err < 1e-2, err
    fns = {"tiledmm": lambda: tiledmm.gemm(a, b), "torch": lambda: torch.matmul(a, b)}
    db = {k_: [] for k_ in fns}
    for _ in range(3):
        for k_, fn in fns.items():
            db[k_].append(us(fn))
    kt = {k_: sum(t for _, t in kernel_table(fn, 10).values()) for k_, fn in fns.items()}
    kernels = list(kernel_table(fns["tiledmm"], 3).keys())
    p = tiledmm.plan_for(a, b)
    row = dict(layout=layout, dtype=dts, m=m, n=n, k=k, config=p["config"], split_k=p["split_k"],
               do_bench_us={k_: statistics.median(v) for k_, v in db.items()}, kernel_us=kt, kernels=[x[:60] for x in kernels])
    rows.append(row)
    print(f"{sys.argv[1]:8} {layout} {dts} {m}x{n}x{k} {p['config'][:20]} s{p['split_k']}: do_bench {row['do_bench_us']['tiledmm']:8.1f} "
          f"(cuBLAS {row['do_bench_us']['torch']:8.1f}) kernel {kt['tiledmm']:8.1f} ({kt['torch']:8.1f}) launches {len(kernels)}", flush=True)
json.dump({"label": sys.argv[1], "switch": os.environ.get("TILEDMM_SECTOR_COPY"), "rows": rows}, open(sys.argv[2], "w"), indent=1)
