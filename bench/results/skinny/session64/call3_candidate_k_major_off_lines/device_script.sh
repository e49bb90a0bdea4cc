# Session 64 call 3 (candidate: 9-16 rows of a K-major weight off 128-byte lines at deep K on
# 64x32 C^T): full GPU suite; random nt products out of sample, the plan against
# kernel="skinny" (the old plan), 2 rounds in opposite orders: S, 12 bf16 where skinny took its
# staged ring by bytes per SM; U, 10 bf16 of 2944-6808 rows (fewer bytes per SM); H, 6 fp16;
# the decode stream nt (plans unchanged: K multiples of 1024).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; rm -rf $R; mkdir -p $R; cp exp/s64/call3.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r3; }
timeout 260 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
S=16x9576x11096,13x17088x10232,14x21928x8040,16x11488x8776,11x20424x9784,15x15728x9400,14x23344x7600,15x23320x7952,15x21624x5848,9x22744x7192,11x25032x16048,10x15160x7032
U=12x4624x4464,13x3952x4832,13x3760x8504,12x3208x4344,9x4720x6632,12x6808x4104,16x3472x9032,9x4856x5224,13x4432x4512,9x2944x8872
H=13x12472x10392,11x23536x9392,15x7696x15960,10x16256x12328,14x4240x12240,12x5712x14480
b() { timeout 150 python bench/bench_skinny.py --layouts nt --dtype $1 --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b bf16 $S auto,skinny s_1
b bf16 $U auto,skinny u_1
b fp16 $H auto,skinny h_1
b fp16 $H skinny,auto h_2
b bf16 $U skinny,auto u_2
b bf16 $S skinny,auto s_2
timeout 60 python bench/decode_stream.py --layouts nt --m 1,8,16 --out $R/ds_plan > $R/ds_plan.txt 2>&1; echo "ds rc=$? $SECONDS s"; save
