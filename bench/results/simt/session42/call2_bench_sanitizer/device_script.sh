#!/bin/bash
# Session 42, call 2 (same build as call 1): kernel times with rows beside (default) against
# TILEDMM_ROW_TAIL=off (one launch, as before), alternating; odd_ratio fp32 (do_bench) on and
# off; compute-sanitizer memcheck, racecheck and synccheck over the few-rows launches.
set -x
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r2; mkdir -p $R
SHAPES=1024x1024x1024,1025x1023x1021,1027x1000x2100,1026x1002x1021,2056x2047x300,2048x2048x2048,2049x2047x2045,385x2501x1501,513x1000x1021
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
W="import sys; sys.path.insert(0, 'tests'); import sanitizer_workload as w; print('launches', w.few_rows_launches())"
for tool in memcheck racecheck synccheck; do
  compute-sanitizer --tool $tool --error-exitcode 1 python -c "$W" > $R/${tool}_few_rows.log 2>&1
  echo "$tool rc=$?" >> $R/${tool}_few_rows.log
  tail -2 $R/${tool}_few_rows.log
done
tar czf $OUT/results.tgz -C /tmp r2
