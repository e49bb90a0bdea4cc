"""Session 54 call 2 (HEAD's build, no L2 prefetch): for ncu, each call once between
cudaProfilerStart/Stop, in the printed order: the C^T configs on an MN-major kernel B (tn, A
column-major read in place) against K-major (nn), 128x128 in both layouts as the control, and
cuBLAS on the same operands; 128x256 and cuBLAS at 4096^3. bf16."""
import torch
import tiledmm

torch.manual_seed(0)
dt = torch.bfloat16


def operands(m, n, k, layout):
    a = torch.randn(m, k, device="cuda", dtype=dt) if layout == "nn" else torch.randn(k, m, device="cuda", dtype=dt).t()
    return a, torch.randn(k, n, device="cuda", dtype=dt)


cases = []
for lay in ("nn", "tn"):
    a, b = operands(3072, 768, 8192, lay)
    for cfg in ("128x96_ct_k128B_2wg_s6", "128x128_k128B_2wg_s6", "64x32_ct_k256B_1wg_s8", "torch"):
        cases.append((cfg, lay, "3072x768x8192", a, b))
a, b = operands(4096, 4096, 4096, "nn")
cases += [("128x256_k128B_2wg_s4", "nn", "4096^3", a, b), ("torch", "nn", "4096^3", a, b)]


def call(cfg, a, b):
    return torch.matmul(a, b) if cfg == "torch" else tiledmm.gemm(a, b, kernel="wgmma:" + cfg)


for cfg, lay, shape, a, b in cases:
    ref = a.double() @ b.double()
    assert ((call(cfg, a, b).double() - ref).norm() / ref.norm()).item() < 1e-2, (cfg, lay, shape)
torch.cuda.synchronize()
torch.cuda.profiler.start()
for cfg, lay, shape, a, b in cases:
    print("profiled:", cfg, lay, shape, flush=True)
    call(cfg, a, b)
    torch.cuda.synchronize()
torch.cuda.profiler.stop()
