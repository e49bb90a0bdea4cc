"""Cases for session 52's out-of-sample check of 128x256 tiles from 5/6 of a wave: seeded random
16-bit products whose 128x256 tiles number 100-131 on 132 SMs (M, N log-uniform 128-16384,
K 512-8192, multiples of 8; nn and nt), planned by the build on PYTHONPATH as the device will
describe them (plan_for on host tensors). argv: out.json seed count [old.json to write instead]"""
import json, math, random, sys
import torch, tiledmm
seed, count = int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
draws = []
while len(draws) < count:
    m = int(math.exp(rng.uniform(math.log(128), math.log(16384)))) // 8 * 8
    n = int(math.exp(rng.uniform(math.log(128), math.log(16384)))) // 8 * 8
    if not 100 <= math.ceil(m / 128) * math.ceil(n / 256) <= 131:
        continue
    k = rng.randrange(512, 8193) // 8 * 8
    layout = rng.choice(["nn", "nt"])
    dt = rng.choice(["bf16", "fp16"])
    t = torch.bfloat16 if dt == "bf16" else torch.float16
    a = torch.empty(m, k, dtype=t)
    b = torch.empty(k, n, dtype=t) if layout == "nn" else torch.empty(n, k, dtype=t).t()
    p = tiledmm.plan_for(a, b, sm_count=132)
    draws.append({"layout": layout, "dtype": dt, "m": m, "n": n, "k": k, "config": p["config"], "split_k": p["split_k"],
                  "last_wave_split": list(p["last_wave_split"])})
if len(sys.argv) > 4:
    json.dump(draws, open(sys.argv[4], "w"))
    sys.exit()
old = json.load(open("exp/s52/ab2/old_plans.json"))
rows = [dict(d, old=o["config"], old_split_k=o["split_k"]) for d, o in zip(draws, old)
        if (d["config"], d["split_k"], d["last_wave_split"]) != (o["config"], o["split_k"], o["last_wave_split"])]
json.dump(rows, open(sys.argv[1], "w"), indent=0)
print(len(rows), "changed of", count)
