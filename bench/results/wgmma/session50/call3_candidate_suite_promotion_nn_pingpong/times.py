"""Session 50: kernel times (CUPTI, warm L2) of the plan (or a named config) and cuBLAS on the
same inputs, for a list of shapes; the mode (environment) is recorded as given.
argv: shapes.json (list of [dtype, layout, m, n, k, config or null]), tag, out.json"""
import json, os, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

DT = {"bf16": torch.bfloat16, "fp16": torch.float16}
shapes, tag, out = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
torch.manual_seed(0)
rows = []
for dts, lay, m, n, k, cfg in shapes:
    dt = DT[dts]
    a = torch.randn(m, k, device="cuda", dtype=dt)
    b = torch.randn(n, k, device="cuda", dtype=dt).t() if lay == "nt" else torch.randn(k, n, device="cuda", dtype=dt)
    ref = a.double() @ b.double()
    spec = None if cfg is None else "wgmma:" + cfg
    got = tiledmm.gemm(a, b, kernel=spec).double()
    err = ((got - ref).abs().max() / ref.abs().max()).item()
    assert err < 1e-2, (dts, lay, m, n, k, err)
    t_ours = kernel_table(lambda: tiledmm.gemm(a, b, kernel=spec), 30)
    t_cub = kernel_table(lambda: torch.matmul(a, b), 30)
    row = {"tag": tag, "dtype": dts, "layout": lay, "shape": f"{m}x{n}x{k}", "config": cfg or "auto",
           "ours_us": sum(us for _, us in t_ours.values()), "cublas_us": sum(us for _, us in t_cub.values()),
           "ours_kernels": {nm: us for nm, (_, us) in t_ours.items()}, "rel_err": err}
    rows.append(row)
    print(f"{tag:>8s} {dts} {lay} {row['shape']:>15s} {row['config'][:12]:12s} ours {row['ours_us']:7.2f} "
          f"cublas {row['cublas_us']:7.2f} kernels {len(t_ours)}", flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(out, "w"), indent=1)
