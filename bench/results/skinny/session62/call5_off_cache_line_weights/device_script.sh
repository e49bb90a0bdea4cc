# Session 62 call 5 (HEAD's build, measurement): the C^T rules leave out weights whose lines
# are off 128-byte lines (bf16 x @ W with N not a multiple of 64; x @ W^T with K not a multiple
# of 64), where skinny runs at 0.72-0.91x cuBLAS (call 3's controls). 64x32 C^T by name (cut
# along K by the same rule where its tiles are few) against the plan (skinny) and cuBLAS:
# nn at 17-32 rows x 1096-2736 rows (call 3's controls) and x 4328-15840 rows, nn at 9-16 rows
# x 3856-7704 rows (K >= 4736), nt with K off 64; 2 rounds in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; rm -rf $R; mkdir -p $R; cp exp/s62/call5.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r5; }
CT=wgmma:64x32_ct_k256B_1wg_s8
P=22x1096x7936,28x1312x12416,22x1296x4160,25x2272x6848,32x2024x4352,22x2384x7552,19x1632x12992,31x2120x4352,29x1592x9664,28x1912x4288,26x2736x8832,30x1448x15360
A=27x12912x11200,28x15568x15296,28x9240x15040,26x14160x8960,31x15840x6592,30x13920x1088,23x5960x4800,18x6800x6912,21x7112x13120,29x15736x12288,29x4328x11264,20x9112x11584
B=14x3856x15552,14x7704x11392,9x7392x7424,14x4848x15040,14x6712x13376,13x5472x13824,16x4944x4736,12x4536x5760
C=26x15360x14808,17x2240x10744,27x1280x4976,17x1984x7112,23x3072x13000,20x2752x15352,25x4736x9768,26x7552x14024
b() { timeout 150 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nn $P,$A,$B auto,$CT nn_1
b nt $C auto,$CT nt_1
b nt $C $CT,auto nt_2
b nn $P,$A,$B $CT,auto nn_2
