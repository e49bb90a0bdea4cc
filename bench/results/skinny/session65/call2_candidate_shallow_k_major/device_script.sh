# Session 65 call 2 (candidate: a K-major weight at 1-16 rows and K under 2 KB per row on the C^T
# tiles from 88 tiles; 128x96 C^T for a short last wave at shallow K at any M up to 32): full GPU
# suite; out of sample, random products whose plan the candidate changes, the plan against the
# old plan (kernel="skinny" for oa / oh, 64x32 C^T by name for ob / obt), 2 rounds in opposite
# orders; bd: 12 random nt products of 1-16 rows x 2816-5632 rows at K under 2 KB per row (under
# 88 tiles: skinny kept), the plan against 64x32 and 128x96 C^T by name.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; rm -rf $R; mkdir -p $R; cp exp/s65/call2.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r2; }
timeout 280 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
CT=wgmma:64x32_ct_k256B_1wg_s8; C96=wgmma:128x96_ct_k128B_2wg_s6
OA=5x11512x584,12x11928x400,4x20640x456,12x12392x384,14x7904x656,14x20984x520,9x8048x720,13x5912x992,8x17008x680,2x17776x648,11x13488x768,10x6568x544,9x8960x256,5x11880x216,7x18688x864,8x16856x664
OH=9x14240x360,9x19024x976,8x12800x440,1x6744x936,10x15880x136,4x11288x432
OB=9x11256x1080,13x12344x1232,8x12368x1752,15x11688x1288,6x10936x1832,16x11120x1512,14x11792x1480,5x10784x1688,2x10704x1864,2x12656x1216,1x10768x1424,13x11360x1280
OBT=14x12200x1088,9x11856x1184,14x8832x1976,13x12544x1688,10x9032x1240,11x12480x1672,12x8624x1528,12x8608x1736
BD=2x4640x208,9x5056x624,16x5304x792,6x5072x448,10x4440x936,8x5504x720,16x3944x896,16x5056x976,1x4424x432,1x3992x528,1x2856x736,5x3464x808
b() { timeout 90 python bench/bench_skinny.py --layouts $1 --dtype $2 --shapes $3 --kernels $4 --out $R/$5 > $R/$5.txt 2>&1; echo "$5 rc=$? $SECONDS s"; save; }
b nt bf16 $OA auto,skinny oa_1
b nt fp16 $OH auto,skinny oh_1
b nn bf16 $OB auto,$CT ob_1
b nt bf16 $OBT auto,$CT obt_1
b nt bf16 $BD auto,$CT,$C96 bd_1
b nt bf16 $BD $C96,$CT,auto bd_2
b nt bf16 $OBT $CT,auto obt_2
b nn bf16 $OB $CT,auto ob_2
b nt fp16 $OH skinny,auto oh_2
b nt bf16 $OA skinny,auto oa_2
rm -f $R/*.png; save
