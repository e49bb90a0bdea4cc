"""Session 47: the 128x192 config by name under compute-sanitizer: every layout, bf16 and
TF32, ragged shapes, whole tiles, split-K, a split last wave, bias + gelu, checked
against float64."""
import torch, tiledmm
torch.manual_seed(0)
SPEC = "wgmma:128x192_k128B_2wg_s4"
for dt in (torch.bfloat16, torch.float32):
    torch.backends.cuda.matmul.allow_tf32 = dt == torch.float32
    for m, n, k in [(200, 300, 136), (333, 577, 1000), (1536, 1536, 1536), (130, 200, 8192), (2180, 1930, 600)]:
        for at in (False, True):
            for bt in (False, True):
                a = torch.randn(k, m, device="cuda", dtype=dt).t() if at else torch.randn(m, k, device="cuda", dtype=dt)
                b = torch.randn(n, k, device="cuda", dtype=dt).t() if bt else torch.randn(k, n, device="cuda", dtype=dt)
                c = tiledmm.gemm(a, b, kernel=SPEC).double()
                ref = a.double() @ b.double()
                err = ((c - ref).abs().max() / ref.abs().max()).item()
                assert err < (2e-2 if dt != torch.float32 else 5e-3), (dt, m, n, k, at, bt, err)
    x = torch.randn(333, 1000, device="cuda", dtype=dt); w = torch.randn(577, 1000, device="cuda", dtype=dt)
    bias = torch.randn(577, device="cuda", dtype=dt)
    y = tiledmm.linear(x, w, bias, activation="gelu", kernel=SPEC).double()
    ref = torch.nn.functional.gelu(x.double() @ w.double().t() + bias.double())
    assert ((y - ref).abs().max() / ref.abs().max()).item() < 2e-2
print("memcheck workload done")
