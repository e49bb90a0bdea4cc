"""Where a kernel's warps wait, from ncu's per-instruction stall sampling: totals per stall
reason for each kernel, and each one's difference from the first (the baseline).

    ncu --section SourceCounters -k regex:wgmma --launch-skip 2 --launch-count 1 -o gelu python ...
    ncu -i gelu.ncu-rep --page source --csv --print-source sass > gelu.csv
    python bench/ncu_stalls.py none.csv gelu.csv silu.csv

A variant's extra samples, reason by reason, say what its extra instructions cost: their own
issue (`selected`), waits on the instructions before them (`wait`, `short_sb`, `long_sb`), a
busy pipe (`math`, `mio`), or instructions not yet fetched (`no_inst`, the instruction cache).
"""
import csv
import sys


def read_source_page(path):
    """(instructions, {stall reason: samples}) of one kernel's SASS source page."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header_at = next(i for i, r in enumerate(rows) if r and r[0] == "Address")
    header = rows[header_at]
    reasons = [(i, h[len("stall_"):]) for i, h in enumerate(header)
               if h.startswith("stall_") and "Not Issued" not in h]
    instructions = [r for r in rows[header_at + 1:] if len(r) == len(header)]
    totals = {name: 0.0 for _, name in reasons}
    for r in instructions:
        for i, name in reasons:
            totals[name] += float(r[i] or 0)
    return len(instructions), totals


def report(paths):
    pages = [(path, *read_source_page(path)) for path in paths]
    _, _, base = pages[0]
    order = sorted(base, key=lambda name: -max(p[2].get(name, 0) for p in pages))
    lines = ["reason".ljust(18) + "".join(f"{path.rsplit('/', 1)[-1]:>24}" for path, _, _ in pages)]
    lines.append("instructions".ljust(18) + "".join(f"{n:>24}" for _, n, _ in pages))
    lines.append("samples".ljust(18) + "".join(
        f"{sum(t.values()):>14.0f} ({sum(t.values()) - sum(base.values()):+7.0f})" for _, _, t in pages))
    for name in order:
        if all(t.get(name, 0) == 0 for _, _, t in pages):
            continue
        lines.append(name.ljust(18) + "".join(
            f"{t.get(name, 0):>14.0f} ({t.get(name, 0) - base[name]:+7.0f})" for _, _, t in pages))
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(sys.argv[1:]))
