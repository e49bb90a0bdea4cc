# Session 66 call 1 (HEAD fdb763d's build, measurement): 9-16 rows of a K-major weight on
# 128-byte lines at deep K (skinny's plans) against 64x32 C^T by name, as single products (w1:
# one wave of 64x32 tiles at K 6400-16064; w0: one wave at K 4160-6080; w2: 143-259 tiles) and
# in the decode stream (ds1: w0 + w1, ds2: w2, graphs of distinct weights); e8: up to 8 rows at K
# of 2-4 KB per row, the plan against 64x32 and 128x96 C^T; the decode cells at M = 9-16 on the
# plan and on 64x32 C^T; nn M = 1 x 4096 x 11008 with the C^T stream lead on and off. Every
# comparison 2 rounds in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s66/call1.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r1; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
CT=wgmma:64x32_ct_k256B_1wg_s8; C96=wgmma:128x96_ct_k128B_2wg_s6
export W1=13x5832x6400,14x4136x14336,15x8144x13056,16x4216x7936,11x5096x12032,9x4776x16064,9x6008x9472,10x3512x9984,9x3904x12992,14x3440x6400,15x5488x6592,15x7064x16064
export W2=10x16568x6400,9x13920x7360,10x15288x5632,14x12616x7552,10x13008x11648,14x14216x8832,15x9128x8192,10x14760x10560,11x10824x5632,12x13704x15744,15x11184x11520,16x16104x12096
export W0=16x8224x5312,11x3328x4800,12x6432x5952,16x5216x6080,14x4280x5376,16x5576x5696,16x6360x5760,9x4032x4160,14x6520x6080,14x7280x5888
export E8=1x18208x1792,3x18264x1600,7x4040x1536,5x16016x1856,1x9424x1472,6x21712x1152,8x19328x1600,6x6752x1024,4x6568x1600,1x20184x1472,6x18344x1344,3x23080x1024
b() { timeout 90 python bench/bench_skinny.py --layouts nt --shapes $1 --kernels $2 --out $R/$3 > $R/$3.txt 2>&1; echo "$3 rc=$? $SECONDS s"; save; }
d() { local name=$1 setting=$2; shift 2; timeout 120 env $setting python bench/decode_stream.py "$@" --out $R/$name > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
b $W1 auto,$CT w1_1
b $W0 auto,$CT w0_1
b $W2 auto,$CT w2_1
b $E8 auto,$CT,$C96 e8_1
d ds1_plan_1 X=1 --layouts nt --shapes $W0,$W1
d ds1_ct_1 X=1 --layouts nt --shapes $W0,$W1 --kernel $CT
d ds2_plan_1 X=1 --layouts nt --shapes $W2
d ds2_ct_1 X=1 --layouts nt --shapes $W2 --kernel $CT
d dc_plan_1 X=1 --layouts nt --m 9,12,16
d dc_ct_1 X=1 --layouts nt --m 9,12,16 --kernel $CT
d nn1_on_1 X=1 --layouts nn --m 1
d nn1_off_1 TILEDMM_CT_STREAM_LEAD=off --layouts nn --m 1
d nn1_off_2 TILEDMM_CT_STREAM_LEAD=off --layouts nn --m 1
d nn1_on_2 X=1 --layouts nn --m 1
d dc_ct_2 X=1 --layouts nt --m 9,12,16 --kernel $CT
d dc_plan_2 X=1 --layouts nt --m 9,12,16
d ds2_ct_2 X=1 --layouts nt --shapes $W2 --kernel $CT
d ds2_plan_2 X=1 --layouts nt --shapes $W2
d ds1_ct_2 X=1 --layouts nt --shapes $W0,$W1 --kernel $CT
d ds1_plan_2 X=1 --layouts nt --shapes $W0,$W1
b $E8 $C96,$CT,auto e8_2
b $W2 $CT,auto w2_2
b $W0 $CT,auto w0_2
b $W1 $CT,auto w1_2
rm -f $R/*.png; save
