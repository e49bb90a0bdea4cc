# Session 75 call 1 (fresh machine): build main, compute-sanitizer's --kernel-name syntax, then
# racecheck of simt float32's cut with only the few-rows kernel checked (kns=few_rows_kernel).
set -u
export PYTHONUNBUFFERED=1 OUT
SECONDS=0
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv > $OUT/gpu.txt
compute-sanitizer --version > $OUT/sanitizer_help.txt 2>&1
compute-sanitizer --help >> $OUT/sanitizer_help.txt 2>&1
grep -n -A12 -- "--kernel-name" $OUT/sanitizer_help.txt | head -40
timeout 430 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
grep -c "Compiling entry" $OUT/ptxas.txt; grep -c "bytes spill" $OUT/ptxas.txt
python -c "import tiledmm; print(tiledmm.__file__, [k.name for k in tiledmm.kernels()])" || exit 1
SANITIZE_TIMEOUT=$((585 - SECONDS)) SANITIZE_TOOLS=racecheck SANITIZE_ARGS="simt dtype=float32" \
  SANITIZE_KERNEL_NAME=kns=few_rows_kernel .ci/gpu-check sanitize; echo "sanitize rc=$? $SECONDS s"
grep -E "done|hazard|SUMMARY|Error|error" $OUT/sanitize-*.log | tail -30
