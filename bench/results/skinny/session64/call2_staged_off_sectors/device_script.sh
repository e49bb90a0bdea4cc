# Session 64 call 2 (HEAD bfcad9c's build, measurement): call 1's staged products ran 69-77% of
# copy bandwidth at some K and 86-88% at others; the slow ones mostly had W's rows off 32-byte
# sectors (K = 8 mod 16). 12 random nt products of 9-16 rows with K = 8 mod 16 (Aoff) and the
# same with K + 8 (Aon, on sectors): the plan (staged) against 64x32 C^T and r32_w8_u2 by name,
# 2 rounds in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; rm -rf $R; mkdir -p $R; cp exp/s64/call2.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r2; }
CT=wgmma:64x32_ct_k256B_1wg_s8
AOFF=15x11840x6216,15x10776x14152,15x23120x14776,14x9344x7160,15x16880x6856,12x13952x15608,10x19688x11352,9x16864x5016,9x7720x10056,12x13944x11592,16x19048x7080,13x9456x14456
AON=15x11840x6224,15x10776x14160,15x23120x14784,14x9344x7168,15x16880x6864,12x13952x15616,10x19688x11360,9x16864x5024,9x7720x10064,12x13944x11600,16x19048x7088,13x9456x14464
b() { timeout 150 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nt $AOFF auto,$CT,skinny:r32_w8_u2 aoff_1
b nt $AON auto,$CT,skinny:r32_w8_u2 aon_1
b nt $AON skinny:r32_w8_u2,$CT,auto aon_2
b nt $AOFF skinny:r32_w8_u2,$CT,auto aoff_2
