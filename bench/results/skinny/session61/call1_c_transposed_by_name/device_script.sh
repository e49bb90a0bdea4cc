# Session 61 call 1 (HEAD d782b06's kernels): skinny's 16-32 small rows at 1024-4096 large rows,
# where nn runs 0.79-0.96x cuBLAS on its best skinny config (session 60 call 2), against the
# wgmma configs by name that suit a side <= 32: 64x32 C^T (C^T's 32 columns = the small side)
# and 64x64 (boxes of the small side's rows since 3338625). bench_skinny.py, nn and nt, 2 rounds
# in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s61/call1.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r1; }
S=16x1024x4096,16x2048x4096,16x3072x4096,16x1024x8192,16x2048x8192,16x3072x8192,24x2048x8192,24x3072x8192,32x1024x4096,32x2048x4096,32x3072x4096,32x1024x8192,32x2048x8192,32x3072x8192,16x4096x4096,32x4096x4096
K1=auto,wgmma:64x32_ct_k256B_1wg_s8,wgmma:64x64_k128B_1wg_s4
K2=wgmma:64x64_k128B_1wg_s4,wgmma:64x32_ct_k256B_1wg_s8,auto
timeout 260 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels $K1 --out $R/ws_1 > $R/ws_1.txt 2>&1; echo "round 1 rc=$? $SECONDS s"; save
timeout 260 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels $K2 --out $R/ws_2 > $R/ws_2.txt 2>&1; echo "round 2 rc=$? $SECONDS s"; save
