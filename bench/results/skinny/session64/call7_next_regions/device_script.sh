# Session 64 call 7 (HEAD 9ef44c5's build, measurement for the next session, one round): la:
# nt 9-16 rows of a K-major weight on 128-byte lines at deep K, 4800-10240 rows (skinny's plans),
# against 64x32 C^T by name; skn / skt: 1-16 rows at K under 2 KB per row (skinny's plans)
# against 64x32 and 128x96 C^T by name.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r7; rm -rf $R; mkdir -p $R; cp exp/s64/call7.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r7; }
CT=wgmma:64x32_ct_k256B_1wg_s8; C96=wgmma:128x96_ct_k128B_2wg_s6
LA=12x9856x15232,12x7168x6848,11x9728x8256,13x5824x5760,9x5696x14272,9x10176x7424,9x8512x9344,16x4800x4480,9x7680x11072,9x10240x14464
SKN=10x9448x288,12x18288x296,8x5432x336,3x5408x768,7x14088x424,16x10912x688,9x17472x624,3x6232x840,11x17656x432,12x12952x824
SKT=6x12632x736,3x12200x664,2x6656x376,16x18512x888,15x7688x272,5x17088x760,9x14800x792,1x5608x912,1x13760x616,8x18984x456
b() { timeout 50 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nt $LA auto,$CT la_1
b nn $SKN auto,$CT,$C96 skn_1
b nt $SKT auto,$CT,$C96 skt_1
