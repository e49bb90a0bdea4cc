"""Where a small product's time goes under do_bench's flush: code cold or data cold.

Modes (each a step; the timed call is fn(a, b)):
  warm       fn(a, b) back to back (operands and code in L2)
  flush      zero 256 MB, fn(a, b)                      (do_bench's step)
  flush+code zero 256 MB, fn(a2, b2), fn(a, b)          (code warm, operands cold)
  flush+data zero 256 MB, touch a and b, fn(a, b)       (operands in L2, code cold)
Per mode: the event span around the timed call (median) and the CUPTI duration of its
kernels (median), for tiledmm.gemm and torch.matmul.
"""
import statistics, sys, json
import torch
from torch.profiler import ProfilerActivity, profile
import tiledmm

FLUSH = torch.empty(256 << 18, dtype=torch.int32, device="cuda")
med = statistics.median


def step_fn(mode, fn, a, b, a2, b2):
    def pre():
        if mode != "warm":
            FLUSH.zero_()
        if mode == "flush+code":
            fn(a2, b2)
        if mode == "flush+data":
            a.view(-1)[::64].sum(); b.view(-1)[::64].sum()  # one element per 128 B line
    return pre


def spans(mode, fn, a, b, a2, b2, steps=60):
    pre = step_fn(mode, fn, a, b, a2, b2)
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(steps)]
    for _ in range(5):
        pre(); fn(a, b)
    torch.cuda.synchronize()
    for s, e in ev:
        pre(); s.record(); fn(a, b); e.record()
    torch.cuda.synchronize()
    return med([s.elapsed_time(e) * 1e3 for s, e in ev])


def durations(mode, fn, a, b, a2, b2, steps=40):
    """CUPTI: duration of the timed call's kernels (the last kernels of each step)."""
    pre = step_fn(mode, fn, a, b, a2, b2)
    marker = torch.zeros(1, device="cuda")
    for _ in range(3):
        pre(); fn(a, b)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(steps):
            pre(); marker.exp_(); fn(a, b)
        torch.cuda.synchronize()
    ks = sorted(((e.name, e.time_range.start, e.time_range.end) for e in prof.events()
                 if e.device_type == torch.autograd.DeviceType.CUDA and "Memcpy" not in e.name), key=lambda k: k[1])
    per, cur = [], None
    for name, s, e in ks:
        if "exp_kernel" in name:  # the marker: the timed call's kernels follow
            cur = []; per.append(cur); continue
        if cur is not None and "FillFunctor" in name:
            cur = None  # the next step's flush
        if cur is not None:
            cur.append((name, s, e))
    tot = [sum(e - s for _, s, e in p) for p in per if p]
    names = per[-1] if per else []
    return med(tot), [n[:90] for n, _, _ in names]


def main():
    shapes = [tuple(int(v) for v in s.split("x")) for s in sys.argv[1].split(",")]
    dtypes = {"bf16": torch.bfloat16, "fp16": torch.float16}
    out = []
    for dn in sys.argv[2].split(","):
        dt = dtypes[dn]
        for m, n, k in shapes:
            a, b = torch.randn(m, k, device="cuda", dtype=dt), torch.randn(k, n, device="cuda", dtype=dt)
            a2, b2 = torch.randn_like(a), torch.randn_like(b)
            row = {"shape": f"{m}x{n}x{k}", "dtype": dn}
            for lib, fn in (("tiledmm", tiledmm.gemm), ("cublas", torch.matmul)):
                for mode in ("warm", "flush", "flush+code", "flush+data"):
                    row[f"{lib}:{mode}:span"] = spans(mode, fn, a, b, a2, b2)
                    d, names = durations(mode, fn, a, b, a2, b2)
                    row[f"{lib}:{mode}:kernel"] = d
                row[f"{lib}:kernels"] = names
            out.append(row)
            print(f"{dn} {m}x{n}x{k}", flush=True)
            for mode in ("warm", "flush", "flush+code", "flush+data"):
                t, c = row[f"tiledmm:{mode}:span"], row[f"cublas:{mode}:span"]
                tk, ck = row[f"tiledmm:{mode}:kernel"], row[f"cublas:{mode}:kernel"]
                print(f"  {mode:11s} span ours {t:6.2f} cublas {c:6.2f} ratio {c/t:5.3f} | kernel ours {tk:6.2f} cublas {ck:6.2f}", flush=True)
            print("  kernels:", row["tiledmm:kernels"], row["cublas:kernels"], flush=True)
    json.dump(out, open(sys.argv[3], "w"), indent=1)


if __name__ == "__main__":
    main()
