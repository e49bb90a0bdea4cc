"""Where the GPU time of a call goes: every kernel a workload launches, with its GPU time
from the profiler (CUPTI), summed by kernel name, tiledmm against torch in the same run.

    python bench/kernel_times.py gemm 4097x4095x4093 --dtype bf16
    python bench/kernel_times.py gemm 64x64x64,1024x1024x1024 --dtype bf16
    python bench/kernel_times.py gemm 512x512x512 --kernel auto,wgmma:64x64_k128B_1wg_s4
    python bench/kernel_times.py gemm 2048x2048x2048 --dtype tf32
    python bench/kernel_times.py gemm 4096x4090x4096 --kernel mma --b-ld 4096 [--tight-storage]
    python bench/kernel_times.py linear 4096x4096x1024 --dtype bf16
    python bench/kernel_times.py train --dtype bf16

`gemm`: tiledmm.gemm against torch.matmul on each shape (layout nn, or nt with --layout nt).
`linear`: tiledmm.linear with bias (and each fused activation) against F.linear (+ the
activation) on x [M, K] and a weight [N, K], and the plain product in the same layout
(tiledmm.gemm(x, w.t()) against torch.matmul), one line per call. `train`: one training
step of the benchmark's TinyGPT with and without tiledmm.replace_linear. Prints, for each,
the kernels sorted by total GPU time (calls, total and mean microseconds per step).
"""
import argparse
import collections
import copy
import os
import sys

import torch
import torch.nn.functional as F
from torch.profiler import ProfilerActivity, profile

import tiledmm

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from gpt_model import TinyGPT  # noqa: E402

# tf32: float32 with torch.backends.cuda.matmul.allow_tf32 on, for both sides.
DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32, "tf32": torch.float32}


def kernel_table(fn, steps):
    """GPU kernels of `steps` calls of fn: {name: (launches, total µs)} per step."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(steps):
            fn()
        torch.cuda.synchronize()
    table = collections.defaultdict(lambda: [0, 0.0])
    for event in prof.events():
        if event.device_type == torch.autograd.DeviceType.CUDA:
            row = table[event.name[:110]]
            row[0] += 1
            row[1] += event.device_time
    return {name: (calls / steps, us / steps) for name, (calls, us) in table.items()}


def print_table(title, table, top):
    total = sum(us for _, us in table.values())
    print(f"\n== {title}: {total:.1f} µs of kernels per step")
    for name, (calls, us) in sorted(table.items(), key=lambda kv: -kv[1][1])[:top]:
        print(f"  {us:9.1f} µs  {calls:5.1f}x  {us / calls:8.1f} µs each  {name}")


def gemm(args, dtype):
    for spec in args.what.split(","):
        m, n, k = (int(v) for v in spec.split("x"))
        a = torch.randn(m, k, device="cuda", dtype=dtype)
        # nt: B column-major, a weight [N, K] read as W^T (a linear layer's layout)
        b = torch.randn(n, k, device="cuda", dtype=dtype).t() if args.layout == "nt" else \
            torch.randn(k, n, device="cuda", dtype=dtype)
        if args.b_ld:  # B row-major, rows args.b_ld apart: a sliced weight
            assert args.layout == "nn" and args.b_ld >= n, "--b-ld: nn layout, at least N"
            # --tight-storage: the storage ends at B's last element, not at its last row's end
            elements = (k - 1) * args.b_ld + n if args.tight_storage else k * args.b_ld
            b = torch.randn(elements, device="cuda", dtype=dtype).as_strided((k, n), (args.b_ld, 1))
        for kernel in args.kernel.split(","):
            call = lambda: tiledmm.gemm(a, b, kernel=None if kernel == "auto" else kernel)  # noqa: E731
            print_table(f"tiledmm.gemm {spec} ({kernel})", kernel_table(call, args.steps), args.top)
        print_table(f"torch.matmul {spec}", kernel_table(lambda: torch.matmul(a, b), args.steps), args.top)


def linear(args, dtype):
    activations = {"gelu": F.gelu, "gelu_tanh": lambda z: F.gelu(z, approximate="tanh"),
                   "relu": F.relu, "silu": F.silu}

    def line(label, table):
        total = sum(us for _, us in table.values())
        names = "; ".join(f"{calls:.0f}x {us / calls:.1f} {name[:60]}"
                          for name, (calls, us) in sorted(table.items(), key=lambda kv: -kv[1][1]))
        print(f"  {label:24s} {total:7.1f} us: {names}", flush=True)

    for spec in args.what.split(","):
        m, n, k = (int(v) for v in spec.split("x"))
        x = torch.randn(m, k, device="cuda", dtype=dtype)
        w = torch.randn(n, k, device="cuda", dtype=dtype)
        b = torch.randn(n, device="cuda", dtype=dtype)
        print(f"== {spec}")
        line("tiledmm.linear", kernel_table(lambda: tiledmm.linear(x, w, b), args.steps))
        line("F.linear", kernel_table(lambda: F.linear(x, w, b), args.steps))
        for name, act in activations.items():
            line(f"tiledmm.linear {name}",
                 kernel_table(lambda: tiledmm.linear(x, w, b, activation=name), args.steps))
            line(f"F.linear + {name}", kernel_table(lambda: act(F.linear(x, w, b)), args.steps))
        line("tiledmm.gemm nt", kernel_table(lambda: tiledmm.gemm(x, w.t()), args.steps))
        line("torch.matmul nt", kernel_table(lambda: torch.matmul(x, w.t()), args.steps))


def train(args, dtype):
    torch.manual_seed(0)
    ref = TinyGPT(vocab=8192, width=1024, heads=16, layers=4, context=512).to("cuda", dtype)
    ours = tiledmm.replace_linear(copy.deepcopy(ref))
    idx = torch.randint(0, 8192, (8, 512), device="cuda")
    targets = torch.randint(0, 8192, (8, 512), device="cuda")

    def step(model):
        def run():
            model.zero_grad(set_to_none=True)
            F.cross_entropy(model(idx).float().flatten(0, 1), targets.flatten()).backward()
        return run

    print_table("training step, tiledmm.replace_linear", kernel_table(step(ours), args.steps), args.top)
    print_table("training step, nn.Linear", kernel_table(step(ref), args.steps), args.top)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workload", choices=["gemm", "linear", "train"])
    parser.add_argument("what", nargs="?", default="", help="gemm, linear: shapes MxNxK, comma separated")
    parser.add_argument("--dtype", default="bf16", choices=list(DTYPES))
    parser.add_argument("--kernel", default="auto",
                        help='gemm: comma-separated kernel specs ("auto", "wgmma:64x64_k128B_1wg_s4", ...)')
    parser.add_argument("--layout", default="nn", choices=["nn", "nt"],
                        help="gemm: B row-major (nn) or column-major (nt, B = W^T of a weight W [N, K])")
    parser.add_argument("--b-ld", type=int, default=0,
                        help="gemm, nn: B's leading dimension (a view of wider rows, as a sliced weight)")
    parser.add_argument("--tight-storage", action="store_true",
                        help="with --b-ld: B's storage ends at its last element")
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    torch.backends.cuda.matmul.allow_tf32 = args.dtype == "tf32"
    {"gemm": gemm, "linear": linear, "train": train}[args.workload](args, DTYPES[args.dtype])


if __name__ == "__main__":
    main()
