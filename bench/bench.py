"""Benchmark tiledmm against torch.matmul (cuBLAS) in the same run, on the same inputs.

    python bench/bench.py --dtypes fp32 --shapes all --out bench/results/fp32_h100

For each shape and dtype: fresh random normal inputs, the median time of torch.matmul
and of each requested tiledmm kernel (triton.testing.do_bench, or CUDA events), the
relative error of each result against torch.matmul, TFLOP/s, % of the datasheet peak and
the ratio to cuBLAS. Writes <out>.json and <out>.png.
"""
import argparse
import datetime
import json
import math
import os
import sys

import torch

import tiledmm
from tiledmm._timing import median_ms, tflops

SHAPES = {
    "squares": [(s, s, s) for s in (512, 1024, 2048, 4096, 8192)],
    "small": [(s, s, s) for s in (64, 128, 256, 384, 512, 768, 1024)],
    "llm": [(8192, 4096, 4096), (8192, 14336, 4096), (8192, 4096, 14336)],
    "ragged": [(1000, 1000, 1000), (4097, 4095, 4093)],
    # between 1024^3 and 4096^3, where whole waves of tiles decide (128x128, 128x192, 128x256)
    "midsize": [(s, s, s) for s in range(1152, 3073, 128)] + [(1536, 1536, 1024), (2048, 1536, 1536),
                                                               (768, 4096, 4096), (1536, 4096, 4096)],
    "skinny": [(16, 4096, 4096), (128, 4096, 11008)],
}
DTYPES = {  # name -> (torch dtype, TF32 allowed)
    "fp32": (torch.float32, False),
    "tf32": (torch.float32, True),
    "fp64": (torch.float64, False),
    "bf16": (torch.bfloat16, False),
    "fp16": (torch.float16, False),
}
# Dense datasheet peaks in TFLOP/s (H100 SXM and H200 share them).
PEAKS = {"H100": {"fp32": 67, "tf32": 494, "fp64": 67, "bf16": 989, "fp16": 989},
         "H200": {"fp32": 67, "tf32": 494, "fp64": 67, "bf16": 989, "fp16": 989}}


def parse_shapes(spec):
    shapes = []
    for part in spec.split(","):
        if part == "all":
            shapes += [s for group in SHAPES.values() for s in group]
        elif part in SHAPES:
            shapes += SHAPES[part]
        else:  # MxNxK
            shapes.append(tuple(int(x) for x in part.split("x")))
    return list(dict.fromkeys(shapes))


def peak_for(dtype_name):
    name = torch.cuda.get_device_name()
    for gpu, peaks in PEAKS.items():
        if gpu in name:
            return peaks[dtype_name]
    return None


def progress(items):
    """A progress bar on stderr: tqdm's when installed, else a plain one."""
    try:
        from tqdm import tqdm
        return tqdm(items, file=sys.stderr, leave=False)
    except ImportError:
        return _plain_progress(items)


def _plain_progress(items):
    items = list(items)
    for i, item in enumerate(items):
        done = 30 * i // max(len(items), 1)
        print(f"\r[{'#' * done}{'.' * (30 - done)}] {i}/{len(items)}", end="", file=sys.stderr, flush=True)
        yield item
    print(f"\r[{'#' * 30}] {len(items)}/{len(items)}", file=sys.stderr)


