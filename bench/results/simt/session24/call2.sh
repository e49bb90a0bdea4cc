set -x
cp exp/so/tiledmm/_C.abi3.so tiledmm/; export PYTHONPATH=$PWD
K16=simt:f32_128x256x16_w64x64_t8x16_s4; K32=simt:f32_128x256x32_w64x64_t8x16_s3
for round in 1 2; do
  echo "=== round $round" >> $OUT/bench.txt
  python bench/bench.py --dtypes fp32 --shapes 8192x8192x8192,llm,4097x4095x4093,8191x8193x8190,4096x4095x4096,4096x4096x4093 --kernels $K16,$K32 >> $OUT/bench.txt 2>&1
done
for k in $K16 $K32; do
  NCU_WHO=simt NCU_KERNEL=$k bash .ci/gpu-check ncu-fp32 >> $OUT/ncu_summary.txt 2>&1
  cat $OUT/ncu_fp32_simt.txt >> $OUT/ncu_full.txt; rm $OUT/ncu_fp32_simt.txt
done
ls $OUT
