cp exp/so/tiledmm/_C.abi3.so tiledmm/
export PYTHONPATH=$PWD
L=$OUT/sanitizer.txt
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a $L
for tool in memcheck racecheck synccheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 100 compute-sanitizer --tool $tool --error-exitcode 1 python3 exp/rc_sanitize.py > /tmp/s.txt 2>&1; echo "row classes $tool rc=$?" | tee -a $L; tail -1 /tmp/s.txt | tee -a $L
done
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 1 python3 tests/sanitizer_workload.py wgmma dtype=bfloat16 > /tmp/s.txt 2>&1; echo "wgmma bf16 workload memcheck rc=$?" | tee -a $L; tail -2 /tmp/s.txt | tee -a $L
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python3 tests/sanitizer_workload.py skinny dtype=bfloat16 > /tmp/s.txt 2>&1; echo "skinny bf16 workload memcheck rc=$?" | tee -a $L; tail -2 /tmp/s.txt | tee -a $L
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 60 compute-sanitizer --tool synccheck --error-exitcode 1 python3 tests/sanitizer_workload.py skinny dtype=bfloat16 > /tmp/s.txt 2>&1; echo "skinny bf16 workload synccheck rc=$?" | tee -a $L; tail -2 /tmp/s.txt | tee -a $L
