#!/bin/bash
# Session 84, call B: main's skinny products and the pure-read floor in one run on the H200.
# The build, then the 18 decode cells of #6's target (decode_stream.py, graphs of 8 weights), then
# stream_floor_graph.py again (programmatic modes, no prefetch: call A's better ones).
set -x
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a
timeout 450 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
tail -3 $OUT/build.txt
python bench/decode_stream.py --dtype bf16 --m 1,8,16 --out $OUT/decode_stream_bf16_h200_session84 > $OUT/decode_stream.txt 2>&1
echo "decode rc=$?"; grep -v "^+" $OUT/decode_stream.txt | tail -20
python bench/stream_floor_graph.py --modes pdl,pdl_nowait --prefetch 0 --out $OUT/stream_floor_graph_h200_callB > $OUT/stream_floor_graph_callB.txt 2>&1
echo "floor rc=$?"; tail -3 $OUT/stream_floor_graph_callB.txt
