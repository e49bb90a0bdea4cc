# Session 76 call 1 (fresh machine): build main, then the full GPU suite and compute-sanitizer
# synccheck over the whole workload side by side (the sanitizer's process is mostly host work).
# Call 2 ran it as `sed -i "s/timeout 450 .ci\/gpu-check build/timeout 300 .ci\/gpu-check build/" ...; bash ...`.
set -u
export PYTHONUNBUFFERED=1 OUT
SECONDS=0
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv > $OUT/gpu.txt
compute-sanitizer --version | tail -1 >> $OUT/gpu.txt
git log -1 --format='%H %s' >> $OUT/gpu.txt
timeout 450 .ci/gpu-check build; echo "build rc=$? $SECONDS s"
grep -c "Compiling entry" $OUT/ptxas.txt; grep -c "bytes spill" $OUT/ptxas.txt
python -c "import tiledmm; print(tiledmm.__file__, [k.name for k in tiledmm.kernels()])" || exit 1
( timeout $((590 - SECONDS)) .ci/gpu-check test > $OUT/gpu_check_test.txt 2>&1; echo "test rc=$? $SECONDS s" >> $OUT/gpu_check_test.txt ) &
SANITIZE_TIMEOUT=$((580 - SECONDS)) SANITIZE_TOOLS=synccheck .ci/gpu-check sanitize; echo "synccheck rc=$? $SECONDS s"
wait
cat $OUT/gpu_check_test.txt
grep -E "done,|launches|SUMMARY" $OUT/sanitize-synccheck.log | tail -12
