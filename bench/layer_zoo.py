"""The linear layers of common models, as a training step runs them, against torch in the same
run: forward y = x W^T + b (tiledmm.linear against F.linear), the input gradient dY W (nn)
and the weight gradient dY^T X (tn: A column-major), each tiledmm.gemm against torch.matmul.

    python bench/layer_zoo.py --out bench/results/zoo/layer_zoo_h100 [--tokens 256,985,2048,8192]

x is [tokens, in], W [out, in] (nn.Linear's layout), dY [tokens, out]. Each cell is the
median of --rounds do_bench medians (L2 flushed) taken in alternation, ours then torch's, with
the config tiledmm.plan_for names. Writes <out>.json and <out>.png (the ratio to torch per
cell, by layer kind and token count).
"""
import argparse
import json
import os
import statistics
import sys

import torch
import torch.nn.functional as F

import tiledmm

# (in_features, out_features) of each model's linear layers: attention's fused QKV and output
# projections and the MLP's two (Llama's gate and up share a shape).
MODELS = {
    "gpt2-small": [(768, 2304), (768, 768), (768, 3072), (3072, 768)],
    "gpt2-medium": [(1024, 3072), (1024, 4096), (4096, 1024)],
    "gpt2-xl": [(1600, 4800), (1600, 6400), (6400, 1600)],
    "qwen2.5-0.5b": [(896, 1152), (896, 4864), (4864, 896)],
    "qwen2.5-1.5b": [(1536, 2048), (1536, 8960), (8960, 1536)],
    "llama3.2-1b": [(2048, 3072), (2048, 8192), (8192, 2048)],
    "llama3-8b": [(4096, 6144), (4096, 4096), (4096, 14336), (14336, 4096)],
}
DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16}


def median_us(fn):
    import triton.testing
    return 1000 * triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")


def layer_cases(tokens, fan_in, fan_out, dtype):
    """{case: (ours, torch's, the operands plan_for describes)} for one layer."""
    x = torch.randn(tokens, fan_in, device="cuda", dtype=dtype)
    w = torch.randn(fan_out, fan_in, device="cuda", dtype=dtype) / fan_in**0.5
    b = torch.randn(fan_out, device="cuda", dtype=dtype)
    dy = torch.randn(tokens, fan_out, device="cuda", dtype=dtype)
    return {
        "forward": (lambda: tiledmm.linear(x, w, b), lambda: F.linear(x, w, b), (x, w.t())),
        "grad_input": (lambda: tiledmm.gemm(dy, w), lambda: torch.matmul(dy, w), (dy, w)),
        "grad_weight": (lambda: tiledmm.gemm(dy.t(), x), lambda: torch.matmul(dy.t(), x), (dy.t(), x)),
    }


def run(args):
    dtype = DTYPES[args.dtype]
    rows, seen = [], set()
    for model, layers in MODELS.items():
        for fan_in, fan_out in layers:
            for tokens in args.tokens:
                if (tokens, fan_in, fan_out) in seen:
                    continue
                seen.add((tokens, fan_in, fan_out))
                for case, (ours, theirs, operands) in layer_cases(tokens, fan_in, fan_out, dtype).items():
                    expected = theirs().double()
                    error = ((ours().double() - expected).norm() / expected.norm()).item()
                    assert error < 1e-2, (model, tokens, fan_in, fan_out, case, error)
                    our_us, their_us = [], []
                    for _ in range(args.rounds):
                        our_us.append(median_us(ours))
                        their_us.append(median_us(theirs))
                    plan = tiledmm.plan_for(*operands)
                    row = dict(model=model, tokens=tokens, fan_in=fan_in, fan_out=fan_out, case=case,
                               m=operands[0].shape[0], n=operands[1].shape[1], k=operands[0].shape[1],
                               tiledmm_us=statistics.median(our_us), torch_us=statistics.median(their_us),
                               tiledmm_rounds_us=our_us, torch_rounds_us=their_us, rel_err_vs_torch=error,
                               config=plan["config"], split_k=plan["split_k"])
                    row["ratio"] = row["torch_us"] / row["tiledmm_us"]
                    rows.append(row)
                    print(f"{model:13} {tokens:5}x{fan_in:5}->{fan_out:5} {case:11} tiledmm {row['tiledmm_us']:8.1f} us "
                          f"torch {row['torch_us']:8.1f} us  x{row['ratio']:.3f}  {plan['config']} s{plan['split_k']}",
                          flush=True)
    return rows


def summary(rows):
    lines = []
    ratios = [r["ratio"] for r in rows]
    lines.append(f"all {len(rows)} cells: geomean x{statistics.geometric_mean(ratios):.3f}, "
                 f"{sum(x < 0.95 for x in ratios)} below x0.95, {sum(x > 1.05 for x in ratios)} above x1.05")
    for case in ("forward", "grad_input", "grad_weight"):
        for tokens in sorted({r["tokens"] for r in rows}):
            sel = [r["ratio"] for r in rows if r["case"] == case and r["tokens"] == tokens]
            lines.append(f"  {case:11} {tokens:5} tokens: geomean x{statistics.geometric_mean(sel):.3f}, "
                         f"min x{min(sel):.3f} ({len(sel)} layers)")
    return lines


def plot(rows, path, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    cases = ("forward", "grad_input", "grad_weight")
    token_counts = sorted({r["tokens"] for r in rows})
    fig, axes = plt.subplots(1, len(cases), figsize=(5 * len(cases), 4), sharey=True)
    for ax, case in zip(axes, cases):
        for i, tokens in enumerate(token_counts):
            sel = [r["ratio"] for r in rows if r["case"] == case and r["tokens"] == tokens]
            ax.scatter([i] * len(sel), sel, s=14, alpha=0.6)
            ax.plot([i - 0.3, i + 0.3], [statistics.geometric_mean(sel)] * 2, color="black")
        ax.axhline(1.0, color="gray", linestyle="--", linewidth=0.8)
        ax.set_xticks(range(len(token_counts)), [str(t) for t in token_counts])
        ax.set_xlabel("tokens")
        ax.set_title(case)
    axes[0].set_ylabel("torch time / tiledmm time (each layer; bar: geomean)")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="path prefix of the .json and .png")
    parser.add_argument("--dtype", default="bf16", choices=list(DTYPES))
    parser.add_argument("--tokens", default="256,985,2048,8192", type=lambda s: [int(t) for t in s.split(",")])
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds per cell (the median is kept)")
    args = parser.parse_args()
    rows = run(args)
    lines = summary(rows)
    print("\n".join(lines))
    gpu = torch.cuda.get_device_name()
    with open(args.out + ".json", "w") as f:
        json.dump({"gpu": gpu, "torch": torch.__version__, "dtype": args.dtype, "rounds": args.rounds,
                   "timer": "triton.testing.do_bench median (L2 flushed), median of alternating rounds",
                   "summary": lines, "rows": rows}, f, indent=1)
    plot(rows, args.out + ".png", f"{args.dtype} model layers against torch, {gpu}")


if __name__ == "__main__":
    sys.exit(main())
