# Launches of wgmma's shifted-pair output path (16-bit rows 2 bytes into 4-byte words), for
# compute-sanitizer: every config, consecutive rows and row classes, checked against float64.
import sys, torch
sys.path.insert(0, "tests")
import tiledmm
from conftest import WGMMA, assert_matches_reference, kernel_specs, make_operand
n_launches = 0
for dtype in (torch.bfloat16, torch.float16):
    for spec in kernel_specs(WGMMA, dtype):
        for m, n, k in [(203, 255, 77), (130, 521, 64), (67, 1, 45)]:
            a = make_operand(m, k, dtype, "cuda", "row"); b = make_operand(k, n, dtype, "cuda", "row")
            assert_matches_reference(tiledmm.gemm(a, b, kernel=spec), a, b, against_torch=False); n_launches += 1
    a = torch.randn(2040, 253, device="cuda", dtype=torch.float64).to(dtype)
    b = torch.randn(253, 135, device="cuda", dtype=torch.float64).to(dtype)
    assert_matches_reference(tiledmm.gemm(a, b, kernel="wgmma:128x256_k128B_2wg_s4"), a, b, against_torch=False)
    n_launches += 1
torch.cuda.synchronize()
print("launches", n_launches)
