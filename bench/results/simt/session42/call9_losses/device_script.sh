#!/bin/bash
# Session 42, call 9 (the final build): the four sweep shapes that ran slower with rows
# beside, next to their first launch alone (C's whole tile rows: the same tile and slices),
# with rows beside and with TILEDMM_ROW_TAIL=off, two rounds alternating.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r9; mkdir -p $R
SHAPES=384x2877x777,388x2877x777,640x1385x1024,645x1385x1024,1792x997x777,1797x997x777,768x2128x777,772x2128x777
for round in 1 2; do
  for sw in on off; do
    TILEDMM_ROW_TAIL=$sw python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/losses_${sw}_$round > $R/losses_${sw}_$round.txt 2>&1
  done
done
TILEDMM_ROW_TAIL=on python bench/kernel_times.py gemm $SHAPES --dtype fp32 > $R/kt_on.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r9
