"""Timing helpers shared by the demo and the benchmark: medians of CUDA-event timings."""
import time

import torch


def median_ms(fn, device: str, warmup: int = 3, reps: int = 20) -> float:
    """Median time of fn() in milliseconds: CUDA events on a GPU, perf_counter on the CPU."""
    if device == "cuda":
        try:
            import triton.testing
            return float(triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median"))
        except ImportError:
            pass
        for _ in range(warmup):
            fn()
        starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
        ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
        for start, end in zip(starts, ends):
            start.record()
            fn()
            end.record()
        torch.cuda.synchronize()
        times = sorted(s.elapsed_time(e) for s, e in zip(starts, ends))
        return times[len(times) // 2]
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return sorted(times)[len(times) // 2]


def tflops(m: int, n: int, k: int, ms: float) -> float:
    return 2.0 * m * n * k / (ms * 1e-3) / 1e12
