set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv
mkdir -p /tmp/P && cp -r tiledmm /tmp/P/ && gunzip -c exp/soz/prev.so.gz > /tmp/P/tiledmm/_C.abi3.so
gunzip -c exp/soz/new.so.gz > tiledmm/_C.abi3.so
M=mma:128x128x32_w64x32_mma16816_s4,mma:128x256x32_w64x64_mma16816_s4,mma:128x128x32_w64x64_mma16816_s4
S=1024x1024x1024,2048x2048x2048,4096x4096x4096,4097x4095x4093
for round in 1 2; do
  echo "=== before (bd5ded9) $round" >> $OUT/mma_ab.txt
  PYTHONPATH=/tmp/P python bench/bench.py --dtypes bf16,tf32 --shapes $S --kernels $M >> $OUT/mma_ab.txt 2>&1
  echo "=== after $round" >> $OUT/mma_ab.txt
  PYTHONPATH=$PWD python bench/bench.py --dtypes bf16,tf32 --shapes $S --kernels $M >> $OUT/mma_ab.txt 2>&1
done
export PYTHONPATH=$PWD
python -m pytest -q -p no:logging -rs tests > $OUT/pytest.log 2>&1; tail -3 $OUT/pytest.log
for spec in memcheck:100 synccheck:80; do
  tool=${spec%%:*}; limit=${spec##*:}
  ( time PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout $limit compute-sanitizer --tool $tool --error-exitcode 1 python tests/sanitizer_workload.py mma ) > $OUT/sanitize_mma_$tool.log 2>&1
  echo "$tool rc=$?" >> $OUT/sanitize_summary.txt; tail -5 $OUT/sanitize_mma_$tool.log >> $OUT/sanitize_summary.txt
  grep -h "checked launches" $OUT/sanitize_mma_$tool.log >> $OUT/sanitize_summary.txt
done
cat $OUT/sanitize_summary.txt
