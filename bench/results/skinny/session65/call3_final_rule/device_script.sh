# Session 65 call 3 (the final rule: a K-major weight at 1-16 rows and K under 2 KB per row on
# the C^T tiles from half the SMs' tiles, 66 on 132): full GPU suite; ol: out of sample, 10
# random nt products of 1-16 rows x 4224-5632 rows (66-88 tiles) at K under 2 KB per row, the
# plan against kernel="skinny" (the old plan), 2 rounds in opposite orders; bx (measurement for
# the next session, one round): 12 random nn products of 1-16 rows of a row-major weight on
# 128-byte lines at K under 2 KB per row (skinny's plans) against 64x32 and 128x96 C^T by name.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; rm -rf $R; mkdir -p $R; cp exp/s65/call3.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r3; }
timeout 280 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
CT=wgmma:64x32_ct_k256B_1wg_s8; C96=wgmma:128x96_ct_k128B_2wg_s6
OL=11x4272x480,7x5200x680,7x4640x472,8x5152x808,11x5192x840,10x5104x592,4x4568x264,9x4560x936,12x4816x720,3x5216x608
BX=7x13184x920,8x8512x784,2x8704x640,5x14336x656,4x19072x312,7x8704x392,13x20544x312,16x14144x888,11x23488x992,12x20608x128,9x22912x288,9x11776x184
b() { timeout 90 python bench/bench_skinny.py --layouts $1 --dtype $2 --shapes $3 --kernels $4 --out $R/$5 > $R/$5.txt 2>&1; echo "$5 rc=$? $SECONDS s"; save; }
b nt bf16 $OL auto,skinny ol_1
b nn bf16 $BX auto,$CT,$C96 bx_1
b nt bf16 $OL skinny,auto ol_2
rm -f $R/*.png; save
