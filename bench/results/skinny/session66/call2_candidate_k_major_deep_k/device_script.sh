# Session 66 call 2 (the candidate: 9-16 rows of a K-major weight on 128-byte lines at deep K
# on 64x32 C^T, in one wave from half the SMs' tiles or past one and a half waves): full GPU
# suite; out of sample, random nt products whose plan it changed (oa: 12 bf16 of 66-132 tiles,
# ob: 8 bf16 of more than 198, oh: 6 fp16), the plan against kernel="skinny" (the old plan), as
# single products (bench_skinny) and in the decode stream (ds_oa/ds_ob), 2 rounds in opposite
# orders; the decode cells on the plan (no plan changed there), one round.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; rm -rf $R; mkdir -p $R; cp exp/s66/call2.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r2; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 330 python -m pytest -q -x tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
export OA=10x5880x9216,10x5488x12608,12x7568x6656,12x4304x13376,15x4616x16256,11x4992x7296,11x4560x11008,10x5048x12032,14x5592x4608,10x6704x13952,9x6504x12608,12x6776x5952
export OB=11x13456x8384,15x21160x11520,15x12728x6272,11x22800x15104,10x14448x6336,16x18080x5184,16x14712x6208,15x13096x4928
export OH=16x4624x4352,14x23128x10368,9x22696x4224,14x4240x6016,13x8248x15936,15x5392x9920
b() { timeout 90 python bench/bench_skinny.py --layouts nt --shapes $1 --kernels $2 --out $R/$3 "${@:4}" > $R/$3.txt 2>&1; echo "$3 rc=$? $SECONDS s"; save; }
d() { local name=$1; shift; timeout 120 python bench/decode_stream.py "$@" --out $R/$name > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
b $OA auto,skinny oa_1
b $OB auto,skinny ob_1
b $OH auto,skinny oh_1 --dtype fp16
d ds_oa_plan_1 --layouts nt --shapes $OA
d ds_oa_skinny_1 --layouts nt --shapes $OA --kernel skinny
d ds_ob_plan_1 --layouts nt --shapes $OB
d ds_ob_skinny_1 --layouts nt --shapes $OB --kernel skinny
d ds_ob_skinny_2 --layouts nt --shapes $OB --kernel skinny
d ds_ob_plan_2 --layouts nt --shapes $OB
d ds_oa_skinny_2 --layouts nt --shapes $OA --kernel skinny
d ds_oa_plan_2 --layouts nt --shapes $OA
b $OH skinny,auto oh_2 --dtype fp16
b $OB skinny,auto ob_2
b $OA skinny,auto oa_2
d decode_cells --m 1,8,16,32
rm -f $R/*.png; save
