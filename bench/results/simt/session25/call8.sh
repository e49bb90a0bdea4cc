set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv
mkdir -p /tmp/P && cp -r tiledmm /tmp/P/ && gunzip -c exp/soz/new.so.gz > /tmp/P/tiledmm/_C.abi3.so
gunzip -c exp/soz/s25d.so.gz > tiledmm/_C.abi3.so
F=1024x1024x1024,1000x1000x1000,1024x1023x1024
for round in 1 2; do
  echo "=== before $round" >> $OUT/flush_kt.txt; PYTHONPATH=/tmp/P python exp/s25/flush_kt.py $F 2>&1 | grep -v "Warn\|warn" >> $OUT/flush_kt.txt
  echo "=== after $round" >> $OUT/flush_kt.txt; PYTHONPATH=$PWD python exp/s25/flush_kt.py $F 2>&1 | grep -v "Warn\|warn" >> $OUT/flush_kt.txt
done
S=1024x1024x1024,1000x1000x1000,1024x1000x1024,1024x1023x1024,1025x1023x1021,1025x1024x1024,2048x2048x2048,3072x3072x3072,4096x4096x4096,4097x4095x4093,64x4095x4096,8192x8192x8192,8191x8193x8190
for round in 1 2; do
  echo "=== before (HEAD 002111b) $round" >> $OUT/ab.txt
  PYTHONPATH=/tmp/P python bench/bench.py --dtypes fp32 --shapes $S >> $OUT/ab.txt 2>&1
  echo "=== after $round" >> $OUT/ab.txt
  PYTHONPATH=$PWD python bench/bench.py --dtypes fp32 --shapes $S >> $OUT/ab.txt 2>&1
done
grep -v "%|" $OUT/ab.txt > $OUT/ab_clean.txt; rm $OUT/ab.txt
export PYTHONPATH=$PWD
python -m pytest -q -p no:logging -rs tests > $OUT/pytest.log 2>&1 &
( time PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py simt mma classic16 ) > $OUT/memcheck.log 2>&1
echo "memcheck rc=$?" >> $OUT/sanitize_summary.txt; tail -4 $OUT/memcheck.log >> $OUT/sanitize_summary.txt
wait
python bench/bench.py --dtypes fp32 --shapes all,3072x3072x3072,8191x8193x8190,1024x1023x1024,1025x1023x1021,3073x3071x3069 --out $OUT/fp32_session25_h100 > $OUT/fp32_session25_h100.txt 2>&1
grep -v "%|" $OUT/fp32_session25_h100.txt > $OUT/t && mv $OUT/t $OUT/fp32_session25_h100.txt
rm -f $OUT/*roofline.png
tail -3 $OUT/pytest.log; cat $OUT/sanitize_summary.txt; tail -3 $OUT/fp32_session25_h100.txt
ls $OUT
