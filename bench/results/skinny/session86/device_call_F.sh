#!/bin/bash
# Prepared in session 86 for the next session (NOT RUN yet): K-major M = 16 x 4096^2 (68.5%) with
# X read once per block into shared memory and W's step doubled in the registers X's fragments
# held: x_shared.patch (the device's copy only) adds the measurement config r32_w8_u4_xs (32 W
# rows x 8 warps, 4 chunks of W per warp per step = 64 KB in flight per SM, X in 8 cp.async
# segments along K; K a multiple of 1024; local ptxas, sm_90a: 206 / 216 / 244 registers at 8 /
# 16 / 32 small rows, no spills: ptxas_x_shared_local.txt). Against the planner (r16_w8_u4 at
# M <= 8, r32_w8_u2 at 16) in alternating runs; every graph's outputs are checked against float64.
# Session 87: the extension from the `prebuilt` stage where one is carried (PREBUILT, default
# build/prebuilt-F; bench/results/session87/prebuild.sh), else built there; TREE_READY=1: the caller
# applied the patch and loaded the extension (device_call_H.sh). Files go to a scratch folder; only
# results_F.tgz lands in $OUT (8 files come back at most).
set -x
t0=$(date +%s); stamp() { echo "[$(( $(date +%s) - t0 )) s] $*"; }
RESULTS=$OUT; OUT=$(mktemp -d); export OUT
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a PYTHONUNBUFFERED=1
if [ -z "${TREE_READY:-}" ]; then
  git apply bench/results/skinny/session86/x_shared.patch || { echo "patch does not apply"; exit 1; }
  PREBUILT=${PREBUILT:-build/prebuilt-F} timeout 380 .ci/gpu-check prebuilt > $OUT/build.txt 2>&1 ||
    { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
  stamp built
fi
grep -A2 "SkinnyConfigIdE5E" ${PTXAS:-$OUT/ptxas.txt} | grep -E "Used|spill" > $OUT/ptxas_x_shared.txt
run() {  # name, kernel ('auto': the planner)
  arg=""; [ "$2" != auto ] && arg="--kernel $2"
  timeout 40 python bench/decode_stream.py --dtype bf16 --layouts nt --shapes 1x4096x4096,8x4096x4096,16x4096x4096 \
    $arg --out $OUT/decode_$1 > $OUT/decode_$1.txt 2>&1; rc=$?
  tar czf $RESULTS/results_F.tgz -C $OUT .
  stamp "decode $1 rc=$rc"; grep -E "^nt|copy|Error" $OUT/decode_$1.txt
}
run auto auto
run x_shared skinny:r32_w8_u4_xs
run r32_w8_u2 skinny:r32_w8_u2
run x_shared_2 skinny:r32_w8_u4_xs
run auto_2 auto
