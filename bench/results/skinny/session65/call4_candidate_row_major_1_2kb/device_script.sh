# Session 65 call 4 (candidate: a row-major weight at 1-16 rows and K of 1-2 KB per row on the C^T
# tiles from half the SMs' tiles): full GPU suite; out of sample, random nn products whose plan
# the candidate changes, the plan against kernel="skinny" (the old plan), 2 rounds in opposite
# orders: rn (16 bf16, 6 of them with N a multiple of 64), rh (6 fp16); sv: session 64 call 4's
# survey products (24 per layout, M 1-64), the plan against cuBLAS, one round.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; rm -rf $R; mkdir -p $R; cp exp/s65/call4.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r4; }
timeout 280 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
RN=5x20424x528,8x23352x824,15x13448x792,8x17376x944,12x17000x768,3x5120x744,5x17208x1000,1x9544x696,5x23840x584,12x17280x936,8x14656x744,16x20352x520,5x22784x1000,14x9472x560,13x9984x768,12x18304x696
RH=13x19664x776,5x5920x664,10x18736x736,8x20256x832,4x13864x792,5x16408x800
SVN=36x1512x1168,49x10224x14816,58x16632x4208,54x11720x3248,32x17744x2424,22x15400x13416,3x16320x1288,33x14832x7344,21x3328x15528,11x19288x2712,15x14984x10784,30x15104x6720,2x1176x12528,30x1952x10768,62x2904x7944,25x12256x6312,22x2664x4752,27x784x11088,26x11784x9048,19x20816x1912,32x16008x5288,34x6664x3824,58x9256x6816,5x22088x8912
SVT=61x15000x15232,2x14536x7216,16x17664x4904,26x7712x12776,35x23032x9264,2x6720x2168,26x3200x9360,26x9392x10176,44x8384x14112,4x21008x10616,14x4304x10496,4x7384x14488,26x13224x8224,62x15800x304,64x21824x14048,36x1336x3512,35x2984x6128,12x8512x560,5x16608x1536,52x5360x13064,40x15152x6080,49x19744x848,18x16864x15488,10x17528x8208
b() { timeout 90 python bench/bench_skinny.py --layouts $1 --dtype $2 --shapes $3 --kernels $4 --out $R/$5 > $R/$5.txt 2>&1; echo "$5 rc=$? $SECONDS s"; save; }
b nn bf16 $RN auto,skinny rn_1
b nn fp16 $RH auto,skinny rh_1
b nn fp16 $RH skinny,auto rh_2
b nn bf16 $RN skinny,auto rn_2
b nn bf16 $SVN auto survey_nn
b nt bf16 $SVT auto survey_nt
rm -f $R/*.png; save
