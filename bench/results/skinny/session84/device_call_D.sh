#!/bin/bash
# Session 84, call D (no build): more register read configs at 128-256 KB in flight per SM,
# waiting for the kernel ahead (pdl) and not (pdl_nowait), no prefetch: does any pass call A's 78.7%?
set -x
python bench/stream_floor_graph.py --no-bulk --configs 2x512x16,4x256x16,8x128x16,1x512x16,3x256x16,2x256x16 --modes pdl,pdl_nowait --prefetch 0 --out $OUT/stream_floor_graph_regs_h200 > $OUT/stream_floor_graph_regs.txt 2>&1
echo "rc=$?" >> $OUT/stream_floor_graph_regs.txt
grep -v "^W" $OUT/stream_floor_graph_regs.txt | tail -40
