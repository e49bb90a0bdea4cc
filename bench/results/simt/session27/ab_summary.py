# Summary of ab_{A,B}_{1,2}.txt: best of two per build, cuBLAS median of the four runs.
import os, statistics
out = os.environ.get("OUT", ".")
runs = {}
for label in ("A_1", "B_1", "A_2", "B_2"):
    for line in open(f"{out}/ab_{label}.txt"):
        if line.startswith("#") or "\t" not in line:
            continue
        s, ours, cb, err = line.split("\t")
        runs.setdefault(s, {})[label] = (float(ours), float(cb))
print("shape | A us (r1, r2) | B us (r1, r2) | cuBLAS us (median of 4) | B/A | ratio to cuBLAS A, B")
for s, d in runs.items():
    a = [d[l][0] for l in ("A_1", "A_2")]; b = [d[l][0] for l in ("B_1", "B_2")]
    cb = statistics.median(d[l][1] for l in d)
    print(f"{s} | {a[0]:.1f}, {a[1]:.1f} | {b[0]:.1f}, {b[1]:.1f} | {cb:.1f} | {min(b)/min(a):.3f} | "
          f"{cb/min(a):.3f}, {cb/min(b):.3f}")
