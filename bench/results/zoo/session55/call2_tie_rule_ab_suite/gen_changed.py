"""Session 55: cases for an out-of-sample check of a planner change: seeded random 16-bit
products of the given layouts, M, N and K log-uniform in the given ranges (multiples of 8),
whose plan the new build (PYTHONPATH) changes from the previous build's (old_plans.json, the same
draws planned by it, written with write=FILE as the last argument).
argv: out.json seed count layouts(nn,nt,tn) m_lo:m_hi n_lo:n_hi k_lo:k_hi (write=old.json | old.json)"""
import json, math, random, sys
from collections import Counter
import torch, tiledmm
out, seed, count, layouts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split(",")
(m_lo, m_hi), (n_lo, n_hi), (k_lo, k_hi) = (map(int, r.split(":")) for r in sys.argv[5:8])
rng = random.Random(seed)
log_uniform = lambda lo, hi: int(math.exp(rng.uniform(math.log(lo), math.log(hi)))) // 8 * 8
draws = []
for i in range(count):
    m, n, k = log_uniform(m_lo, m_hi), log_uniform(n_lo, n_hi), log_uniform(k_lo, k_hi)
    dt, lay = rng.choice(["bf16", "fp16"]), rng.choice(layouts)
    t = torch.bfloat16 if dt == "bf16" else torch.float16
    a = torch.empty(m, k, dtype=t) if lay[0] == "n" else torch.empty(k, m, dtype=t).t()
    b = torch.empty(k, n, dtype=t) if lay[1] == "n" else torch.empty(n, k, dtype=t).t()
    p = tiledmm.plan_for(a, b, sm_count=132)
    draws.append({"layout": lay, "dtype": dt, "m": m, "n": n, "k": k, "config": p["config"], "split_k": p["split_k"]})
if sys.argv[8].startswith("write="):
    json.dump(draws, open(sys.argv[8][6:], "w"))
    sys.exit()
rows = [dict(d, old=o["config"], old_split_k=o["split_k"]) for d, o in zip(draws, json.load(open(sys.argv[8])))
        if (d["config"], d["split_k"]) != (o["config"], o["split_k"])]
json.dump(rows, open(out, "w"), indent=0)
print(len(rows), "changed of", count, Counter((r["old"], r["config"]) for r in rows))
