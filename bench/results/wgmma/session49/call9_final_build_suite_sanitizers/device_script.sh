#!/bin/bash
# Session 49, call 9: the final build (HEAD). Full GPU suite; compute-sanitizer memcheck and
# synccheck over the wgmma bfloat16 workload (split last waves through clear_flags included).
export PYTHONPATH=$PWD
R=/tmp/r9; rm -rf $R; mkdir -p $R
cp exp/s49/call9.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 250 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
for tool in memcheck synccheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 240 compute-sanitizer --tool $tool --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 > $R/sanitizer_$tool.log 2>&1
  echo "$tool rc=$?" >> $R/sanitizer_$tool.log; tail -3 $R/sanitizer_$tool.log
done
tar czf $OUT/results.tgz -C /tmp r9
