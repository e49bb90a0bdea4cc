"""Plot and summarize an A/B of the planner (ab_sweep.py output): per changed problem, the
best of its rounds for HEAD's build (old), the new build and cuBLAS, as speed against cuBLAS.

    python plot_ab.py call6_final ab_final_h100 "before (f5e1d6e)" "time model (c513bb3)"
    python plot_ab.py call8_halves ab_halves_h100 "c513bb3" "halves (2b43d32)"
"""
import collections
import glob
import json
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

folder, stem, old_label, new_label = sys.argv[1:5]
runs = collections.defaultdict(lambda: collections.defaultdict(list))
plans, cublas = {}, collections.defaultdict(list)
for path in sorted(glob.glob(f"{folder}/ab_*.jsonl")):
    for line in open(path):
        r = json.loads(line)
        key = (r["dtype"], r["layout"], r["shape"], r["kind"])
        runs[key][r["build"]].append(r["us"])
        plans[key, r["build"]] = r["plan"]
        cublas[key].append(r["cublas_us"])
rows = []
for key, v in runs.items():
    rows.append({"dtype": key[0], "layout": key[1], "shape": key[2], "kind": key[3],
                 "old_us": min(v["old"]), "new_us": min(v["new"]), "cublas_us": min(cublas[key]),
                 "old_plan": plans[key, "old"], "new_plan": plans[key, "new"]})
json.dump({"gpu": open(f"{folder}/gpu.txt").read().splitlines()[-1],
           "method": "GPU time per call: CUDA graph of 10 calls, median of 7 replays; best of 2 rounds per build "
                     "(old, new, new, old) and of 4 for cuBLAS",
           "rows": rows}, open(f"{stem}.json", "w"), indent=1)
fig, axes = plt.subplots(1, 2, figsize=(13, 4.5))
for ax, dtype in zip(axes, ("bf16", "tf32")):
    sel = sorted((r for r in rows if r["dtype"] == dtype and r["kind"] == "changed"),
                 key=lambda r: r["cublas_us"] / r["new_us"])
    x = range(len(sel))
    ax.plot(x, [r["cublas_us"] / r["old_us"] for r in sel], ".", color="tab:gray", label=old_label)
    ax.plot(x, [r["cublas_us"] / r["new_us"] for r in sel], ".", color="tab:blue", label=new_label)
    ax.axhline(1.0, color="k", lw=0.8)
    ax.set_title(f"{dtype}: {len(sel)} problems whose plan changed")
    ax.set_xlabel("problem (sorted by new speed)")
    ax.set_ylabel("speed vs torch.matmul (cuBLAS time / ours)")
    ax.legend()
fig.suptitle(f"wgmma planner, {old_label} against {new_label}: H100, same-run A/B (bench/results/small/session37)")
fig.tight_layout()
fig.savefig(f"{stem}.png", dpi=110)
