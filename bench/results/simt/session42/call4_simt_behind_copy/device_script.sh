#!/bin/bash
# Session 42, call 4: the build whose simt kernel is launched as a programmatic dependent of
# the operand copy ahead of it (few_rows back to its call-2 form). Full GPU suite;
# odd_ratio fp32 and bench.py (do_bench) with rows beside and TILEDMM_ROW_TAIL=off; kernel
# times; memcheck over the simt float32 sanitizer workload (few rows included), 240 s at most.
set -x
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r4; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -m pytest -q tests > $R/pytest_full.log 2>&1
tail -2 $R/pytest_full.log
for sw in on off; do
  TILEDMM_ROW_TAIL=$sw python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 \
    --rounds 5 --out $R/odd_ratio_fp32_1025_$sw > $R/odd_ratio_$sw.txt 2>&1
  tail -1 $R/odd_ratio_$sw.txt
done
SHAPES=1024x1024x1024,1025x1023x1021,1027x1000x2100,1026x1002x1021,2056x2047x300,2048x2048x2048,2049x2047x2045,385x2501x1501,513x1000x1021,1024x1023x1024,4097x4095x4093
for sw in on off; do
  TILEDMM_ROW_TAIL=$sw python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_few_rows_${sw}_h100 > $R/bench_$sw.txt 2>&1
done
TILEDMM_ROW_TAIL=on python bench/kernel_times.py gemm $SHAPES --dtype fp32 > $R/kt_on.txt 2>&1
timeout 240 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py simt dtype=float32 \
  > $R/memcheck_simt_fp32.log 2>&1
echo "memcheck rc=$?" >> $R/memcheck_simt_fp32.log
tail -3 $R/memcheck_simt_fp32.log
tar czf $OUT/results.tgz -C /tmp r4
