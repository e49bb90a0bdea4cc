#!/bin/bash
# Session 42, call 1: the few_rows build (C's last rows beside simt's tiles).
# Tests of the change, kernel times with rows beside (default) against TILEDMM_ROW_TAIL=off
# (one launch, as before), odd_ratio fp32, the full GPU suite.
set -x
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r1; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -m pytest -q -x tests/test_few_rows.py tests/test_row_tail.py tests/test_planner.py > $R/pytest_few_rows.log 2>&1
tail -3 $R/pytest_few_rows.log
SHAPES=1024x1024x1024,1025x1023x1021,1027x1000x2100,1026x1002x515,2056x2047x300,2048x2048x2048,2049x2047x2045,385x2501x1501
for round in 1 2; do
  for sw in on off; do
    TILEDMM_ROW_TAIL=$sw python bench/kernel_times.py gemm $SHAPES --dtype fp32 > $R/kt_${sw}_$round.txt 2>&1
  done
done
for sw in on off; do
  TILEDMM_ROW_TAIL=$sw python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 \
    --rounds 5 --out $R/odd_ratio_fp32_1025_$sw > $R/odd_ratio_$sw.txt 2>&1
  tail -1 $R/odd_ratio_$sw.txt
done
python -m pytest -q tests > $R/pytest_full.log 2>&1
tail -3 $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r1
