# Session 66 call 4 (the candidate: also a row-major weight on 128-byte lines at K of 2-8 KB per
# row, 1-16 rows, one wave of 64x32 C^T tiles from half the SMs'): full GPU suite; out of sample,
# random nn products whose plan it changed (pn: 16 bf16, ph: 6 fp16), the plan against
# kernel="skinny" (the old plan), single products and (pn) in the decode stream, 2 rounds in
# opposite orders; r4 (for the next session, not a rule): 10 random nn products of 1-16 rows at
# 2-8 KB per row past one wave (155-251 tiles), skinny's plans against 64x32 C^T by name.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; rm -rf $R; mkdir -p $R; cp exp/s66/call4.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r4; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 330 python -m pytest -q -x tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
CT=wgmma:64x32_ct_k256B_1wg_s8
export PN=3x5184x2088,1x6336x2648,7x8384x2520,2x5696x3480,3x7936x2176,3x8064x2384,10x5760x4080,2x6336x2048,1x4352x1392,11x6912x3992,15x7936x3752,12x6080x3264,3x5056x2368,3x7808x2520,10x5312x2128,8x4352x2624
export PH=2x7424x2784,8x5312x1376,6x8448x1352,10x5888x3424,11x6592x1824,16x7936x1032
export R4=4x9920x2240,7x11904x1752,10x13376x3072,1x14208x3984,7x16064x1400,11x14016x3744,14x12608x3496,2x10752x3672,4x11712x1160,12x14848x2584
b() { timeout 90 python bench/bench_skinny.py --layouts nn --shapes $1 --kernels $2 --out $R/$3 "${@:4}" > $R/$3.txt 2>&1; echo "$3 rc=$? $SECONDS s"; save; }
d() { local name=$1; shift; timeout 120 python bench/decode_stream.py --layouts nn "$@" --out $R/$name > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
b $PN auto,skinny pn_1
b $PH auto,skinny ph_1 --dtype fp16
b $R4 auto,$CT r4_1
d ds_pn_plan_1 --shapes $PN
d ds_pn_skinny_1 --shapes $PN --kernel skinny
d ds_r4_plan_1 --shapes $R4
d ds_r4_ct_1 --shapes $R4 --kernel $CT
d ds_r4_ct_2 --shapes $R4 --kernel $CT
d ds_r4_plan_2 --shapes $R4
d ds_pn_skinny_2 --shapes $PN --kernel skinny
d ds_pn_plan_2 --shapes $PN
b $R4 $CT,auto r4_2
b $PH skinny,auto ph_2 --dtype fp16
b $PN skinny,auto pn_2
rm -f $R/*.png; save
