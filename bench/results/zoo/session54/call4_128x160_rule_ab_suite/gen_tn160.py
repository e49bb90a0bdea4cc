"""Session 54: cases for the out-of-sample check of the 128x160 C^T rule (column_major_a_wave_filling):
seeded random 16-bit tn products (a weight gradient dY^T X: A column-major, B row-major), M
log-uniform 1024-8192, N 256-2048, K log-uniform 256-4088 (multiples of 8), whose plan the
new build (PYTHONPATH) changes from the previous build's (old_plans.json: the same draws planned
by it, written with a 4th argument). argv: out.json seed count [old_plans.json to write] | old_plans.json"""
import json, math, random, sys
import torch, tiledmm
seed, count = int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
log_uniform = lambda lo, hi: int(math.exp(rng.uniform(math.log(lo), math.log(hi)))) // 8 * 8
draws = []
for i in range(count):
    m, n, k = log_uniform(1024, 8192), log_uniform(256, 2048), log_uniform(256, 4088)
    dt = rng.choice(["bf16", "fp16"])
    t = torch.bfloat16 if dt == "bf16" else torch.float16
    a = torch.empty(k, m, dtype=t).t()
    b = torch.empty(k, n, dtype=t)
    p = tiledmm.plan_for(a, b, sm_count=132)
    draws.append({"layout": "tn", "dtype": dt, "m": m, "n": n, "k": k, "config": p["config"], "split_k": p["split_k"]})
if sys.argv[4] if len(sys.argv) > 4 else False:
    if sys.argv[4].startswith("write="):
        json.dump(draws, open(sys.argv[4][6:], "w"))
        sys.exit()
    old = json.load(open(sys.argv[4]))
    rows = [dict(d, old=o["config"], old_split_k=o["split_k"]) for d, o in zip(draws, old)
            if (d["config"], d["split_k"]) != (o["config"], o["split_k"])]
    json.dump(rows, open(sys.argv[1], "w"), indent=0)
    print(len(rows), "changed of", count)
