# Session 58 call 7, the final build (the producer announces a stage's bytes before any of its
# boxes is issued): the full GPU suite, compute-sanitizer memcheck / synccheck / racecheck over
# the staged config, and the decode stream (nt, M = 16, 32: planner against skinny:r32_w8_u2).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r7; rm -rf $R; mkdir -p $R; cp exp/s58/call7.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r7; }
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log
for tool in memcheck synccheck racecheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 150 compute-sanitizer --tool $tool --error-exitcode 1 \
    python tests/sanitizer_workload.py skinny configs=_bulk > $R/sanitizer_$tool.log 2>&1
  echo "$tool rc=$? $SECONDS s"; tail -1 $R/sanitizer_$tool.log; save
done
timeout 40 python bench/decode_stream.py --layouts nt --m 16,32 --out $R/ds_planner > $R/ds_planner.txt 2>&1
timeout 40 python bench/decode_stream.py --layouts nt --m 16,32 --kernel skinny:r32_w8_u2 --out $R/ds_register > $R/ds_register.txt 2>&1
save; for f in $R/ds_*.txt; do echo "== $f"; grep "tiledmm " $f | cut -c1-64; done
