# Compares sweep.py's runs: sweep_on_{1,2}.txt against sweep_off_{1,2}.txt in $OUT.
import math, os, sys
out = os.environ["OUT"]
def load(name):
    rows = {}
    for line in open(f"{out}/{name}.txt"):
        parts = line.split("\t")
        if len(parts) == 4:
            rows[parts[0]] = (float(parts[1]), float(parts[2]), int(parts[3]))
    return rows
on = [load("sweep_on_1"), load("sweep_on_2")]; off = [load("sweep_off_1"), load("sweep_off_2")]
print("shape | tail rows | on us (best of 2) | off us (best of 2) | on/off | ratio to cuBLAS on, off")
logs = []
for s in on[0]:
    t_on = min(r[s][0] for r in on); t_off = min(r[s][0] for r in off)
    cb = sorted([r[s][1] for r in on + off])[1:3]; cb = sum(cb) / 2
    logs.append(math.log(t_on / t_off))
    print(f"{s} | {on[0][s][2]} | {t_on:.1f} | {t_off:.1f} | {t_on / t_off:.3f} | {cb / t_on:.3f}, {cb / t_off:.3f}")
print(f"{len(logs)} shapes: geomean on/off {math.exp(sum(logs) / len(logs)):.3f}, "
      f"slower with the tail: {sum(x > 0.005 for x in logs)}, worst {math.exp(max(logs)):.3f}, best {math.exp(min(logs)):.3f}")
