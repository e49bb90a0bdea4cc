# Kernel times of A with rows of k + pad (pad 0: contiguous) against B [k, n] contiguous.
# usage: sweep.py label MxNxK[+pad][@spec] ...
import sys, torch, tiledmm
sys.path.insert(0, "bench")
from kernel_times import kernel_table
label = sys.argv[1]
for item in sys.argv[2:]:
    spec = None
    if "@" in item:
        item, spec = item.split("@")
    pad = 0
    if "+" in item:
        item, p = item.split("+"); pad = int(p)
    m, n, k = (int(x) for x in item.split("x"))
    a = torch.randn(m, k + pad, device="cuda", dtype=torch.bfloat16)[:, :k]
    b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
    t = kernel_table(lambda: tiledmm.gemm(a, b, kernel=spec), 20)
    total = sum(us for _, us in t.values())
    parts = "; ".join(f"{'gemm' if 'gemm_kernel' in nm else nm[:40]} {us:.1f}" for nm, (c, us) in sorted(t.items(), key=lambda kv: -kv[1][1]))
    print(f"{label:10s} {m}x{n}x{k}+{pad} {spec or 'auto'}: {total:.1f} us ({parts})", flush=True)
