import json, random, sys, torch, tiledmm
random.seed(int(sys.argv[1]))
out = []
while len(out) < 4000:
    dt = random.choice(["bf16", "fp16"])
    m = random.randrange(384, 1536, 8); n = random.randrange(392, 4097, 16) + 8; k = random.randrange(256, 4097, 16)
    if m * n * k >= 2**33: continue
    p = tiledmm.plan(m, n, k, {"bf16": torch.bfloat16, "fp16": torch.float16}[dt], compute_capability=(9, 0), sm_count=132,
                     b_off_sectors=True)
    out.append({"dtype": dt, "layout": "nn", "shape": f"{m}x{n}x{k}", "b_off": True, "cfg": p["config"], "split": p["split_k"]})
json.dump(out, open(sys.argv[2], "w"))
