#!/bin/bash
# Session 85, call C: M = 16 decode cells in blocks of 8 small rows (TILEDMM_SKINNY_BLOCK_SMALL_ROWS=8:
# two blocks per W tile, each in the registers of an 8-row X tile) against the planner's 16-row
# blocks, nt and nn, in one run on the H200; then the skinny tests with the switch on.
set -x
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a
timeout 480 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
tail -3 $OUT/build.txt
python -c "
import torch, tiledmm
for b_col in (True, False):
    p = tiledmm.plan(16, 4096, 4096, torch.bfloat16, b_col_major=b_col)
    print('b_col_major', b_col, p['kernel'], p['config'], p['split_k'], p['reason'])
" > $OUT/plans.txt 2>&1; cat $OUT/plans.txt
run() {  # name, cap ('' for none), kernel ('auto' for the planner)
  arg=""; [ "$3" != auto ] && arg="--kernel $3"
  TILEDMM_SKINNY_BLOCK_SMALL_ROWS=$2 timeout 100 python bench/decode_stream.py --dtype bf16 --layouts nt,nn --m 16 $arg \
    --out $OUT/decode_m16_$1 > $OUT/decode_m16_$1.txt 2>&1
  echo "decode $1 rc=$?"; grep -E "^n|copy" $OUT/decode_m16_$1.txt
}
run auto "" auto
run cap8_auto 8 auto
run cap8_r32_w8_u2 8 skinny:r32_w8_u2
run cap8_r32_w8_u1 8 skinny:r32_w8_u1
run cap8_r32_w16_u1 8 skinny:r32_w16_u1
TILEDMM_SKINNY_BLOCK_SMALL_ROWS=8 timeout 150 python -m pytest -q -x -p no:logging tests/test_skinny.py > $OUT/pytest_skinny_cap8.txt 2>&1
echo "pytest cap8 rc=$?"; tail -5 $OUT/pytest_skinny_cap8.txt
cd $OUT && tar czf results.tgz decode_m16_* plans.txt gpu.txt pytest_skinny_cap8.txt && rm -f decode_m16_*
