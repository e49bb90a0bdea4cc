#!/bin/bash
# Session 85, call B: ring variants that separate two readings of call A (two blocks per SM: r32_w8_ring96;
# 16 warps: r32_w16_ring) and the register config r32_w16_u1 (16 warps) K-major, nt cells; then tests.
set -x
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a
timeout 480 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; cp $OUT/build.log $OUT/ptxas.txt /dev/null 2>&1; exit 1; }
tail -3 $OUT/build.txt
grep -E "Compiling entry|Used [0-9]+ registers|spill" $OUT/build.log | paste - - - | grep -E "SkinnyConfigIdE[5-8]E" > $OUT/ptxas_ring.txt
for kernel in skinny:r32_w8_ring96 skinny:r32_w16_ring skinny:r32_w16_u1 auto; do
  name=${kernel#skinny:}
  arg=""; [ "$kernel" != auto ] && arg="--kernel $kernel"
  timeout 120 python bench/decode_stream.py --dtype bf16 --layouts nt --m 1,8,16 $arg \
    --out $OUT/decode_nt_$name > $OUT/decode_nt_$name.txt 2>&1
  echo "decode $name rc=$?"; grep -E "^nt|copy" $OUT/decode_nt_$name.txt
done
timeout 200 python -m pytest -q -x -p no:logging tests/test_skinny.py tests/test_skinny_staged.py > $OUT/pytest_skinny.txt 2>&1
echo "pytest rc=$?"; tail -5 $OUT/pytest_skinny.txt
cd $OUT && tar czf results.tgz decode_nt_* ptxas_ring.txt gpu.txt pytest_skinny.txt && rm -f decode_nt_*
