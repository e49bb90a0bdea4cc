"""Out of sample: per product whose current plan differs from the old one (the spec named in
the rounds), the plan's measured time (its config from the rounds) over the old plan's, by rule
(A: 33-64 rows; B: up to 16 rows, row-major weight; C: a K-major weight). Needs torch and
tiledmm.  python3 oos.py FOLDER"""
import collections, glob, json, math, sys
import torch, tiledmm
folder = sys.argv[1]
DT = {"bf16": torch.bfloat16, "fp16": torch.float16}
t = collections.defaultdict(list)
for path in glob.glob(f"{folder}/*.json"):
    for r in json.load(open(path))["rows"]:
        key = (r["dtype"], r["layout"], r["m"], r["n"], r["k"])
        spec = "old" if r["requested"] != "auto" else r["config"]
        t[key, spec].append(r["ms_clean"] * 1e3); t[key, "cublas"].append(r["cublas_ms_clean"] * 1e3)
        if r["requested"] == "auto": t[key, "measured_config"] = r["config"]
groups = collections.defaultdict(list)
for key in sorted({k for k, _ in t}):
    dt, lay, m, n, k = key
    a = torch.empty(m, k, dtype=DT[dt]); b = torch.empty(k, n, dtype=DT[dt]) if lay == "nn" else torch.empty(n, k, dtype=DT[dt]).t()
    p = tiledmm.plan_for(a, b)
    old, cb = min(t[key, "old"]), min(t[key, "cublas"])
    cfg = t[key, "measured_config"]
    if p["kernel"] != "wgmma" or p["config"] != cfg:
        print(f"{dt} {lay} {m:2d}x{n:5d}x{k:5d}: plan now {p['kernel']}:{p['config'][:14]} (was measured {cfg[:14]}) -> old plan, not counted"); continue
    new = min(t[key, cfg]); g = "A" if m > 32 else ("C" if lay == "nt" else "B")
    groups[g, dt].append((new / old, key, cb / old, cb / new))
for (g, dt), v in sorted(groups.items()):
    logs = [math.log(r) for r, *_ in v]
    slower = [f"{kk[2]}x{kk[3]}x{kk[4]} {1/r:.3f}x" for r, kk, *_ in v if r > 1.0]
    print(f"rule {g} {dt} {len(v)} products: old/new time {min(1/r for r,*_ in v):.3f}-{max(1/r for r,*_ in v):.3f}x, geomean "
          f"{math.exp(-sum(logs)/len(logs)):.3f}x; vs cuBLAS {min(c for *_, c, _ in v):.2f}-{max(c for *_, c, _ in v):.2f} -> "
          f"{min(c for *_, c in v):.2f}-{max(c for *_, c in v):.2f}; slower: {', '.join(slower) or 'none'}")
