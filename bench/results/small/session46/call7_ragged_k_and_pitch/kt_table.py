"""Table of kernel_times.py outputs: rows (shape, kernel), one column per file (in argv order)."""
import re, sys, collections
rows = collections.OrderedDict()
for i, path in enumerate(sys.argv[1:]):
    for line in open(path):
        m = re.match(r"== (tiledmm\.gemm|torch\.matmul) (\S+)(?: \((\S+)\))?: ([\d.]+) µs", line)
        if m:
            key = (m.group(2), m.group(3) or "cuBLAS")
            rows.setdefault(key, [None] * (len(sys.argv) - 1))[i] = float(m.group(4))
print("shape | kernel | " + " | ".join(p.split("/")[-1] for p in sys.argv[1:]))
for (shape, kernel), vals in rows.items():
    print(f"{shape} | {kernel} | " + " | ".join("-" if v is None else f"{v:.1f}" for v in vals))
