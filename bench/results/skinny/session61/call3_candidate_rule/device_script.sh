# Session 61 call 3: the candidate planner (16-bit products of <= 32 rows against a weight
# deep in K take wgmma's 64x32 C^T tiles where they reach a third of the SMs: > 16 rows in
# either layout, 9-16 rows of a row-major weight in one wave). Full GPU suite; 20 random
# products of the rule's region (M 9-32, N 2816-16384, K 4096-16384, nn and nt) against the
# skinny family's own choice (what the planner took before) and cuBLAS, 2 rounds in opposite
# orders; call 1's shapes likewise; the decode stream (one round).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; rm -rf $R; mkdir -p $R; cp exp/s61/call3.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r3; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt 2>&1
timeout 320 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log; save
S=24x5760x13184,15x16064x9344,18x8064x15424,9x10752x9920,20x3840x10688,23x8192x6784,19x13120x4160,25x14080x5568,29x5632x9600,9x9856x6400,13x14720x10688,18x7552x16128,19x9984x9280,28x8896x14336,29x5696x15744,28x7040x10944,22x6592x6208,14x3712x12928,20x10688x4288,26x9088x5440
timeout 150 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels auto,skinny --out $R/rand_1 > $R/rand_1.txt 2>&1; echo "rand 1 rc=$? $SECONDS s"; save
timeout 150 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels skinny,auto --out $R/rand_2 > $R/rand_2.txt 2>&1; echo "rand 2 rc=$? $SECONDS s"; save
S1=16x2048x4096,16x3072x4096,16x3072x8192,24x3072x8192,32x2048x4096,32x3072x4096,32x3072x8192,16x4096x4096,32x4096x4096
timeout 100 python bench/bench_skinny.py --layouts nn,nt --shapes $S1 --kernels auto,skinny --out $R/ws_1 > $R/ws_1.txt 2>&1; echo "ws 1 rc=$? $SECONDS s"; save
timeout 100 python bench/bench_skinny.py --layouts nn,nt --shapes $S1 --kernels skinny,auto --out $R/ws_2 > $R/ws_2.txt 2>&1; echo "ws 2 rc=$? $SECONDS s"; save
timeout 100 python bench/decode_stream.py --out $R/ds_plan > $R/ds_plan.txt 2>&1; echo "ds rc=$? $SECONDS s"; save
