#!/bin/bash
# Session 86, call B: what simt's padded copy of an unaligned MN-run operand buys at the fp32
# ragged shapes of #6 (1025x1023x1021: B [1021, 1023] row-major, copied since reuse M >= 512).
# TILEDMM_SIMT_REPACK=off stages it in place (element-wise cp.async along N) in the same build.
set -x
t0=$(date +%s); stamp() { echo "[$(( $(date +%s) - t0 )) s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a PYTHONUNBUFFERED=1
timeout 420 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
stamp built
for mode in copy off; do
  sw=""; [ $mode = off ] && sw="TILEDMM_SIMT_REPACK=off"
  env $sw timeout 80 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 \
    --rounds 5 --out $OUT/odd32_1025_$mode > $OUT/odd32_1025_$mode.txt 2>&1; stamp "1025 $mode rc=$?"; tail -6 $OUT/odd32_1025_$mode.txt
done
for mode in copy off; do  # the order reversed: a drift between processes shows
  sw=""; [ $mode = off ] && sw="TILEDMM_SIMT_REPACK=off"
  env $sw timeout 60 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 \
    --rounds 5 --out $OUT/odd32_1025_${mode}_2 > $OUT/odd32_1025_${mode}_2.txt 2>&1; stamp "1025 $mode (2) rc=$?"; tail -1 $OUT/odd32_1025_${mode}_2.txt
done
for mode in copy off; do
  sw=""; [ $mode = off ] && sw="TILEDMM_SIMT_REPACK=off"
  env $sw timeout 60 python bench/timeline.py 1024x1024x1024,1025x1023x1021 --dtype fp32 --event > $OUT/timeline_$mode.txt 2>&1
  stamp "timeline $mode rc=$?"; grep -v "^$" $OUT/timeline_$mode.txt | grep -iv warn | head -24
  env $sw timeout 90 python bench/odd_ratio.py --dtypes fp32 --odd 4097x4095x4093 --aligned 4096x4096x4096 \
    --rounds 3 --out $OUT/odd32_4097_$mode > $OUT/odd32_4097_$mode.txt 2>&1; stamp "4097 $mode rc=$?"; tail -1 $OUT/odd32_4097_$mode.txt
  env $sw timeout 60 python bench/odd_ratio.py --dtypes fp32 --odd 2049x2047x2045 --aligned 2048x2048x2048 \
    --rounds 3 --out $OUT/odd32_2049_$mode > $OUT/odd32_2049_$mode.txt 2>&1; stamp "2049 $mode rc=$?"; tail -1 $OUT/odd32_2049_$mode.txt
done
# The in-place path at shapes the copy used to take, checked against float64 (the suite's fp32 cases).
TILEDMM_SIMT_REPACK=off timeout 120 python -m pytest -q -x tests/test_gemm_correctness.py tests/test_row_tail.py \
  tests/test_few_rows.py -k "float32 or fp32 or simt" > $OUT/pytest_repack_off.txt 2>&1; stamp "pytest rc=$?"; tail -3 $OUT/pytest_repack_off.txt
cd $OUT && tar czf results.tgz odd32_* timeline_* pytest_repack_off.txt gpu.txt && rm -f odd32_* timeline_*
