"""Skinny (decode-sized) products as a memory-bandwidth benchmark, against torch.matmul.

    python bench/bench_skinny.py --dtype bf16 --out bench/results/skinny_bf16_h200

A product with M <= 64 reads all of B and little else: its speed is bytes per second.
The yardstick is the GPU's measured copy bandwidth (a 2 GiB device-to-device copy,
bytes read + written, median time), and each product counts the bytes of A, B and C
once. Both layouts of B: "nn" (B row-major [K, N]) and "nt" (B column-major, the
nn.Linear weight [N, K]). Fresh random inputs; medians from triton.testing.do_bench,
which flushes the L2 cache before every run, so B comes from DRAM as in a real decode.
"""
import argparse
import datetime
import json
import os
import sys

import torch

import tiledmm
from tiledmm._timing import median_ms

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}
SHAPES = [(m, n, k) for m in (1, 8, 16, 32, 64) for n, k in ((4096, 4096), (11008, 4096), (4096, 11008))]


def copy_bandwidth_gb_s(size_bytes=2 << 30):
    src = torch.empty(size_bytes // 4, dtype=torch.float32, device="cuda").normal_()
    dst = torch.empty_like(src)
    ms = median_ms(lambda: dst.copy_(src), "cuda")
    return 2 * size_bytes / (ms * 1e-3) / 1e9


def run(dtype_name, layouts, shapes, kernels=(None,)):
    dtype = DTYPES[dtype_name]
    size = torch.tensor([], dtype=dtype).element_size()
    copy_gb_s = copy_bandwidth_gb_s()
    cc = torch.cuda.get_device_capability()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    rows = []
    for layout in layouts:
        for m, n, k in shapes:
            gen = torch.Generator(device="cuda").manual_seed(m * 31 + n * 7 + k)
            a = torch.randn(m, k, device="cuda", generator=gen).to(dtype)
            b = torch.randn(k, n, device="cuda", generator=gen).to(dtype)
            if layout == "nt":
                b = b.t().contiguous().t()
            expected = torch.matmul(a, b)
            cublas_ms = median_ms(lambda: torch.matmul(a, b), "cuda")
            moved = size * (m * k + k * n + m * n)
            for kernel in kernels:
                out = tiledmm.gemm(a, b, kernel=kernel)
                rel_err = ((out.double() - expected.double()).norm() / expected.double().norm()).item()
                ms = median_ms(lambda: tiledmm.gemm(a, b, kernel=kernel), "cuda")
                plan = tiledmm.plan(m, n, k, dtype, b_col_major=layout == "nt", compute_capability=cc,
                                    sm_count=sms, kernel=kernel)
                rows.append({
                    "m": m, "n": n, "k": k, "dtype": dtype_name, "layout": layout, "requested": kernel or "auto",
                    "kernel": plan["kernel"], "config": plan["config"], "split_k": plan["split_k"], "ms": ms,
                    "cublas_ms": cublas_ms, "gb_s": moved / (ms * 1e-3) / 1e9,
                    "cublas_gb_s": moved / (cublas_ms * 1e-3) / 1e9,
                    "pct_copy": 100 * moved / (ms * 1e-3) / 1e9 / copy_gb_s,
                    "cublas_pct_copy": 100 * moved / (cublas_ms * 1e-3) / 1e9 / copy_gb_s,
                    "ratio": cublas_ms / ms, "rel_err_vs_torch": rel_err,
                })
                del out
            del a, b, expected
    return copy_gb_s, rows


def print_table(copy_gb_s, rows):
    print(f"copy bandwidth: {copy_gb_s:,.0f} GB/s")
    print(f"{'layout':>6} {'shape':>18} {'kernel:config':>30} {'split':>5} {'us':>8} {'GB/s':>7} {'%copy':>6} "
          f"{'cuBLAS us':>9} {'%copy':>6} {'ratio':>6} {'rel.err':>8}")
    for r in rows:
        spec = f"{r['kernel']}:{r['config']}"[:30]
        print(f"{r['layout']:>6} {r['m']:>6}x{r['n']:>5}x{r['k']:>5} {spec:>30} {r['split_k']:>5} "
              f"{1e3 * r['ms']:8.2f} {r['gb_s']:7.0f} {r['pct_copy']:6.1f} {1e3 * r['cublas_ms']:9.2f} "
              f"{r['cublas_pct_copy']:6.1f} {r['ratio']:6.3f} {r['rel_err_vs_torch']:8.1e}")


def plot(copy_gb_s, rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    layouts = list(dict.fromkeys(r["layout"] for r in rows))
    fig, axes = plt.subplots(len(layouts), 1, figsize=(13, 4.5 * len(layouts)), squeeze=False)
    for ax, layout in zip(axes[:, 0], layouts):
        sel = [r for r in rows if r["layout"] == layout and r["requested"] == rows[0]["requested"]]
        xs = range(len(sel))
        ax.bar([x - 0.2 for x in xs], [r["pct_copy"] for r in sel], 0.4, label=f"tiledmm ({rows[0]['requested']})")
        ax.bar([x + 0.2 for x in xs], [r["cublas_pct_copy"] for r in sel], 0.4, label="cuBLAS (torch.matmul)")
        ax.axhline(80, color="gray", linestyle="--", label="80% of copy bandwidth")
        ax.set_xticks(list(xs))
        ax.set_xticklabels([f"{r['m']}x{r['n']}x{r['k']}" for r in sel], rotation=30, fontsize=7)
        ax.set_ylabel(f"% of copy bandwidth ({copy_gb_s:,.0f} GB/s)")
        ax.set_title(f"{rows[0]['dtype']} skinny products, layout {layout}, {torch.cuda.get_device_name()}")
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dtype", default="bf16", choices=list(DTYPES))
    parser.add_argument("--layouts", default="nn,nt")
    parser.add_argument("--shapes", default=None, help="MxNxK, comma separated (default: M = 1..64 presets)")
    parser.add_argument("--kernels", default="auto",
                        help="comma-separated kernel specs to time (auto = the planner); the plot shows the first")
    parser.add_argument("--out", default=None, help="write <out>.json and <out>.png")
    args = parser.parse_args(argv)
    if not torch.cuda.is_available():
        sys.exit("bench_skinny.py needs a CUDA GPU")
    shapes = SHAPES if args.shapes is None else [tuple(int(x) for x in s.split("x")) for s in args.shapes.split(",")]
    kernels = [None if k == "auto" else k for k in args.kernels.split(",")]
    copy_gb_s, rows = run(args.dtype, args.layouts.split(","), shapes, kernels)
    print_table(copy_gb_s, rows)
    if args.out:
        os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
        meta = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__, "cuda": torch.version.cuda,
                "date": datetime.datetime.now().isoformat(timespec="seconds"), "copy_gb_s": copy_gb_s,
                "timer": "triton.testing.do_bench median (ms), L2 flushed before each run", "args": vars(args)}
        with open(args.out + ".json", "w") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=1)
        plot(copy_gb_s, rows, args.out + ".png")


if __name__ == "__main__":
    main()
