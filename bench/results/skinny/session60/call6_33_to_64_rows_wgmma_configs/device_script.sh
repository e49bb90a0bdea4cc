# Session 60 call 6 (call 3's build): decode-sized products of 33-64 small rows (M) on every
# wgmma config that suits them by name, against the planner and cuBLAS: M = 33 at 11008 x 4096
# ran 0.72x cuBLAS in call 5 (64x64 tiles, 31 of 64 rows past A), M = 64 0.84-0.90x.
# bench_skinny.py, nn and nt, 2 rounds in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; rm -rf $R; mkdir -p $R; cp exp/s60/call6.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r6; }
S=33x11008x4096,40x11008x4096,48x11008x4096,64x11008x4096,33x4096x11008,48x4096x11008,33x3072x8192,33x4096x4096,40x4096x4096
K1=auto,wgmma:64x64_k128B_1wg_s4,wgmma:64x32_ct_k256B_1wg_s8,wgmma:64x80_ct_k256B_1wg_s5,wgmma:128x64_k256B_2wg_s4
K2=wgmma:128x64_k256B_2wg_s4,wgmma:64x80_ct_k256B_1wg_s5,wgmma:64x32_ct_k256B_1wg_s8,wgmma:64x64_k128B_1wg_s4,auto
timeout 200 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels $K1 --out $R/ws_1 > $R/ws_1.txt 2>&1; echo "round 1 rc=$? $SECONDS s"; save
timeout 200 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels $K2 --out $R/ws_2 > $R/ws_2.txt 2>&1; echo "round 2 rc=$? $SECONDS s"; save
