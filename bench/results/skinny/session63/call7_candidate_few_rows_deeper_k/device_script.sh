# Session 63 call 7 (candidate: up to 8 rows of a row-major weight on 128-byte lines at K over
# 8 KB per row, 2/5 of the SMs' tiles to one wave, on 64x32 C^T): full GPU suite; 10 random such
# products, the plan against kernel="skinny" (the old plan), 2 rounds in opposite orders; the
# decode stream, row-major weight, M = 1 and 8 (the plan).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r7; rm -rf $R; mkdir -p $R; cp exp/s63/call7.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r7; }
timeout 240 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
D=2x4864x9176,6x5056x10784,8x5376x12648,7x7168x11904,5x3520x8944,5x8064x12960,7x7744x13256,4x4416x8416,2x4928x15856,3x8064x10968
b() { timeout 80 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nn $D auto,skinny e_1
b nn $D skinny,auto e_2
timeout 40 python bench/decode_stream.py --layouts nn --m 1,8 --out $R/ds_plan > $R/ds_plan.txt 2>&1; echo "ds rc=$? $SECONDS s"; save
