# Session 56 call 8, the candidate build (skinny's one-wave grids of a K-major W let the next
# kernel launch from their blocks' start): the full GPU suite, and the decode stream against the
# previous behaviour in the same build (TILEDMM_SKINNY_EARLY_DEPENDENTS=off), M = 1, 8, 16, both
# layouts, back to back, 2 alternating rounds.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r8; mkdir -p $R; cp exp/s56/call8.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r8; }
timeout 260 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
for round in 1 2; do
  for v in off default; do
    TILEDMM_SKINNY_EARLY_DEPENDENTS=$v timeout 60 python bench/decode_stream.py --m 1,8,16 \
      --out $R/ds_${v}_$round > $R/ds_${v}_$round.txt 2>&1
    echo "$v round $round rc=$? $SECONDS s"; save
  done
done
tail -2 $R/pytest_full.log
