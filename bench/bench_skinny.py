"""Skinny (decode-sized) products as a memory-bandwidth benchmark, against torch.matmul.

    python bench/bench_skinny.py --dtype bf16 --out bench/results/skinny_bf16_h200

A product with M <= 64 reads all of B and little else: its speed is bytes per second.
The yardstick is the GPU's measured copy bandwidth (a 2 GiB device-to-device copy,
bytes read + written, median time), and each product counts the bytes of A, B and C
once. Both layouts of B: "nn" (B row-major [K, N]) and "nt" (B column-major, the
nn.Linear weight [N, K]). Fresh random inputs, and two timings of each product, both
medians of CUDA events with L2 evicted before every run, so B comes from DRAM:
  "dirty" (ms): triton.testing.do_bench, which evicts L2 by zeroing 256 MB; the product
      then also pays the write-back of those dirty lines (a pure 33.6 MB read measures
      ~57% of copy bandwidth this way on an H100);
  "clean" (ms_clean): L2 evicted by reading 256 MB, as in a decode step, where the previous
      layer's weight reads leave clean lines (the same read measures ~75%).
"""
import argparse
import datetime
import json
import os
import sys

import torch

import tiledmm
from tiledmm._timing import median_ms, median_ms_clean_l2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bandwidth import copy_bandwidth_gb_s  # noqa: E402

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}
SHAPES = [(m, n, k) for m in (1, 8, 16, 32, 64) for n, k in ((4096, 4096), (11008, 4096), (4096, 11008))]


def run(dtype_name, layouts, shapes, kernels=(None,)):
    dtype = DTYPES[dtype_name]
    size = torch.tensor([], dtype=dtype).element_size()
    copy_gb_s = copy_bandwidth_gb_s()
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
            cublas_ms_clean = median_ms_clean_l2(lambda: torch.matmul(a, b))
            moved = size * (m * k + k * n + m * n)
            for kernel in kernels:
                out = tiledmm.gemm(a, b, kernel=kernel)
                rel_err = ((out.double() - expected.double()).norm() / expected.double().norm()).item()
                ms = median_ms(lambda: tiledmm.gemm(a, b, kernel=kernel), "cuda")
                ms_clean = median_ms_clean_l2(lambda: tiledmm.gemm(a, b, kernel=kernel))
                # The plan of these operands (their alignment decides some rules), as the call ran it.
                plan = tiledmm.plan_for(a, b, kernel)
                rows.append({
                    "m": m, "n": n, "k": k, "dtype": dtype_name, "layout": layout, "requested": kernel or "auto",
                    "kernel": plan["kernel"], "config": plan["config"], "split_k": plan["split_k"],
                    "split_tails": plan["split_tails"], "ms": ms,
                    "cublas_ms": cublas_ms, "gb_s": moved / (ms * 1e-3) / 1e9,
                    "cublas_gb_s": moved / (cublas_ms * 1e-3) / 1e9,
                    "pct_copy": 100 * moved / (ms * 1e-3) / 1e9 / copy_gb_s,
                    "cublas_pct_copy": 100 * moved / (cublas_ms * 1e-3) / 1e9 / copy_gb_s,
                    "ratio": cublas_ms / ms, "rel_err_vs_torch": rel_err,
                    "ms_clean": ms_clean, "cublas_ms_clean": cublas_ms_clean,
                    "pct_copy_clean": 100 * moved / (ms_clean * 1e-3) / 1e9 / copy_gb_s,
                    "cublas_pct_copy_clean": 100 * moved / (cublas_ms_clean * 1e-3) / 1e9 / copy_gb_s,
                    "ratio_clean": cublas_ms_clean / ms_clean,
                })
                del out
            del a, b, expected
    return copy_gb_s, rows


def print_table(copy_gb_s, rows):
    print(f"copy bandwidth: {copy_gb_s:,.0f} GB/s")
    print(f"{'':>57} {'---------- dirty L2 (do_bench) ----------':>42}  {'------------- clean L2 -------------':>37}")
    print(f"{'layout':>6} {'shape':>18} {'kernel:config':>25} {'split':>5} {'us':>8} {'%copy':>6} "
          f"{'cuBLAS us':>9} {'%copy':>6} {'ratio':>6}  {'us':>8} {'%copy':>6} {'cuBLAS us':>9} {'%copy':>6} "
          f"{'ratio':>6} {'rel.err':>8}")
    for r in rows:
        spec = f"{r['kernel']}:{r['config']}"[:25]
        print(f"{r['layout']:>6} {r['m']:>6}x{r['n']:>5}x{r['k']:>5} {spec:>25} {r['split_k']:>5} "
              f"{1e3 * r['ms']:8.2f} {r['pct_copy']:6.1f} {1e3 * r['cublas_ms']:9.2f} "
              f"{r['cublas_pct_copy']:6.1f} {r['ratio']:6.3f}  {1e3 * r['ms_clean']:8.2f} {r['pct_copy_clean']:6.1f} "
              f"{1e3 * r['cublas_ms_clean']:9.2f} {r['cublas_pct_copy_clean']:6.1f} {r['ratio_clean']:6.3f} "
              f"{r['rel_err_vs_torch']:8.1e}")


def plot(copy_gb_s, rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    layouts = list(dict.fromkeys(r["layout"] for r in rows))
    fig, axes = plt.subplots(len(layouts), 1, figsize=(13, 4.5 * len(layouts)), squeeze=False)
    for ax, layout in zip(axes[:, 0], layouts):
        sel = [r for r in rows if r["layout"] == layout and r["requested"] == rows[0]["requested"]]
        xs = range(len(sel))
        spec = rows[0]["requested"]
        ax.bar([x - 0.3 for x in xs], [r["pct_copy_clean"] for r in sel], 0.2, color="C0", label=f"tiledmm ({spec}), clean L2")
        ax.bar([x - 0.1 for x in xs], [r["cublas_pct_copy_clean"] for r in sel], 0.2, color="C1",
               label="cuBLAS (torch.matmul), clean L2")
        ax.bar([x + 0.1 for x in xs], [r["pct_copy"] for r in sel], 0.2, color="C0", alpha=0.45, hatch="//",
               label=f"tiledmm ({spec}), dirty L2 (do_bench)")
        ax.bar([x + 0.3 for x in xs], [r["cublas_pct_copy"] for r in sel], 0.2, color="C1", alpha=0.45, hatch="//",
               label="cuBLAS, dirty L2 (do_bench)")
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
                "timer": "ms: triton.testing.do_bench median, L2 zeroed (dirty) before each run; "
                         "ms_clean: CUDA-event median, L2 evicted by a 256 MB read (clean) before each run", "args": vars(args)}
        with open(args.out + ".json", "w") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=1)
        plot(copy_gb_s, rows, args.out + ".png")


if __name__ == "__main__":
    main()
