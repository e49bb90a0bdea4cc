#!/bin/bash
# Prepared in session 85 for the next session's first call (not run yet): the ring configs restored
# by ring64.patch (applied to the device's copy of the tree only) with 64 KB rings -- the size of
# call E's best shared-memory read, leaving the SM room for the next grid's blocks -- with and
# without the L2 prefetch ahead of the wait (TILEDMM_SKINNY_PREFETCH=off), against the planner and
# the 192 KB ring of calls A-B, nt decode cells; then call F's floor (register loads past L1).
set -x
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
(git apply bench/results/skinny/session85/ring64.patch || patch -p1 < bench/results/skinny/session85/ring64.patch) || { echo "patch does not apply"; exit 1; }
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a
timeout 400 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
run() {  # name, kernel ('auto': the planner), prefetch switch ('' or off)
  arg=""; [ "$2" != auto ] && arg="--kernel $2"
  TILEDMM_SKINNY_PREFETCH=$3 timeout 60 python bench/decode_stream.py --dtype bf16 --layouts nt --m 1,8,16 $arg \
    --out $OUT/decode_nt_$1 > $OUT/decode_nt_$1.txt 2>&1
  echo "decode $1 rc=$?"; grep -E "^nt|copy" $OUT/decode_nt_$1.txt
}
run auto auto ""
run r32_w8_ring skinny:r32_w8_ring ""
run r32_w8_ring64 skinny:r32_w8_ring64 ""
run r32_w8_ring64_noprefetch skinny:r32_w8_ring64 off
run r16_w8_ring64 skinny:r16_w8_ring64 ""
run r16_w8_ring64_noprefetch skinny:r16_w8_ring64 off
timeout 100 python bench/stream_floor_graph.py --modes pdl --prefetch 0 --no-bulk --reps 30 \
  --configs 1x256x16 --streaming-configs 1x256x16,2x256x16,4x256x16,1x512x16 --shared-configs 1x256x16,1x512x16 \
  --out $OUT/stream_floor_streaming > $OUT/stream_floor_streaming.txt 2>&1
echo "floor rc=$?"; grep -E "^read|^cuBLAS|copy" $OUT/stream_floor_streaming.txt
cd $OUT && tar czf results.tgz decode_nt_* stream_floor_streaming* gpu.txt && rm -f decode_nt_* stream_floor_streaming*
