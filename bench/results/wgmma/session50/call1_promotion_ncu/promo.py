"""Session 50: TMA L2 promotion for input maps (TILEDMM_TMA_PROMOTION set per process),
kernel times (CUPTI, warm L2) of the plan on products whose lines sit off their sectors and
are read in place; cuBLAS alongside, with its kernel name. argv: out.json"""
import json, os, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

SHAPES = [  # (dtype, layout, m, n, k, named config or None)
    ("bf16", "nt", 1280, 1280, 1272, None),
    ("bf16", "nt", 1280, 1280, 1272, "128x256_k128B_2wg_s4"),
    ("bf16", "nt", 1000, 1000, 1000, None),
    ("bf16", "nn", 1000, 1000, 1000, None),
    ("bf16", "nn", 1280, 1272, 1280, None),
    ("bf16", "nn", 1024, 4088, 1024, None),
    ("bf16", "nn", 1024, 4088, 1024, "128x256_k128B_2wg_s4"),
    ("fp16", "nn", 1024, 3304, 2048, None),
    ("bf16", "nn", 4096, 4096, 4088, None),
    ("bf16", "nt", 2048, 2048, 2040, None),
    ("bf16", "nn", 1024, 1024, 1024, None),   # control: on sectors
    ("bf16", "nn", 2048, 2048, 2048, None),   # control
]
DT = {"bf16": torch.bfloat16, "fp16": torch.float16}
torch.manual_seed(0)
rows = []
mode = os.environ.get("TILEDMM_TMA_PROMOTION", "256")
for dts, lay, m, n, k, cfg in SHAPES:
    dt = DT[dts]
    a = torch.randn(m, k, device="cuda", dtype=dt)
    b = torch.randn(n, k, device="cuda", dtype=dt).t() if lay == "nt" else torch.randn(k, n, device="cuda", dtype=dt)
    ref = a.double() @ b.double()
    spec = None if cfg is None else "wgmma:" + cfg
    got = tiledmm.gemm(a, b, kernel=spec).double()
    err = ((got - ref).abs().max() / ref.abs().max()).item()
    assert err < 1e-2, err
    t_ours = kernel_table(lambda: tiledmm.gemm(a, b, kernel=spec), 30)
    t_cub = kernel_table(lambda: torch.matmul(a, b), 30)
    row = {"mode": mode, "dtype": dts, "layout": lay, "shape": f"{m}x{n}x{k}", "config": cfg or "auto",
           "ours_us": sum(us for _, us in t_ours.values()), "cublas_us": sum(us for _, us in t_cub.values()),
           "ours_kernels": {nm: us for nm, (_, us) in t_ours.items()},
           "cublas_kernels": {nm: us for nm, (_, us) in t_cub.items()}, "rel_err": err}
    rows.append(row)
    print(f"{mode:>4s} {dts} {lay} {row['shape']:>15s} {row['config'][:10]:10s} ours {row['ours_us']:7.2f} cublas {row['cublas_us']:7.2f} "
          f"| {max(t_cub, key=lambda x: t_cub[x][1])[:70]}", flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[1], "w"), indent=1)
