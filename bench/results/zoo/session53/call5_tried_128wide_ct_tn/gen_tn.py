"""Session 53: cases for the out-of-sample check of the C^T rules on a column-major A (tn: a
weight's gradient dY^T X, M = out features, N = in features, K = tokens): seeded random 16-bit
products, M and N log-uniform 256-8192, K log-uniform 256-16384 (multiples of 8), A column-major
and B row-major, whose plan the new build (PYTHONPATH) changes from the previous build's
(exp/s53/old_tn_plans.json, or $OLD_PLANS: the same draws planned by it, written with a 4th
argument).
argv: out.json seed count [old_plans.json to write instead]"""
import json, math, os, random, sys
import torch, tiledmm
seed, count = int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
log_uniform = lambda lo, hi: int(math.exp(rng.uniform(math.log(lo), math.log(hi)))) // 8 * 8
draws = []
for i in range(count):
    m, n, k = log_uniform(256, 8192), log_uniform(256, 8192), log_uniform(256, 16384)
    dt = rng.choice(["bf16", "fp16"])
    t = torch.bfloat16 if dt == "bf16" else torch.float16
    a = torch.empty(k, m, dtype=t).t()
    b = torch.empty(k, n, dtype=t)
    p = tiledmm.plan_for(a, b, sm_count=132)  # as the device's fresh allocations are described
    draws.append({"layout": "tn", "dtype": dt, "m": m, "n": n, "k": k, "config": p["config"], "split_k": p["split_k"]})
if len(sys.argv) > 4:
    json.dump(draws, open(sys.argv[4], "w"))
    sys.exit()
old = json.load(open(os.environ.get("OLD_PLANS", "exp/s53/old_tn_plans.json")))
rows = [dict(d, old=o["config"], old_split_k=o["split_k"]) for d, o in zip(draws, old)
        if (d["config"], d["split_k"]) != (o["config"], o["split_k"])]
json.dump(rows, open(sys.argv[1], "w"), indent=0)
print(len(rows), "changed of", count)
