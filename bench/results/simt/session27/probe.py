# Session 27, call 1: what ragged rows cost simt (fp32, nn), and would repacking pay?
# Each operand in place (rows of n or k floats) against the same values in a buffer whose
# rows are padded to a multiple of 4 floats (16-byte aligned rows: the vector cp.async path),
# and the copy that would make such a buffer. do_bench medians (L2 flushed), one process.
import sys, os
import torch, triton, tiledmm
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
from kernel_times import kernel_table, print_table
torch.backends.cuda.matmul.allow_tf32 = False
bench = lambda f: triton.testing.do_bench(f, warmup=50, rep=300) * 1e3

def padded(t):
    rows, cols = t.shape
    buf = torch.empty(rows, (cols + 3) // 4 * 4, device="cuda")
    buf[:, :cols].copy_(t)
    return buf[:, :cols]

shapes = [(2048, 2048, 2048), (2049, 2047, 2045), (2048, 2047, 2045), (2048, 2048, 2045), (2048, 2047, 2048),
          (1024, 1024, 1024), (1025, 1023, 1021), (1024, 1023, 1024), (1024, 1024, 1021),
          (3072, 3072, 3072), (3073, 3071, 3069), (4096, 4096, 4096), (4097, 4095, 4093), (8191, 8193, 8190)]
print("shape | in place | A padded | B padded | both padded | copy A | copy B | cuBLAS  (us)")
for m, n, k in shapes:
    a = torch.randn(m, k, device="cuda"); b = torch.randn(k, n, device="cuda")
    ap, bp = padded(a), padded(b)
    ref = torch.matmul(a.double(), b.double())
    for x, y in ((a, b), (ap, b), (a, bp), (ap, bp)):
        c = tiledmm.gemm(x, y)
        err = ((c.double() - ref).abs().max() / ref.abs().max()).item()
        assert err < 1e-5, err
    t = [bench(lambda x=x, y=y: tiledmm.gemm(x, y)) for x, y in ((a, b), (ap, b), (a, bp), (ap, bp))]
    ca = bench(lambda: ap.copy_(a)); cb = bench(lambda: bp.copy_(b))
    cub = bench(lambda: torch.matmul(a, b))
    print(f"{m}x{n}x{k} | " + " | ".join(f"{v:.1f}" for v in t) + f" | {ca:.1f} | {cb:.1f} | {cub:.1f}", flush=True)

for m, n, k in [(2049, 2047, 2045), (2048, 2047, 2045), (2048, 2048, 2048)]:
    a = torch.randn(m, k, device="cuda"); b = torch.randn(k, n, device="cuda")
    print(m, n, k, tiledmm.plan(m, n, k, torch.float32)["row_tail"])
    print_table(f"tiledmm.gemm {m}x{n}x{k}", kernel_table(lambda: tiledmm.gemm(a, b), 10), 6)
    bp = padded(b)
    print_table(f"tiledmm.gemm {m}x{n}x{k} B padded", kernel_table(lambda: tiledmm.gemm(a, bp), 10), 6)
