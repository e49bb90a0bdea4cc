# HEAD build: kernel time of bf16 4096^3 / 2048^3 with one operand's leading dimension padded by 8
# (rows 16 bytes into a sector), by operand and orientation.
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
import torch, tiledmm
from kernel_times import kernel_table

def operand(rows, cols, layout, pad):
    if layout == "row":
        return torch.randn(rows, cols + pad, device="cuda", dtype=torch.bfloat16)[:, :cols]
    return torch.randn(cols, rows + pad, device="cuda", dtype=torch.bfloat16)[:, :rows].t()

print(tiledmm.__file__, torch.cuda.get_device_name())
for s in (2048, 4096):
    for la, lb in (("row", "row"), ("row", "col"), ("col", "row")):
        for pa, pb in ((0, 0), (8, 0), (0, 8), (8, 8)):
            a, b = operand(s, s, la, pa), operand(s, s, lb, pb)
            ours = sum(us for _, us in kernel_table(lambda: tiledmm.gemm(a, b), 10).values())
            theirs = sum(us for _, us in kernel_table(lambda: torch.matmul(a, b), 10).values())
            print(f"{s}^3 A {la}-major ld+{pa}  B {lb}-major ld+{pb}: tiledmm {ours:6.1f}  cuBLAS {theirs:6.1f}", flush=True)
