#!/bin/bash
# Prepared in session 87 (no device was lent that session; NOT RUN yet). Supersedes session 86's
# call E. C's last row of 1025 x 1024 x 1024 run beside simt's tiles costs them 5-6 us (call D);
# few_rows_after.patch (the device's copy only) adds switches that run those rows after the tiles:
#   TILEDMM_FEW_ROWS_WHEN=after        placed as now (programmatic) but waiting for the tiles
#                                      before any work; with main's 4 blocks of 128 columns it
#                                      is call E's question: does placement beside cost, or work?
#   TILEDMM_FEW_ROWS_COLS=16|32        block steps of 16 / 32 columns (4 / 8 lanes along N, the
#                                      rest of the warp along k, summed by shuffles), one block
#                                      per step: 64 / 32 blocks at N = 1023 instead of 4
#   TILEDMM_FEW_ROWS_WHEN=after-plain  a plain launch behind the tiles
# Predicted: tiles back to ~53 us if "after" idles beside them; the rows then ~1-2 us from L2
# on 32-64 SMs; 1025x1023x1021 0.878 -> ~0.90-0.92 of 1024^3. Correctness of the new layouts
# first (test_few_rows.py under each), then timelines, then do_bench ratios.
# Alone: carry build/prebuilt-G made here by `PREBUILT=build/prebuilt-G` prebuild on the patched
# tree (bench/results/session87/prebuild.sh), or nothing (then it builds there, ~4 min).
# TREE_READY=1: the caller applied the patch and loaded the extension (device_call_H.sh).
# Its files go to a scratch folder; only results_G.tgz lands in $OUT (8 files come back at most).
set -x
t0=$(date +%s); stamp() { echo "[$(( $(date +%s) - t0 )) s] $*"; }
RESULTS=$OUT; OUT=$(mktemp -d); export OUT
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw --format=csv > $OUT/gpu.txt 2>&1
export MAX_JOBS=16 TORCH_CUDA_ARCH_LIST=9.0a PYTHONUNBUFFERED=1
if [ -z "${TREE_READY:-}" ]; then
  git apply bench/results/simt/session87/few_rows_after.patch || { echo "patch does not apply"; exit 1; }
  PREBUILT=${PREBUILT:-build/prebuilt-G} timeout 360 .ci/gpu-check prebuilt > $OUT/build.txt 2>&1 ||
    { echo "build rc=$?"; tail -20 $OUT/build.txt; exit 1; }
  stamp built
fi
pack() { tar czf $RESULTS/results_G.tgz -C $OUT .; }
check() {  # name, environment assignments...
  name=$1; shift
  env "$@" timeout 60 python -m pytest -q -x tests/test_few_rows.py > $OUT/tests_$name.txt 2>&1; rc=$?
  pack; stamp "tests $name rc=$rc"; tail -2 $OUT/tests_$name.txt
}
check after16 TILEDMM_FEW_ROWS_WHEN=after TILEDMM_FEW_ROWS_COLS=16
check after32_plain TILEDMM_FEW_ROWS_WHEN=after-plain TILEDMM_FEW_ROWS_COLS=32
t() {  # name, environment assignments...
  name=$1; shift
  env "$@" timeout 40 python bench/timeline.py 1024x1024x1024,1025x1024x1024,1025x1023x1021 --dtype fp32 --event \
    --steps 20 > $OUT/timeline_$name.txt 2>&1; rc=$?
  pack; stamp "timeline $name rc=$rc"; grep -E "==|→" $OUT/timeline_$name.txt | grep -v "torch.matmul" | grep -v sm80_xmma
}
t beside NONE=1
t skip TILEDMM_FEW_ROWS=skip
t after128 TILEDMM_FEW_ROWS_WHEN=after                     # call E: placed beside, idle until the tiles end
t after16 TILEDMM_FEW_ROWS_WHEN=after TILEDMM_FEW_ROWS_COLS=16
t after32 TILEDMM_FEW_ROWS_WHEN=after TILEDMM_FEW_ROWS_COLS=32
t after16_plain TILEDMM_FEW_ROWS_WHEN=after-plain TILEDMM_FEW_ROWS_COLS=16
r() {  # name, environment assignments...
  name=$1; shift
  env "$@" timeout 60 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 \
    --rounds 5 --out $OUT/ratio_$name > $OUT/ratio_$name.txt 2>&1; rc=$?
  pack; stamp "ratio $name rc=$rc"; tail -3 $OUT/ratio_$name.txt
}
r beside NONE=1
r after16 TILEDMM_FEW_ROWS_WHEN=after TILEDMM_FEW_ROWS_COLS=16
r after32 TILEDMM_FEW_ROWS_WHEN=after TILEDMM_FEW_ROWS_COLS=32
r beside_2 NONE=1
