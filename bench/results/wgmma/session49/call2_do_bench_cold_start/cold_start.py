"""Session 49: where do_bench's extra time goes at large products (ours 4096^3 bf16: ~174 us
of kernel time warm, ~190-200 under do_bench; cuBLAS ~171 and ~180). Per shape and side
(tiledmm.gemm, torch.matmul), GPU kernel durations (CUPTI) of the GEMM's own kernels:
  warm:      back to back, L2 warm;
  flushed:   each call right behind do_bench's flush (256 MB zeroed: L2 full of dirty lines);
  drained:   the flush, then ~50 us of an idle GPU (torch.cuda._sleep), then the call;
and event-timed: do_bench (flush) and back-to-back events (no flush). Rounds alternate sides.
argv: shapes(MxNxK,...) layout(nn|nt) out.json"""
import json, statistics, sys
import torch
import triton.testing
from torch.profiler import ProfilerActivity, profile
import tiledmm

shapes, layout, out = sys.argv[1].split(","), sys.argv[2], sys.argv[3]
flush = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int, device="cuda")


def gemm_durations(fn, mode, calls=20):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            if mode != "warm":
                flush.zero_()
            if mode == "drained":
                torch.cuda._sleep(85000)  # ~50 us at ~1.7 GHz
            fn()
        torch.cuda.synchronize()
    durations = [e.device_time for e in prof.events()
                 if e.device_type == torch.autograd.DeviceType.CUDA and ("gemm" in e.name or "nvjet" in e.name
                                                                          or "clear_flags" in e.name)]
    # one GEMM kernel (+ at most a clear_flags) per call: sum per call
    per_call = len(durations) // calls
    sums = [sum(durations[i * per_call:(i + 1) * per_call]) for i in range(calls)]
    return statistics.median(sums), per_call


def events_back_to_back(fn, calls=20, reps=7):
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(reps):
        torch.cuda.synchronize()
        s.record()
        for _ in range(calls):
            fn()
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e) * 1e3 / calls)
    return statistics.median(times)


rows = []
for shape in shapes:
    m, n, k = map(int, shape.split("x"))
    g = torch.Generator(device="cuda").manual_seed(m + n + k)
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16, generator=g)
    b = (torch.randn(n, k, device="cuda", dtype=torch.bfloat16, generator=g).t() if layout == "nt"
         else torch.randn(k, n, device="cuda", dtype=torch.bfloat16, generator=g))
    fns = {"ours": lambda: tiledmm.gemm(a, b), "torch": lambda: torch.matmul(a, b)}
    row = {"shape": shape, "layout": layout}
    for rnd in (1, 2):
        for side in (["ours", "torch"] if rnd == 1 else ["torch", "ours"]):
            fn = fns[side]
            for mode in ("warm", "flushed", "drained"):
                us, kernels = gemm_durations(fn, mode)
                row[f"{side}_{mode}_{rnd}"] = us
                row[f"{side}_kernels"] = kernels
            row[f"{side}_db_{rnd}"] = 1000 * triton.testing.do_bench(fn, warmup=10, rep=100, return_mode="median")
            row[f"{side}_b2b_{rnd}"] = events_back_to_back(fn)
    rows.append(row)
    for side in ("ours", "torch"):
        print(f"{layout} {shape:>16s} {side:5s} " + " ".join(
            f"{x} {row[f'{side}_{x}_1']:6.1f} {row[f'{side}_{x}_2']:6.1f}" for x in ("warm", "flushed", "drained", "db", "b2b")),
            flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(out, "w"), indent=1)
