# Session 53 call 3: the B copy off its sectors at 513-1535 rows (the build's rule, copying,
# against TILEDMM_SECTOR_COPY=by-rows, in place), and compute-sanitizer over the C^T configs
# (whose 64x32 and 128x96 now read a column-major A in place).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; mkdir -p $R; cp exp/s53/call3.sh $R/device_script.sh; cp exp/s53/sector_rows.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r3; }
timeout 80 python exp/s53/sector_rows.py copy $R/copy.json > $R/sector_rows.txt 2>&1; echo "a rc=$? $SECONDS s"
TILEDMM_SECTOR_COPY=by-rows timeout 80 python exp/s53/sector_rows.py in_place $R/in_place.json >> $R/sector_rows.txt 2>&1; echo "b rc=$? $SECONDS s"; save
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 configs=_ct_ > $R/memcheck_ct.log 2>&1; echo "memcheck rc=$? $SECONDS s"; save
timeout 150 compute-sanitizer --tool synccheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 configs=_ct_ > $R/synccheck_ct.log 2>&1; echo "synccheck rc=$? $SECONDS s"; save
cuobjdump -res-usage tiledmm/_C.abi3.so > $R/res_usage_all.txt 2>&1; grep -c STACK $R/res_usage_all.txt; save
grep -v -i warn $R/sector_rows.txt; tail -3 $R/memcheck_ct.log $R/synccheck_ct.log
