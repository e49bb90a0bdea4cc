#!/bin/bash
# Session 84, call A (no build of tiledmm): the pure-read floor of the decode stream on the H200.
# bench/stream_floor_graph.py compiles its own kernel (load_inline, sm_90a) and times graphs of
# 8 reads of 33.6 MB / 90.2 MB bf16 weights (plain, programmatic with and without the wait, with
# and without a 64 KB L2 prefetch per block), and cuBLAS's 1 x N x K products of the same weights.
set -x
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
python bench/stream_floor_graph.py --out $OUT/stream_floor_graph_h200 > $OUT/stream_floor_graph.txt 2>&1
echo "rc=$?" >> $OUT/stream_floor_graph.txt
tail -5 $OUT/stream_floor_graph.txt
