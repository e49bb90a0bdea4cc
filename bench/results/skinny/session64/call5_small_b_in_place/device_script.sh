# Session 64 call 5 (candidate: a B of at most 64 of C's columns read in place off its
# sectors at any M; TILEDMM_SECTOR_COPY=small-too copies it from 1,536 rows, as before): full
# GPU suite; memcheck over the sector tests; random products with A's lines off 32-byte
# sectors (K = 8 mod 16) on C^T plans (xn, xt: 16 per layout, M 1-64) and call 4's shallow
# ones (shn, sht), the plan ("new") against the switch ("old"), 2 rounds in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; rm -rf $R; mkdir -p $R; cp exp/s64/call5.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r5; }
timeout 260 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
timeout 150 compute-sanitizer --tool memcheck python -m pytest -q tests/test_gemm_correctness.py -k "rows_off_sectors_repacked" tests/test_last_wave_split.py::test_c_transposed_parts_match_float64 > $R/memcheck.log 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -3 $R/memcheck.log; save
XN=26x2080x8424,52x21024x8200,4x9312x3624,25x5176x3528,10x2760x3464,3x5016x5848,61x12808x10872,23x19000x7768,23x16936x3224,36x5608x12520,32x4128x9096,43x23832x2456,28x2328x9080,49x22616x10008,58x8376x4952,31x23288x8472
XT=35x16096x1560,46x23256x6136,63x4784x13288,34x10352x14616,34x8824x1304,27x20064x9272,53x3576x2392,29x11072x15960,29x17416x9224,40x9208x8632,64x17912x3144,59x22320x11368,55x19472x1240,60x20560x5992,11x21408x13656,64x6408x4440
SHN=28x13480x520,20x12920x776,25x11128x840,18x13248x936
SHT=31x13464x728,29x10752x1256,30x9928x1784,20x9064x744,24x9656x424,24x14448x1656,19x13736x616
b() { timeout 120 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels auto --out $R/$3 > $R/$3.txt 2>&1; echo "$3 rc=$? $SECONDS s"; save; }
o() { TILEDMM_SECTOR_COPY=small-too b "$@"; }
b nn $XN xn_1; o nn $XN old_xn_1
b nt $XT xt_1; o nt $XT old_xt_1
b nn $SHN shn_1; o nn $SHN old_shn_1
b nt $SHT sht_1; o nt $SHT old_sht_1
o nt $SHT old_sht_2; b nt $SHT sht_2
o nn $SHN old_shn_2; b nn $SHN shn_2
o nt $XT old_xt_2; b nt $XT xt_2
o nn $XN old_xn_2; b nn $XN xn_2
