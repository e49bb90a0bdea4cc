"""When each kernel of a call runs, as do_bench sees the call: every step zeroes a 256 MB
buffer (do_bench's L2 flush, which leaves L2 full of dirty lines) and then runs the call;
the profiler (CUPTI) gives each kernel's start and end on the GPU.

    python bench/timeline.py 1024x1024x1024,1025x1023x1021 --dtype fp32
    python bench/timeline.py 64x64x64,256x256x256 --dtype bf16 --kernel auto,mma
    python bench/timeline.py 64x64x64 --dtype bf16 --event

--event records a CUDA event between the flush and the call, as do_bench does around each
call: whether a kernel launched programmatically still starts under the flush's tail then.

For each shape, tiledmm.gemm and torch.matmul, the median over steps of: the gap from the
flush's end to the call's first kernel, each kernel's start and end from that first start,
and the span from the flush's end to the last kernel's end (the time do_bench measures,
without its event records). kernel_times.py gives the same kernels' durations with L2 warm.
"""
import argparse
import statistics
import sys

import torch
from torch.profiler import ProfilerActivity, profile

import tiledmm

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}
FLUSH_BYTES = 256 << 20


def kernel_intervals(fn, steps, event=False):
    """Per step: [(name, start µs, end µs)] of its kernels, the flush first; `event`: a CUDA
    event recorded between the flush and the call."""
    flush = torch.empty(FLUSH_BYTES // 4, dtype=torch.int32, device="cuda")
    mark = torch.cuda.Event(enable_timing=True) if event else None

    def step():
        flush.zero_()
        if mark is not None:
            mark.record()
        fn()

    for _ in range(3):
        step()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(steps):
            step()
        torch.cuda.synchronize()
    kernels = sorted(((e.name, e.time_range.start, e.time_range.end) for e in prof.events()
                      if e.device_type == torch.autograd.DeviceType.CUDA and "Memcpy" not in e.name),
                     key=lambda k: k[1])
    result = []
    for name, start, end in kernels:
        if "FillFunctor" in name:  # the flush opens a step
            result.append([(name, start, end)])
        elif result:
            result[-1].append((name, start, end))
    return result


def short(name):
    name = name.replace("void ", "").replace("tiledmm::cuda::(anonymous namespace)::", "")
    return name.split("<")[0].split("(")[0][:48]


def summarize(steps):
    """Median timeline over the steps whose kernels have the most common names: the gap
    from the flush's end to the first kernel, the span from the flush's end to the last
    kernel's end, and each kernel's (name, start, end) from the first kernel's start."""
    names = [tuple(k[0] for k in s[1:]) for s in steps]
    common = max(set(names), key=names.count)
    rows = [s for s, n in zip(steps, names) if n == common]
    med = statistics.median
    return {
        "steps": len(rows),
        "gap": med([s[1][1] - s[0][2] for s in rows]),
        "span": med([max(k[2] for k in s[1:]) - s[0][2] for s in rows]),
        "kernels": [(name, med([s[i + 1][1] - s[1][1] for s in rows]), med([s[i + 1][2] - s[1][1] for s in rows]))
                    for i, name in enumerate(common)],
    }


def report(title, steps):
    t = summarize(steps)
    print(f"\n== {title}: {t['span']:.1f} µs from the flush's end to the last kernel's end "
          f"({t['steps']} of {len(steps)} steps); first kernel {t['gap']:.1f} µs after the flush")
    for name, start, end in t["kernels"]:
        print(f"  {start:7.1f} → {end:7.1f} µs  ({end - start:6.1f})  {short(name)}")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("shapes", help="MxNxK, comma separated")
    parser.add_argument("--dtype", default="fp32", choices=list(DTYPES))
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--kernel", default="auto",
                        help='comma-separated kernel specs ("auto", "mma", "wgmma:64x32_ct_k256B_1wg_s8", ...)')
    parser.add_argument("--event", action="store_true", help="a CUDA event between the flush and the call (do_bench's)")
    args = parser.parse_args()
    dtype = DTYPES[args.dtype]
    for spec in args.shapes.split(","):
        m, n, k = (int(v) for v in spec.split("x"))
        a = torch.randn(m, k, device="cuda").to(dtype)
        b = torch.randn(k, n, device="cuda").to(dtype)
        for kernel in args.kernel.split(","):
            call = lambda: tiledmm.gemm(a, b, kernel=None if kernel == "auto" else kernel)  # noqa: E731
            report(f"tiledmm.gemm {spec} ({kernel})", kernel_intervals(call, args.steps, args.event))
        report(f"torch.matmul {spec}", kernel_intervals(lambda: torch.matmul(a, b), args.steps, args.event))


if __name__ == "__main__":
    main()
