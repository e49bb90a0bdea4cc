#!/bin/bash
# Session 43, call 4 (same measurement build as call 3): 1025x1024x1024's first band (the same
# simt launch as 1024^3) ran 6.5-9 us longer than 1024^3 under the flush whatever ran beside
# or after it. Is it where its allocations land? Each 1024^3 / 1025 call below runs with a
# junk tensor of J MB allocated (and kept) just before it; per-step simt durations printed.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r4; mkdir -p $R
python - > $R/junk.txt 2>&1 <<'PY'
import sys, statistics, torch, tiledmm
sys.path.insert(0, "bench")
import timeline
a = torch.randn(1025, 1024, device="cuda"); b = torch.randn(1024, 1024, device="cuda")
def simt_durations(fn):
    steps = timeline.kernel_intervals(fn, 40)
    d = [k[2] - k[1] for s in steps for k in s[1:] if "simt" in k[0]]
    span = [max(k[2] for k in s[1:]) - s[0][2] for s in steps]
    return d, span
for junk_mb in [0, 2, 4, 6, 8, 12, 16, 20]:
    for label, fn in [("1024^3 (a[:1024])", lambda: tiledmm.gemm(a[:1024], b)), ("1025x1024x1024", lambda: tiledmm.gemm(a, b))]:
        def call(fn=fn):
            keep = torch.empty(junk_mb << 18, device="cuda") if junk_mb else None
            out = fn()
            return keep, out
        d, span = simt_durations(call)
        q = sorted(d)
        print(f"junk {junk_mb:2d} MB  {label:20s} simt median {statistics.median(d):5.1f} us (min {q[0]:.1f}, p10 {q[len(q)//10]:.1f}, p90 {q[9*len(q)//10]:.1f}, max {q[-1]:.1f}); span median {statistics.median(span):.1f}", flush=True)
PY
cat $R/junk.txt
python - > $R/order.txt 2>&1 <<'PY'
# The same two calls, interleaved in one profile: does the 1025 call's simt run slow next to the fast one?
import sys, statistics, torch, tiledmm
sys.path.insert(0, "bench")
import timeline
a = torch.randn(1025, 1024, device="cuda"); b = torch.randn(1024, 1024, device="cuda")
flush = torch.empty(64 << 20, dtype=torch.int32, device="cuda")
from torch.profiler import profile, ProfilerActivity
for _ in range(3):
    flush.zero_(); tiledmm.gemm(a[:1024], b); flush.zero_(); tiledmm.gemm(a, b)
torch.cuda.synchronize()
with profile(activities=[ProfilerActivity.CUDA]) as prof:
    for _ in range(30):
        flush.zero_(); tiledmm.gemm(a[:1024], b); flush.zero_(); tiledmm.gemm(a, b)
    torch.cuda.synchronize()
ev = sorted(((e.name, e.time_range.start, e.time_range.end) for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA), key=lambda x: x[1])
simt = [e[2] - e[1] for e in ev if "simt" in e[0]]
print("alternating 1024^3 / 1025: simt durations", " ".join(f"{x:.1f}" for x in simt[:20]))
print("even (1024^3) median %.1f, odd (1025) median %.1f" % (statistics.median(simt[0::2]), statistics.median(simt[1::2])))
PY
cat $R/order.txt
cp exp/s43/call4.sh $R/device_script.sh
tar czf $OUT/results.tgz -C /tmp r4
