# 1000^3 bf16 kernel times: A and B contiguous (rows of 1,000: off sectors) or slices of
# 1024-wide buffers (whole sectors).
import sys, torch, tiledmm
sys.path.insert(0, "bench")
from kernel_times import kernel_table
def operand(rows, cols, aligned):
    return torch.randn(rows, 1024 if aligned else cols, device="cuda", dtype=torch.bfloat16)[:, :cols]
for (m, n, k) in [(1000, 1000, 1000), (1500, 1000, 1000), (3000, 1000, 1000)]:
    for a_al, b_al in [(False, False), (False, True), (True, False), (True, True)]:
        a = operand(m, k, a_al)
        b = operand(k, n, b_al)
        t = kernel_table(lambda: tiledmm.gemm(a, b), 50)
        tt = kernel_table(lambda: torch.matmul(a, b), 50)
        total = sum(us for _, us in t.values())
        print(f"{m}x{n}x{k} A {'aligned' if a_al else 'rows off sectors'}, B {'aligned' if b_al else 'rows off sectors'}: {total:.2f} us; cuBLAS {sum(us for _, us in tt.values()):.2f} us", flush=True)
