"""Small products (64³ to 4096³, bf16 and TF32): tiledmm.gemm against torch.matmul, each
the median of several (--rounds, default 3) do_bench medians taken in alternation (ours, theirs, ours, ...), so
that a drift of the GPU's clock between the two measurements of a shape cancels out.

    python bench/small_products.py LABEL [--out DIR] [--kernels SPEC,...] [--shapes MxNxK,...]
        [--dtypes bfloat16,float32] [--rounds 3]

--kernels: the tiledmm kernels to time, each in the rounds' alternation ("auto": the
planner's choice, or "name:config", e.g. "wgmma:64x64_k128B_1wg_s4"); the first one is the
row's tiledmm_us and ratio, every one is in the row's kernels_us.
Writes DIR/small_products_LABEL.json (DIR: $OUT, else bench/results). Prints which
tiledmm it imported, so that an A/B test of two builds (PYTHONPATH) can be checked.
"""
import argparse
import json
import os
import statistics

import torch
import triton.testing

import tiledmm

SHAPES = [(64, 64, 64), (128, 128, 128), (256, 256, 256), (384, 384, 384), (512, 512, 512), (768, 768, 768),
          (1024, 1024, 1024), (1000, 1000, 1000), (2048, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 4096)]


def median_us(fn):
    return 1000 * triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("label")
    parser.add_argument("--out", default=os.environ.get("OUT", os.path.join(os.path.dirname(__file__), "results")))
    parser.add_argument("--kernels", default="auto", help="comma-separated kernel specs; the first is the row's ratio")
    parser.add_argument("--shapes", default="", help="comma-separated MxNxK (default: 64^3 to 4096^3)")
    parser.add_argument("--dtypes", default="bfloat16,float32", help="comma-separated; float32 runs as TF32")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds per shape (the median is reported)")
    args = parser.parse_args()
    specs = args.kernels.split(",")
    dtypes = [getattr(torch, d) for d in args.dtypes.split(",")]
    shapes = [tuple(int(v) for v in spec.split("x")) for spec in args.shapes.split(",")] if args.shapes else SHAPES
    print(args.label, tiledmm.__file__, torch.cuda.get_device_name())
    rows = []
    allow_tf32 = torch.backends.cuda.matmul.allow_tf32
    for dtype in dtypes:
        torch.backends.cuda.matmul.allow_tf32 = dtype == torch.float32  # float32 as TF32 on both sides
        for m, n, k in shapes:
            a = torch.randn(m, k, device="cuda", dtype=dtype)
            b = torch.randn(k, n, device="cuda", dtype=dtype)
            ref = a.double() @ b.double()
            calls = {spec: (lambda spec=spec: tiledmm.gemm(a, b, kernel=None if spec == "auto" else spec))
                     for spec in specs}
            for spec, call in calls.items():
                error = ((call().double() - ref).norm() / ref.norm()).item()
                assert error < 1e-2, (m, n, k, dtype, spec, error)
            ours, theirs = {spec: [] for spec in specs}, []
            for _ in range(args.rounds):
                for spec, call in calls.items():
                    ours[spec].append(median_us(call))
                theirs.append(median_us(lambda: torch.matmul(a, b)))
            row = dict(m=m, n=n, k=k, dtype=str(dtype).replace("torch.", ""),
                       tiledmm_us=statistics.median(ours[specs[0]]), cublas_us=statistics.median(theirs),
                       rounds_us=ours[specs[0]], cublas_rounds_us=theirs,
                       kernels_us={spec: statistics.median(times) for spec, times in ours.items()})
            row["ratio"] = row["cublas_us"] / row["tiledmm_us"]
            others = "".join(f", {spec} {us:.2f} us ({row['cublas_us'] / us:.3f}x)"
                             for spec, us in row["kernels_us"].items() if spec != specs[0])
            rows.append(row)
            print(f"{m}x{n}x{k} {row['dtype']}: {row['tiledmm_us']:.2f} us, cuBLAS {row['cublas_us']:.2f} us, "
                  f"{row['ratio']:.3f}x{others}", flush=True)
    torch.backends.cuda.matmul.allow_tf32 = allow_tf32
    meta = dict(label=args.label, gpu=torch.cuda.get_device_name(), torch=torch.__version__,
                timer=f"triton.testing.do_bench median (L2 flushed), median of {args.rounds} alternating rounds")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, f"small_products_{args.label}.json"), "w") as f:
        json.dump(dict(meta=meta, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
