#!/bin/bash
# Session 86, call C: where 1025x1023x1021's simt tiles lose their 10% to 1024^3's (call B: 57.9
# against 52.6 us with B's padded copy), one ragged side at a time, and whether a padded copy of
# A too (TILEDMM_SIMT_REPACK=sectors: lines off 32-byte sectors copied, along K as well; A's rows
# of 1021 floats start anywhere in a sector) buys back more than it costs.
set -x
t0=$(date +%s); stamp() { echo "[$(( $(date +%s) - t0 )) s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a PYTHONUNBUFFERED=1
timeout 420 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
stamp built
shapes=1024x1024x1024,1024x1024x1021,1024x1023x1024,1025x1024x1024,1025x1023x1021
for mode in copy sectors; do
  sw=""; [ $mode = sectors ] && sw="TILEDMM_SIMT_REPACK=sectors"
  env $sw timeout 80 python bench/timeline.py $shapes --dtype fp32 --event > $OUT/timeline_$mode.txt 2>&1
  stamp "timeline $mode rc=$?"; grep -E "==|→" $OUT/timeline_$mode.txt | grep -v "torch.matmul" | grep -v "sm80_xmma"
done
for round in 1 2; do
  for mode in copy sectors; do
    sw=""; [ $mode = sectors ] && sw="TILEDMM_SIMT_REPACK=sectors"
    env $sw timeout 60 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 \
      --rounds 5 --out $OUT/odd32_1025_${mode}_$round > $OUT/odd32_1025_${mode}_$round.txt 2>&1
    stamp "1025 $mode $round rc=$?"; tail -1 $OUT/odd32_1025_${mode}_$round.txt
  done
done
for odd in 4097x4095x4093:4096x4096x4096 2049x2047x2045:2048x2048x2048 1000x1000x1000:1024x1024x1024; do
  TILEDMM_SIMT_REPACK=sectors timeout 60 python bench/odd_ratio.py --dtypes fp32 --odd ${odd%:*} --aligned ${odd#*:} \
    --rounds 3 --out $OUT/odd32_${odd%%x*}_sectors > $OUT/odd32_${odd%%x*}_sectors.txt 2>&1
  stamp "$odd sectors rc=$?"; tail -1 $OUT/odd32_${odd%%x*}_sectors.txt
done
TILEDMM_SIMT_REPACK=sectors timeout 120 python -m pytest -q -x tests/test_gemm_correctness.py tests/test_row_tail.py \
  tests/test_few_rows.py -k "float32 or fp32 or simt" > $OUT/pytest_repack_sectors.txt 2>&1; stamp "pytest rc=$?"; tail -2 $OUT/pytest_repack_sectors.txt
cd $OUT && tar czf results.tgz odd32_* timeline_* pytest_repack_sectors.txt gpu.txt && rm -f odd32_* timeline_*
