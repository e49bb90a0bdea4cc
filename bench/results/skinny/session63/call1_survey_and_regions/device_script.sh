# Session 63 call 1 (HEAD fd6fc3a's build, measurement): (a) nt 9-16 rows x 12928-32768 weight rows
# (skinny's staged config) against 64x32 C^T by name; (b) nn 9-16 rows x 1536-2752 weight rows
# at deep K against 64x32 C^T by name (cut into parts as the rule cuts it); 2 rounds in opposite
# orders each; (c) a survey: 24 random products per layout, M 1-64, N 256-24576, K 256-16384,
# the plan against cuBLAS, one round.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s63/call1.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r1; }
CT=wgmma:64x32_ct_k256B_1wg_s8
A=12x29720x13184,11x29672x16320,11x23640x8192,13x17808x9600,9x22112x12160,16x20472x14656,10x16152x10112,16x30408x7360,12x27376x10816,9x15760x12736,12x26408x8128,10x18744x6336
B=12x1608x9728,11x2256x5952,16x2256x8640,15x1632x11008,12x2160x4544,9x2256x4736,11x1720x8960,10x1552x14208,9x2312x13248,15x2184x4672,10x1880x6336,9x2008x8448
SN=3x20816x8520,44x4792x1552,37x18472x8632,3x3424x7216,7x22600x4512,18x5168x3544,19x8000x2080,63x17472x2112,48x5728x2648,17x1312x12016,41x22584x1680,4x21976x5944,26x5112x8688,19x3472x4264,9x11904x9472,30x21432x1768,11x1936x5704,56x16288x2024,1x6144x15024,1x18576x7784,43x5456x3432,48x6592x15064,37x11280x5184,17x21872x8120
ST=12x16080x15848,19x24416x15920,23x256x1032,29x5344x9608,13x12904x1312,4x20432x4600,9x11440x9928,28x11104x8088,5x17880x4000,9x16968x5768,12x23088x1192,16x22584x12176,24x8456x560,17x13832x904,11x21464x7560,21x13496x10640,5x6896x14648,53x4224x288,14x8048x13768,9x20688x2224,8x14712x3752,38x10864x2768,4x608x6488,12x3944x16280
b() { timeout 170 python bench/bench_skinny.py --layouts $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b nt $A auto,$CT ntA_1
b nn $B auto,$CT nnB_1
b nn $SN auto survey_nn
b nt $ST auto survey_nt
b nn $B $CT,auto nnB_2
b nt $A $CT,auto ntA_2
