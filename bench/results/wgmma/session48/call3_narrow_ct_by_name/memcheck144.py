"""Session 48: a 128-wide C^T config by name (argv[1]; default 128x144) under compute-sanitizer: every layout, bf16
and fp16, ragged shapes (a last tile moved inside along C's rows), persistent blocks of
several tiles, outputs TMA cannot store (row-wise stores), bias + gelu, checked against
float64."""
import torch, tiledmm
torch.manual_seed(0)
import sys
SPEC = sys.argv[1] if len(sys.argv) > 1 else "wgmma:128x144_ct_k128B_2wg_s5"
for dt in (torch.bfloat16, torch.float16):
    for m, n, k in [(200, 300, 136), (333, 577, 1000), (1536, 1536, 1536), (1540, 1530, 1000), (2180, 1930, 600),
                    (145, 129, 70), (1000, 36, 200)]:
        for at in (False, True):
            for bt in (False, True):
                a = torch.randn(k, m, device="cuda", dtype=dt).t() if at else torch.randn(m, k, device="cuda", dtype=dt)
                b = torch.randn(n, k, device="cuda", dtype=dt).t() if bt else torch.randn(k, n, device="cuda", dtype=dt)
                c = tiledmm.gemm(a, b, kernel=SPEC).double()
                ref = a.double() @ b.double()
                err = ((c - ref).abs().max() / ref.abs().max()).item()
                assert err < 2e-2, (dt, m, n, k, at, bt, err)
    x = torch.randn(333, 1000, device="cuda", dtype=dt); w = torch.randn(577, 1000, device="cuda", dtype=dt)
    bias = torch.randn(577, device="cuda", dtype=dt)
    y = tiledmm.linear(x, w, bias, activation="gelu", kernel=SPEC).double()
    ref = torch.nn.functional.gelu(x.double() @ w.double().t() + bias.double())
    assert ((y - ref).abs().max() / ref.abs().max()).item() < 2e-2
print("memcheck workload done")
