# measurement build: TILEDMM_PDL_MEASURE 0 = copy triggers + GEMM attribute, 1 = plain, 2 = attribute only, 3 = classes plain
cp exp/so/tiledmm/_C.abi3.so tiledmm/
export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name --format=csv,noheader
SH="4097x4095x4093 4224x4095x4096 4096x4095x4096 1000x999x1000 2049x2047x2048 3000x1001x1000"
P=$OUT/pdl_modes.txt
for r in 1 2; do
  for mode in 1 0 2 3; do
    TILEDMM_PDL_MEASURE=$mode python3 exp/s23/pdl_ab.py mode$mode bf16 $SH 2>&1 | tee -a $P
  done
done
for mode in 1 0 2; do
  echo "#### mode $mode" >> $OUT/kt_modes.txt
  TILEDMM_PDL_MEASURE=$mode python3 bench/kernel_times.py gemm 4097x4095x4093,4224x4095x4096 --dtype bf16 >> $OUT/kt_modes.txt 2>&1
done
grep "^####\|^== tiledmm\|wgmma_gemm\|repack" $OUT/kt_modes.txt | cut -c1-80
