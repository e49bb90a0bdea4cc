"""Pooled out-of-sample numbers: per product the plan ("auto") against the old plan's spec (min
clean time over the rounds), and both against cuBLAS.  python3 pooled.py FOLDER OLD_SPEC PREFIX..."""
import collections, glob, json, math, sys
folder, old, prefixes = sys.argv[1], sys.argv[2], sys.argv[3:]
t, cub = collections.defaultdict(list), collections.defaultdict(list)
for p in prefixes:
    for path in glob.glob(f"{folder}/{p}_*.json"):
        for r in json.load(open(path))["rows"]:
            key = (r["dtype"], r["layout"], r["m"], r["n"], r["k"])
            t[key, r["requested"]].append(r["ms_clean"] * 1e3); cub[key].append(r["cublas_ms_clean"] * 1e3)
speedup, new_vs_cublas, old_vs_cublas = [], [], []
for key in cub:
    new_us, old_us, cublas_us = min(t[key, "auto"]), min(t[key, old]), min(cub[key])
    speedup.append(old_us / new_us); new_vs_cublas.append(cublas_us / new_us); old_vs_cublas.append(cublas_us / old_us)
geo = lambda v: math.exp(sum(map(math.log, v)) / len(v))
span = lambda v: f"{min(v):.2f}-{max(v):.2f}x (geomean {geo(v):.3f}x)"
print(f"{len(speedup)} products, plan against {old}: {span(speedup)}, {sum(s > 1 for s in speedup)} faster")
print(f"against cuBLAS: old {span(old_vs_cublas)} -> plan {span(new_vs_cublas)}")
