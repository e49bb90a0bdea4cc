# Session 68 call 1: HEAD's build from call 0 (.ci/gpu-check build): the full GPU suite while compute-sanitizer
# racecheck runs over tests/sanitizer_workload.py, one process per kernel family (and wgmma per dtype), in parallel.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import tiledmm; print(tiledmm.__file__)" || exit 1
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s68/call1.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,driver_version --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r1; }
race() { local name=$1; shift
  ( PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout ${RACE_S:-420} compute-sanitizer --tool racecheck --error-exitcode 1 \
      python tests/sanitizer_workload.py "$@" > $R/racecheck_$name.log 2>&1; echo "racecheck $name rc=$? $SECONDS s" >> $R/racecheck_rc.txt ) & }
race classic16 classic16
race simt simt
race mma mma
race skinny skinny
race wgmma_tf32 wgmma dtype=float32
race wgmma_bf16 wgmma dtype=bfloat16
race wgmma_fp16 wgmma dtype=float16
timeout 400 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.txt 2>&1; echo "pytest rc=$? $SECONDS s"
tail -3 $R/pytest_full.txt
save
wait
cat $R/racecheck_rc.txt
for f in $R/racecheck_*.log; do echo "== $f"; tail -3 $f; done
save
