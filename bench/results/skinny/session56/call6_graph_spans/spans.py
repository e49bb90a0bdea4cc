"""Session 56: where a decode graph's time goes. For graphs of `layers` products (decode_stream's
graph_of), CUPTI's kernel intervals over replays: the GPU span of the products over their count,
each product's kernel duration, the seam between consecutive products (next start - this end:
negative when they overlap), and the event-timed replay over the count (decode_stream's figure).
    python spans.py out.json
"""
import json, statistics as st, sys, os
import torch
from torch.profiler import ProfilerActivity, profile
sys.path.insert(0, "bench")
import decode_stream as ds
import tiledmm
from tiledmm._timing import event_median_ms

def intervals(replay, reps):
    for _ in range(3):
        replay()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(reps):
            replay()
            torch.cuda.synchronize()
    ks = sorted(((e.name, e.time_range.start, e.time_range.end) for e in prof.events()
                 if e.device_type == torch.autograd.DeviceType.CUDA and "Memcpy" not in e.name and "Memset" not in e.name),
                key=lambda k: k[1])
    return ks

rows = []
gen = torch.Generator(device="cuda").manual_seed(5)
for layout in ("nt", "nn"):
    for m in (1, 8, 16):
        for layers in (8, 32):
            n = k = 4096
            x = torch.randn(m, k, device="cuda", generator=gen).to(torch.bfloat16)
            ws = ds.weights(n, k, layout, layers, torch.bfloat16, gen)
            moved = 2 * (m * k + k * n + m * n)
            for name, product in (("tiledmm", lambda x, w: tiledmm.gemm(x, w)), ("cublas", torch.matmul)):
                graph, outs = ds.graph_of(product, x, ws)
                ev_us = 1e3 * event_median_ms(graph.replay, warmup=3, reps=20) / layers
                ks = intervals(graph.replay, 5)
                per = len(ks) // 5
                spans, durs, seams = [], [], []
                for r in range(5):
                    rk = ks[r * per:(r + 1) * per]
                    spans.append((rk[-1][2] - rk[0][1]) / layers)
                    durs += [e - s for _, s, e in rk]
                    seams += [rk[i + 1][1] - rk[i][2] for i in range(len(rk) - 1)]
                row = dict(layout=layout, m=m, n=n, k=k, layers=layers, impl=name, kernels_per_replay=per,
                           kernel_names=sorted({k[0][:60] for k in ks}), event_us=ev_us,
                           span_us=st.median(spans), kernel_us=st.median(durs), seam_us=st.median(seams), bytes=moved)
                rows.append(row)
                print(f"{layout} {m:>2}x{n}x{k} layers {layers:>2} {name:8s} event {ev_us:6.2f} us/product, "
                      f"span {row['span_us']:6.2f}, kernel {row['kernel_us']:6.2f}, seam {row['seam_us']:+.2f} "
                      f"({per} kernels/replay)", flush=True)
                del graph, outs
json.dump(rows, open(sys.argv[1], "w"), indent=1)
