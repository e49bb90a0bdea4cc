# Measurement build: TILEDMM_MEASURE_MODE 0 (normal), 1 (no TMA loads), 2 (no MMAs); kernel times.
cp exp/so/tiledmm/_C.abi3.so tiledmm/
export PYTHONPATH=$PWD
SH=512x512x512,1024x1024x1024,1000x1000x1000,2048x1024x1024,2048x2048x2048,4096x4096x4096,4000x4000x4000
for mode in 0 1 2; do
  TILEDMM_MEASURE_MODE=$mode python3 bench/kernel_times.py gemm $SH --dtype bf16 --kernel auto,wgmma:64x64_k128B_1wg_s4,wgmma:128x64_k128B_2wg_s8,wgmma:128x128_k128B_2wg_s6 > $OUT/modes_$mode.txt 2>&1
done
for f in $OUT/modes_*.txt; do echo "## $(basename $f)"; grep "^== tiledmm" $f | sed 's/ of kernels per step//'; done
