set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv
mkdir -p /tmp/P && cp -r tiledmm /tmp/P/ && gunzip -c exp/soz/new.so.gz > /tmp/P/tiledmm/_C.abi3.so
gunzip -c exp/soz/s25a.so.gz > tiledmm/_C.abi3.so
S=1024x1024x1024,1000x1000x1000,1024x1000x1024,1024x1023x1024,1025x1023x1021,1025x1024x1024,2048x2048x2048,2049x2047x2045,3072x3072x3072,3073x3071x3069,4096x4096x4096,4097x4095x4093,64x4095x4096,8192x8192x8192,8191x8193x8190
M=mma:128x128x32_w64x32_mma16816_s4
SB=1024x1024x1024,1000x1000x1000,1024x1023x1024,2048x2048x2048,4097x4095x4093
for round in 1 2; do
  echo "=== before (HEAD 002111b) $round" >> $OUT/ab.txt
  PYTHONPATH=/tmp/P python bench/bench.py --dtypes fp32 --shapes $S >> $OUT/ab.txt 2>&1
  PYTHONPATH=/tmp/P python bench/bench.py --dtypes bf16 --shapes $SB --kernels $M >> $OUT/ab.txt 2>&1
  echo "=== after $round" >> $OUT/ab.txt
  PYTHONPATH=$PWD python bench/bench.py --dtypes fp32 --shapes $S >> $OUT/ab.txt 2>&1
  PYTHONPATH=$PWD python bench/bench.py --dtypes bf16 --shapes $SB --kernels $M >> $OUT/ab.txt 2>&1
done
grep -v "%|" $OUT/ab.txt > $OUT/ab_clean.txt
export PYTHONPATH=$PWD
python -m pytest -q -p no:logging -rs tests > $OUT/pytest.log 2>&1 &
( time PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 240 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py simt mma ) > $OUT/memcheck_simt_mma.log 2>&1
echo "memcheck rc=$?" >> $OUT/sanitize_summary.txt; tail -4 $OUT/memcheck_simt_mma.log >> $OUT/sanitize_summary.txt
wait
tail -3 $OUT/pytest.log; cat $OUT/sanitize_summary.txt
rm -f $OUT/*roofline.png $OUT/ab.txt
ls $OUT
