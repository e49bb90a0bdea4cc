# Session 73 call 1 (fresh machine): .ci/gpu-check build test of branch simt-split (simt.cu split
# per tile config), the build's wall time, ptxas counts, the ninja steps.
set -u
export PYTHONUNBUFFERED=1 OUT
SECONDS=0
timeout 400 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
grep -c "Compiling entry" $OUT/ptxas.txt; grep -c "bytes spill" $OUT/ptxas.txt
grep -E "^\[[0-9]+/[0-9]+\]" $OUT/build.log | tail -2
python -c "import tiledmm; print(tiledmm.__file__, [k.name for k in tiledmm.kernels()])" || exit 1
timeout $((590 - SECONDS)) .ci/gpu-check test; echo "test rc=$? $SECONDS s"
