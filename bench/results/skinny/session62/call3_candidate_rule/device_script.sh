# Session 62 call 3: the candidate planner: products of 17-32 rows against 16-43 tiles of 64
# weight rows (a third of the SMs) with K >= 8 KB per row take 64x32 C^T tiles cut along K
# into parts (about half the SMs' worth of blocks), with the standing flags. Full GPU suite;
# compute-sanitizer memcheck over the parts cases; 20 random bf16 products of the region
# (M 17-32, N 968-2808, K 4096-16384) and 8 fp16 ones, both layouts, against the skinny
# family's own choice (the old plan) and cuBLAS, 2 rounds in opposite orders; the decode stream.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; rm -rf $R; mkdir -p $R; cp exp/s62/call3.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r3; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt 2>&1
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
timeout 120 compute-sanitizer --tool memcheck --leak-check no python exp/s62/sanitize_parts.py > $R/memcheck.txt 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -3 $R/memcheck.txt; save
S=22x1096x7936,31x1600x15040,28x1312x12416,22x1296x4160,25x2272x6848,20x1024x11776,32x2024x4352,27x2176x14656,22x2384x7552,19x1632x12992,31x2120x4352,29x1592x9664,28x1912x4288,26x2736x8832,30x1448x15360,25x1360x6912,17x2144x13376,23x992x6464,24x1248x5760,28x1888x12096
F=26x2696x7360,28x2120x6656,27x1256x10624,29x1664x10624,32x968x9984,19x1168x4352,31x1200x15872,24x2272x12736
b() { timeout 150 python bench/bench_skinny.py --dtype $1 --layouts nn,nt --shapes $2 --kernels $3 --out $R/$4 > $R/$4.txt 2>&1; echo "$4 rc=$? $SECONDS s"; save; }
b bf16 $S auto,skinny rand_1
b fp16 $F auto,skinny fp16_1
b fp16 $F skinny,auto fp16_2
b bf16 $S skinny,auto rand_2
timeout 100 python bench/decode_stream.py --out $R/ds_plan > $R/ds_plan.txt 2>&1; echo "ds rc=$? $SECONDS s"; save
