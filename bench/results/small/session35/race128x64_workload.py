# racecheck/synccheck target: the 128x64 wgmma config with 256-byte k-tiles (two swizzled
# boxes per operand and stage) on ragged shapes, bf16 and TF32 (A in registers, C^T), K
# ending inside a stage's first box or its second, a last-wave split, row classes, and a
# linear layer's fused epilogue. --no-split leaves out the last-wave split's large shape
# (racecheck did not finish it in 150 s; memcheck and synccheck run it).
import sys
sys.path.insert(0, "tests")
import torch, tiledmm
from conftest import assert_matches_reference, make_operand
spec = "wgmma:128x64_k256B_2wg_s4"
torch.backends.cuda.matmul.allow_tf32 = True
n = 0
for dtype in (torch.bfloat16, torch.float32):
    shapes = [(67, 133, 45), (129, 257, 330), (260, 300, 70), (300, 64, 1000)]
    if "--no-split" not in sys.argv:
        shapes.append((2171, 573, 2567))  # 153 tiles on 132 blocks: the last wave split along K
    for (m, nn, k) in shapes:
        for la, lb in [("row", "row"), ("col", "col"), ("row", "col")]:
            a = make_operand(m, k, dtype, "cuda", la); b = make_operand(k, nn, dtype, "cuda", lb)
            out = tiledmm.gemm(a, b, kernel=spec)
            assert_matches_reference(out, a, b, tf32=dtype == torch.float32, against_torch=False)
            n += 1
    x = torch.randn(200, 96, device="cuda", dtype=dtype); w = torch.randn(130, 96, device="cuda", dtype=dtype)
    bias = torch.randn(130, device="cuda", dtype=dtype)
    out = tiledmm.linear(x, w, bias, activation="gelu", kernel=spec)
    ref = torch.nn.functional.gelu(torch.nn.functional.linear(x.double(), w.double(), bias.double()))
    torch.testing.assert_close(out.double(), ref, rtol=5e-2, atol=5e-2); n += 1
a = torch.randn(2040, 200, device="cuda", dtype=torch.float64).to(torch.bfloat16)  # rows 16 B off sectors: classes
b = torch.randn(200, 136, device="cuda", dtype=torch.float64).to(torch.bfloat16)
assert_matches_reference(tiledmm.gemm(a, b, kernel=spec), a, b, against_torch=False); n += 1
torch.cuda.synchronize()
print("launches", n)
