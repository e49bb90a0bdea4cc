# Session 59 call 7 (HEAD + a measurement switch, TILEDMM_SKINNY_SPLIT=n, that forces skinny's
# K slices): skinny's split-K on products whose 32-row blocks leave SMs idle, where call 6 saw
# nn 16 x 3072 x 8192 split 8 ways at 0.71x cuBLAS. Single products from a clean L2
# (bench_skinny.py, cuBLAS in the same run), the planner's split and 1, 2, 4, 8 slices.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r7; rm -rf $R; mkdir -p $R; cp exp/s59/call7.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r7; }
S=16x1024x4096,16x2048x4096,16x3072x4096,16x1024x8192,16x2048x8192,16x3072x8192,8x3072x8192,1x3072x8192,32x2048x8192,16x3072x14336,16x1536x8192
for round in 1 2; do
  for sp in 0 1 2 4 8; do
    TILEDMM_SKINNY_SPLIT=$sp timeout 100 python bench/bench_skinny.py --layouts nn,nt --shapes $S --out $R/bs_split${sp}_$round > $R/bs_split${sp}_$round.txt 2>&1
    echo "split $sp round $round rc=$? $SECONDS s"
  done
  save
done
python - <<'PY'
import json, glob, collections
rows = collections.defaultdict(dict)
for sp in (0, 1, 2, 4, 8):
    for f in sorted(glob.glob(f"/tmp/r7/bs_split{sp}_*.json")):
        for r in json.load(open(f))["rows"]:
            key = (r["layout"], r["m"], r["n"], r["k"])
            rows[key].setdefault(sp, []).append((r["ms_clean"] * 1e3, r["split_k"], r["cublas_ms_clean"] * 1e3))
with open("/tmp/r7/summary.txt", "w") as out:
    for key in sorted(rows):
        cells = []
        for sp in (0, 1, 2, 4, 8):
            v = rows[key].get(sp)
            if v:
                cells.append(f"s{sp}({v[0][1]}) {min(x[0] for x in v):6.2f}")
        cub = min(x[2] for v in rows[key].values() for x in v)
        line = f"{key[0]} {key[1]:2d}x{key[2]:5d}x{key[3]:5d} cuBLAS {cub:6.2f} | " + "  ".join(cells)
        print(line); out.write(line + "\n")
PY
save
