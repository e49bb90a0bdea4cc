# Session 75 call 2, call 1's build: a control for the filter (kns=no_such_kernel: nothing checked,
# so few rows should take ms, not seconds), then the unfiltered racecheck cut of simt float32
# (every launch checked, the one row-tail product included).
set -u
export PYTHONUNBUFFERED=1 OUT
SECONDS=0
timeout 430 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
python -c "import tiledmm" || exit 1
SANITIZE_TIMEOUT=60 SANITIZE_TOOLS=racecheck SANITIZE_ARGS="simt dtype=float32" \
  SANITIZE_KERNEL_NAME=kns=no_such_kernel .ci/gpu-check sanitize; echo "control rc=$? $SECONDS s"
SANITIZE_TIMEOUT=$((585 - SECONDS)) SANITIZE_TOOLS=racecheck SANITIZE_ARGS="simt dtype=float32" \
  .ci/gpu-check sanitize; echo "unfiltered rc=$? $SECONDS s"
for f in $OUT/sanitize-*.log; do echo "== $f"; grep -E "done|hazard|SUMMARY|rror" $f | tail -14; done
