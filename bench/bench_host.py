"""Host cost of a call (checks, planning, launch) for tiny products, against torch.matmul.

    python bench/bench_host.py --out bench/results/host_h200

Each batch enqueues `--calls` back-to-back products of a tiny problem and times only the
enqueueing on the CPU (perf_counter), then synchronizes outside the timed region; a batch
is short enough that the launch queue never fills, so the time is the host's and not the
GPU's. Reports the median over batches of the time per call, for `tiledmm.gemm` (the
Python wrapper), `torch.ops.tiledmm.gemm` (the operator itself) and `torch.matmul`.
"""
import argparse
import datetime
import json
import os
import statistics
import sys
import time

import torch

import tiledmm

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}


def host_us_per_call(fn, calls, batches):
    for _ in range(3):  # warm-up: one-time setup (kernel attributes, caches)
        fn()
    torch.cuda.synchronize()
    per_call = []
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        per_call.append((time.perf_counter() - start) / calls * 1e6)
        torch.cuda.synchronize()
    return statistics.median(per_call)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="8,64,256")
    parser.add_argument("--dtypes", default="bf16,fp32")
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--batches", type=int, default=50)
    parser.add_argument("--out", default=None, help="write <out>.json")
    args = parser.parse_args(argv)
    if not torch.cuda.is_available():
        sys.exit("bench_host.py needs a CUDA GPU")
    rows = []
    print(f"{'size':>5} {'dtype':>5} {'tiledmm.gemm us':>16} {'ops.gemm us':>12} {'torch.matmul us':>16} {'excess us':>10}")
    for dtype_name in args.dtypes.split(","):
        dtype = DTYPES[dtype_name]
        for size in map(int, args.sizes.split(",")):
            a = torch.randn(size, size, device="cuda", dtype=dtype)
            b = torch.randn(size, size, device="cuda", dtype=dtype)
            op = torch.ops.tiledmm.gemm.default
            row = {
                "size": size, "dtype": dtype_name,
                "tiledmm_us": host_us_per_call(lambda: tiledmm.gemm(a, b), args.calls, args.batches),
                "op_us": host_us_per_call(lambda: op(a, b), args.calls, args.batches),
                "matmul_us": host_us_per_call(lambda: torch.matmul(a, b), args.calls, args.batches),
            }
            row["excess_us"] = row["op_us"] - row["matmul_us"]
            rows.append(row)
            print(f"{size:>5} {dtype_name:>5} {row['tiledmm_us']:16.2f} {row['op_us']:12.2f} "
                  f"{row['matmul_us']:16.2f} {row['excess_us']:10.2f}")
    if args.out:
        os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
        meta = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__,
                "date": datetime.datetime.now().isoformat(timespec="seconds"), "args": vars(args),
                "timer": "perf_counter around a batch of enqueued calls, median over batches"}
        with open(args.out + ".json", "w") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
