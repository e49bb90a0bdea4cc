"""Session 46: products with 64 < M < 128 (bf16) streamed cold, as bench/decode_stream.py runs
them: the planner's plan against 64x64 and 64x80 C^T tiles by name, cuBLAS in each run."""
import json, sys
sys.path.insert(0, "bench")
from decode_stream import run

out = sys.argv[1]
shapes = [(m, n, k) for m in (65, 96, 127) for n, k in ((4096, 2048), (4096, 4096), (11008, 4096), (4096, 11008))]
result = {}
for name, kernel in (("auto", None), ("64x64", "wgmma:64x64_k128B_1wg_s4"), ("ct80", "wgmma:64x80_ct_k256B_1wg_s5")):
    print(f"== {name}", flush=True)
    copy_gb_s, rows = run("bf16", ["nn", "nt"], shapes, reps=20, kernel=kernel)
    result[name] = rows
json.dump({"copy_gb_s": copy_gb_s, **result}, open(out, "w"), indent=1)
