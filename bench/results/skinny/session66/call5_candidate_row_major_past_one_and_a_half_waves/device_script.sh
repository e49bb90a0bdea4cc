# Session 66 call 5 (the candidate: also a row-major weight on 128-byte lines at K of 2-8 KB per
# row, 1-16 rows, past one and a half waves of 64x32 C^T tiles): full GPU suite; out of sample,
# random nn products whose plan it changed (qn: 12 bf16, qh: 4 fp16, 202-359 tiles), the plan
# against kernel="skinny" (the old plan), single products and (qn) in the decode stream, 2 rounds
# in opposite orders.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; rm -rf $R; mkdir -p $R; cp exp/s66/call5.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r5; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 300 python -m pytest -q -x tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
export QN=3x19008x3912,5x14144x1816,15x22912x3656,15x15168x1304,13x21760x3800,7x19392x1744,10x20736x3704,4x19456x2816,8x14208x2216,16x17088x3016,15x13760x3096,14x22976x3960
export QH=9x20608x4000,15x22592x1240,11x12928x3904,9x15424x1680
b() { timeout 60 python bench/bench_skinny.py --layouts nn --shapes $1 --kernels $2 --out $R/$3 "${@:4}" > $R/$3.txt 2>&1; echo "$3 rc=$? $SECONDS s"; save; }
d() { local name=$1; shift; timeout 60 python bench/decode_stream.py --layouts nn "$@" --out $R/$name > $R/$name.txt 2>&1; echo "$name rc=$? $SECONDS s"; save; }
b $QN auto,skinny qn_1
b $QH auto,skinny qh_1 --dtype fp16
d ds_qn_plan_1 --shapes $QN
d ds_qn_skinny_1 --shapes $QN --kernel skinny
d ds_qn_skinny_2 --shapes $QN --kernel skinny
d ds_qn_plan_2 --shapes $QN
b $QH skinny,auto qh_2 --dtype fp16
b $QN skinny,auto qn_2
rm -f $R/*.png; save
