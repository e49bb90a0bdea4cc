import torch, tiledmm
for b_col in (True, False):
    a = torch.randn(16, 4100, device="cuda").bfloat16()
    b = torch.randn(4100, 3072, device="cuda").bfloat16()
    if b_col:
        b = b.t().contiguous().t()
    p = tiledmm.plan_for(a, b)
    out = tiledmm.gemm(a, b)
    ref = a.double() @ b.double()
    err = ((out.double() - ref).norm() / ref.norm()).item()
    print(p["config"], p["split_k"], f"{err:.1e}")
    assert err < 1e-2
torch.cuda.synchronize()
