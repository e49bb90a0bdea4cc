"""Session 55: cases for the out-of-sample check of 128x160 C^T tiles in the nn/nt wave rule
(wave_filling_c_transposed): seeded random 16-bit nn and nt products, M and N log-uniform
1024-4096, K log-uniform 256-4088 (multiples of 8), whose plan the new build (PYTHONPATH) changes
from the previous build's (old_plans.json, the same draws planned by it, written with
write=FILE as 4th argument). argv: out.json seed count (write=old_plans.json | old_plans.json)"""
import json, math, random, sys
import torch, tiledmm
seed, count = int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
log_uniform = lambda lo, hi: int(math.exp(rng.uniform(math.log(lo), math.log(hi)))) // 8 * 8
draws = []
for i in range(count):
    m, n, k = log_uniform(1024, 4096), log_uniform(256, 4096), log_uniform(256, 4088)
    dt = rng.choice(["bf16", "fp16"])
    lay = rng.choice(["nn", "nt"])
    t = torch.bfloat16 if dt == "bf16" else torch.float16
    a = torch.empty(m, k, dtype=t)
    b = torch.empty(k, n, dtype=t) if lay == "nn" else torch.empty(n, k, dtype=t).t()
    p = tiledmm.plan_for(a, b, sm_count=132)
    draws.append({"layout": lay, "dtype": dt, "m": m, "n": n, "k": k, "config": p["config"], "split_k": p["split_k"]})
if sys.argv[4].startswith("write="):
    json.dump(draws, open(sys.argv[4][6:], "w"))
    sys.exit()
old = json.load(open(sys.argv[4]))
rows = [dict(d, old=o["config"], old_split_k=o["split_k"]) for d, o in zip(draws, old)
        if (d["config"], d["split_k"]) != (o["config"], o["split_k"])]
json.dump(rows, open(sys.argv[1], "w"), indent=0)
print(len(rows), "changed of", count)
from collections import Counter
print(Counter((r["old"], r["config"]) for r in rows))
