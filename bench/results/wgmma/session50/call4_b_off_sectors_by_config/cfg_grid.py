"""Session 50: every 16-bit wgmma config by name and the plan, kernel times (CUPTI, warm L2),
cuBLAS alongside, on products whose row-major B sits off its sectors and is read in place.
Two rounds. argv: shapes.json (list of [dtype, m, n, k]), out.json"""
import json, sys
import torch
sys.path.insert(0, "bench")
import tiledmm
from kernel_times import kernel_table

CONFIGS = ["auto", "128x256_k128B_2wg_s4", "128x192_k128B_2wg_s4", "128x128_k128B_2wg_s6",
           "128x128_k128B_pingpong_s6", "128x64_k256B_2wg_s4", "128x144_ct_k128B_2wg_s5",
           "128x112_ct_k128B_2wg_s6", "torch"]
DT = {"bf16": torch.bfloat16, "fp16": torch.float16}
shapes, out = json.load(open(sys.argv[1])), sys.argv[2]
torch.manual_seed(0)
rows = []
for dts, m, n, k in shapes:
    dt = DT[dts]
    a = torch.randn(m, k, device="cuda", dtype=dt)
    b = torch.randn(k, n, device="cuda", dtype=dt)
    ref = a.double() @ b.double()
    row = {"dtype": dts, "shape": f"{m}x{n}x{k}"}
    for cfg in CONFIGS:
        if cfg == "torch":
            fn = lambda: torch.matmul(a, b)
        else:
            spec = None if cfg == "auto" else "wgmma:" + cfg
            got = tiledmm.gemm(a, b, kernel=spec).double()
            err = ((got - ref).abs().max() / ref.abs().max()).item()
            assert err < 1e-2, (dts, m, n, k, cfg, err)
            fn = lambda: tiledmm.gemm(a, b, kernel=spec)
        row[cfg] = [sum(us for _, us in kernel_table(fn, 30).values()) for _ in range(2)]
    rows.append(row)
    print(f"{dts} {row['shape']:>15s} " + " ".join(f"{c.split('_')[0] + ('pp' if 'pingpong' in c else '')}:{min(row[c]):.1f}" for c in CONFIGS), flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(out, "w"), indent=1)
