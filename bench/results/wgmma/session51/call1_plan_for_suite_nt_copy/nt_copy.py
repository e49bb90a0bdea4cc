"""nt products with both operands' lines off their sectors: in place (the plan) against B copied
to a row-major, 128-byte pitched matrix (nn: A read by row classes), kernel times (CUPTI, warm L2),
and the copy's own time with torch's strided copy (an upper bound for a transposing copy kernel)."""
import json, sys, os
import torch
sys.path.insert(0, "bench")
from kernel_times import kernel_table
import tiledmm

def total(fn):
    t = kernel_table(fn, 20)
    return sum(us for _, us in t.values()), {k[:60]: round(us, 2) for k, (c, us) in t.items()}

out = []
shapes = [(768, 768, 760), (896, 896, 888), (1000, 1000, 1000), (1280, 1280, 1272), (1536, 1536, 1528),
          (2048, 2048, 2040), (1000, 4096, 1000), (4096, 1000, 1000), (3000, 3000, 2040), (4096, 4096, 4088)]
for dtype in (torch.bfloat16, torch.float16):
    for m, n, k in shapes:
        a = torch.randn(m, k, device="cuda").to(dtype)
        b_nt = torch.randn(n, k, device="cuda").to(dtype).t()
        pitch = (n + 63) // 64 * 64
        b_nn = torch.empty(k, pitch, device="cuda", dtype=dtype)[:, :n]
        b_nn.copy_(b_nt)
        p_nt, p_nn = tiledmm.plan_for(a, b_nt), tiledmm.plan_for(a, b_nn)
        t_nt, d_nt = total(lambda: tiledmm.gemm(a, b_nt))
        t_nn, d_nn = total(lambda: tiledmm.gemm(a, b_nn))
        t_cp, _ = total(lambda: b_nn.copy_(b_nt))
        t_cb, _ = total(lambda: torch.matmul(a, b_nt))
        torch.testing.assert_close(tiledmm.gemm(a, b_nn).float(), tiledmm.gemm(a, b_nt).float(), rtol=2e-2, atol=2e-1)
        row = dict(dtype=str(dtype)[6:], m=m, n=n, k=k, nt_us=round(t_nt, 2), nn_copy_us=round(t_nn, 2),
                   torch_copy_us=round(t_cp, 2), cublas_nt_us=round(t_cb, 2), nt_cfg=p_nt["config"],
                   nn_cfg=p_nn["config"], nt_kernels=d_nt, nn_kernels=d_nn)
        out.append(row)
        print(f"{row['dtype']:8} {m}x{n}x{k}: nt {t_nt:7.2f} [{p_nt['config']}]  nn(B copied) {t_nn:7.2f} "
              f"[{p_nn['config']}] + copy<= {t_cp:6.2f}  cuBLAS nt {t_cb:7.2f}", flush=True)
json.dump(out, open(sys.argv[1], "w"), indent=1)
