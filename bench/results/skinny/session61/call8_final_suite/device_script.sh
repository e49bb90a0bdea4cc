# Session 61 call 8: the final planner (17-32 rows from K >= 768 bytes per row; call 7 measured
# K 384-896 on 64x32 C^T by name). Full GPU suite, and the K 384-896 products with the plan
# against kernel="skinny", one round.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r8; rm -rf $R; mkdir -p $R; cp exp/s61/call8.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r8; }
timeout 300 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -1 $R/pytest_full.log; save
L=28x3904x384,23x10368x640,30x6912x832,23x12928x704,18x14656x832,32x8704x896,20x10624x512,26x7488x384
timeout 60 python bench/bench_skinny.py --layouts nn,nt --shapes $L --kernels auto,skinny --out $R/low_plan > $R/low_plan.txt 2>&1; echo "low rc=$? $SECONDS s"; save
