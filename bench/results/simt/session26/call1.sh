# Session 26, call 1: the row-tail build (exp/soz/new.so.gz, sm_90a, built locally):
# full GPU suite, then bench.py with the row tail on and off (TILEDMM_ROW_TAIL=off), alternating.
set -x
gunzip -c exp/soz/new.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv > $OUT/gpu.txt
python -c "import tiledmm, torch; print(tiledmm.plan(3072,3072,3072,torch.float32))" > $OUT/plan.txt 2>&1
( time timeout 330 python -m pytest -q -x tests ) > $OUT/pytest.log 2>&1
tail -3 $OUT/pytest.log
S=3072x3072x3072,3073x3071x3069,2560x2560x2560,5120x5120x5120,6144x6144x6144,8192x14336x4096,8192x8192x8192,2049x2047x2045,4096x4096x4096
for r in 1 2; do
  timeout 200 python bench/bench.py --dtypes fp32 --shapes $S --kernels auto --out $OUT/ab_on_$r > $OUT/ab_on_$r.txt 2>&1
  TILEDMM_ROW_TAIL=off timeout 200 python bench/bench.py --dtypes fp32 --shapes $S --kernels auto --out $OUT/ab_off_$r > $OUT/ab_off_$r.txt 2>&1
done
python - <<'PY'
import json, os
out = os.environ["OUT"]
rows = {}
for label in ("on_1", "off_1", "on_2", "off_2"):
    for r in json.load(open(f"{out}/ab_{label}.json"))["rows"]:
        rows.setdefault((r["m"], r["n"], r["k"]), {})[label] = (r["ms"] * 1e3, r["cublas_ms"] * 1e3, r["config"])
print("shape | on us (r1, r2) | off us (r1, r2) | cuBLAS us (4 runs) | on/off | ratio on, off")
for s, d in rows.items():
    on = [d[l][0] for l in ("on_1", "on_2")]; off = [d[l][0] for l in ("off_1", "off_2")]
    cb = [d[l][1] for l in ("on_1", "off_1", "on_2", "off_2")]
    c = sorted(cb)[1:3]; cbm = sum(c) / 2
    print(f"{'x'.join(map(str, s))} | {on[0]:.1f}, {on[1]:.1f} | {off[0]:.1f}, {off[1]:.1f} | "
          f"{', '.join(f'{x:.1f}' for x in cb)} | {min(on)/min(off):.3f} | {cbm/min(on):.3f}, {cbm/min(off):.3f}")
PY
