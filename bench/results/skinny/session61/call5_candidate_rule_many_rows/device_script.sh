# Session 61 call 5: the rule extended (a row-major weight whose 32-row skinny blocks outnumber
# 3 per SM takes the 64x32 C^T tiles at any M <= 16). Full GPU suite; 16 random nn products of
# that region (M 1-16, N 12736-32768, K 4096-16384) with the plan against kernel="skinny" (the
# old choice) and cuBLAS, 2 rounds in opposite orders; call 4's shapes with the plan, one round.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; rm -rf $R; mkdir -p $R; cp exp/s61/call5.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r5; }
timeout 320 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -1 $R/pytest_full.log; save
S=12x17152x14336,11x30976x4736,15x18880x12096,6x19968x13632,5x15616x8128,3x14464x4096,13x28864x9792,6x13632x7680,7x13568x8064,9x15232x6784,12x24000x13760,14x17472x12736,1x20544x5952,10x29504x16000,14x21248x12928,7x19072x4416
timeout 200 python bench/bench_skinny.py --layouts nn --shapes $S --kernels auto,skinny --out $R/rand_1 > $R/rand_1.txt 2>&1; echo "rand 1 rc=$? $SECONDS s"; save
timeout 200 python bench/bench_skinny.py --layouts nn --shapes $S --kernels skinny,auto --out $R/rand_2 > $R/rand_2.txt 2>&1; echo "rand 2 rc=$? $SECONDS s"; save
