# Session 58 call 1: skinny's staged config (r32_w8_bulk: W and X bulk-copied into a ring of
# shared-memory stages) -- its tests and skinny's, then the decode stream (nt, M = 1, 8, 16):
# the planner's configs against the staged one at ring depths 3, 5 and 8, 2 alternating rounds.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s58/call1.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r1; }
timeout 150 python -m pytest -q -p no:cacheprovider tests/test_skinny_staged.py tests/test_skinny.py > $R/pytest_skinny.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -3 $R/pytest_skinny.log
for round in 1 2; do
  timeout 60 python bench/decode_stream.py --layouts nt --m 1,8,16 --out $R/ds_default_$round > $R/ds_default_$round.txt 2>&1
  echo "default round $round rc=$? $SECONDS s"; save
  for st in 3 5 8; do
    TILEDMM_SKINNY_STAGES=$st timeout 60 python bench/decode_stream.py --layouts nt --m 1,8,16 --kernel skinny:r32_w8_bulk \
      --out $R/ds_bulk_s${st}_$round > $R/ds_bulk_s${st}_$round.txt 2>&1
    echo "bulk stages $st round $round rc=$? $SECONDS s"; save
  done
done
