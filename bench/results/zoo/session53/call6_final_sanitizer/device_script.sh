# Session 53 call 6: the final build (commit 2a1b38e's C++): compute-sanitizer racecheck over the C^T
# configs (whose 64x32 and 128x96 read a column-major A in place), and memcheck and synccheck again.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; mkdir -p $R; cp exp/s53/call6.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r6; }
timeout 300 compute-sanitizer --tool racecheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 configs=_ct_ > $R/racecheck_ct.log 2>&1; echo "racecheck rc=$? $SECONDS s"; save
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 100 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 configs=_ct_ > $R/memcheck_ct.log 2>&1; echo "memcheck rc=$? $SECONDS s"; save
timeout 80 compute-sanitizer --tool synccheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 configs=_ct_ > $R/synccheck_ct.log 2>&1; echo "synccheck rc=$? $SECONDS s"; save
tail -n 3 $R/racecheck_ct.log; tail -n 3 $R/memcheck_ct.log; tail -n 3 $R/synccheck_ct.log
