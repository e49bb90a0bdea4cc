"""Session 62 call 3's summaries: bench_skinny.py rounds of one call (min of the clean-L2
times over the rounds), the plan ("auto") against kernel="skinny" (the old plan) and cuBLAS,
with each product's plan recomputed from operands laid out as bench_skinny.py lays them out
(tiledmm.plan_for on host tensors: a fresh allocation, as on the GPU). Up to call 3 the
benchmark recorded tiledmm.plan's choice for a problem with its operands aligned, which for
x @ W with W's lines off 128-byte lines (N not a multiple of 64 in bf16) is not the one the
call ran; those products ran skinny both ways (controls).

    python3 compare_plans.py CALL_FOLDER PREFIX     (needs torch and tiledmm)
"""
import collections
import glob
import json
import math
import sys

import torch

import tiledmm

folder, prefix = sys.argv[1], sys.argv[2]
times, cublas, dtypes = collections.defaultdict(list), collections.defaultdict(list), {}
for path in sorted(glob.glob(f"{folder}/{prefix}_*.json")):
    for r in json.load(open(path))["rows"]:
        product = (r["layout"], r["m"], r["n"], r["k"])
        times[product, r["requested"]].append(r["ms_clean"] * 1e3)
        cublas[product].append(r["cublas_ms_clean"] * 1e3)
        dtypes[product] = {"bf16": torch.bfloat16, "fp16": torch.float16}[r["dtype"]]
changed, controls = [], []
print(f"{'product':22s} {'plan (recomputed)':>32s} {'cuBLAS':>7s} {'plan':>7s} {'skinny':>7s} {'skinny/plan':>11s}"
      f" {'plan/cuBLAS':>11s}")
for product in cublas:
    layout, m, n, k = product
    a = torch.empty(m, k, dtype=dtypes[product])
    b = torch.empty(k, n, dtype=dtypes[product])
    if layout == "nt":
        b = b.t().contiguous().t()
    p = tiledmm.plan_for(a, b, compute_capability=(9, 0), sm_count=132)
    plan_us, skinny_us, cb = min(times[product, "auto"]), min(times[product, "skinny"]), min(cublas[product])
    config = f"{p['config']} x{1 + p['split_tails']}" if p["split_tails"] else p["config"]
    (changed if p["kernel"] != "skinny" else controls).append(skinny_us / plan_us)
    print(f"{layout} {m:2d}x{n:5d}x{k:5d} {config:>32s} {cb:7.2f} {plan_us:7.2f} {skinny_us:7.2f} {skinny_us / plan_us:11.3f}"
          f" {cb / plan_us:11.3f}")
for label, ratios in (("changed plans", changed), ("controls (skinny both ways)", controls)):
    if ratios:
        geomean = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(f"{label}: {len(ratios)} products, skinny/plan {min(ratios):.3f}-{max(ratios):.3f}, geomean {geomean:.3f}")
