#!/bin/bash
# Session 42, call 3: the build whose few_rows kernel lets the reduction be placed before
# its final wait. Tests of the change and the full GPU suite; odd_ratio fp32 and bench.py
# (do_bench against cuBLAS) with rows beside (default) and TILEDMM_ROW_TAIL=off; kernel
# times; memcheck over the few-rows launches.
set -x
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r3; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -m pytest -q tests > $R/pytest_full.log 2>&1
tail -2 $R/pytest_full.log
for sw in on off; do
  TILEDMM_ROW_TAIL=$sw python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 \
    --rounds 5 --out $R/odd_ratio_fp32_1025_$sw > $R/odd_ratio_$sw.txt 2>&1
  tail -1 $R/odd_ratio_$sw.txt
done
SHAPES=1024x1024x1024,1025x1023x1021,1027x1000x2100,1026x1002x1021,2056x2047x300,2048x2048x2048,2049x2047x2045,385x2501x1501,513x1000x1021
for sw in on off; do
  TILEDMM_ROW_TAIL=$sw python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_few_rows_${sw}_h100 > $R/bench_$sw.txt 2>&1
done
TILEDMM_ROW_TAIL=on python bench/kernel_times.py gemm $SHAPES --dtype fp32 > $R/kt_on.txt 2>&1
W="import sys; sys.path.insert(0, 'tests'); import sanitizer_workload as w; print('launches', w.few_rows_launches())"
compute-sanitizer --tool memcheck --error-exitcode 1 python -c "$W" > $R/memcheck_few_rows.log 2>&1
echo "memcheck rc=$?" >> $R/memcheck_few_rows.log
tail -2 $R/memcheck_few_rows.log
tar czf $OUT/results.tgz -C /tmp r3
