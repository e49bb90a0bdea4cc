# Session 63 call 6 (HEAD's build, measurement): up to 8 rows of a row-major weight on 128-byte
# lines (N multiples of 64), 44-132 tiles of 64 rows, K over 8 KB per row (skinny's plan):
# against 64x32 C^T by name, 2 rounds in opposite orders; and the decode stream, row-major
# weight, M = 1 and 8, 64x32 C^T by name (the plan's run is call 5's).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; rm -rf $R; mkdir -p $R; cp exp/s63/call6.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r6; }
CT=wgmma:64x32_ct_k256B_1wg_s8
D=1x6208x9256,3x5376x14280,6x5696x11784,3x7296x14368,8x7808x9464,6x7040x8864,4x3840x8912,5x6400x9656,8x6272x10928,2x7104x8856,8x3456x15344,8x7872x13976,1x6144x15024
b() { timeout 120 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nn $D auto,$CT d_1
b nn $D $CT,auto d_2
timeout 60 python bench/decode_stream.py --layouts nn --m 1,8 --kernel $CT --out $R/ds_ct > $R/ds_ct.txt 2>&1; echo "ds rc=$? $SECONDS s"; save
