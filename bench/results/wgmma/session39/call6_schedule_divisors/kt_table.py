"""Session 39 call 6: kernel times (bench/kernel_times.py, CUPTI) per shape from the rounds
kt_{small,large,tf32}_{old,fd}_*.txt: HEAD's build (old), the schedule with launcher-prepared
divisors (fd), and torch.matmul beside each. Usage: python kt_table.py (in this folder)."""
import collections
import glob
import re

rows = collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob("kt_*_*_*.txt")):
    _, kind, build, _ = f[:-4].split("_")
    for line in open(f):
        m = re.match(r"== (tiledmm.gemm|torch.matmul) (\S+).*: ([\d.]+) µs of kernels per step", line)
        if m:
            side = build if m.group(1) == "tiledmm.gemm" else "torch"
            rows[(kind, m.group(2))][side].append(float(m.group(3)))
print(f"{'set':5} {'shape':>16} {'old':>12} {'fd':>12} {'torch (all rounds)':>26}")
for (kind, shape), d in rows.items():
    fmt = lambda v: ", ".join(f"{x:.1f}" for x in v)
    print(f"{kind:5} {shape:>16} {fmt(d['old']):>12} {fmt(d['fd']):>12} {fmt(d['torch']):>26}")
