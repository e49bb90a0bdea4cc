#!/bin/bash
# Session 85, call E (no build): the read floor with its loads as cp.async copies into shared memory
# (the bytes in flight held by shared memory, as the ring configs of calls A-B held them) against the
# same loads into registers, programmatic and waiting, no prefetch, in one run on the H200.
set -x
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
timeout 280 python bench/stream_floor_graph.py --modes pdl --prefetch 0 --no-bulk --reps 30 \
  --configs 4x256x16,4x256x12,1x256x16 --shared-configs 4x256x12,8x128x12,2x512x12,1x1024x12,4x256x8,1x256x16 \
  --out $OUT/stream_floor_shared > $OUT/stream_floor_shared.txt 2>&1
echo "floor rc=$?"; grep -E "^read|^cuBLAS|copy" $OUT/stream_floor_shared.txt
