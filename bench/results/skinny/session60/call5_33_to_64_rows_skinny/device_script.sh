# Session 60 call 5 (call 3's build): decode products of 33-64 small rows, which the planner
# gives wgmma (64x64 / 64x32 C^T tiles, split-K), against skinny by name (two blocks of X rows)
# and cuBLAS; bench_skinny.py, nn and nt, 2 rounds in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; rm -rf $R; mkdir -p $R; cp exp/s60/call5.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r5; }
S=33x4096x4096,48x4096x4096,64x4096x4096,33x11008x4096,64x11008x4096,33x4096x11008,64x4096x11008,33x3072x8192,48x3072x8192,64x3072x8192,40x2048x8192,64x2048x4096
timeout 150 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels auto,skinny --out $R/wide_1 > $R/wide_1.txt 2>&1; echo "round 1 rc=$? $SECONDS s"; save
timeout 150 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels skinny,auto --out $R/wide_2 > $R/wide_2.txt 2>&1; echo "round 2 rc=$? $SECONDS s"; save
