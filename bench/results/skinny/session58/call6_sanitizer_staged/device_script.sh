# Session 58 call 6, the candidate build: compute-sanitizer memcheck, racecheck and synccheck
# over skinny's staged config (tests/sanitizer_workload.py skinny configs=_bulk: every shape
# and layout of the workload by name, and the planner's fused epilogues), and the staged tests
# once more.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; rm -rf $R; mkdir -p $R; cp exp/s58/call6.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r6; }
for tool in memcheck synccheck racecheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 170 compute-sanitizer --tool $tool --error-exitcode 1 \
    python tests/sanitizer_workload.py skinny configs=_bulk > $R/sanitizer_$tool.log 2>&1
  echo "$tool rc=$? $SECONDS s"; tail -2 $R/sanitizer_$tool.log; save
done
