"""python -m tiledmm: run gemm on a few sizes and dtypes, compare with torch.matmul.

On a GPU if there is one, else on the CPU. For each case it prints the kernel the planner
picked, the relative difference from torch.matmul, the relative errors of both against a
float64 reference, and both times.
"""
import argparse

import torch

import tiledmm
from tiledmm._timing import median_ms, tflops


def relative_error(out, ref):
    return ((out.double() - ref).norm() / ref.norm()).item()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tiledmm", description=__doc__)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args(argv)
    device = args.device
    if device == "cuda":
        sizes = [(512, 512, 512), (1000, 1000, 1000), (4096, 4096, 4096)]
        if args.quick:
            sizes = sizes[:2]
        print(f"tiledmm on {torch.cuda.get_device_name()} (torch {torch.__version__})")
    else:
        sizes = [(64, 64, 64), (257, 129, 300), (512, 512, 512)]
        if args.quick:
            sizes = sizes[:2]
        print(f"tiledmm on the CPU ({torch.get_num_threads()} threads, torch {torch.__version__})")
    dtypes = [torch.float32, torch.float64, torch.float16, torch.bfloat16]
    header = (f"{'M x N x K':>16} {'dtype':>9} {'kernel':>12} {'vs torch':>9} {'rel.err':>9} {'torch rel.err':>13} "
              f"{'tiledmm ms':>10} {'torch ms':>9} {'TFLOP/s':>8} {'torch TFLOP/s':>13}")
    print(header)
    for m, n, k in sizes:
        for dtype in dtypes:
            a = torch.randn(m, k, device=device, dtype=dtype)
            b = torch.randn(k, n, device=device, dtype=dtype)
            ref = a.double() @ b.double()
            out = tiledmm.gemm(a, b)
            expected = torch.matmul(a, b)
            if device == "cuda":
                cc = torch.cuda.get_device_capability()
                sms = torch.cuda.get_device_properties(0).multi_processor_count
                kernel = tiledmm.plan(m, n, k, dtype, compute_capability=cc, sm_count=sms)["kernel"]
            else:
                kernel = "cpu_blocked"
            ours = median_ms(lambda: tiledmm.gemm(a, b), device)
            theirs = median_ms(lambda: torch.matmul(a, b), device)
            print(f"{f'{m}x{n}x{k}':>16} {str(dtype)[6:]:>9} {kernel:>12} "
                  f"{relative_error(out, expected.double()):9.2e} "
                  f"{relative_error(out, ref):9.2e} {relative_error(expected, ref):13.2e} "
                  f"{ours:10.3f} {theirs:9.3f} {tflops(m, n, k, ours):8.2f} {tflops(m, n, k, theirs):13.2f}")


if __name__ == "__main__":
    main()
