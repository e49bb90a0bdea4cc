#!/bin/bash
# Session 42, call 6 (the final build): 1024x1023x1024 alone in its process, with and without
# TILEDMM_ROW_TAIL=off (its plan is the same either way), three rounds alternating; then
# after the beside shapes in the same process, as in call 5.
set -x
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r6; mkdir -p $R
for round in 1 2 3; do
  for sw in on off; do
    TILEDMM_ROW_TAIL=$sw python bench/bench.py --dtypes fp32 --shapes 1024x1023x1024 > $R/alone_${sw}_$round.txt 2>&1
    grep " fp32 " $R/alone_${sw}_$round.txt | sed "s/^/alone $sw $round /"
  done
done
for sw in on off; do
  TILEDMM_ROW_TAIL=$sw python bench/bench.py --dtypes fp32 --shapes 1025x1023x1021,2049x2047x2045,1024x1023x1024 > $R/after_${sw}.txt 2>&1
  grep " fp32 " $R/after_${sw}.txt | sed "s/^/after $sw /"
done
tar czf $OUT/results.tgz -C /tmp r6