def run(args):
    shapes = parse_shapes(args.shapes)
    kernels = [None if k == "auto" else k for k in args.kernels.split(",")]
    rows = []
    cases = [(d, s) for d in args.dtypes.split(",") for s in shapes]
    for dtype_name, (m, n, k) in progress(cases):
        dtype, tf32 = DTYPES[dtype_name]
        torch.backends.cuda.matmul.allow_tf32 = tf32
        gen = torch.Generator(device="cuda").manual_seed(m * 31 + n * 7 + k)
        a = torch.randn(m, k, device="cuda", generator=gen).to(dtype)
        b = torch.randn(k, n, device="cuda", generator=gen).to(dtype)
        if args.layout[0] == "t":
            a = a.t().contiguous().t()
        if args.layout[1] == "t":
            b = b.t().contiguous().t()
        b_ld = n
        if args.b_sliced:  # B's rows N rounded up to args.b_sliced elements apart: a sliced weight
            assert args.layout[1] == "n", "--b-sliced: B row-major"
            b_ld = -(-n // args.b_sliced) * args.b_sliced
            # --b-tight: the storage ends at B's last element, not at its last row's end
            rows_held = (k - 1) * b_ld + n if args.b_tight else k * b_ld
            b = torch.empty(rows_held, device="cuda", dtype=dtype).as_strided((k, n), (b_ld, 1)).copy_(b)
        expected = torch.matmul(a, b)
        cublas_ms = median_ms(lambda: torch.matmul(a, b), "cuda")
        for kernel in kernels:
            info = {k.name: k for k in tiledmm.kernels()}.get((kernel or "").split(":")[0])
            if info is not None and dtype not in info.dtypes:
                continue
            out = tiledmm.gemm(a, b, kernel=kernel)
            rel_err = ((out.double() - expected.double()).norm() / expected.double().norm()).item()
            ms = median_ms(lambda: tiledmm.gemm(a, b, kernel=kernel), "cuda")
            plan = tiledmm.plan_for(a, b, kernel)
            peak = peak_for(dtype_name)
            rows.append({
                "m": m, "n": n, "k": k, "dtype": dtype_name, "layout": args.layout, "b_ld": b_ld,
                "b_storage": "tight" if args.b_sliced and args.b_tight else "rows",
                "kernel": plan["kernel"], "requested": kernel or "auto", "config": plan["config"],
                "ms": ms, "tflops": tflops(m, n, k, ms),
                "pct_peak": None if peak is None else 100 * tflops(m, n, k, ms) / peak,
                "cublas_ms": cublas_ms, "cublas_tflops": tflops(m, n, k, cublas_ms),
                "ratio": cublas_ms / ms, "rel_err_vs_torch": rel_err,
            })
        del a, b, expected
    torch.backends.cuda.matmul.allow_tf32 = False
    return rows


def print_table(rows):
    print(f"{'shape':>18} {'dtype':>5} {'kernel':>10} {'config':>32} {'TFLOP/s':>8} "
          f"{'%peak':>6} {'cuBLAS':>8} {'ratio':>6} {'rel.err':>8}")
    for r in rows:
        pct = f"{r['pct_peak']:6.1f}" if r["pct_peak"] is not None else "     -"
        print(f"{r['m']:>6}x{r['n']:>5}x{r['k']:>5} {r['dtype']:>5} {r['kernel']:>10} "
              f"{r['config'][:32]:>32} {r['tflops']:8.2f} {pct} {r['cublas_tflops']:8.2f} "
              f"{r['ratio']:6.3f} {r['rel_err_vs_torch']:8.1e}")


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def summarize(rows):
    """Geomean ratios to cuBLAS over the shapes >= 2048 (the FP32 issue's set, ragged
    4097x4095x4093 included) and over the aligned ones alone (2048^3, 4096^3, 8192^3 and
    the LLM shapes: the tensor-core issue's set)."""
    lines = []
    for dtype in dict.fromkeys(r["dtype"] for r in rows):
        for kernel in dict.fromkeys(r["requested"] for r in rows if r["dtype"] == dtype):
            sel = [r for r in rows if r["dtype"] == dtype and r["requested"] == kernel]
            big = [r for r in sel if min(r["m"], r["n"], r["k"]) >= 2048]
            aligned = [r for r in big if all(r[d] % 128 == 0 for d in "mnk")]
            for label, group in (("shapes >= 2048", big), ("aligned shapes >= 2048", aligned)):
                if group:
                    ratios = [r["ratio"] for r in group]
                    lines.append(f"{dtype} {kernel}: geomean ratio to cuBLAS over {label}: "
                                 f"{geomean(ratios):.3f} ({len(ratios)} shapes), min {min(ratios):.3f}")
    return lines


def plot(rows, path, gpu):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    dtypes = list(dict.fromkeys(r["dtype"] for r in rows))
    fig, axes = plt.subplots(len(dtypes), 1, figsize=(12, 4 * len(dtypes)), squeeze=False)
    for ax, dtype in zip(axes[:, 0], dtypes):
        sel = [r for r in rows if r["dtype"] == dtype]
        shapes = sorted(dict.fromkeys((r["m"], r["n"], r["k"]) for r in sel), key=lambda s: s[0] * s[1] * s[2])
        kernels = list(dict.fromkeys(r["requested"] for r in sel))
        series = {"cuBLAS (torch.matmul)": [next(r["cublas_tflops"] for r in sel
                                                 if (r["m"], r["n"], r["k"]) == s) for s in shapes]}
        for kern in kernels:
            series[f"tiledmm {kern}"] = [next((r["tflops"] for r in sel if r["requested"] == kern
                                               and (r["m"], r["n"], r["k"]) == s), 0) for s in shapes]
        width = 0.8 / len(series)
        for i, (label, values) in enumerate(series.items()):
            ax.bar([x + i * width for x in range(len(shapes))], values, width, label=label)
        ax.set_xticks([x + 0.4 - width / 2 for x in range(len(shapes))])
        ax.set_xticklabels([f"{m}x{n}x{k}" for m, n, k in shapes], rotation=35, ha="right",
                           rotation_mode="anchor", fontsize=8)
        ax.set_ylabel("TFLOP/s")
        ax.set_title(f"{dtype} on {gpu}")
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def plot_roofline(rows, path, gpu):
    """Each measured point at its arithmetic intensity (A, B, C moved once) under the roofline."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from tiledmm.explain import DTYPES as NAMES, GPUS
    model = next((g for key, g in GPUS.items() if key in gpu), None)
    fig, ax = plt.subplots(figsize=(8, 5.5))
    sizes = {"fp32": 4, "tf32": 4, "fp64": 8, "bf16": 2, "fp16": 2}
    for dtype in dict.fromkeys(r["dtype"] for r in rows):
        sel = [r for r in rows if r["dtype"] == dtype]
        intensity = [2 * r["m"] * r["n"] * r["k"] / (sizes[dtype] * (r["m"] * r["k"] + r["k"] * r["n"] + r["m"] * r["n"]))
                     for r in sel]
        ax.scatter(intensity, [r["tflops"] for r in sel], marker="o", label=f"tiledmm {dtype}")
        ax.scatter(intensity, [r["cublas_tflops"] for r in sel], marker="x", label=f"cuBLAS {dtype}")
        if model is not None and dtype in ("fp32", "fp64"):
            peak = model.peak_tflops[NAMES[dtype]]
            xs = [10 ** (i / 20) for i in range(0, 100)]
            ax.plot(xs, [min(peak, x * model.bandwidth_tb_s) for x in xs], linestyle="--",
                    label=f"roofline {dtype} ({model.name}: {peak} TFLOP/s, {model.bandwidth_tb_s} TB/s)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("arithmetic intensity (FLOP per byte of A, B, C moved once)")
    ax.set_ylabel("TFLOP/s")
    ax.set_title(f"Roofline, {gpu}")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dtypes", default="fp32", help="comma list of " + ",".join(DTYPES))
    parser.add_argument("--shapes", default="all", help="all, presets (" + ",".join(SHAPES) + ") or MxNxK, comma separated")
    parser.add_argument("--kernels", default="auto",
                        help="comma list: auto (the planner), kernel names, or name:config")
    parser.add_argument("--layout", default="nn", choices=["nn", "nt", "tn", "tt"],
                        help="n: row-major, t: column-major (transposed view), for A then B")
    parser.add_argument("--b-sliced", type=int, default=0, metavar="R",
                        help="B row-major with rows N rounded up to R elements apart (a sliced weight), "
                             "its storage holding every row's end")
    parser.add_argument("--b-tight", action="store_true", help="with --b-sliced: B's storage ends at its last element")
    parser.add_argument("--out", default=None, help="write <out>.json and <out>.png")
    parser.add_argument("--replot", default=None, metavar="JSON",
                        help="redraw <JSON minus .json>.png and _roofline.png from a saved run (no GPU needed)")
    args = parser.parse_args(argv)
    if args.replot:
        with open(args.replot) as f:
            saved = json.load(f)
        stem = args.replot[:-len(".json")] if args.replot.endswith(".json") else args.replot
        plot(saved["rows"], stem + ".png", saved["meta"]["gpu"])
        plot_roofline(saved["rows"], stem + "_roofline.png", saved["meta"]["gpu"])
        return
    if not torch.cuda.is_available():
        sys.exit("bench.py needs a CUDA GPU")
    rows = run(args)
    print_table(rows)
    summary = summarize(rows)
    print("\n".join(summary))
    if args.out:
        os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
        meta = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__,
                "cuda": torch.version.cuda, "date": datetime.datetime.now().isoformat(timespec="seconds"),
                "timer": "triton.testing.do_bench median (ms)", "args": vars(args), "summary": summary}
        with open(args.out + ".json", "w") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=1)
        plot(rows, args.out + ".png", meta["gpu"])
        plot_roofline(rows, args.out + "_roofline.png", meta["gpu"])


if __name__ == "__main__":
    main()
