"""Session 45 calls 5-6: the planner's new plan (auto) against the old plan by name, per
(dtype, shape, layout) ("bfloat16 MxNxK nn", or a bare shape: bf16 nn; nt: B column-major): do_bench (L2 flushed; two rounds, alternating order) and kernel times (CUPTI, warm),
with cuBLAS in the same run."""
import json, os, statistics, sys
import torch, triton
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

old = json.load(open(sys.argv[1]))
torch.backends.cuda.matmul.allow_tf32 = True  # float32 cases run as TF32, cuBLAS's too
rows = []
cc, sms = torch.cuda.get_device_capability(), torch.cuda.get_device_properties(0).multi_processor_count
for case, old_spec in old.items():
    dtype_name, shape, layout = case.split() if " " in case else ("bfloat16", case, "nn")
    dtype = getattr(torch, dtype_name)
    m, n, k = (int(v) for v in shape.split("x"))
    a = torch.randn(m, k, device="cuda", dtype=dtype)
    b = torch.randn(n, k, device="cuda", dtype=dtype).t() if layout == "nt" else torch.randn(k, n, device="cuda", dtype=dtype)
    kw = dict(b_col_major=layout == "nt", compute_capability=cc, sm_count=sms, allow_tf32=True)
    p = tiledmm.plan(m, n, k, dtype, **kw)
    po = tiledmm.plan(m, n, k, dtype, kernel=old_spec, **kw)
    shape = case
    fns = {"new": lambda: tiledmm.gemm(a, b), "old": lambda: tiledmm.gemm(a, b, kernel=old_spec),
           "cublas": lambda: torch.matmul(a, b)}
    ref = torch.matmul(a.double(), b.double())
    for name in ("new", "old"):
        err = (fns[name]().double() - ref).abs().max().item() / ref.abs().max().item()
        assert err < 1e-2, (shape, name, err)
    bench = {name: [] for name in fns}
    for rnd in range(2):
        for name in (fns if rnd == 0 else reversed(list(fns))):
            bench[name].append(triton.testing.do_bench(fns[name]) * 1e3)
    kt = {name: sum(us for _, us in kernel_table(fn, 20).values()) for name, fn in fns.items()}
    row = {"shape": shape, "new_plan": f"{p['config']} x{p['split_k']}", "old_plan": f"{po['config']} x{po['split_k']}",
           **{f"bench_{k}": statistics.median(v) for k, v in bench.items()}, **{f"kt_{k}": v for k, v in kt.items()}}
    rows.append(row)
    print(f"{shape:>28} new {row['new_plan']:>26} old {row['old_plan']:>26} | do_bench new {row['bench_new']:6.1f} "
          f"old {row['bench_old']:6.1f} cuBLAS {row['bench_cublas']:6.1f} us | kernels new {kt['new']:6.1f} "
          f"old {kt['old']:6.1f} cuBLAS {kt['cublas']:6.1f} us", flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[2], "w"), indent=1)
def geo(xs):
    return statistics.geometric_mean(xs)
print(f"geomean old/new: do_bench {geo([r['bench_old'] / r['bench_new'] for r in rows]):.3f}, "
      f"kernels {geo([r['kt_old'] / r['kt_new'] for r in rows]):.3f}; "
      f"new slower than old by > 3% (do_bench): {sum(r['bench_new'] > 1.03 * r['bench_old'] for r in rows)} of {len(rows)}")
