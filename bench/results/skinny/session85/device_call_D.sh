#!/bin/bash
# Session 85, call D: r32_w8_u2 built for two blocks per SM up to 16 small rows (__launch_bounds__
# min blocks 2: 128 registers, some spills) -- the K-major M = 9..16 decode cells (the planner's
# choice at 4096 x 4096; staged above) -- then the full GPU test suite on the same build.
set -x
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a
timeout 400 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
tail -3 $OUT/build.txt
paste - - - < $OUT/ptxas.txt | grep -E "skinny_gemm_kernel.*SkinnyConfigIdE0E" > $OUT/ptxas_r32_w8_u2.txt
timeout 90 python bench/decode_stream.py --dtype bf16 --layouts nt,nn --m 12,16 \
  --out $OUT/decode_m12_16 > $OUT/decode_m12_16.txt 2>&1
echo "decode rc=$?"; grep -E "^n|copy" $OUT/decode_m12_16.txt
timeout 200 .ci/gpu-check test > $OUT/test.txt 2>&1; echo "suite rc=$?"; tail -4 $OUT/test.txt
cd $OUT && tar czf results.tgz decode_m12_16* ptxas_r32_w8_u2.txt gpu.txt test.txt && rm -f decode_m12_16*
