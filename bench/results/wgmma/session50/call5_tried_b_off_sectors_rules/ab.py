"""Session 48: the plans against another config by name ("old"), kernel
times (CUPTI, warm L2) and do_bench medians, cuBLAS on the same inputs, two rounds.
argv: cases.json (list of {dtype, layout, shape, old}), out.json."""
import json, sys
import torch
import triton.testing
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

DT = {"bf16": torch.bfloat16, "fp16": torch.float16, "tf32": torch.float32}
cases, out = json.load(open(sys.argv[1])), sys.argv[2]
cc, sms = torch.cuda.get_device_capability(), torch.cuda.get_device_properties(0).multi_processor_count
rows = []
torch.manual_seed(0)
for c in cases:
    dt = DT[c["dtype"]]
    torch.backends.cuda.matmul.allow_tf32 = c["dtype"] == "tf32"
    m, n, k = map(int, c["shape"].split("x"))
    a = torch.randn(m, k, device="cuda", dtype=dt)
    b = torch.randn(n, k, device="cuda", dtype=dt).t() if c["layout"] == "nt" else torch.randn(k, n, device="cuda", dtype=dt)
    # the plan as the call sees its operands (alignment and sectors, where the case gives them)
    p = tiledmm.plan(m, n, k, dt, b_col_major=c["layout"] == "nt", compute_capability=cc, sm_count=sms,
                     allow_tf32=c["dtype"] == "tf32", a_aligned=c.get("a_aligned", True),
                     b_aligned=c.get("b_aligned", True), a_off_sectors=c.get("a_off", False),
                     b_off_sectors=c.get("b_off", False))
    specs = {"new": None, "old": "wgmma:" + c["old"], "cublas": "torch"}
    # correctness of the new plan against float64 (fresh data; output poisoned by the op itself)
    ref = (a.double() @ b.double())
    got = tiledmm.gemm(a, b).double()
    err = ((got - ref).abs().max() / ref.abs().max()).item()
    row = {**c, "new_plan": f"{p['config']} x{p['split_k']} {p['last_wave_split']}", "rel_err": err}
    for r in (1, 2):
        for name, spec in specs.items():
            fn = (lambda: torch.matmul(a, b)) if spec == "torch" else (lambda: tiledmm.gemm(a, b, kernel=spec))
            row[f"{name}_kt{r}"] = sum(us for _, us in kernel_table(fn, 30).values())
            row[f"{name}_db{r}"] = 1000 * triton.testing.do_bench(fn, warmup=10, rep=50, return_mode="median")
    rows.append(row)
    print(f"{c['dtype']} {c['layout']} {c['shape']:>16s} old {c['old'][:12]:12s} new {row['new_plan'][:30]:30s} err {err:.1e} | "
          + " ".join(f"{nm} {row[nm + '_kt1']:6.1f} {row[nm + '_kt2']:6.1f}" for nm in specs)
          + " | db " + " ".join(f"{nm} {row[nm + '_db1']:6.1f} {row[nm + '_db2']:6.1f}" for nm in specs), flush=True)
torch.backends.cuda.matmul.allow_tf32 = False
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(out, "w"), indent=1)
