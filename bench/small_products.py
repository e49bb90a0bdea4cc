"""Small products (64³ to 4096³, bf16 and TF32): tiledmm.gemm against torch.matmul, each
the median of three do_bench medians taken in alternation (ours, theirs, ours, ...), so
that a drift of the GPU's clock between the two measurements of a shape cancels out.

    python bench/small_products.py LABEL [--out DIR]

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
ROUNDS = 3


def median_us(fn):
    return 1000 * triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("label")
    parser.add_argument("--out", default=os.environ.get("OUT", os.path.join(os.path.dirname(__file__), "results")))
    args = parser.parse_args()
    print(args.label, tiledmm.__file__, torch.cuda.get_device_name())
    rows = []
    allow_tf32 = torch.backends.cuda.matmul.allow_tf32
    for dtype in (torch.bfloat16, torch.float32):
        torch.backends.cuda.matmul.allow_tf32 = dtype == torch.float32  # float32 as TF32 on both sides
        for m, n, k in SHAPES:
            a = torch.randn(m, k, device="cuda", dtype=dtype)
            b = torch.randn(k, n, device="cuda", dtype=dtype)
            ref = a.double() @ b.double()
            error = ((tiledmm.gemm(a, b).double() - ref).norm() / ref.norm()).item()
            assert error < 1e-2, (m, n, k, dtype, error)
            ours, theirs = [], []
            for _ in range(ROUNDS):
                ours.append(median_us(lambda: tiledmm.gemm(a, b)))
                theirs.append(median_us(lambda: torch.matmul(a, b)))
            row = dict(m=m, n=n, k=k, dtype=str(dtype).replace("torch.", ""), tiledmm_us=statistics.median(ours),
                       cublas_us=statistics.median(theirs), rounds_us=ours, cublas_rounds_us=theirs)
            row["ratio"] = row["cublas_us"] / row["tiledmm_us"]
            rows.append(row)
            print(f"{m}x{n}x{k} {row['dtype']}: {row['tiledmm_us']:.2f} us, cuBLAS {row['cublas_us']:.2f} us, "
                  f"{row['ratio']:.3f}x", flush=True)
    torch.backends.cuda.matmul.allow_tf32 = allow_tf32
    meta = dict(label=args.label, gpu=torch.cuda.get_device_name(), torch=torch.__version__,
                timer="triton.testing.do_bench median (L2 flushed), median of 3 alternating rounds")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, f"small_products_{args.label}.json"), "w") as f:
        json.dump(dict(meta=meta, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
