#!/bin/bash
# Session 85, call F (no build): is call E's gap between shared-memory and register loads L1's? The
# register read kernel with skinny's W loads (ld.global.nc.L1::no_allocate) against plain register
# loads and cp.async slots, programmatic and waiting, no prefetch, in one run on the H200.
set -x
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
timeout 150 python bench/stream_floor_graph.py --modes pdl --prefetch 0 --no-bulk --reps 30 \
  --configs 1x256x16 --streaming-configs 1x256x16,2x256x16,4x256x16,1x512x16 --shared-configs 1x256x16,1x512x16 \
  --out $OUT/stream_floor_streaming > $OUT/stream_floor_streaming.txt 2>&1
echo "floor rc=$?"; grep -E "^read|^cuBLAS|copy" $OUT/stream_floor_streaming.txt
