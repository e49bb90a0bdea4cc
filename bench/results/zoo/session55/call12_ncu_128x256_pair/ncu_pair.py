"""Session 55 call 12: for ncu, each call once between cudaProfilerStart/Stop, in the printed
order: a product the 3/4 rule made slower on 128x256 (fp16 nt 4496x592x7360, 0.90x in call 6)
and one it made faster (bf16 nt 3376x816x5272, 1.16x), each on 128x128 and 128x256 by name (108
tiles of 128x256 in both)."""
import torch
import tiledmm

torch.manual_seed(0)
cases = []
for m, n, k, dt in [(4496, 592, 7360, torch.float16), (3376, 816, 5272, torch.bfloat16)]:
    a = torch.randn(m, k, device="cuda", dtype=dt)
    b = torch.randn(n, k, device="cuda", dtype=dt).t()
    for cfg in ("128x128_k128B_2wg_s6", "128x256_k128B_2wg_s4"):
        cases.append((cfg, f"{m}x{n}x{k}", a, b))
for cfg, shape, a, b in cases:
    ref = a.double() @ b.double()
    got = tiledmm.gemm(a, b, kernel="wgmma:" + cfg).double()
    assert ((got - ref).norm() / ref.norm()).item() < 1e-2, (cfg, shape)
torch.cuda.synchronize()
torch.cuda.profiler.start()
for cfg, shape, a, b in cases:
    print("profiled:", cfg, "nt", shape, flush=True)
    tiledmm.gemm(a, b, kernel="wgmma:" + cfg)
    torch.cuda.synchronize()
torch.cuda.profiler.stop()
