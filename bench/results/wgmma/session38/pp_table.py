"""Table of pp_bench.jsonl: per shape and case, each kernel's median µs over rounds and its
speed relative to torch (F.linear [+ activation])."""
import collections
import json
import statistics
import sys

rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
t = collections.defaultdict(list)
for r in rows:
    if r["us"] is not None:
        t[(r["m"], r["n"], r["k"], r["case"], r["kernel"])].append(r["us"])
kernels = list(dict.fromkeys(r["kernel"] for r in rows))
short = {k: k.replace("wgmma:", "").replace("_k128B", "").replace("_2wg", "") for k in kernels}
print(f"{'shape':>16} {'case':>10} " + " ".join(f"{short[k]:>22}" for k in kernels))
for key in dict.fromkeys((r["m"], r["n"], r["k"], r["case"]) for r in rows):
    ref = statistics.median(t[key + ("torch",)])
    cells = []
    for k in kernels:
        v = t.get(key + (k,))
        cells.append(f"{statistics.median(v):9.1f} ({ref / statistics.median(v):.3f}x)" if v else f"{'-':>22}")
    print(f"{'x'.join(map(str, key[:3])):>16} {key[3]:>10} " + " ".join(f"{c:>22}" for c in cells))
