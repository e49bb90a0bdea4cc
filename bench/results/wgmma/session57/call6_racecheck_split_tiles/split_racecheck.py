"""For compute-sanitizer racecheck: wgmma 128x64 products whose last wave is split (ragged M,
N and K; the split tiles formerly moved), bf16, two layouts."""
import sys

import torch

sys.path.insert(0, "tests")
import tiledmm  # noqa: E402
from conftest import assert_matches_reference, make_operand  # noqa: E402

sms = torch.cuda.get_device_properties(0).multi_processor_count
spec = "wgmma:128x64_k256B_2wg_s4"
m, n, k = 128 * 17 - 5, 64 * 9 - 3, 48 * 64 + 7
plan = tiledmm.plan(m, n, k, torch.bfloat16, kernel=spec, compute_capability=(9, 0), sm_count=sms)
assert plan["last_wave_split"][0] > 0, plan
for la, lb in [("row", "row"), ("col", "col")]:
    a = make_operand(m, k, torch.bfloat16, "cuda", la)
    b = make_operand(k, n, torch.bfloat16, "cuda", lb)
    assert_matches_reference(tiledmm.gemm(a, b, kernel=spec), a, b, against_torch=False)
torch.cuda.synchronize()
print("split racecheck workload: 2 checked launches, split tiles", plan["last_wave_split"])
