#!/bin/bash
# Session 86, call D: why 1025x1024x1024's tiles run 58.4 us against 1024^3's 52.5 (call C), with
# the same plan (32 tiles of 128x256 in 4 slices) and C's last row beside them on the 4 idle SMs:
# the rows skipped (TILEDMM_FEW_ROWS=skip, output wrong: timing only), on 2 and 1 blocks
# (the first try, with TILEDMM_ROW_TAIL=off and the full suite, found no machine; the device
# time left, 400 s, holds the build and these). The suite runs only if time is left.
set -x
t0=$(date +%s); stamp() { echo "[$(( $(date +%s) - t0 )) s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a PYTHONUNBUFFERED=1
timeout 330 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
stamp built
for sw in NONE=1 TILEDMM_FEW_ROWS=skip TILEDMM_FEW_ROWS_BLOCKS=2 TILEDMM_FEW_ROWS_BLOCKS=1; do
  env $sw timeout 40 python bench/timeline.py 1024x1024x1024,1025x1024x1024 --dtype fp32 --event --steps 20 \
    > $OUT/timeline_${sw#*_}.txt 2>&1; rc=$?
  (cd $OUT && tar czf results.tgz timeline_* gpu.txt)
  stamp "timeline $sw rc=$rc"; grep -E "==|→" $OUT/timeline_${sw#*_}.txt | grep -v "torch.matmul" | grep -v "sm80_xmma"
done
cd $OUT && tar czf results.tgz timeline_* gpu.txt && cd - > /dev/null
left=$(( 345 - ($(date +%s) - t0) )); stamp "suite with ${left} s"
[ $left -gt 30 ] && timeout $left .ci/gpu-check test > $OUT/test.txt 2>&1; stamp "suite rc=$?"; tail -4 $OUT/test.txt
