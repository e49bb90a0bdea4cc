"""Per-block stamps of the skinny kernel in a CUDA graph of 8 decode products (measurement
build with skinny_stamps_measurement.diff): python stamps.py OUT.json"""
import json
import statistics
import sys

import torch

import tiledmm

COPY_GBPS = 4274.0  # H200 copy bandwidth, session 56's measurement
results = {}
for layout in ("nt", "nn"):
    for m in (1, 8, 16):
        torch.manual_seed(0)
        ws = [torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16) / 64 for _ in range(8)]
        x = torch.randn(m, 4096, device="cuda", dtype=torch.bfloat16)
        prod = (lambda w: tiledmm.linear(x, w)) if layout == "nt" else (lambda w: tiledmm.gemm(x, w))
        ys = [prod(w) for w in ws]
        torch.cuda.synchronize()
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            for i, w in enumerate(ws):
                ys[i] = prod(w)
        for _ in range(30):
            g.replay()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(50):
            g.replay()
        end.record()
        torch.cuda.synchronize()
        per_product_us = start.elapsed_time(end) * 1e3 / 50 / 8
        torch.ops.tiledmm._skinny_stamps_clear()
        torch.cuda.synchronize()
        g.replay()
        torch.cuda.synchronize()
        st = torch.ops.tiledmm._skinny_stamps().tolist()
        products = []
        for slot in range(8):
            rows = [r for r in st[slot] if r[0] > 0]
            if rows:
                products.append(rows)
        products.sort(key=lambda rows: min(r[1] for r in rows))
        t0 = min(r[0] for rows in products for r in rows)
        bytes_ = 4096 * 4096 * 2 + 2 * m * 4096 * 2
        print(f"== {layout} M={m}: {per_product_us:.2f} us a product in the graph, "
              f"{bytes_ / per_product_us / 1e3 / COPY_GBPS * 100:.1f}% of copy", flush=True)
        summary = []
        prev_exit = None
        for i, rows in enumerate(products):
            entry = [(r[0] - t0) / 1e3 for r in rows]
            waited = [(r[1] - t0) / 1e3 for r in rows]
            loop = [(r[2] - r[1]) / 1e3 for r in rows]
            tail = [(r[3] - r[2]) / 1e3 for r in rows]
            exits = [(r[3] - t0) / 1e3 for r in rows]
            w0 = min(waited)
            span = max(exits) - w0
            exits_sorted = sorted(e - w0 for e in exits)
            q = lambda v, f: sorted(v)[int(f * (len(v) - 1))]
            line = dict(product=i, blocks=len(rows), sms=len({r[4] for r in rows}),
                        entry_first=min(entry), entry_last=max(entry), waited_first=w0, waited_last=max(waited),
                        loop_min=min(loop), loop_med=statistics.median(loop), loop_p90=q(loop, 0.9), loop_max=max(loop),
                        store_med=statistics.median(tail), exit_first=exits_sorted[0], exit_med=statistics.median(exits_sorted),
                        exit_p90=q(exits_sorted, 0.9), exit_last=exits_sorted[-1], span=span,
                        gap_from_prev=None if prev_exit is None else w0 - prev_exit)
            gap = "" if line["gap_from_prev"] is None else f"{line['gap_from_prev']:5.2f}"
            prev_exit = max(exits)
            summary.append(line)
            print(f"  p{i}: {len(rows)} blocks on {line['sms']} SMs; entry {min(entry):7.2f}..{max(entry):7.2f}; "
                  f"waited {w0:7.2f}..{max(waited):7.2f}; loop min/med/p90/max {min(loop):5.2f}/{line['loop_med']:5.2f}/"
                  f"{line['loop_p90']:5.2f}/{max(loop):5.2f}; exits after wait first/med/p90/last "
                  f"{exits_sorted[0]:5.2f}/{line['exit_med']:5.2f}/{line['exit_p90']:5.2f}/{exits_sorted[-1]:5.2f}; "
                  f"gap {gap}", flush=True)
        results[f"{layout}_{m}"] = dict(per_product_us=per_product_us, summary=summary,
                                        raw=[[[v - t0 if j < 4 else v for j, v in enumerate(r)] for r in rows] for rows in products])
json.dump(results, open(sys.argv[1], "w"))
