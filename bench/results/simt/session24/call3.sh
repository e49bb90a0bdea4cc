set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv
mkdir -p /tmp/L && cp -r tiledmm /tmp/L/ && cp exp/so_ld/tiledmm/_C.abi3.so /tmp/L/tiledmm/
cp exp/so/tiledmm/_C.abi3.so tiledmm/
PYTHONPATH=$PWD python -m pytest -q -p no:logging -rs tests > $OUT/pytest.log 2>&1; tail -3 $OUT/pytest.log
PYTHONPATH=$PWD python bench/bench.py --dtypes fp32 --shapes all,3072x3072x3072,1536x1536x1536,8191x8193x8190 --out $OUT/fp32_session24_h100 > $OUT/fp32_session24_h100.txt 2>&1
S=512x512x512,1024x1024x1024,1536x1536x1536,2048x2048x2048,3072x3072x3072,4096x4096x4096,8192x8192x8192,llm,4097x4095x4093,1000x1000x1000
for round in 1 2; do
  echo "=== before (7d9f6a0) $round" >> $OUT/ab.txt
  PYTHONPATH=/tmp/L python bench/bench.py --dtypes fp32 --shapes $S >> $OUT/ab.txt 2>&1
  echo "=== after $round" >> $OUT/ab.txt
  PYTHONPATH=$PWD python bench/bench.py --dtypes fp32 --shapes $S >> $OUT/ab.txt 2>&1
done
rm -f $OUT/*roofline.png
ls $OUT
