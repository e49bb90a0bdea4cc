"""Decode-stream runs of two specs, per product: % of copy bandwidth of each round, the mean
difference (B - A), cuBLAS's mean; python3 stream_compare.py FOLDER A_PREFIX B_PREFIX."""
import collections, glob, json, math, sys
folder, a, b = sys.argv[1:4]
def load(prefix):
    d = collections.defaultdict(list)
    for path in sorted(glob.glob(f"{folder}/{prefix}_*.json")):
        for r in json.load(open(path))["rows"]:
            d[r["layout"], r["m"], r["n"], r["k"]].append((r["tiledmm_pct_copy"], r["cublas_pct_copy"]))
    return d
A, B = load(a), load(b)
logs = []
for key in A:
    pa, pb = [x[0] for x in A[key]], [x[0] for x in B[key]]
    cub = [x[1] for x in A[key] + B[key]]
    ma, mb = sum(pa) / len(pa), sum(pb) / len(pb)
    logs.append(math.log(mb / ma))
    print(f"{key[0]} {key[1]:2d}x{key[2]:5d}x{key[3]:5d} ({(key[2] + 63) // 64:3d} tiles of 64 rows)  {a}: "
          + " ".join(f"{x:5.1f}" for x in pa) + f"  {b}: " + " ".join(f"{x:5.1f}" for x in pb)
          + f"  diff {mb - ma:+5.1f}  cuBLAS {sum(cub) / len(cub):5.1f}")
print(f"geomean speed-up of {b} over {a}: {math.exp(sum(logs) / len(logs)):.3f}")
