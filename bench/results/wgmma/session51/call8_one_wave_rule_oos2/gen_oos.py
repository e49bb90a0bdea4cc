"""Cases for session 51's out-of-sample check: seeded random 16-bit products (M, N 512-1536, K
2048-8192; nn with B's lines on or off their sectors, nt), each with the plan of the build on
PYTHONPATH. argv: out.json seed count"""
import json, random, sys
import torch, tiledmm
seed, count = int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
rows = []
for i in range(count):
    layout = ["nn_on", "nn_off", "nt"][i % 3]
    m = rng.randrange(512, 1537)
    n = rng.randrange(512, 1537) // 16 * 16 + (8 if layout == "nn_off" else 0)
    k = rng.randrange(2048, 8193) // 16 * 16
    dt = rng.choice(["bf16", "fp16"])
    p = tiledmm.plan(m, n, k, torch.bfloat16 if dt == "bf16" else torch.float16, b_col_major=layout == "nt",
                     sm_count=132, b_off_sectors=layout == "nn_off",
                     b_off_cache_lines=layout != "nt" and n % 64 != 0)
    rows.append({"layout": layout, "dtype": dt, "m": m, "n": n, "k": k, "config": p["config"],
                 "split_k": p["split_k"], "last_wave_split": p["last_wave_split"]})
json.dump(rows, open(sys.argv[1], "w"), indent=0)
