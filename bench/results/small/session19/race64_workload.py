# racecheck/synccheck target: the 64x64 wgmma config (one consumer, two blocks per SM) on
# ragged shapes, bf16 and TF32, including a last-wave split and the C^T epilogue.
import sys, math
sys.path.insert(0, "tests")
import torch, tiledmm
from conftest import assert_matches_reference, make_operand
spec = "wgmma:64x64_k128B_1wg_s4"
torch.backends.cuda.matmul.allow_tf32 = True
sms = torch.cuda.get_device_properties(0).multi_processor_count
n = 0
for dtype in (torch.bfloat16, torch.float32):
    for (m, nn, k) in [(67, 133, 45), (129, 257, 330), (260, 300, 70), (64 * -(-23 * sms // 150) - 17, 930, 954)]:
        for la, lb in [("row", "row"), ("col", "col"), ("row", "col")]:
            a = make_operand(m, k, dtype, "cuda", la); b = make_operand(k, nn, dtype, "cuda", lb)
            out = tiledmm.gemm(a, b, kernel=spec)
            assert_matches_reference(out, a, b, tf32=dtype == torch.float32, against_torch=False)
            n += 1
    x = torch.randn(200, 96, device="cuda", dtype=dtype); w = torch.randn(130, 96, device="cuda", dtype=dtype)
    bias = torch.randn(130, device="cuda", dtype=dtype)
    tiledmm.linear(x, w, bias, activation="gelu"); n += 1
torch.cuda.synchronize()
print("launches", n)
