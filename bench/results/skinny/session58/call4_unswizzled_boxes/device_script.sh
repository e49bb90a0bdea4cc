# Session 58 call 4: the staged config with one unswizzled TMA box per operand per step (W 32
# rows x 512 bytes; 8-row boxes per tile in a block's last, partial pass) -- its tests and
# skinny's, then the decode stream (nt, M = 1, 8, 16, 32): the planner's configs against the
# staged one at its default depth (8 stages, or what fits) and at 4 stages, 2 alternating rounds.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; rm -rf $R; mkdir -p $R; cp exp/s58/call4.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r4; }
timeout 150 python -m pytest -q -p no:cacheprovider tests/test_skinny_staged.py tests/test_skinny.py > $R/pytest_skinny.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -3 $R/pytest_skinny.log
for round in 1 2; do
  timeout 60 python bench/decode_stream.py --layouts nt --m 1,8,16,32 --out $R/ds_default_$round > $R/ds_default_$round.txt 2>&1
  echo "default round $round rc=$? $SECONDS s"; save
  for st in default 4; do
    TILEDMM_SKINNY_STAGES=${st/default/} timeout 60 python bench/decode_stream.py --layouts nt --m 1,8,16,32 --kernel skinny:r32_w8_bulk \
      --out $R/ds_bulk_s${st}_$round > $R/ds_bulk_s${st}_$round.txt 2>&1
    echo "bulk stages $st round $round rc=$? $SECONDS s"; save
  done
done
for f in $R/ds_*_1.txt; do echo "== $f"; grep "tiledmm " $f | cut -c1-64; done
