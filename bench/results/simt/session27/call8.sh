# Session 27, call 8: the committed build c (exp/soz/s27c.so.gz): full GPU suite, compute-sanitizer
# memcheck (float32 simt workload) and synccheck (simt), the final fp32 benchmark (session 26's shapes).
gunzip -c exp/soz/s27c.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv > $OUT/gpu.txt
( time timeout 300 python -m pytest -q -p no:logging -rs tests ) > $OUT/pytest_full.log 2>&1
tail -3 $OUT/pytest_full.log
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 100 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py simt dtype=float32 > $OUT/memcheck_simt_f32.log 2>&1; echo memcheck rc=$?
tail -2 $OUT/memcheck_simt_f32.log
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 100 compute-sanitizer --tool synccheck --error-exitcode 1 python tests/sanitizer_workload.py simt > $OUT/synccheck_simt.log 2>&1; echo synccheck rc=$?
tail -2 $OUT/synccheck_simt.log
S=all,3072x3072x3072,8191x8193x8190,1024x1023x1024,1025x1023x1021,3073x3071x3069,2049x2047x2045,2560x2560x2560,5120x5120x5120,6144x6144x6144
timeout 150 python bench/bench.py --dtypes fp32 --shapes $S --kernels auto --out $OUT/fp32_session27_h100 > $OUT/fp32_session27_h100.txt 2>&1
tail -29 $OUT/fp32_session27_h100.txt
