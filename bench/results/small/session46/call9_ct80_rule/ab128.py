"""Session 46, call 9: 64 < M <= 128 products whose plan the 64x80 C^T rule changed: the new
plan (auto) against the old plan by name (old_plans_128.json: the previous build's planner),
streamed cold as bench/decode_stream.py runs them and as kernel times (warm), cuBLAS alongside."""
import json, statistics, sys
sys.path.insert(0, "bench")
import torch, tiledmm
from decode_stream import run
from kernel_times import kernel_table

old = json.load(open(sys.argv[1]))
rows = []
for case, old_spec in old.items():
    shape, layout = case.split()
    m, n, k = (int(v) for v in shape.split("x"))
    p = tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=layout == "nt", compute_capability=(9, 0), sm_count=132)
    assert p["config"] == "64x80_ct_k256B_1wg_s5", (case, p)
    _, new_cold = run("bf16", [layout], [(m, n, k)], reps=20, kernel=None)
    _, old_cold = run("bf16", [layout], [(m, n, k)], reps=20, kernel=old_spec)
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t() if layout == "nt" else \
        torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
    kt = {name: sum(us for _, us in kernel_table(fn, 20).values()) for name, fn in
          (("new", lambda: tiledmm.gemm(a, b)), ("old", lambda: tiledmm.gemm(a, b, kernel=old_spec)),
           ("cublas", lambda: torch.matmul(a, b)))}
    row = {"case": case, "old_plan": old_spec, "cold_new": new_cold[0]["tiledmm_us"], "cold_old": old_cold[0]["tiledmm_us"],
           "cold_cublas": (new_cold[0]["cublas_us"] + old_cold[0]["cublas_us"]) / 2,
           **{f"kt_{name}": v for name, v in kt.items()}}
    rows.append(row)
    print(f"{case:18s} old {old_spec:32s} cold new {row['cold_new']:6.2f} old {row['cold_old']:6.2f} cuBLAS "
          f"{row['cold_cublas']:6.2f} | kernels new {kt['new']:6.1f} old {kt['old']:6.1f} cuBLAS {kt['cublas']:6.1f}", flush=True)
geo = statistics.geometric_mean
print(f"geomean old/new: cold {geo([r['cold_old'] / r['cold_new'] for r in rows]):.3f} "
      f"(slower by > 3%: {sum(r['cold_new'] > 1.03 * r['cold_old'] for r in rows)} of {len(rows)}), kernels "
      f"{geo([r['kt_old'] / r['kt_new'] for r in rows]):.3f} (slower by > 3%: "
      f"{sum(r['kt_new'] > 1.03 * r['kt_old'] for r in rows)}); vs cuBLAS cold new "
      f"{geo([r['cold_cublas'] / r['cold_new'] for r in rows]):.3f} old {geo([r['cold_cublas'] / r['cold_old'] for r in rows]):.3f}")
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[2], "w"), indent=1)
