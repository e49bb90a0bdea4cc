#!/bin/bash
# Session 43, call 2 (measurement build: HEAD + few_rows_modes_measurement.diff): why simt's
# tiles run 3.6-6.8 us longer beside few_rows under do_bench's flush. TILEDMM_FEW_ROWS_MODE:
# "" as committed; skip = few_rows launched beside but doing no work (only its final wait);
# after = few_rows launched plainly (after the tiles).
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r2; mkdir -p $R
S=1024x1024x1024,1025x1024x1024,1025x1023x1021,1024x1023x1021
for round in 1 2; do
  for mode in default skip after; do
    TILEDMM_FEW_ROWS_MODE=$mode python bench/timeline.py $S --dtype fp32 --steps 40 > $R/timeline_${mode}_$round.txt 2>&1
  done
done
cp exp/s43/call2.sh $R/device_script.sh; cp exp/s43/few_rows_modes_measurement.diff $R/
tar czf $OUT/results.tgz -C /tmp r2
for f in $R/timeline_*_1.txt; do echo "#### $f"; grep -v Warn $f | grep -v _warn | grep -A5 "tiledmm.gemm"; done
