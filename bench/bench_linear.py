"""Linear-layer benchmark: tiledmm.linear against F.linear (+ the activation) in the same
run, on the same inputs, and one training step of a GPT-style model with and without
tiledmm.replace_linear. Each layer and case is timed in --rounds alternating pairs (ours, torch;
then torch, ours; ...), and its ratio is the median of the rounds' ratios.

    python bench/bench_linear.py --dtype bf16 --out bench/results/linear_h200

x is [tokens, in], weight [out, in] (nn.Linear's layout), bias [out]. Medians from
triton.testing.do_bench (CUDA events without triton). Writes <out>.json and <out>.png.
"""
import argparse
import copy
import json
import os
import statistics
import sys

import torch
import torch.nn.functional as F

import tiledmm
from tiledmm._timing import median_ms

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from gpt_model import TinyGPT  # noqa: E402

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}
# (tokens, in_features, out_features): the FP32/tensor-core issues' LLM shapes as layers.
SHAPES = [(8192, 4096, 4096), (8192, 4096, 14336), (8192, 14336, 4096), (4096, 4096, 11008)]
CASES = {"bias": (None, lambda z: z), "bias+gelu": ("gelu", F.gelu), "bias+silu": ("silu", F.silu)}


def alternating_rounds(ours, theirs, rounds, timer):
    """`rounds` timings of each of two calls, taken in pairs one right after the other and the
    pair's order swapped every round, so that the machine's drift (its clock at the power cap
    moves a single do_bench reading by 3-5%, bench/NOTES.md session 70) falls on both alike.
    `timer(fn)` gives one median in ms. Returns the medians, each round's times, and the median,
    min and max of the rounds' ratios theirs / ours."""
    ours_ms, theirs_ms = [], []
    for i in range(rounds):
        if i % 2 == 0:
            ours_ms.append(timer(ours))
            theirs_ms.append(timer(theirs))
        else:
            theirs_ms.append(timer(theirs))
            ours_ms.append(timer(ours))
    ratios = [t / o for t, o in zip(theirs_ms, ours_ms)]
    return dict(tiledmm_ms=statistics.median(ours_ms), torch_ms=statistics.median(theirs_ms),
                speedup=statistics.median(ratios), speedup_min=min(ratios), speedup_max=max(ratios),
                tiledmm_rounds_ms=ours_ms, torch_rounds_ms=theirs_ms)


def bench_layers(dtype, kernel=None, rounds=5):
    rows = []
    for tokens, fan_in, fan_out in SHAPES:
        x = torch.randn(tokens, fan_in, device="cuda", dtype=dtype)
        w = torch.randn(fan_out, fan_in, device="cuda", dtype=dtype) / fan_in**0.5
        b = torch.randn(fan_out, device="cuda", dtype=dtype)
        for case, (activation, torch_act) in CASES.items():
            timing = alternating_rounds(lambda: tiledmm.linear(x, w, b, activation=activation, kernel=kernel),
                                        lambda: torch_act(F.linear(x, w, b)), rounds,
                                        lambda fn: median_ms(fn, "cuda"))
            ours, theirs = timing["tiledmm_ms"], timing["torch_ms"]
            flops = 2 * tokens * fan_in * fan_out
            rows.append(dict(shape=f"{tokens}x{fan_in}->{fan_out}", case=case, **timing,
                             tiledmm_tflops=flops / ours / 1e9, torch_tflops=flops / theirs / 1e9))
            print(f"{rows[-1]['shape']:>22} {case:>10}  tiledmm {ours:8.3f} ms  torch {theirs:8.3f} ms  "
                  f"x{timing['speedup']:.3f} (rounds {timing['speedup_min']:.3f}-{timing['speedup_max']:.3f})",
                  flush=True)
    return rows


def bench_training(dtype, width=1024, layers=4, batch=8, context=512, rounds=5):
    torch.manual_seed(0)
    ref = TinyGPT(vocab=8192, width=width, heads=16, layers=layers, context=context).to("cuda", dtype)
    ours = tiledmm.replace_linear(copy.deepcopy(ref))
    idx = torch.randint(0, 8192, (batch, context), device="cuda")
    targets = torch.randint(0, 8192, (batch, context), device="cuda")

    def step(model):
        def run():
            model.zero_grad(set_to_none=True)
            F.cross_entropy(model(idx).float().flatten(0, 1), targets.flatten()).backward()
        return run
    # Alternate the two models over several rounds and take each one's median: a step is
    # partly host-bound, and the machine's state drifts between back-to-back measurements.
    ref_runs, our_runs = [], []
    for _ in range(rounds):
        ref_runs.append(median_ms(step(ref), "cuda"))
        our_runs.append(median_ms(step(ours), "cuda"))
    ref_ms, ours_ms = statistics.median(ref_runs), statistics.median(our_runs)
    row = dict(model=f"TinyGPT width {width}, {layers} layers, batch {batch}x{context}", nn_linear_ms=ref_ms,
               tiledmm_ms=ours_ms, ratio=ours_ms / ref_ms, nn_linear_rounds_ms=ref_runs, tiledmm_rounds_ms=our_runs)
    print(f"training step: nn.Linear {ref_ms:.3f} ms, tiledmm {ours_ms:.3f} ms (x{ours_ms / ref_ms:.3f} time); "
          f"rounds: nn.Linear {', '.join(f'{t:.3f}' for t in ref_runs)}, tiledmm {', '.join(f'{t:.3f}' for t in our_runs)}")
    return row


def plot(rows, path, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    labels = [f"{r['shape']}\n{r['case']}" for r in rows]
    fig, ax = plt.subplots(figsize=(max(8, len(rows) * 0.9), 4.5))
    xs = range(len(rows))
    ax.bar([x - 0.2 for x in xs], [r["torch_tflops"] for r in rows], 0.4, label="F.linear (+ activation)")
    ax.bar([x + 0.2 for x in xs], [r["tiledmm_tflops"] for r in rows], 0.4, label="tiledmm.linear (fused)")
    ax.set_xticks(list(xs), labels, rotation=60, ha="right", fontsize=7)
    ax.set_ylabel("TFLOP/s")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dtype", default="bf16", choices=sorted(DTYPES))
    parser.add_argument("--out", default=None)
    parser.add_argument("--no-training", action="store_true")
    parser.add_argument("--no-layers", action="store_true", help="only the training step")
    parser.add_argument("--kernel", default=None, help="the layers' kernel (default: the planner's)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="alternating rounds per layer and case; the ratio is the rounds' median")
    args = parser.parse_args(argv)
    if not torch.cuda.is_available():
        sys.exit("bench_linear needs a CUDA GPU")
    dtype = DTYPES[args.dtype]
    rows = [] if args.no_layers else bench_layers(dtype, args.kernel, args.rounds)
    training = None if args.no_training else bench_training(dtype)
    meta = dict(gpu=torch.cuda.get_device_name(), torch=torch.__version__, dtype=args.dtype, kernel=args.kernel,
                rounds=args.rounds)
    if args.out:
        with open(args.out + ".json", "w") as f:
            json.dump(dict(meta=meta, layers=rows, training=training), f, indent=1)
        if rows:
            plot(rows, args.out + ".png", f"linear layers, {args.dtype}, {meta['gpu']}")


if __name__ == "__main__":
    main()
