"""Session 46: the final planner's plan (auto) against the old plan by name (64x64 tiles, the
planner's split-K for them) on changed plans, streamed cold as bench/decode_stream.py runs
them, cuBLAS in each run."""
import json, sys
sys.path.insert(0, "bench")
import torch, tiledmm
from decode_stream import run

out = sys.argv[1]
shapes = [(m, n, k) for m in (33, 40, 56, 64) for n, k in ((4096, 1024), (4096, 3072), (4096, 4096), (2048, 4096), (1536, 3072))]
for m, n, k in shapes:
    assert tiledmm.plan(m, n, k, torch.bfloat16, compute_capability=(9, 0), sm_count=132)["config"] == "64x32_ct_k256B_1wg_s8"
result = {}
for name, kernel in (("new", None), ("old", "wgmma:64x64_k128B_1wg_s4")):
    print(f"== {name}", flush=True)
    copy_gb_s, rows = run("bf16", ["nn", "nt"], shapes, reps=20, kernel=kernel)
    result[name] = rows
json.dump({"copy_gb_s": copy_gb_s, **result}, open(out, "w"), indent=1)
