# Session 54 call 3: the 128x160 C^T config. Its C^T tests, the full GPU suite, the config by
# name against the plan and its neighbours (tn, nn, nt), compute-sanitizer over the new config.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; mkdir -p $R; cp exp/s54/call3.sh $R/device_script.sh; cp exp/s54/ct160.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r3; }
timeout 200 python exp/s54/ct160.py $R/ct160.json > $R/ct160.txt 2>&1; echo "ct160 rc=$? $SECONDS s"; save
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
timeout 120 compute-sanitizer --tool racecheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 configs=128x160 > $R/racecheck_160.log 2>&1; echo "racecheck rc=$? $SECONDS s"; save
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 60 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 configs=128x160 > $R/memcheck_160.log 2>&1; echo "memcheck rc=$? $SECONDS s"; save
cuobjdump -res-usage tiledmm/_C.abi3.so 2>/dev/null | grep -A1 "wgmma_gemm_kernel" > $R/res_usage_wgmma.txt; grep -o "REG:[0-9]* STACK:[0-9]*" $R/res_usage_wgmma.txt | sort | uniq -c > $R/res_usage_summary.txt; save
grep -v -i warn $R/ct160.txt | tail -24; tail -2 $R/pytest_full.log; tail -2 $R/racecheck_160.log $R/memcheck_160.log; cat $R/res_usage_summary.txt
