# final code (programmatic launch only right behind the copy, not behind the last-wave memset)
cp exp/so/tiledmm/_C.abi3.so tiledmm/
export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name --format=csv,noheader
python3 exp/s23/pdl_ab.py final bf16 4097x4095x4093 4224x4095x4096 4096x4095x4096 1000x999x1000 512x512x16384 16x4096x4096 2>&1 | tee $OUT/final_code_times.txt
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 1 python3 tests/sanitizer_workload.py wgmma dtype=bfloat16 > /tmp/s.txt 2>&1; echo "wgmma bf16 workload memcheck rc=$?" | tee $OUT/final_code_sanitizer.txt; tail -2 /tmp/s.txt | tee -a $OUT/final_code_sanitizer.txt
timeout 280 python3 -m pytest -q -p no:logging tests > $OUT/final_code_pytest.log 2>&1; tail -2 $OUT/final_code_pytest.log
