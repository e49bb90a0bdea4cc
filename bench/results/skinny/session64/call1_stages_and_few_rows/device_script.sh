# Session 64 call 1 (HEAD bfcad9c's build, measurement): (A) nt 9-16 rows x 6736-19296 rows,
# deep K (skinny's staged plan, the ring at half an SM: 4 stages at 16 rows) with the ring at
# 6 and 8 stages (TILEDMM_SKINNY_STAGES); (B) nt 1-8 rows x 5252-23588 rows, K 1480-8008
# (r16_w8_u4 over several waves) against r32_w8_u2, the staged config and 64x32 C^T by name,
# 2 rounds in opposite orders; (C) the decode stream nt M = 16 with the ring at 4 / 6 / 8.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s64/call1.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r1; }
CT=wgmma:64x32_ct_k256B_1wg_s8
A=11x13040x8728,14x10920x15776,16x14256x11128,10x14392x15376,14x16352x10864,16x9920x13584,16x12488x12336,10x6736x13264,16x19296x6296,15x15328x12064
B=8x16860x4056,7x5252x1840,6x16804x3968,7x7140x8008,4x12612x1784,8x6340x7288,5x11308x7320,1x23588x1480,2x19148x7328,7x21652x2752,6x6084x5472,2x10132x7672
b() { timeout 150 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nt $A auto ntA_1
TILEDMM_SKINNY_STAGES=8 b nt $A auto s8ntA_1
TILEDMM_SKINNY_STAGES=6 b nt $A auto s6ntA_1
b nt $B auto,skinny:r32_w8_u2,skinny:r32_w8_bulk,$CT ntB_1
d() { timeout 60 python bench/decode_stream.py --layouts nt --m 16 --out $R/$1 > $R/$1.txt 2>&1; echo "$1 rc=$? $SECONDS s"; save; }
d ds_s4
TILEDMM_SKINNY_STAGES=8 d ds_s8
TILEDMM_SKINNY_STAGES=6 d ds_s6
TILEDMM_SKINNY_STAGES=6 b nt $A auto s6ntA_2
TILEDMM_SKINNY_STAGES=8 b nt $A auto s8ntA_2
b nt $A auto ntA_2
b nt $B $CT,skinny:r32_w8_bulk,skinny:r32_w8_u2,auto ntB_2
