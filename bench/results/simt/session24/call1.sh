set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv
mkdir -p /tmp/L && cp -r tiledmm /tmp/L/ && cp exp/so_ld/tiledmm/_C.abi3.so /tmp/L/tiledmm/
cp exp/so/tiledmm/_C.abi3.so tiledmm/
K8=simt:f32_128x256x8_w64x64_t8x16_s4; K16=simt:f32_128x256x16_w64x64_t8x16_s4; K32=simt:f32_128x256x32_w64x64_t8x16_s3
S=2048x2048x2048,4096x4096x4096,8192x4096x4096,4097x4095x4093
( PYTHONPATH=$PWD timeout 150 python -m pytest -q -x -p no:logging tests/test_gemm_correctness.py -k "simt or float32" 2>&1 | tail -5 ) > $OUT/pytest_simt.log
for round in 1 2; do
  echo "=== old $round" >> $OUT/bench.txt
  PYTHONPATH=/tmp/L python bench/bench.py --dtypes fp32 --shapes $S --kernels $K32,$K16 >> $OUT/bench.txt 2>&1
  echo "=== new $round" >> $OUT/bench.txt
  PYTHONPATH=$PWD python bench/bench.py --dtypes fp32 --shapes $S --kernels $K8,$K32,$K16 >> $OUT/bench.txt 2>&1
done
echo "=== old auto mid" >> $OUT/bench.txt
PYTHONPATH=/tmp/L python bench/bench.py --dtypes fp32 --shapes 512x512x512,1536x1536x1536,3072x3072x3072 --kernels auto >> $OUT/bench.txt 2>&1
echo "=== new auto mid" >> $OUT/bench.txt
PYTHONPATH=$PWD python bench/bench.py --dtypes fp32 --shapes 512x512x512,1536x1536x1536,3072x3072x3072 --kernels auto >> $OUT/bench.txt 2>&1
echo "=== new big" >> $OUT/bench.txt
PYTHONPATH=$PWD python bench/bench.py --dtypes fp32 --shapes 8192x8192x8192,llm,1024x1024x1024 --kernels auto,$K8 >> $OUT/bench.txt 2>&1
PYTHONPATH=$PWD NCU_WHO=simt NCU_KERNEL=$K8 bash .ci/gpu-check ncu-fp32 > $OUT/ncu_k8_summary.txt 2>&1
mv $OUT/ncu_fp32_simt.txt $OUT/ncu_k8_full.txt
ls $OUT
