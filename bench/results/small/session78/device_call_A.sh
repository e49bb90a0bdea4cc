# Session 78 call A (fresh machine): main + s77-wgmma-programmatic-any, build then the full GPU suite.
set -u
export PYTHONUNBUFFERED=1 OUT PYTHONPATH=$PWD
SECONDS=0
timeout 440 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
python -c "import tiledmm" || exit 1
timeout $((595 - SECONDS)) .ci/gpu-check test; echo "test rc=$? $SECONDS s"
