"""Cases for session 52's out-of-sample check of kFewCtRows: seeded random 16-bit products with
160 < M <= 256 (N 256-4096, K 256-4080, multiples of 8; nn and nt) whose plan the new build (PYTHONPATH)
changes from the previous build's (OLD_PLANS: a JSON of the same draws planned by it).
argv: out.json seed count [old_plans.json to write instead]"""
import json, random, sys
import torch, tiledmm
seed, count = int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
draws = []
for i in range(count):
    layout = ["nn", "nt"][i % 2]
    m = rng.randrange(161, 257)
    n = rng.randrange(256, 4097) // 8 * 8
    k = rng.randrange(256, 4081) // 8 * 8
    dt = rng.choice(["bf16", "fp16"])
    t = torch.bfloat16 if dt == "bf16" else torch.float16
    a = torch.empty(m, k, dtype=t)
    b = torch.empty(k, n, dtype=t) if layout == "nn" else torch.empty(n, k, dtype=t).t()
    p = tiledmm.plan_for(a, b, sm_count=132)  # as the device's fresh allocations are described
    draws.append({"layout": layout, "dtype": dt, "m": m, "n": n, "k": k, "config": p["config"], "split_k": p["split_k"]})
if len(sys.argv) > 4:
    json.dump(draws, open(sys.argv[4], "w"))
    sys.exit()
old = json.load(open("exp/s52/ab/old_plans.json"))
rows = [dict(d, old=o["config"], old_split_k=o["split_k"]) for d, o in zip(draws, old)
        if (d["config"], d["split_k"]) != (o["config"], o["split_k"])]
json.dump(rows, open(sys.argv[1], "w"), indent=0)
print(len(rows), "changed of", count)
