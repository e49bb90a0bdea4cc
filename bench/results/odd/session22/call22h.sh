cp exp/so/tiledmm/_C.abi3.so tiledmm/
mkdir -p /tmp/A && cp -r tiledmm /tmp/A/ && cp exp/so_prev/tiledmm/_C.abi3.so /tmp/A/tiledmm/
export PYTHONPATH=$PWD
L=$OUT/logs.txt
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a $L
for tool in memcheck racecheck synccheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 100 compute-sanitizer --tool $tool --error-exitcode 1 python3 exp/rc_sanitize.py > /tmp/s.txt 2>&1; echo "row classes $tool rc=$?" | tee -a $L; tail -1 /tmp/s.txt | tee -a $L
done
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python3 tests/sanitizer_workload.py wgmma dtype=bfloat16 > /tmp/s.txt 2>&1; echo "wgmma bf16 workload memcheck rc=$?" | tee -a $L; tail -2 /tmp/s.txt | tee -a $L
SH=4097x4095x4093,4096x4095x4096,4097x4094x4093,4096x4096x4096,2049x2047x2048,3000x1000x1000,4095x4095x4093
K=$OUT/kt.txt
for r in 1 2; do
  echo "#### head $r" >> $K; PYTHONPATH=/tmp/A python3 bench/kernel_times.py gemm $SH --dtype bf16 >> $K 2>&1
  echo "#### new $r" >> $K; python3 bench/kernel_times.py gemm $SH --dtype bf16 >> $K 2>&1
done
grep "^####\|^== tiledmm" $K | sed 's/ of kernels per step//'
timeout 200 python3 bench/bench.py --dtypes bf16,fp16 --shapes 4096x4096x4096,4097x4095x4093,1000x1000x1000,1000x1000x999 --out $OUT/odd_nn_session22_h100 > /tmp/bench_odd.txt 2>&1; tail -12 /tmp/bench_odd.txt | tee -a $L
timeout 300 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -2 $OUT/pytest.log
