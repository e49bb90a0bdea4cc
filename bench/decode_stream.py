"""Skinny products as a decode step runs them: many weights back to back in one CUDA graph.

    python bench/decode_stream.py --out bench/results/skinny/decode_stream_bf16_h100

A decode step streams one weight per layer, each product right after the previous one, and
serving stacks replay the step as a CUDA graph. Timing one product alone (bench_skinny.py)
adds a fixed ~4 us per call (the launch and the event pair around it, measured with a
one-float fill in bench/results/skinny/l2_flush_probe_h100.txt), which at 4096 x 4096 is
a quarter of the product's time. Here each graph holds `layers` products of the same shape
with distinct weights (together >= 4x the L2, so every weight comes from DRAM), the graph's
replays are timed with CUDA events (median of `reps`), and a product's time is the replay's
time over `layers`. The same for torch.matmul (cuBLAS), on the same inputs, in the same run.

With `--between write-x`, a small kernel that writes X (X *= 1, in place) runs before each
product, as a decode step's norm or activation does: each product then reads what the kernel
ahead of it wrote, and that kernel is not one of ours. Then the times are of the step (that
kernel + the product), for tiledmm and for cuBLAS alike, and their % of copy bandwidth is a
lower bound on the product's; a graph of those kernels alone is timed for reference (its
time is not taken off: between products, part of it overlaps them).

Yardstick: the measured copy bandwidth (a 2 GiB device-to-device copy, bytes read + written),
each product counting the bytes of X, W and Y once, as in bench_skinny.py. Every graph's
outputs are checked against a float64 reference before timing.
"""
import argparse
import datetime
import json
import math
import os
import sys

import torch

import tiledmm
from tiledmm._timing import event_median_ms

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bandwidth import copy_bandwidth_gb_s  # noqa: E402

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16}
WEIGHTS = ((4096, 4096), (11008, 4096), (4096, 11008))  # (N, K) of the weights streamed


def weights(n, k, layout, count, dtype, gen):
    """`count` B operands [K, N]: "nt" the nn.Linear weight [N, K] transposed (K-major), "nn" row-major."""
    if layout == "nt":
        return [torch.randn(n, k, device="cuda", generator=gen).to(dtype).t() for _ in range(count)]
    return [torch.randn(k, n, device="cuda", generator=gen).to(dtype) for _ in range(count)]


def write_x(x):
    """The kernel a decode step runs between two products (a norm, an activation): it writes X."""
    x.mul_(1.0)


