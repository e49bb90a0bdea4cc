# Session 60 call 7, the candidate build: K-major wgmma operands with fewer rows than a tile
# take TMA boxes of their rows only (k_major_box_rows), the producer expecting those bytes.
# The full GPU suite; compute-sanitizer memcheck over the 64-row-tile configs; then decode
# products of 33-64 rows (call 6's shapes; M = 64 loads whole boxes as before) against cuBLAS,
# 2 rounds; call 6 is the same build less this change.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r7; rm -rf $R; mkdir -p $R; cp exp/s60/call7.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r7; }
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log
S=33x11008x4096,40x11008x4096,48x11008x4096,64x11008x4096,33x4096x11008,48x4096x11008,33x3072x8192,33x4096x4096,40x4096x4096
timeout 100 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels auto --out $R/ws_1 > $R/ws_1.txt 2>&1; echo "round 1 rc=$? $SECONDS s"; save
timeout 100 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels auto --out $R/ws_2 > $R/ws_2.txt 2>&1; echo "round 2 rc=$? $SECONDS s"; save
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 configs=64x > $R/memcheck_wgmma_64.log 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -2 $R/memcheck_wgmma_64.log; save
