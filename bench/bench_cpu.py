"""The CPU kernel (cpu_blocked) against torch.matmul on the same inputs, in one process.

    python bench/bench_cpu.py --out bench/results/cpu/cpu_x86
    python bench/bench_cpu.py --sizes 256,512 --dtypes fp32 --layouts nn --threads 1

For each size (M = N = K), dtype and layout (nn: both row-major; nt: B = w.t(), a weight read
in place as nn.Linear's), the median wall time of each over --reps calls (perf_counter), after
a check against a float64 reference, and their ratio (torch.matmul's time / ours: above 1,
ours is faster). CPU timings: they depend on the machine and its load.
"""
import argparse
import datetime
import json
import platform
import statistics
import time

import torch

import tiledmm

DTYPES = {"fp32": torch.float32, "fp64": torch.float64, "bf16": torch.bfloat16, "fp16": torch.float16}
TOLERANCE = {torch.float32: 1e-5, torch.float64: 1e-12, torch.bfloat16: 1e-2, torch.float16: 2e-3}


def median_ms(fn, reps):
    fn()  # warm up (allocator, threads)
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def operands(size, dtype, layout, seed):
    gen = torch.Generator().manual_seed(seed)
    a = torch.randn(size, size, generator=gen).to(dtype)
    b = torch.randn(size, size, generator=gen).to(dtype)
    if layout == "nt":
        b = b.t().contiguous().t()  # column-major: the weight of x @ w.t()
    return a, b


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="64,128,256,512,1000,1024")
    parser.add_argument("--dtypes", default="fp32,fp64,bf16")
    parser.add_argument("--layouts", default="nn,nt")
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--threads", type=int, default=0, help="torch.set_num_threads (0: torch's default)")
    parser.add_argument("--out", default=None, help="write <out>.json")
    args = parser.parse_args()
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    rows = []
    print(f"CPU, {torch.get_num_threads()} threads, torch {torch.__version__}")
    for name in args.dtypes.split(","):
        dtype = DTYPES[name]
        for layout in args.layouts.split(","):
            for size in (int(s) for s in args.sizes.split(",")):
                a, b = operands(size, dtype, layout, seed=size)
                ref = a.double() @ b.double()
                err = ((tiledmm.gemm(a, b).double() - ref).norm() / ref.norm()).item()
                assert err < TOLERANCE[dtype], f"{name} {layout} {size}: relative error {err:.2e}"
                ours = median_ms(lambda: tiledmm.gemm(a, b), args.reps)
                theirs = median_ms(lambda: torch.matmul(a, b), args.reps)
                gflops = 2 * size ** 3 / (ours * 1e6)
                row = {"dtype": name, "layout": layout, "size": size, "ms": ours, "torch_ms": theirs,
                       "gflops": gflops, "torch_gflops": 2 * size ** 3 / (theirs * 1e6), "vs_torch": theirs / ours,
                       "rel_err": err}
                rows.append(row)
                print(f"{name} {layout} {size:5d}: {ours:9.3f} ms {gflops:7.1f} GFLOP/s | torch.matmul {theirs:9.3f} ms "
                      f"{row['torch_gflops']:7.1f} GFLOP/s | {row['vs_torch']:.2f}x torch", flush=True)
    if args.out:
        meta = {"cpu": platform.processor() or platform.machine(), "threads": torch.get_num_threads(),
                "torch": torch.__version__, "date": datetime.datetime.now().isoformat(timespec="seconds"),
                "timer": "time.perf_counter median (ms)", "args": vars(args)}
        with open(args.out + ".json", "w") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
