# Session 74 call 1 (fresh machine): .ci/gpu-check build test of main aa86d0d (the status run's build),
# the build's wall time, ptxas counts, then the full GPU suite.
set -u
export PYTHONUNBUFFERED=1 OUT
SECONDS=0
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv > $OUT/gpu.txt
timeout 430 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
grep -c "Compiling entry" $OUT/ptxas.txt; grep -c "bytes spill" $OUT/ptxas.txt
grep -E "^\[[0-9]+/[0-9]+\]" $OUT/build.log | tail -2
python -c "import tiledmm; print(tiledmm.__file__, [k.name for k in tiledmm.kernels()])" || exit 1
timeout $((592 - SECONDS)) .ci/gpu-check test; echo "test rc=$? $SECONDS s"
