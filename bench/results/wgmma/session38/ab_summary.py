"""Summary of pp_ab.py runs: per file and case, the geomean of old/new time over the changed
plans (auto's config differs from the named old one), the range, and against torch."""
import collections
import json
import math
import sys

for path in sys.argv[1:]:
    rows = [json.loads(l) for l in open(path) if l.startswith("{")]
    by = collections.defaultdict(dict)
    for r in rows:
        by[(r["m"], r["n"], r["k"], r["case"])][r["kernel"]] = r
    per_case = collections.defaultdict(list)
    for (m, n, k, case), d in by.items():
        old = next(v for name, v in d.items() if name not in ("auto", "torch"))
        if d["auto"]["config"] == old["config"]:
            continue
        per_case[case].append((old["us"] / d["auto"]["us"], d["torch"]["us"] / d["auto"]["us"],
                               d["torch"]["us"] / old["us"], f"{m}x{n}x{k}"))
    print(path)
    for case, v in per_case.items():
        g = lambda i: math.exp(sum(math.log(x[i]) for x in v) / len(v))  # noqa: E731
        worst = min(v)
        print(f"  {case:10s} {len(v):2d} shapes: new/old speed geomean {g(0):.3f} (min {worst[0]:.3f} at {worst[3]},"
              f" max {max(v)[0]:.3f}); vs torch {g(2):.3f} -> {g(1):.3f}")
