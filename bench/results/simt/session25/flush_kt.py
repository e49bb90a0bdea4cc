"""Kernel times of tiledmm.gemm with an L2 flush before each call (do_bench's setting)."""
import collections, sys, torch, tiledmm, triton
from torch.profiler import ProfilerActivity, profile
shapes = [tuple(int(x) for x in s.split("x")) for s in sys.argv[1].split(",")]
cache = torch.empty(int(256e6 // 4), dtype=torch.int, device="cuda")
for m, n, k in shapes:
    a = torch.randn(m, k, device="cuda"); b = torch.randn(k, n, device="cuda")
    fn = lambda: tiledmm.gemm(a, b)
    for _ in range(5): fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(30):
            cache.zero_(); fn()
        torch.cuda.synchronize()
    t = collections.defaultdict(list)
    for e in prof.events():
        if e.device_type == torch.autograd.DeviceType.CUDA:
            t[e.name[:60]].append(e.device_time)
    print(f"== {m}x{n}x{k}: do_bench {triton.testing.do_bench(fn)*1e3:.1f} us")
    for name, v in t.items():
        v = sorted(v); print(f"   median {v[len(v)//2]:8.1f} us  {name}")
    # gaps: start of gemm kernel to end of reduce, per step
    ev = sorted([e for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA], key=lambda e: e.time_range.start)
    spans = []; cur = None
    for e in ev:
        if "zero" in e.name.lower() or "fill" in e.name.lower() or "elementwise" in e.name.lower():
            if cur: spans.append(cur[1] - cur[0])
            cur = None
        else:
            cur = [e.time_range.start, e.time_range.end] if cur is None else [cur[0], e.time_range.end]
    if cur: spans.append(cur[1] - cur[0])
    spans.sort(); print(f"   first tiledmm kernel start -> last end: median {spans[len(spans)//2]:.1f} us")
