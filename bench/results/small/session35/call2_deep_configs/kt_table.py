"""Table of kernel_times.py gemm runs: rows = shape, columns = kernel spec, cells = µs per run."""
import re, sys, collections
t = collections.defaultdict(lambda: collections.defaultdict(list))
specs = []
for f in sys.argv[1:]:
    for line in open(f):
        m = re.match(r"== tiledmm\.gemm (\S+) \((\S+)\): ([\d.]+) µs", line)
        if m:
            t[m[1]][m[2]].append(m[3]); specs.append(m[2]) if m[2] not in specs else None
        m = re.match(r"== torch\.matmul (\S+): ([\d.]+) µs", line)
        if m:
            t[m[1]]["cuBLAS"].append(m[2])
specs = [s.replace("wgmma:", "") for s in specs] + ["cuBLAS"]
print("shape".ljust(16) + "".join(s[:20].rjust(21) for s in specs))
for shape, d in t.items():
    d = {k.replace("wgmma:", ""): v for k, v in d.items()}
    print(shape.ljust(16) + "".join(",".join(d.get(s, ["-"])).rjust(21) for s in specs))
