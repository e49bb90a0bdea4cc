#!/bin/bash
# Prepared in session 86 for the next session (NOT RUN yet): what C's last row, run beside simt's
# tiles, does to them (call D: 1025x1024x1024's tiles 57.9-58.8 us on 1, 2 or 4 blocks of rows
# against 52.8 with the row skipped). few_rows_shape.patch (the device's copy only) makes the rows
# kernel's warps and loads in flight per thread a choice, TILEDMM_FEW_ROWS_SHAPE=WxU (16x8 is
# main's): if fewer bytes in flight on the rows' SMs leave the tiles at ~53 us, the cost is their
# traffic next to the tiles (the SM sharing their TPC?), and the rows would rather run after the
# tiles, split along K into the split-K planes (bench/NOTES.md, session 86, Next 1). 16x8-after:
# the rows' blocks placed beside the tiles as now but waiting for them before any work; if the
# tiles run at ~53 us then too, what costs is work on a neighbouring SM while they run (its
# traffic, or code: the two SMs of a TPC may share an instruction cache level, and simt's
# unrolled loop is sensitive to fetch, NOTES session 8).
set -x
t0=$(date +%s); stamp() { echo "[$(( $(date +%s) - t0 )) s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
git apply bench/results/simt/session86/few_rows_shape.patch || { echo "patch does not apply"; exit 1; }
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a PYTHONUNBUFFERED=1
timeout 360 .ci/gpu-check build > $OUT/build.txt 2>&1 || { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
stamp built
t() {  # name, environment assignments...
  name=$1; shift
  env "$@" timeout 40 python bench/timeline.py 1024x1024x1024,1025x1024x1024 --dtype fp32 --event --steps 20 \
    > $OUT/timeline_$name.txt 2>&1; rc=$?
  (cd $OUT && tar czf results.tgz timeline_* gpu.txt)
  stamp "timeline $name rc=$rc"; grep -E "==|→" $OUT/timeline_$name.txt | grep -v "torch.matmul" | grep -v sm80_xmma
}
t planned NONE=1
t skip TILEDMM_FEW_ROWS=skip
t after TILEDMM_FEW_ROWS_SHAPE=16x8-after  # placed beside, idle until the tiles finish
for shape in 16x2 4x8 4x2; do t shape_$shape TILEDMM_FEW_ROWS_SHAPE=$shape; done
for shape in 16x8 4x2; do t one_block_$shape TILEDMM_FEW_ROWS_SHAPE=$shape TILEDMM_FEW_ROWS_BLOCKS=1; done
left=$(( 560 - ($(date +%s) - t0) )); stamp "suite with ${left} s"
[ $left -gt 30 ] && timeout $left .ci/gpu-check test > $OUT/test.txt 2>&1; stamp "suite rc=$?"; tail -4 $OUT/test.txt
