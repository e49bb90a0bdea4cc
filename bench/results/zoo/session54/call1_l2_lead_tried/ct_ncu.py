"""Session 54: the C^T tiles on an MN-major kernel B (tn, A column-major read in place) against
K-major (nn), and 128x128 in both layouts as the control, for ncu: each call once between
cudaProfilerStart/Stop, in this order (printed). bf16 3072x768x8192."""
import torch
import tiledmm

torch.manual_seed(0)
m, n, k = 3072, 768, 8192
dt = torch.bfloat16
b = torch.randn(k, n, device="cuda", dtype=dt)
a_nn = torch.randn(m, k, device="cuda", dtype=dt)
a_tn = torch.randn(k, m, device="cuda", dtype=dt).t()
cases = [(cfg, lay) for cfg in ("128x96_ct_k128B_2wg_s6", "128x128_k128B_2wg_s6", "64x32_ct_k256B_1wg_s8")
         for lay in ("nn", "tn")]
for cfg, lay in cases:
    a = a_nn if lay == "nn" else a_tn
    out = tiledmm.gemm(a, b, kernel="wgmma:" + cfg)
    ref = a.double() @ b.double()
    assert ((out.double() - ref).norm() / ref.norm()).item() < 1e-2
torch.cuda.synchronize()
torch.cuda.profiler.start()
for cfg, lay in cases:
    print("profiled:", cfg, lay, flush=True)
    tiledmm.gemm(a_nn if lay == "nn" else a_tn, b, kernel="wgmma:" + cfg)
    torch.cuda.synchronize()
torch.cuda.profiler.stop()
