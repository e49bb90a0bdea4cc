"""Per product: clean-L2 time (us, min over rounds) of each requested spec, and cuBLAS (min).
python3 specs.py FOLDER PREFIX [TAG=PREFIX...]: rounds FOLDER/PREFIX_*.json; TAG=PREFIX adds
rounds whose specs are named with TAG appended."""
import collections, glob, json, sys
folder, prefixes = sys.argv[1], sys.argv[2:]
t, cub, cols, cfg = collections.defaultdict(list), collections.defaultdict(list), [], {}
short = lambda s: s if s in ("auto", "skinny") else s.split(":")[-1].split("_k")[0]
for p in prefixes:
    tag, p = p.split("=") if "=" in p else ("", p)
    for path in sorted(glob.glob(f"{folder}/{p}_*.json")):
        for r in json.load(open(path))["rows"]:
            key = (r["layout"], r["m"], r["n"], r["k"]); c = short(r["requested"]) + tag
            if c not in cols: cols.append(c)
            t[key, c].append(r["ms_clean"] * 1e3); cub[key].append(r["cublas_ms_clean"] * 1e3)
            if c == "auto": cfg[key] = r["config"].split("_k")[0] + (f"/s{r['split_k']}" if r["split_k"] > 1 else "")
print(f"{'product':20s} {'plan':>14s} {'cuBLAS':>7s}" + "".join(f" {c:>12s}" for c in cols) + "   best   best/plan best/cuB plan/cuB")
import math
g = collections.defaultdict(list)
for key in cub:
    b = {c: min(t[key, c]) for c in cols if t[key, c]}; cb = min(cub[key])
    top = min((c for c in b if c != "auto"), key=b.get)
    for c in b: g[c].append(math.log(b["auto"] / b[c]))
    print(f"{key[0]} {key[1]:2d}x{key[2]:5d}x{key[3]:5d} {cfg.get(key, ''):>14s} {cb:7.2f}" + "".join(f" {b.get(c, float('nan')):12.2f}" for c in cols)
          + f"  {top:>10s} {b[top] / b['auto']:6.3f} {cb / b[top]:7.3f} {cb / b['auto']:7.3f}")
print("geomean speed-up over the plan: " + ", ".join(f"{c} {math.exp(sum(v) / len(v)):.3f}" for c, v in g.items()))
