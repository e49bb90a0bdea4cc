"""Session 46: products with 32 < M <= 64 (bf16) streamed cold, as bench/decode_stream.py runs
them (CUDA graphs of distinct weights, >= 4x the L2): the planner's plan against the 64x32
C^T tiles by name, cuBLAS in each run."""
import json, sys
sys.path.insert(0, "bench")
from decode_stream import run

out = sys.argv[1]
shapes = [(m, n, k) for m in (33, 48, 64)
          for n, k in ((4096, 1024), (4096, 2048), (4096, 4096), (4096, 8192), (3072, 4096), (2048, 4096),
                       (4096, 11008), (3584, 4096))]
result = {}
for name, kernel in (("auto", None), ("ct32", "wgmma:64x32_ct_k256B_1wg_s8")):
    print(f"== {name}", flush=True)
    copy_gb_s, rows = run("bf16", ["nn", "nt"], shapes, reps=20, kernel=kernel)
    result[name] = rows
json.dump({"copy_gb_s": copy_gb_s, **result}, open(out, "w"), indent=1)
