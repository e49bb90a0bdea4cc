# Session 51 call 10: the full GPU suite on the final build (after the review commit).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r10; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log
cp exp/s51/dev10.sh $R/device_script.sh; tar czf $OUT/results.tgz -C /tmp r10
grep -E "^FAILED|Error" $R/pytest_full.log | head
