# Session 64 call 4 (HEAD 17715c2's build, measurement): (W) 17-32 rows x 8512-16800 rows at K
# 256-2040, planned on 64x32 C^T over 133-262 tiles (a second wave too shallow to cut), against
# 128x96 C^T, 64x80 C^T and 64x64 by name, 2 rounds in opposite orders; (SV) a fresh survey, 24
# random products per layout of M 1-64 x N 256-24576 x K 256-16384, the plan against cuBLAS.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; rm -rf $R; mkdir -p $R; cp exp/s64/call4.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r4; }
C96=wgmma:128x96_ct_k128B_2wg_s6; C80=wgmma:64x80_ct_k256B_1wg_s5; W64=wgmma:64x64_k128B_1wg_s4
WN=28x13288x608,30x16720x1152,24x15168x400,24x10800x1440,30x13072x1648,28x13480x520,20x12920x776,20x9672x1296,25x11128x840,23x15408x1024,22x15976x1648,18x13248x936
WT=29x13800x976,31x13464x728,29x10752x1256,28x9104x1040,27x13576x640,30x9928x1784,20x9064x744,24x9656x424,20x10720x1504,23x15760x1360,24x14448x1656,19x13736x616
SVN=36x1512x1168,49x10224x14816,58x16632x4208,54x11720x3248,32x17744x2424,22x15400x13416,3x16320x1288,33x14832x7344,21x3328x15528,11x19288x2712,15x14984x10784,30x15104x6720,2x1176x12528,30x1952x10768,62x2904x7944,25x12256x6312,22x2664x4752,27x784x11088,26x11784x9048,19x20816x1912,32x16008x5288,34x6664x3824,58x9256x6816,5x22088x8912
SVT=61x15000x15232,2x14536x7216,16x17664x4904,26x7712x12776,35x23032x9264,2x6720x2168,26x3200x9360,26x9392x10176,44x8384x14112,4x21008x10616,14x4304x10496,4x7384x14488,26x13224x8224,62x15800x304,64x21824x14048,36x1336x3512,35x2984x6128,12x8512x560,5x16608x1536,52x5360x13064,40x15152x6080,49x19744x848,18x16864x15488,10x17528x8208
b() { timeout 150 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nn $WN auto,$C96,$C80,$W64 wn_1
b nt $WT auto,$C96,$C80,$W64 wt_1
b nn $SVN auto survey_nn
b nt $SVT auto survey_nt
b nt $WT $W64,$C80,$C96,auto wt_2
b nn $WN $W64,$C80,$C96,auto wn_2
