"""Which measured products the current plan changes (operands as bench_skinny.py made them),
and the measured time of the new plan's config (by name, from the rounds) against the old plan's
("auto" in the rounds, which ran an older build). Needs torch and tiledmm.  python3 compare_plans.py FOLDER"""
import collections, glob, json, math, sys
import torch, tiledmm
folder = sys.argv[1]
t = collections.defaultdict(list); old = {}
short = lambda s: s if s in ("auto", "skinny") else s.split(":")[-1]
for path in glob.glob(f"{folder}/*.json"):
    tag = "p2" if "p2" in path.split("/")[-1] else ""
    for r in json.load(open(path))["rows"]:
        key = (r["layout"], r["m"], r["n"], r["k"])
        t[key, short(r["requested"]) + tag].append(r["ms_clean"] * 1e3)
        if r["requested"] == "auto": old[key] = r["config"]
        t[key, "cublas"].append(r["cublas_ms_clean"] * 1e3)
logs = []
for key in sorted(old):
    lay, m, n, k = key
    a = torch.empty(m, k, dtype=torch.bfloat16); b = torch.empty(k, n, dtype=torch.bfloat16)
    if lay == "nt": b = torch.empty(n, k, dtype=torch.bfloat16).t()
    p = tiledmm.plan_for(a, b)
    new = p["config"]
    if new == old[key]: continue
    tn = t.get((key, new)); to = min(t[key, "auto"]); cb = min(t[key, "cublas"])
    if not tn: print(key, old[key], "->", new, "(not measured)"); continue
    tn = min(tn); logs.append(math.log(tn / to))
    print(f"{lay} {m:2d}x{n:5d}x{k:5d} {old[key][:12]:12s} -> {new[:12]:12s} t{p['split_tails']} {to:7.2f} -> {tn:7.2f}  ratio {tn/to:.3f}  vs cuBLAS {cb/to:.3f} -> {cb/tn:.3f}")
if logs: print(f"{len(logs)} changed, time ratio {math.exp(min(logs)):.3f}-{math.exp(max(logs)):.3f}, geomean {math.exp(sum(logs)/len(logs)):.3f}")
