"""Session 37 A/B: the planner's choice (tiledmm.gemm, auto) on the listed problems, GPU time per
call from CUDA events around a CUDA graph of 10 calls (median of 7 replays), with whichever
build is loaded; one JSON line per problem (plan, time, max error against float64)."""
import json, sys
import torch
import tiledmm
sys.path.insert(0, "exp/s37")
from graph_timing import time_us  # noqa: E402

label = sys.argv[2]
SMS = torch.cuda.get_device_properties(0).multi_processor_count
for line in open(sys.argv[1]):
    dt, layout, shape, kind = line.split()
    m, n, k = map(int, shape.split("x"))
    dtype = {"bf16": torch.bfloat16, "fp16": torch.float16, "tf32": torch.float32}[dt]
    torch.backends.cuda.matmul.allow_tf32 = True
    a = torch.randn(m, k, device="cuda", dtype=dtype)
    b = torch.randn(n, k, device="cuda", dtype=dtype).t() if layout == "nt" else torch.randn(k, n, device="cuda", dtype=dtype)
    p = tiledmm.plan(m, n, k, dtype, b_col_major=layout == "nt", sm_count=SMS, compute_capability=(9, 0))
    out = tiledmm.gemm(a, b)
    ref = torch.matmul(a.double(), b.double())
    err = ((out.double() - ref).abs().max() / ref.abs().max()).item()
    t = time_us(lambda: tiledmm.gemm(a, b))
    tc = time_us(lambda: torch.matmul(a, b))
    print(json.dumps({"build": label, "dtype": dt, "layout": layout, "shape": shape, "kind": kind,
                      "plan": [p["config"], p["split_k"], p["last_wave_split"]], "us": round(t, 2),
                      "cublas_us": round(tc, 2), "err": err}))
