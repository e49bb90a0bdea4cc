# Session 56 call 7: skinny's dependents launched from its blocks' start in one-wave grids
# (TILEDMM_SKINNY_EARLY_DEPENDENTS=on, a measurement switch in this build) against the committed
# signal after the main loop: the decode stream, M = 1, 8, 16, both layouts, back to back and
# behind a kernel not ours (write-x), 3 alternating rounds; and the GPU tests of skinny with it on.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r7; mkdir -p $R; cp exp/s56/call7.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r7; }
for round in 1 2 3; do
  for between in none write-x; do
    for v in off on; do
      TILEDMM_SKINNY_EARLY_DEPENDENTS=$v timeout 60 python bench/decode_stream.py --m 1,8,16 --between $between \
        --out $R/ds_${between}_${v}_$round > $R/ds_${between}_${v}_$round.txt 2>&1
      echo "$between $v round $round rc=$? $SECONDS s"
    done
    save
  done
done
TILEDMM_SKINNY_EARLY_DEPENDENTS=on timeout 200 python -m pytest -q -p no:cacheprovider tests -k "skinny or decode or stream or graph" > $R/pytest_skinny_on.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_skinny_on.log
