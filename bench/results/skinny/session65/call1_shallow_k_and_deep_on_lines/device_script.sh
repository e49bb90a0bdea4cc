# Session 65 call 1 (HEAD eefb659's build, measurement): sh: 16 random nt products of 1-16 rows x
# 4000-24000 rows x K 256-2048 (shallow K), the plan against skinny's staged ring, 64x32 C^T and
# 128x96 C^T by name, 2 rounds in opposite orders; dp: 12 random nt products of 9-16 rows of a
# K-major weight on 128-byte lines (K multiple of 64) at deep K, 4096-12800 rows, the plan
# against 64x32 C^T, 2 rounds; dc: the decode shapes at M = 16 nt as single products, plan and
# 64x32 C^T; ds: decode stream nt M = 16 on the plan and on 64x32 C^T.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s65/call1.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r1; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
CT=wgmma:64x32_ct_k256B_1wg_s8; C96=wgmma:128x96_ct_k128B_2wg_s6; ST=skinny:r32_w8_bulk
SH=10x8336x1120,7x7680x1080,14x8456x816,6x23392x816,14x12384x1488,4x10456x504,8x14616x1592,1x23592x1408,9x4240x1328,15x10264x1832,10x13768x1408,4x6120x328,6x10536x880,9x6592x752,10x20792x1176,10x6520x480
DP=9x5808x10944,11x11336x5760,14x5280x11200,12x12312x10688,10x4320x5824,13x10792x8576,9x12736x8768,12x9856x11264,10x11728x10624,15x11304x9600,16x10992x9536,9x9376x9856
DC=16x4096x4096,16x11008x4096,16x4096x11008
b() { timeout 90 python bench/bench_skinny.py --layouts nt --shapes $1 --kernels $2 --out $R/$3 > $R/$3.txt 2>&1; echo "$3 rc=$? $SECONDS s"; save; }
b $SH auto,$ST,$CT,$C96 sh_1
b $DP auto,$CT dp_1
b $DC auto,$CT,$ST dc_1
timeout 40 python bench/decode_stream.py --layouts nt --m 16 --out $R/ds_plan > $R/ds_plan.txt 2>&1; echo "ds_plan rc=$? $SECONDS s"
timeout 40 python bench/decode_stream.py --layouts nt --m 16 --kernel $CT --out $R/ds_ct > $R/ds_ct.txt 2>&1; echo "ds_ct rc=$? $SECONDS s"; save
b $SH $C96,$CT,$ST,auto sh_2
b $DP $CT,auto dp_2
b $DC $ST,$CT,auto dc_2
rm -f $R/*.png; save
