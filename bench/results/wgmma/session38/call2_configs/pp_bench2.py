"""Ping-pong A/B (session 38), interleaved: per (shape, case) every kernel spec's calls are
captured in a CUDA graph (10 calls each), then the graphs are replayed in turn, `reps`
times, so that each spec sees the same clocks (long products throttle the GPU). Prints
one JSON line per (shape, case, kernel): the median and all samples, µs per call."""
import json
import statistics
import sys

import torch
import torch.nn.functional as F

import tiledmm

SPECS = sys.argv[1].split(",")
SHAPES = [tuple(int(v) for v in s.split("x")) for s in sys.argv[2].split(",")]  # M x N x K
REPS = int(sys.argv[3]) if len(sys.argv) > 3 else 9
CASES = sys.argv[4].split(",") if len(sys.argv) > 4 else ["plain", "bias", "bias+gelu", "bias+silu"]
ACT = {"gelu": F.gelu, "silu": F.silu}
CALLS = 10
dtype = torch.bfloat16
gen = torch.Generator(device="cuda").manual_seed(0)


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


for m, n, k in SHAPES:
    x = torch.randn(m, k, device="cuda", dtype=dtype, generator=gen)
    w = (torch.randn(n, k, device="cuda", dtype=dtype, generator=gen) / k ** 0.5).to(dtype)
    b = torch.randn(n, device="cuda", dtype=dtype, generator=gen)
    for case in CASES:
        bias = None if case == "plain" else b
        act = case.split("+")[1] if "+" in case else None
        fns = {"torch": (lambda: F.linear(x, w, bias)) if act is None else (lambda: ACT[act](F.linear(x, w, bias)))}
        for spec in SPECS:
            kernel = None if spec == "auto" else spec
            fns[spec] = lambda kernel=kernel: tiledmm.linear(x, w, bias, activation=act, kernel=kernel)
        graphs = {name: capture(fn) for name, fn in fns.items()}
        for g in graphs.values():
            g.replay()
        torch.cuda.synchronize()
        samples = {name: [] for name in graphs}
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        for rep in range(REPS):
            order = list(graphs) if rep % 2 == 0 else list(reversed(graphs))
            for name in order:
                start.record()
                graphs[name].replay()
                end.record()
                torch.cuda.synchronize()
                samples[name].append(start.elapsed_time(end) * 1e3 / CALLS)
        for name, s in samples.items():
            print(json.dumps(dict(m=m, n=n, k=k, case=case, kernel=name, us=statistics.median(s),
                                  samples=[round(v, 2) for v in s])), flush=True)
        del graphs
    del x, w, b
    torch.cuda.empty_cache()
