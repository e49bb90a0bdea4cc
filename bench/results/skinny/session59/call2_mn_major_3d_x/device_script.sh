# Session 59 call 2, the candidate build: skinny's staged config reads an MN-major weight
# (x @ W) in place ([k][32 rows] boxes swizzled in 64-byte runs, ldmatrix.trans; X as
# 8-k chunks by a 3-D box). The staged tests and skinny's tests first, then the decode stream
# (nn: the planner's configs, now staged for 9-32 small rows of enough W per SM, against
# the register configs by name r32_w16_u1 and r32_w8_u1 and the staged one by name at every
# shape; nt: the planner once, K-major unchanged), 2 alternating rounds, then the full suite.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; rm -rf $R; mkdir -p $R; cp exp/s59/call2.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r2; }
timeout 150 python -m pytest -q -p no:cacheprovider tests/test_skinny_staged.py tests/test_skinny.py -x > $R/pytest_skinny.log 2>&1; echo "skinny tests rc=$? $SECONDS s"; save
tail -3 $R/pytest_skinny.log
for round in 1 2; do
  timeout 60 python bench/decode_stream.py --layouts nn --m 1,8,16,32 --out $R/ds_planner_nn_$round > $R/ds_planner_nn_$round.txt 2>&1
  echo "planner nn round $round rc=$? $SECONDS s"
  for cfg in r32_w8_bulk r32_w16_u1 r32_w8_u1; do
    timeout 60 python bench/decode_stream.py --layouts nn --m 16,32 --kernel skinny:$cfg --out $R/ds_${cfg}_nn_$round > $R/ds_${cfg}_nn_$round.txt 2>&1
    echo "$cfg round $round rc=$? $SECONDS s"
  done
  save
done
timeout 60 python bench/decode_stream.py --layouts nt --m 16,32 --out $R/ds_planner_nt > $R/ds_planner_nt.txt 2>&1; save
for f in $R/ds_*_1.txt $R/ds_planner_nt.txt; do echo "== $f"; grep "tiledmm " $f | cut -c1-64; done
timeout 240 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log
