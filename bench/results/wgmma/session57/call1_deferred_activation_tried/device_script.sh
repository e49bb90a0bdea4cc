#!/bin/bash
# Session 57 call 1: deferred activation (wgmma cooperative tiles) -- full GPU suite, then
# bench_linear with TILEDMM_DEFERRED_ACTIVATION=off / on alternating, 3 rounds.
cd "$(dirname "$0")/../.." 2>/dev/null || true
R=/tmp/r1; mkdir -p $R
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so','wb'))"
export PYTHONPATH=$PWD
nvidia-smi > $R/gpu.txt 2>&1
cp exp/s57/call1.sh $R/device_script.sh
timeout 240 python -m pytest -q -x tests/test_deferred_activation.py > $R/pytest_deferred.log 2>&1
echo "deferred rc=$?" >> $R/pytest_deferred.log
for r in 1 2 3; do
  TILEDMM_DEFERRED_ACTIVATION=off python bench/bench_linear.py --no-training --out $R/linear_off_$r > $R/linear_off_$r.txt 2>&1
  python bench/bench_linear.py --no-training --out $R/linear_on_$r > $R/linear_on_$r.txt 2>&1
done
timeout 300 python -m pytest -q tests > $R/pytest_full.log 2>&1
echo "full rc=$?" >> $R/pytest_full.log
rm -f $R/*.png
tar czf $OUT/results.tgz -C /tmp r1
