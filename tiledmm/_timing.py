"""Timing helpers shared by the demo and the benchmark: medians of CUDA-event timings."""
import time

import torch


def event_median_ms(fn, warmup: int, reps: int, before=None) -> float:
    """Median CUDA-event time of fn() in milliseconds; `before()` (untimed) runs ahead of every call."""
    def prepare():
        if before is not None:
            before()

    for _ in range(warmup):
        prepare()
        fn()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    for start, end in zip(starts, ends):
        prepare()
        start.record()
        fn()
        end.record()
    torch.cuda.synchronize()
    times = sorted(s.elapsed_time(e) for s, e in zip(starts, ends))
    return times[len(times) // 2]


def median_ms(fn, device: str, warmup: int = 3, reps: int = 20) -> float:
    """Median time of fn() in milliseconds: CUDA events on a GPU, perf_counter on the CPU."""
    if device == "cuda":
        try:
            import triton.testing
            return float(triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median"))
        except ImportError:
            return event_median_ms(fn, warmup, reps)
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return sorted(times)[len(times) // 2]


_clean_flush_buffers = {}  # per CUDA device


def median_ms_clean_l2(fn, reps: int = 100) -> float:
    """Median CUDA-event time of fn() in milliseconds, L2 evicted with clean lines before each run.

    triton.testing.do_bench evicts L2 by zeroing a 256 MB buffer, which leaves L2 full of
    dirty lines: a kernel that streams a weight from DRAM then also pays their write-back,
    and a pure 33.6 MB read measures ~57% of copy bandwidth instead of ~75% (bench/NOTES.md,
    session 12). Here L2 is evicted by *reading* 256 MB, as in a decode step, where the
    previous layer's weight reads leave L2 full of clean lines.
    """
    device = torch.cuda.current_device()
    if device not in _clean_flush_buffers:
        _clean_flush_buffers[device] = torch.ones(64 << 20, dtype=torch.float32, device="cuda")  # 256 MB
    return event_median_ms(fn, warmup=5, reps=reps, before=_clean_flush_buffers[device].sum)


def tflops(m: int, n: int, k: int, ms: float) -> float:
    return 2.0 * m * n * k / (ms * 1e-3) / 1e12
