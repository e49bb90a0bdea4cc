set -x
cp exp/so/tiledmm/_C.abi3.so tiledmm/; export PYTHONPATH=$PWD
for spec in racecheck:370 memcheck:100 synccheck:100; do
  tool=${spec%%:*}; limit=${spec##*:}
  ( time PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout $limit compute-sanitizer --tool $tool --error-exitcode 1 python tests/sanitizer_workload.py simt ) > $OUT/sanitize_simt_$tool.log 2>&1
  echo "$tool rc=$?" >> $OUT/summary.txt; tail -5 $OUT/sanitize_simt_$tool.log >> $OUT/summary.txt
done
cat $OUT/summary.txt
