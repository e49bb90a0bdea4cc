# Session 58 call 5, the candidate build (the planner takes skinny's staged config for more
# than 8 small rows and enough of a K-major weight per SM; 4-8 ring stages): the full GPU
# suite, then the decode stream (both layouts, M = 1, 8, 16, 32) with the planner's configs,
# against the register stream the planner took before (skinny:r32_w8_u2 for 16 and 32 small
# rows of a K-major weight) in the same run, 2 alternating rounds.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; rm -rf $R; mkdir -p $R; cp exp/s58/call5.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r5; }
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log
for round in 1 2; do
  timeout 60 python bench/decode_stream.py --m 1,8,16,32 --out $R/ds_planner_$round > $R/ds_planner_$round.txt 2>&1
  echo "planner round $round rc=$? $SECONDS s"; save
  timeout 60 python bench/decode_stream.py --layouts nt --m 16,32 --kernel skinny:r32_w8_u2 --out $R/ds_register_$round > $R/ds_register_$round.txt 2>&1
  echo "register round $round rc=$? $SECONDS s"; save
done
for f in $R/ds_*_1.txt; do echo "== $f"; grep "tiledmm " $f | cut -c1-64; done
