"""Kernel times of call 3 (profiler, µs per call; HEAD = 128x64 with 128-byte k-tiles x 8
stages, new = 256-byte k-tiles x 4 stages; rounds HEAD, new, new, HEAD): a JSON of every
round and a plot of the medians against cuBLAS's.

    python summarize.py      (in this directory)
"""
import collections
import json
import re
import statistics

runs = {"head": [1, 4], "new": [2, 3]}
data = collections.defaultdict(lambda: collections.defaultdict(list))
for dtype in ("bf16", "fp16", "tf32"):
    for build, rounds in runs.items():
        for r in rounds:
            for line in open(f"kt_{dtype}_{build}_{r}.txt"):
                m = re.match(r"== tiledmm\.gemm (\S+) \(auto\): ([\d.]+) µs", line)
                if m:
                    data[(dtype, m[1])][build].append(float(m[2]))
                m = re.match(r"== torch\.matmul (\S+): ([\d.]+) µs", line)
                if m:
                    data[(dtype, m[1])]["cublas"].append(float(m[2]))
rows = [{"dtype": d, "shape": s, **{k: v for k, v in runs_.items()}} for (d, s), runs_ in data.items()]
json.dump({"meta": {"gpu": open("gpu.txt").read().strip().splitlines()[-1], "unit": "us per call, profiler kernel time",
                    "builds": "head: 128x64_k128B_2wg_s8; new: 128x64_k256B_2wg_s4"}, "rows": rows},
          open("kernel_times_h100.json", "w"), indent=1)
for row in rows:
    med = {k: statistics.median(row[k]) for k in ("head", "new", "cublas")}
    print(f"{row['dtype']} {row['shape']:16s} head {med['head']:5.1f}  new {med['new']:5.1f}  cuBLAS {med['cublas']:5.1f}"
          f"  new/head {med['new'] / med['head']:.3f}  cuBLAS/new {med['cublas'] / med['new']:.3f}")

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
fig, axes = plt.subplots(3, 1, figsize=(12, 11))
for ax, dtype in zip(axes, ("bf16", "fp16", "tf32")):
    mine = [r for r in rows if r["dtype"] == dtype]
    x = range(len(mine))
    for i, (key, label) in enumerate([("head", "HEAD (its 128x64: 128 B of K x 8 stages)"), ("new", "this build (128x64: 256 B of K x 4 stages)"),
                                      ("cublas", "cuBLAS (torch.matmul)")]):
        ax.bar([p + 0.27 * (i - 1) for p in x], [statistics.median(r[key]) for r in mine], 0.27, label=label)
    ax.set_xticks(list(x), [r["shape"] for r in mine], rotation=20)
    ax.set_ylabel("kernel µs")
    ax.set_title(f"{dtype}, layout nn, planner's choice (H100; 64x64 tiles up to 512^3, unchanged)")
    ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig("kernel_times_h100.png", dpi=90)
