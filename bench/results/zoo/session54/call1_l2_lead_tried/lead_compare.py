"""Session 54: per cell, the median over rounds of each lead's times; ratios lead 0 / lead L
(>1: the lead is faster), geomeans by case, cold and warm; ours against torch per lead.
argv: results dir"""
import glob, json, math, os, statistics, sys, collections

d = sys.argv[1]
runs = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(d, "lead*_r*.json"))):
    j = json.load(open(f))
    runs[j["lead"]].append(j["rows"])
leads = sorted(runs, key=int)
key = lambda r: (r["case"], r["m"], r["n"], r["k"])
med = {}
for lead in leads:
    for rows in zip(*runs[lead]):
        for field in ("ours_cold", "torch_cold", "ours_warm", "torch_warm"):
            med[(lead, key(rows[0]), field)] = statistics.median(r[field] for r in rows)
cells = [key(r) for r in runs[leads[0]][0]]
configs = {key(r): r["config"] for r in runs[leads[0]][0]}
g = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
for lead in leads[1:]:
    print(f"== lead {lead} against 0 (time at 0 / time at {lead}; >1 faster)")
    by = collections.defaultdict(lambda: ([], []))
    for c in cells:
        cold = med[("0", c, "ours_cold")] / med[(lead, c, "ours_cold")]
        warm = med[("0", c, "ours_warm")] / med[(lead, c, "ours_warm")]
        by[c[0]][0].append(cold); by[c[0]][1].append(warm)
        by["all"][0].append(cold); by["all"][1].append(warm)
    for case, (cold, warm) in by.items():
        print(f"  {case:12} n={len(cold):3} cold {g(cold):.3f} (min {min(cold):.3f} max {max(cold):.3f})"
              f"  warm {g(warm):.3f} (min {min(warm):.3f} max {max(warm):.3f})")
for lead in leads:
    vs = [med[(lead, c, "torch_cold")] / med[(lead, c, "ours_cold")] for c in cells]
    vw = [med[(lead, c, "torch_warm")] / med[(lead, c, "ours_warm")] for c in cells]
    print(f"lead {lead}: against torch cold geomean {g(vs):.3f} ({sum(v < 0.95 for v in vs)} below 0.95), "
          f"warm {g(vw):.3f}")
print("\nper cell: case m n k config | cold ours per lead / torch | warm ours per lead / torch")
for c in cells:
    cold = " ".join(f"{med[(l, c, 'ours_cold')]:7.2f}" for l in leads)
    warm = " ".join(f"{med[(l, c, 'ours_warm')]:7.2f}" for l in leads)
    print(f"{c[0]:11} {c[1]:5}x{c[2]:5}x{c[3]:5} {configs[c][:22]:22} | {cold} / {med[('0', c, 'torch_cold')]:7.2f}"
          f" | {warm} / {med[('0', c, 'torch_warm')]:7.2f}")
