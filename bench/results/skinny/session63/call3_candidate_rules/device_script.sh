# Session 63 call 3 (the candidate planner): 33-64 rows on 64x80 / 128x96 C^T tiles
# (medium_rows_stream_on_c_transposed_tiles); up to 16 rows of a row-major weight off 128-byte
# lines, 9-16 rows of a row-major weight of 24-43 tiles in parts, 9-16 rows of a K-major weight
# at K of 2-8 KB per row on 64x32 C^T. Full GPU suite; random products whose plan the rules
# change (none of calls 1-2), the plan against the old plan's config by name (wgmma 64x64,
# skinny), 2 rounds in opposite orders; bf16, and fp16 for a few.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; rm -rf $R; mkdir -p $R; cp exp/s63/call3.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r3; }
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
W=wgmma:64x64_k128B_1wg_s4
AN=34x11024x14960,33x14352x8504,36x14880x11848,49x18840x11880,34x22440x12288,42x22320x7208,44x16696x1952,62x6008x15080,38x11640x616,40x24016x7280,46x15920x9864,43x23216x10048,34x5848x15712,58x15648x5808
AAL=51x17280x11136,52x16704x8576,48x16448x10752,44x9472x9792,60x14016x13312,41x15936x3584,42x13888x960,34x22656x1024
AT=33x18176x9848,54x9384x13528,57x10136x4640,40x16064x13504,58x19400x10040,44x17688x12520,40x24072x1792,39x12912x7976,55x4816x10168,46x22328x14088,36x14920x5832,62x15056x11888,37x8456x9760,60x23448x8864
BN=4x13472x4616,7x20760x1024,12x12136x2912,14x15768x11848,16x23760x14672,3x13808x15904,7x3048x5784,12x13048x14824,14x19656x13736,2x21288x3936,16x8456x3160,13x3600x12544,2x10208x1784
BF=8x1768x7456,4x2520x4536,1x1944x13344,3x1616x6144,3x1184x8696,2x1688x8912
B9=11x1792x13056,16x2240x12608,12x2432x5312,9x2176x11648,12x1920x15552,14x1920x14592
CT=9x10392x3296,9x12320x1736,10x10448x1048,12x18192x3488,16x22832x1408,15x19240x1456,12x3000x4080,15x15984x2648,16x17960x3864,14x14928x3712,11x23168x2328,12x18248x1424
HA=33x12704x9296,53x20184x2912,55x10504x3272,46x14848x1552
HB=4x15480x6928,7x4888x7208,9x8696x8104,15x9512x8696
HC=11x18136x2536,13x3168x2336,13x4528x1600,16x11384x3768
b() { timeout 200 python bench/bench_skinny.py --dtype $1 --layouts $2 --shapes $3 --kernels $4 --out $R/$5 > $R/$5.txt 2>&1; echo "$5 rc=$? $SECONDS s"; save; }
b bf16 nn $AN,$AAL auto,$W an_1
b bf16 nt $AT auto,$W at_1
b bf16 nn $BN,$BF,$B9 auto,skinny bn_1
b bf16 nt $CT auto,skinny ct_1
b fp16 nn $HA auto,$W ha_1
b fp16 nn $HB auto,skinny hb_1
b fp16 nt $HC auto,skinny hc_1
b fp16 nt $HC skinny,auto hc_2
b fp16 nn $HB skinny,auto hb_2
b fp16 nn $HA $W,auto ha_2
b bf16 nt $CT skinny,auto ct_2
b bf16 nn $BN,$BF,$B9 skinny,auto bn_2
b bf16 nt $AT $W,auto at_2
b bf16 nn $AN,$AAL $W,auto an_2
