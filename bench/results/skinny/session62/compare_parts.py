"""Session 62's summaries of bench_skinny.py rounds run under different TILEDMM_CT_PARTS
settings: each product's clean-L2 time (min over the rounds) for the plan ("auto", from the
base rounds), each spec in each setting, and cuBLAS (min over all rounds).

    python3 compare_parts.py CALL_FOLDER LABEL=PREFIX [LABEL=PREFIX ...]

LABEL=PREFIX reads CALL_FOLDER/PREFIX_*.json and names its columns LABEL (a spec's last
field appended where a round ran several). Times in us; the last columns: the best
non-plan column over the plan (< 1: faster than the plan), and the plan and that best
against cuBLAS.
"""
import collections
import glob
import json
import sys

folder, groups = sys.argv[1], [g.split("=") for g in sys.argv[2:]]
times, cublas, columns, configs = collections.defaultdict(list), collections.defaultdict(list), [], {}
for label, prefix in groups:
    for path in sorted(glob.glob(f"{folder}/{prefix}_*.json")):
        for r in json.load(open(path))["rows"]:
            product = (r["layout"], r["m"], r["n"], r["k"])
            column = "plan" if r["requested"] == "auto" else label
            if column not in columns:
                columns.append(column)
            times[product, column].append(r["ms_clean"] * 1e3)
            cublas[product].append(r["cublas_ms_clean"] * 1e3)
            if column == "plan":
                configs[product] = r["config"][:12]
print(f"{'product':20s} {'plan config':>12s} {'cuBLAS':>7s}" + "".join(f" {c:>7s}" for c in columns) +
      "  best/plan  plan/cuB  best/cuB")
for product in cublas:
    best = {c: min(times[product, c]) for c in columns if times[product, c]}
    others = {c: t for c, t in best.items() if c != "plan"}
    top = min(others, key=others.get)
    cb = min(cublas[product])
    print(f"{product[0]} {product[1]:2d}x{product[2]:4d}x{product[3]:4d} {configs.get(product, ''):>12s} {cb:7.2f}" +
          "".join(f" {best.get(c, float('nan')):7.2f}" for c in columns) +
          f"  {top:>4s} {others[top] / best['plan']:5.3f} {cb / best['plan']:8.3f} {cb / others[top]:9.3f}")
