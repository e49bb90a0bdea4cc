"""Session 39: table of pp_ab.py output (JSON lines) for the specs c2 (ping-pong in 2-block
clusters), pp (ping-pong) and 256 (128x256 cooperative) and torch: µs per call, the SM clock
(MHz, NVML, read after each sample), and speed ratios. Usage: python c2_table.py ab.jsonl"""
import json
import sys
from collections import defaultdict

SHORT = {"wgmma:128x128_k128B_pingpong_s6_c2": "c2", "wgmma:128x128_k128B_pingpong_s6": "pp",
         "wgmma:128x256_k128B_2wg_s4": "256", "torch": "torch"}
cells = defaultdict(dict)
for line in open(sys.argv[1]):
    r = json.loads(line)
    cells[(r["m"], r["n"], r["k"], r["case"])][SHORT.get(r["kernel"], r["kernel"])] = (r["us"], r["mhz"])
names = [n for n in SHORT.values() if any(n in v for v in cells.values())]
print(f"{'shape':>16} {'case':>10} " + " ".join(f"{n + ' us':>9} {'MHz':>5}" for n in names)
      + "   pp/c2  256/c2 torch/c2")
for key, v in cells.items():
    print(f"{'x'.join(map(str, key[:3])):>16} {key[3]:>10} " + " ".join(f"{v[n][0]:9.1f} {v[n][1]:5.0f}" for n in names)
          + f"   {v['pp'][0] / v['c2'][0]:.3f}   {v['256'][0] / v['c2'][0]:.3f}    {v['torch'][0] / v['c2'][0]:.3f}")
