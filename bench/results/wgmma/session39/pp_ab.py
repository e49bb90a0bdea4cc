"""Session 38 A/B: per shape, tiledmm.linear (x [M, K], weight [N, K]: plain, + bias, + bias
+ gelu, + bias + silu) and tiledmm.gemm on a row-major weight [K, N] ("nn"), for each listed
kernel spec ("auto" = the planner's) against torch (F.linear [+ activation], torch.matmul).
Every spec's 10 calls are captured in a CUDA graph, and the graphs of one (shape, case) are
replayed in turn, `reps` times (alternating order), so that each spec sees the same clocks.
Input lines: "MxNxK spec,spec,..."; prints one JSON line per (shape, case, kernel).
PP_AB_COOL_MS=t: graphs of 3 calls, each replay after t ms of an idle GPU (one SM spinning),
so that clocks stay near their peak (bursty use) rather than at the power limit.
PP_AB_DTYPE=fp16: float16 instead of bfloat16.
Session 39: each sample also records the SM clock (NVML) read right after its replay; the
JSON line carries the median clock (MHz) of the spec's samples."""
import json
import os
import statistics
import sys

import torch
import torch.nn.functional as F

import tiledmm

try:
    import pynvml
    pynvml.nvmlInit()
    _NVML = pynvml.nvmlDeviceGetHandleByIndex(torch.cuda.current_device())

    def sm_clock():
        return pynvml.nvmlDeviceGetClockInfo(_NVML, pynvml.NVML_CLOCK_SM)
except Exception:  # no NVML: no clocks
    def sm_clock():
        return 0

ACT = {"gelu": F.gelu, "silu": F.silu}
COOL_MS = float(os.environ.get("PP_AB_COOL_MS", "0"))
CALLS = 3 if COOL_MS else 10
CASES = ["plain", "bias", "bias+gelu", "bias+silu", "nn"]


def capture(fn):
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(2):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(CALLS):
            fn()
    return graph


def case_fns(case, x, w, w_kn, b, specs):
    if case == "nn":
        fns = {"torch": lambda: torch.matmul(x, w_kn)}
        for spec in specs:
            fns[spec] = lambda k=None if spec == "auto" else spec: tiledmm.gemm(x, w_kn, kernel=k)
        return fns
    bias = None if case == "plain" else b
    act = case.split("+")[1] if "+" in case else None
    fns = {"torch": (lambda: F.linear(x, w, bias)) if act is None else (lambda: ACT[act](F.linear(x, w, bias)))}
    for spec in specs:
        fns[spec] = lambda k=None if spec == "auto" else spec: tiledmm.linear(x, w, bias, activation=act, kernel=k)
    return fns


def main():
    lines = [l.split() for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    gen = torch.Generator(device="cuda").manual_seed(0)
    dtype = torch.float16 if os.environ.get("PP_AB_DTYPE") == "fp16" else torch.bfloat16
    for shape, specs in lines:
        m, n, k = (int(v) for v in shape.split("x"))
        specs = specs.split(",")
        x = torch.randn(m, k, device="cuda", dtype=dtype, generator=gen)
        w = (torch.randn(n, k, device="cuda", dtype=dtype, generator=gen) / k ** 0.5).to(dtype)
        w_kn = w.t().contiguous()
        b = torch.randn(n, device="cuda", dtype=dtype, generator=gen)
        for case in CASES:
            graphs = {name: capture(fn) for name, fn in case_fns(case, x, w, w_kn, b, specs).items()}
            for g in graphs.values():
                g.replay()
            torch.cuda.synchronize()
            samples = {name: [] for name in graphs}
            clocks = {name: [] for name in graphs}
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            for rep in range(reps):
                for name in (list(graphs) if rep % 2 == 0 else list(reversed(graphs))):
                    if COOL_MS:
                        torch.cuda._sleep(int(COOL_MS * 1.7e6))  # ~1.7 GHz cycles per ms
                    start.record()
                    graphs[name].replay()
                    end.record()
                    torch.cuda.synchronize()
                    clocks[name].append(sm_clock())
                    samples[name].append(start.elapsed_time(end) * 1e3 / CALLS)
            for name, s in samples.items():
                plan = tiledmm.plan(m, n, k, dtype, b_col_major=case != "nn",
                                    kernel=None if name in ("auto", "torch") else name)["config"]
                print(json.dumps(dict(m=m, n=n, k=k, case=case, kernel=name, config=plan if name != "torch" else "",
                                      us=statistics.median(s), mhz=statistics.median(clocks[name]),
                                      samples=[round(v, 2) for v in s])), flush=True)
            del graphs
        del x, w, w_kn, b
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
