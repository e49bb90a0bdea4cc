#!/bin/bash
# Prepared in session 86 for the next session (NOT RUN yet): K-major M = 16 x 4096^2 (68.5%) with
# X read once per block into shared memory and W's step doubled in the registers X's fragments
# held: x_shared.patch (the device's copy only) adds the measurement config r32_w8_u4_xs (32 W
# rows x 8 warps, 4 chunks of W per warp per step = 64 KB in flight per SM, X in 8 cp.async
# segments along K; K a multiple of 1024; local ptxas, sm_90a: 206 / 216 / 244 registers at 8 /
# 16 / 32 small rows, no spills: ptxas_x_shared_local.txt). Against the planner (r16_w8_u4 at
# M <= 8, r32_w8_u2 at 16) in alternating runs; every graph's outputs are checked against float64.
set -x
t0=$(date +%s); stamp() { echo "[$(( $(date +%s) - t0 )) s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
git apply bench/results/skinny/session86/x_shared.patch || { echo "patch does not apply"; exit 1; }
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a PYTHONUNBUFFERED=1
timeout 380 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
stamp built
grep -A2 "SkinnyConfigIdE5E" $OUT/build.log | grep -E "Used|spill" > $OUT/ptxas_x_shared.txt
run() {  # name, kernel ('auto': the planner)
  arg=""; [ "$2" != auto ] && arg="--kernel $2"
  timeout 40 python bench/decode_stream.py --dtype bf16 --layouts nt --shapes 1x4096x4096,8x4096x4096,16x4096x4096 \
    $arg --out $OUT/decode_$1 > $OUT/decode_$1.txt 2>&1; rc=$?
  (cd $OUT && tar czf results.tgz decode_* gpu.txt ptxas_x_shared.txt)
  stamp "decode $1 rc=$rc"; grep -E "^nt|copy|Error" $OUT/decode_$1.txt
}
run auto auto
run x_shared skinny:r32_w8_u4_xs
run r32_w8_u2 skinny:r32_w8_u2
run x_shared_2 skinny:r32_w8_u4_xs
run auto_2 auto
