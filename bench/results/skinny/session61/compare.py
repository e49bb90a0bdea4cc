"""Session 61's summaries: bench_skinny.py rounds of one call, each product's clean-L2 time as
the minimum over the rounds, the planner's choice ("auto") against every other kernel spec the
rounds ran, and cuBLAS.

    python3 compare.py CALL_FOLDER PREFIX     (reads CALL_FOLDER/PREFIX_*.json)

Columns: each spec's config (split-K slices) and time in us; then, for each other spec, its
time over auto's (> 1: the plan is faster), and auto's speed against cuBLAS. The last lines: for
each other spec, over the products whose plan differs from it, that ratio's range and geomean.
"""
import collections
import glob
import json
import math
import sys

folder, prefix = sys.argv[1], sys.argv[2]
times, configs, cublas, specs = collections.defaultdict(list), {}, collections.defaultdict(list), []
for path in sorted(glob.glob(f"{folder}/{prefix}_*.json")):
    for r in json.load(open(path))["rows"]:
        product = (r["layout"], r["m"], r["n"], r["k"])
        spec = r["requested"]
        if spec not in specs:
            specs.append(spec)
        times[product, spec].append(r["ms_clean"] * 1e3)
        cublas[product].append(r["cublas_ms_clean"] * 1e3)
        configs[product, spec] = (r["config"], r["split_k"])
others = [s for s in specs if s != "auto"]
print(f"{'product':22s} {'cuBLAS':>7s}" + "".join(f" {s.split(':')[-1][:16]:>26s}" for s in specs) +
      "".join(f" {s.split(':')[-1][:10] + '/auto':>15s}" for s in others) + "  auto/cuBLAS")
ratios = collections.defaultdict(list)
for product in cublas:
    best = {s: min(times[product, s]) for s in specs}
    cells = "".join(f" {configs[product, s][0][:14]:>14s}({configs[product, s][1]:>2}) {best[s]:7.2f}" for s in specs)
    versus = ""
    for s in others:
        versus += f" {best[s] / best['auto']:15.3f}"
        if configs[product, s] != configs[product, "auto"]:
            ratios[s].append(best[s] / best["auto"])
    print(f"{product[0]} {product[1]:2d}x{product[2]:5d}x{product[3]:5d} {min(cublas[product]):7.2f}{cells}{versus}"
          f"  {min(cublas[product]) / best['auto']:11.3f}")
for s, r in ratios.items():
    geomean = math.exp(sum(map(math.log, r)) / len(r))
    print(f"{s} over auto where the plan differs: {len(r)} products, {min(r):.3f}-{max(r):.3f}, geomean {geomean:.3f}")
