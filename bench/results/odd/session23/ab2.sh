# v2 (a warp per 2-byte row) against v1 (exp/so_ld: the committed ld.shared build) 
cp exp/so/tiledmm/_C.abi3.so tiledmm/
mkdir -p /tmp/L && cp -r tiledmm /tmp/L/ && cp exp/so_ld/tiledmm/_C.abi3.so /tmp/L/tiledmm/
export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name --format=csv,noheader
SH=4097x4095x4093,4096x4095x4096,4097x4094x4093,4096x4096x4096,1000x999x1000,2049x2047x2048,3000x1001x1000
K=$OUT/kt_ab2.txt
for r in 1 2; do
  echo "#### v1 $r" >> $K; PYTHONPATH=/tmp/L python3 bench/kernel_times.py gemm $SH --dtype bf16 >> $K 2>&1
  echo "#### v2 $r" >> $K; python3 bench/kernel_times.py gemm $SH --dtype bf16 >> $K 2>&1
done
echo "#### v1 fp16" >> $K; PYTHONPATH=/tmp/L python3 bench/kernel_times.py gemm 4097x4095x4093,4096x4095x4096 --dtype fp16 >> $K 2>&1
echo "#### v2 fp16" >> $K; python3 bench/kernel_times.py gemm 4097x4095x4093,4096x4095x4096 --dtype fp16 >> $K 2>&1
grep "^####\|^== tiledmm\|wgmma_gemm_kernel" $K | sed 's/ of kernels per step//' | cut -c1-90
timeout 200 python3 -m pytest -q -p no:logging tests/test_unaligned_output.py tests/test_row_classes.py > $OUT/pytest_out.log 2>&1; tail -2 $OUT/pytest_out.log
for tool in memcheck racecheck synccheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 100 compute-sanitizer --tool $tool --error-exitcode 1 python3 exp/rc_sanitize.py > /tmp/s.txt 2>&1; echo "row classes $tool rc=$?" | tee -a $OUT/sanitizer.txt; tail -1 /tmp/s.txt | tee -a $OUT/sanitizer.txt
done
timeout 280 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -2 $OUT/pytest.log
