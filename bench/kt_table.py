"""One table of several kernel_times.py outputs (same shapes and kernels, e.g. rounds of an A/B
test): a row per (shape, kernel), the total kernel µs per call from each file in a column.

    python bench/kt_table.py kt_round1.txt kt_round2.txt > kt_table.txt
"""
import collections
import re
import sys

HEADER = re.compile(r"== (tiledmm\.gemm|torch\.matmul) (\S+)(?: \((\S+)\))?: ([\d.]+) µs")


def main(paths):
    rows = collections.OrderedDict()
    for i, path in enumerate(paths):
        with open(path) as f:
            for line in f:
                m = HEADER.match(line)
                if m:
                    key = (m.group(2), m.group(3) or "cuBLAS")
                    rows.setdefault(key, [None] * len(paths))[i] = float(m.group(4))
    print("shape | kernel | " + " | ".join(p.rsplit("/", 1)[-1] for p in paths))
    for (shape, kernel), values in rows.items():
        print(f"{shape} | {kernel} | " + " | ".join("-" if v is None else f"{v:.1f}" for v in values))


if __name__ == "__main__":
    main(sys.argv[1:])
