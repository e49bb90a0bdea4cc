"""Plot of pp_ab.py runs: per shape and case, tiledmm's speed against torch with the planner's
new config (ping-pong) and with the old planner's config named, clocks near peak and at the
power limit side by side. Usage: plot_ab.py COOL.jsonl HOT.jsonl OUT.png"""
import collections
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

CASES = ["plain", "bias", "bias+gelu", "bias+silu", "nn"]


def load(path):
    by = collections.defaultdict(dict)
    for line in open(path):
        if line.startswith("{"):
            r = json.loads(line)
            by[(r["m"], r["n"], r["k"])][(r["case"], r["kernel"])] = r
    return by


def old_name(results, case):
    return next(k for (c, k) in results if c == case and k not in ("auto", "torch"))


def main(cool, hot, out):
    fig, axes = plt.subplots(1, 2, figsize=(15, 6), sharey=True)
    for ax, (title, path) in zip(axes, [("clocks near peak (5 ms idle before each sample)", cool),
                                        ("at the power limit (graphs back to back)", hot)]):
        by = load(path)
        shapes = [s for s, d in by.items()
                  if d[("plain", "auto")]["config"] != d[("plain", old_name(d, "plain"))]["config"]]
        width = 0.8 / len(CASES)
        for i, case in enumerate(CASES):
            new = [by[s][(case, "torch")]["us"] / by[s][(case, "auto")]["us"] for s in shapes]
            old = [by[s][(case, "torch")]["us"] / by[s][(case, old_name(by[s], case))]["us"] for s in shapes]
            xs = [j + (i - len(CASES) / 2 + 0.5) * width for j in range(len(shapes))]
            ax.bar(xs, new, width, label=f"{case}: ping-pong (new plan)", color=f"C{i}")
            ax.scatter(xs, old, marker="_", s=120, color="k", zorder=3,
                       label="old plan (128x256 tiles)" if i == 0 else None)
        ax.axhline(1.0, color="gray", lw=0.8)
        ax.set_xticks(range(len(shapes)))
        ax.set_xticklabels(["x".join(map(str, s)) for s in shapes], rotation=60, fontsize=8)
        ax.set_title(title, fontsize=10)
        ax.set_ylim(0.8, 1.45)
    axes[0].set_ylabel("speed against torch (F.linear [+ activation]; matmul for nn)")
    axes[1].legend(fontsize=7, loc="upper right")
    fig.suptitle("bf16, tiledmm.linear (x [M, K], weight [N, K]) and gemm nn: the plans the "
                 "ping-pong rule changed (MxNxK)", fontsize=11)
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main(*sys.argv[1:4])
