# Session 77 call 3 (fresh machine): build this session's change (every wgmma grid programmatic
# behind any kernel; TILEDMM_WGMMA_LAUNCH=plain restores the old launch) and run the full GPU
# suite on it.
set -u
export PYTHONUNBUFFERED=1 OUT PYTHONPATH=$PWD
SECONDS=0
timeout 470 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
python -c "import tiledmm; print(tiledmm.__file__, [k.name for k in tiledmm.kernels()])" || exit 1
timeout $((590 - SECONDS)) .ci/gpu-check test; echo "test rc=$? $SECONDS s"