def graph_of(product, x, ws, between=None):
    """A CUDA graph of product(x, w) for every w (each after between(x), if given), and the
    outputs it writes on each replay."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):  # warm-up outside the capture: plans, workspaces, handles
        for w in ws[:2]:
            product(x, w)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        outs = []
        for w in ws:
            if between is not None:
                between(x)
            outs.append(product(x, w))
    return graph, outs


def rel_err(out, x, w):
    ref = x.double() @ w.double()
    return ((out.double() - ref).norm() / ref.norm()).item()


def between_us(x, count, reps):
    """Per kernel, a graph of `count` write_x kernels alone."""
    graph, _ = graph_of(lambda x, _: write_x(x), x, [None] * count)
    return 1e3 * event_median_ms(graph.replay, warmup=3, reps=reps) / count


def run(dtype_name, layouts, shapes, reps, layers=None, copy_bytes=2 << 30, kernel=None, between=False):
    """One row per (layout, shape); `layers` overrides the weights per graph (tests), `kernel`
    names tiledmm's kernel (the planner's choice by default), `between` puts write_x before
    each product (the times are then of write_x + product)."""
    dtype = DTYPES[dtype_name]
    size = torch.tensor([], dtype=dtype).element_size()
    copy_gb_s = copy_bandwidth_gb_s(copy_bytes)
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    rows = []
    for layout in layouts:
        for m, n, k in shapes:
            gen = torch.Generator(device="cuda").manual_seed(m * 31 + n * 7 + k)
            count = layers or max(8, math.ceil(4 * l2 / (size * n * k)))
            x = torch.randn(m, k, device="cuda", generator=gen).to(dtype)
            ws = weights(n, k, layout, count, dtype, gen)
            moved = size * (m * k + k * n + m * n)
            row = {"layout": layout, "m": m, "n": n, "k": k, "kernel": kernel or "auto", "layers": count,
                   "bytes": moved, "between": "write_x" if between else None}
            if between:
                row["between_us"] = between_us(x, count, reps)
            ours = lambda x, w: tiledmm.gemm(x, w, kernel=kernel)
            for name, product in (("tiledmm", ours), ("cublas", torch.matmul)):
                graph, outs = graph_of(product, x, ws, write_x if between else None)
                for out in outs:
                    out.fill_(float("nan"))  # poison: the replay must write every output
                graph.replay()
                torch.cuda.synchronize()
                row[f"{name}_rel_err"] = max(rel_err(out, x, w) for out, w in zip(outs, ws))
                ms = event_median_ms(graph.replay, warmup=3, reps=reps) / count
                row[f"{name}_us"] = 1e3 * ms
                row[f"{name}_pct_copy"] = 100 * moved / (ms * 1e-3) / 1e9 / copy_gb_s
                del graph, outs
            row["speedup"] = row["cublas_us"] / row["tiledmm_us"]
            rows.append(row)
            step = f" | write_x + product (write_x alone {row['between_us']:.2f} us)" if between else ""
            print(f"{layout} {m:>2}x{n}x{k} ({count} weights): tiledmm {row['tiledmm_us']:6.2f} us "
                  f"{row['tiledmm_pct_copy']:5.1f}% | cuBLAS {row['cublas_us']:6.2f} us {row['cublas_pct_copy']:5.1f}% "
                  f"| x{row['speedup']:.2f} | rel err {row['tiledmm_rel_err']:.1e}{step}", flush=True)
            assert row["tiledmm_rel_err"] < 1e-2, row
            del ws
    return copy_gb_s, rows


def plot(copy_gb_s, rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{r['layout']} {r['m']}x{r['n']}x{r['k']}" for r in rows]
    xs = range(len(rows))
    fig, ax = plt.subplots(figsize=(max(8, 0.45 * len(rows)), 4.5))
    ax.bar([i - 0.2 for i in xs], [r["tiledmm_pct_copy"] for r in rows], 0.4, label=f"tiledmm ({rows[0]['kernel']})")
    ax.bar([i + 0.2 for i in xs], [r["cublas_pct_copy"] for r in rows], 0.4, label="torch.matmul (cuBLAS)")
    ax.axhline(80, color="gray", linestyle="--", linewidth=1, label="80% of copy bandwidth")
    ax.set_xticks(list(xs), labels, rotation=70, fontsize=7)
    ax.set_ylabel(f"% of copy bandwidth ({copy_gb_s:.0f} GB/s)")
    between = ", write_x + product" if rows[0]["between"] else ""
    ax.set_title(f"Decode stream (CUDA graph of distinct weights{between}), {torch.cuda.get_device_name(0)}",
                 fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dtype", default="bf16", choices=sorted(DTYPES))
    parser.add_argument("--layouts", default="nt,nn")
    parser.add_argument("--m", default="1,8,16,32", help="small sides to run")
    parser.add_argument("--shapes", default=None,
                        help="MxNxK products, comma separated, instead of --m x the decode weights (N x K)")
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--layers", type=int, default=None,
                        help="weights (products) per graph (default: at least 8, together >= 4x the L2)")
    parser.add_argument("--kernel", default=None, help="tiledmm kernel spec, e.g. skinny:r16_w8_u4 (default: planner)")
    parser.add_argument("--between", choices=["none", "write-x"], default="none",
                        help="write-x: a kernel that writes X before each product (a decode step's norm)")
    parser.add_argument("--out", help="write OUT.json and OUT.png")
    args = parser.parse_args(argv)
    ms = {int(v) for v in args.m.split(",")}
    if args.shapes:
        shapes = [tuple(int(v) for v in mnk.split("x")) for mnk in args.shapes.split(",")]
    else:
        shapes = [(m, n, k) for m in sorted(ms) for n, k in WEIGHTS]
    copy_gb_s, rows = run(args.dtype, args.layouts.split(","), shapes, args.reps, layers=args.layers,
                          kernel=args.kernel, between=args.between == "write-x")
    print(f"copy bandwidth {copy_gb_s:.0f} GB/s")
    if args.out:
        meta = {"gpu": torch.cuda.get_device_name(0), "torch": torch.__version__, "dtype": args.dtype,
                "copy_gb_s": copy_gb_s, "date": datetime.date.today().isoformat(), "method": __doc__}
        with open(args.out + ".json", "w") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=1)
        plot(copy_gb_s, rows, args.out + ".png")


if __name__ == "__main__":
    main()
