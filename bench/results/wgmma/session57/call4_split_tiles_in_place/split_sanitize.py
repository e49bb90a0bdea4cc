"""For compute-sanitizer: wgmma products whose split last wave holds ragged (formerly moved)
tiles -- sanitizer_workload's split-last-wave launches (128x64 and 64x64 tiles, several layouts),
and, with `big`, the new test's 64x64 float16 product."""
import sys

import torch

sys.path.insert(0, "tests")
import tiledmm  # noqa: E402
from conftest import TWO_BLOCKS_PER_SM_WGMMA, assert_matches_reference  # noqa: E402
from sanitizer_workload import split_last_wave_launches  # noqa: E402
from test_last_wave_split import moved_split_tile_shape  # noqa: E402

launches = split_last_wave_launches(torch.bfloat16) + split_last_wave_launches(torch.float16)
if "big" in sys.argv:
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    (m, n, k), _ = moved_split_tile_shape(sms)
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(k, n, device="cuda", dtype=torch.float16)
    assert_matches_reference(tiledmm.gemm(a, b, kernel=TWO_BLOCKS_PER_SM_WGMMA), a, b, against_torch=False)
    launches += 1
torch.cuda.synchronize()
print(f"split sanitizer workload: {launches} checked launches")
