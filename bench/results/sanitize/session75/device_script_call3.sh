# Session 75 call 3 (fresh machine): build, then racecheck of simt float32's cut with every kernel
# checked, the few rows skipped (call 1 checked its kernel through the filter): the row tail's one product.
set -u
export PYTHONUNBUFFERED=1 OUT
SECONDS=0
timeout 430 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
python -c "import tiledmm" || exit 1
SANITIZE_TIMEOUT=$((585 - SECONDS)) SANITIZE_TOOLS=racecheck SANITIZE_ARGS="simt dtype=float32 skip=few_rows" \
  .ci/gpu-check sanitize; echo "unfiltered rc=$? $SECONDS s"
for f in $OUT/sanitize-*.log; do echo "== $f"; grep -E "done|hazard|SUMMARY|rror" $f | tail -14; done
