#!/bin/bash
# Session 86, call A: session 85's prepared call G (ring64.patch: 64 KB per-thread rings, with and
# without the L2 prefetch ahead of the wait), plus one diagnostic (x_one_row.patch): every X row
# read from row 0's addresses (TILEDMM_SKINNY_X_ONE_ROW=on, X's rows made equal so the check
# holds), which keeps the MMAs of M rows but cuts X's L2 -> SM traffic to one row's. At K-major
# M = 16 x 4096^2, X is re-read by each of the 128 blocks: 16.8 MB beside W's 33.6 MB. Both
# patches go to the device's copy of the tree only. Then call F's floor (register loads past L1).
set -x
t0=$(date +%s); stamp() { echo "[$(( $(date +%s) - t0 )) s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
git apply bench/results/skinny/session85/ring64.patch || { echo "ring64.patch does not apply"; exit 1; }
git apply bench/results/skinny/session86/x_one_row.patch || { echo "x_one_row.patch does not apply"; exit 1; }
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a
timeout 380 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
stamp built
run() {  # name, layouts, kernel ('auto': the planner), environment assignments...
  name=$1 layouts=$2 kernel=$3; shift 3
  arg=""; [ "$kernel" != auto ] && arg="--kernel $kernel"
  env "$@" timeout 60 python bench/decode_stream.py --dtype bf16 --layouts $layouts --m 1,8,16 $arg \
    --out $OUT/decode_$name > $OUT/decode_$name.txt 2>&1
  stamp "decode $name rc=$?"; grep -E "^n|copy" $OUT/decode_$name.txt
}
run auto nt,nn auto
run x_one_row nt,nn auto TILEDMM_SKINNY_X_ONE_ROW=on
run r32_w8_ring64 nt skinny:r32_w8_ring64
run r32_w8_ring64_noprefetch nt skinny:r32_w8_ring64 TILEDMM_SKINNY_PREFETCH=off
run r16_w8_ring64 nt skinny:r16_w8_ring64
run r16_w8_ring64_noprefetch nt skinny:r16_w8_ring64 TILEDMM_SKINNY_PREFETCH=off
run auto_again nt,nn auto
left=$(( 560 - ($(date +%s) - t0) )); [ $left -gt 20 ] && timeout $left python bench/stream_floor_graph.py --modes pdl \
  --prefetch 0 --no-bulk --reps 30 --configs 1x256x16 --streaming-configs 1x256x16,2x256x16,4x256x16,1x512x16 \
  --shared-configs 1x256x16 --out $OUT/stream_floor_streaming > $OUT/stream_floor_streaming.txt 2>&1
stamp "floor rc=$?"; grep -E "^read|^cuBLAS|copy" $OUT/stream_floor_streaming.txt
cd $OUT && tar czf results.tgz decode_* stream_floor_streaming* gpu.txt && rm -f decode_* stream_floor_streaming*
