# Session 66 call 3 (HEAD 8a5417a's build, measurement): regions the planner still gives skinny,
# against 64x32 C^T by name (with the C^T stream lead), as single products and in the decode
# stream, 2 rounds in opposite orders: x1 / x2, nt 1-8 rows at deep K (83-131 / 206-358 tiles);
# r1 / r2, nn 1-8 / 9-16 rows at K of 2-8 KB per row on 128-byte lines (66-129 tiles); r3, nn
# 9-16 rows at deep K, 138-193 tiles; dn: the nn decode cells at M = 1, 8, 9, 12, 16.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; rm -rf $R; mkdir -p $R; cp exp/s66/call3.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r3; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
CT=wgmma:64x32_ct_k256B_1wg_s8
export X1=3x5632x12288,4x5888x11520,5x6784x12416,8x7232x10624,1x5632x14784,5x5312x7680,1x5888x6272,5x7104x11648,4x6848x8576,6x8384x8960
export X2=8x22656x14720,6x17536x13632,5x15616x10432,7x22912x10752,2x13184x4224,4x19200x8960,3x20032x12352,6x15104x6144
export R1=5x8256x2560,7x6592x1280,5x4224x1216,8x7552x1984,1x6656x1856,2x6464x2752,3x6272x2752,4x7488x2368,3x5120x1920,5x4608x1472
export R2=16x4416x2176,9x6336x2688,9x5376x3648,10x7488x2432,10x4352x3776,13x7872x3456,11x5760x3968,9x7872x1024
export R3=13x9216x7232,9x9920x5696,13x11456x8704,15x11136x7744,16x11776x8320,14x12352x16064,11x8832x14464,15x12032x15168
b() { timeout 90 python bench/bench_skinny.py --layouts $4 --shapes $1 --kernels $2 --out $R/$3 > $R/$3.txt 2>&1; echo "$3 rc=$? $SECONDS s"; save; }
d() { local name=$1; shift; timeout 120 python bench/decode_stream.py "$@" --out $R/$name > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
b $X1 auto,$CT x1_1 nt
b $X2 auto,$CT x2_1 nt
b $R1 auto,$CT r1_1 nn
b $R2 auto,$CT r2_1 nn
b $R3 auto,$CT r3_1 nn
d dn_plan_1 --layouts nn --m 1,8,9,12,16
d dn_ct_1 --layouts nn --m 1,8,9,12,16 --kernel $CT
for s in x1:nt:$X1 x2:nt:$X2 r1:nn:$R1 r2:nn:$R2 r3:nn:$R3; do IFS=: read n l sh <<< "$s"
  d ds_${n}_plan_1 --layouts $l --shapes $sh; d ds_${n}_ct_1 --layouts $l --shapes $sh --kernel $CT; done
for s in x1:nt:$X1 x2:nt:$X2 r1:nn:$R1 r2:nn:$R2 r3:nn:$R3; do IFS=: read n l sh <<< "$s"
  d ds_${n}_ct_2 --layouts $l --shapes $sh --kernel $CT; d ds_${n}_plan_2 --layouts $l --shapes $sh; done
d dn_ct_2 --layouts nn --m 1,8,9,12,16 --kernel $CT
d dn_plan_2 --layouts nn --m 1,8,9,12,16
b $R3 $CT,auto r3_2 nn
b $R2 $CT,auto r2_2 nn
b $R1 $CT,auto r1_2 nn
b $X2 $CT,auto x2_2 nt
b $X1 $CT,auto x1_2 nt
rm -f $R/*.png; save
