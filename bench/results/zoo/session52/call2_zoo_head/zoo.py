"""Session 52: the layers of common models, bf16, as training runs them: forward
y = x W^T + b (tiledmm.linear against F.linear), grad_x = dY W (nn) and grad_W = dY^T X (tn),
each against torch, do_bench medians in alternating rounds; the plan's config beside.
argv: out.json [rounds]"""
import json, statistics, sys
import torch, torch.nn.functional as F
import triton.testing
import tiledmm

PAIRS = {  # model: (in, out) of its linear layers
    "gpt2-s": [(768, 2304), (768, 768), (768, 3072), (3072, 768)],
    "gpt2-m": [(1024, 3072), (1024, 4096), (4096, 1024)],
    "gpt2-xl": [(1600, 4800), (1600, 6400), (6400, 1600)],
    "qwen-0.5b": [(896, 1152), (896, 4864), (4864, 896)],
    "qwen-1.5b": [(1536, 2048), (1536, 8960), (8960, 1536)],
    "llama-1b": [(2048, 3072), (2048, 8192), (8192, 2048)],
    "llama-8b": [(4096, 6144), (4096, 4096), (4096, 14336), (14336, 4096)],
}
TOKENS = [int(t) for t in (sys.argv[3] if len(sys.argv) > 3 else "256,985,2048,8192").split(",")]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 2
us = lambda fn: 1000 * triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")
dt = torch.bfloat16
rows = []
seen = set()
for model, pairs in PAIRS.items():
    for fi, fo in pairs:
        for t in TOKENS:
            if (t, fi, fo) in seen: continue
            seen.add((t, fi, fo))
            x = torch.randn(t, fi, device="cuda", dtype=dt)
            w = torch.randn(fo, fi, device="cuda", dtype=dt) / fi ** 0.5
            b = torch.randn(fo, device="cuda", dtype=dt)
            dy = torch.randn(t, fo, device="cuda", dtype=dt)
            cases = {
                "fwd": (lambda: tiledmm.linear(x, w, b), lambda: F.linear(x, w, b), (x, w.t())),
                "dx": (lambda: tiledmm.gemm(dy, w), lambda: torch.matmul(dy, w), (dy, w)),
                "dw": (lambda: tiledmm.gemm(dy.t(), x), lambda: torch.matmul(dy.t(), x), (dy.t(), x)),
            }
            for case, (ours, theirs, ops) in cases.items():
                ref = theirs().double()
                got = ours().double()
                err = ((got - ref).norm() / ref.norm()).item()
                o, c = [], []
                for _ in range(ROUNDS):
                    o.append(us(ours)); c.append(us(theirs))
                p = tiledmm.plan_for(*ops)
                r = dict(model=model, tokens=t, fan_in=fi, fan_out=fo, case=case, ours_us=statistics.median(o),
                         torch_us=statistics.median(c), rounds_ours=o, rounds_torch=c, err=err,
                         kernel=p["kernel"], config=p["config"], split_k=p["split_k"],
                         last_wave=p["last_wave_split"])
                r["ratio"] = r["torch_us"] / r["ours_us"]
                rows.append(r)
                print(f"{model:10s} {t:5d}x{fi:5d}->{fo:5d} {case:3s} ours {r['ours_us']:8.1f} torch {r['torch_us']:8.1f} "
                      f"x{r['ratio']:.3f} {p['config']} s{p['split_k']} {p['last_wave_split']} err {err:.1e}", flush=True)
json.dump({"gpu": torch.cuda.get_device_name(), "rows": rows}, open(sys.argv[1], "w"), indent=1)
rs = [r["ratio"] for r in rows]
print("geomean %.3f over %d cells; below 0.95: %d" % (statistics.geometric_mean(rs), len(rs), sum(x < 0.95 for x in rs)))
for r in sorted(rows, key=lambda r: r["ratio"])[:25]:
    print(f"  worst {r['ratio']:.3f} {r['case']} {r['tokens']}x{r['fan_in']}->{r['fan_out']} {r['config']} "
          f"s{r['split_k']} {r['last_wave']} ours {r['ours_us']:.1f} torch {r['torch_us']:.1f}")
