"""#5 at K >= 4096: tiledmm.linear on the plan's tile (128x256 cooperative: both consumers stop for
the epilogue) against the ping-pong tile by name (one consumer's epilogue under the other's MMAs),
with bias alone and with a fused activation; F.linear (+ the activation) in the same run.
do_bench medians (L2 flushed between calls), rounds alternating, and CUPTI kernel times back to back."""
import json, sys
import torch, torch.nn.functional as F
import triton.testing
sys.path.insert(0, "bench")
from kernel_times import kernel_table
import tiledmm

PP = "wgmma:128x128_k128B_pingpong_s6"
ACTS = {"none": lambda y: y, "gelu": F.gelu, "silu": F.silu}
shapes = [(8192, 4096, 4096), (8192, 14336, 4096), (8192, 4096, 14336), (4096, 11008, 4096), (4096, 4096, 4096),
          (8192, 8192, 4096)]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
out = []
for m, n, k in shapes:
    x = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(n, k, device="cuda", dtype=torch.bfloat16) / k ** 0.5
    b = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    for act in ACTS:
        calls = {"plan": lambda: tiledmm.linear(x, w, b, activation=act),
                 "pingpong": lambda: tiledmm.linear(x, w, b, activation=act, kernel=PP),
                 "torch": lambda: ACTS[act](F.linear(x, w, b))}
        ref = calls["torch"]().float()
        for name in ("plan", "pingpong"):
            torch.testing.assert_close(calls[name]().float(), ref, rtol=3e-2, atol=3e-2)
        db = {name: [] for name in calls}
        for r in range(rounds):
            for name, fn in calls.items():
                db[name].append(triton.testing.do_bench(fn, warmup=25, rep=100))
        kt = {name: sum(us for _, us in kernel_table(fn, 10).values()) for name, fn in calls.items()}
        row = dict(m=m, n=n, k=k, act=act, do_bench_ms=db, kernel_us=kt)
        out.append(row)
        med = {nm: sorted(v)[len(v) // 2] for nm, v in db.items()}
        print(f"{m}x{n}x{k} {act:5}: do_bench ms plan {med['plan']:.4f} pp {med['pingpong']:.4f} torch {med['torch']:.4f}"
              f" | vs torch plan {med['torch']/med['plan']:.3f} pp {med['torch']/med['pingpong']:.3f}"
              f" | kernel us plan {kt['plan']:.1f} pp {kt['pingpong']:.1f} torch {kt['torch']:.1f}", flush=True)
json.dump(out, open(sys.argv[1], "w"), indent=1)
