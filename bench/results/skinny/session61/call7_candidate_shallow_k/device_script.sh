# Session 61 call 7: the rule's 17-32-row clause from 2 KB of K per row (was 8 KB), after call
# 6 found skinny far behind there. Full GPU suite; 16 random bf16 and 6 fp16 products of the new
# part of the region (M 17-32, N 2816-16384, K 1024-4032, nn and nt) with the plan against
# kernel="skinny" (the old choice) and cuBLAS, 2 rounds in opposite orders; 8 products with K
# 256-960 (outside the rule) on 64x32 C^T by name against the plan, 2 rounds.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r7; rm -rf $R; mkdir -p $R; cp exp/s61/call7.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r7; }
timeout 320 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -1 $R/pytest_full.log; save
CT=wgmma:64x32_ct_k256B_1wg_s8
S=32x10240x2112,27x16192x1344,28x3072x2688,31x12480x1792,32x15360x3648,23x5056x2880,29x8640x2688,23x14656x1536,28x4864x4032,19x2944x1984,17x7552x1792,25x5760x1344,22x4160x3904,22x12928x2880,28x6144x2432,17x12928x1664
F=23x6848x3904,31x9088x3520,23x7744x3904,25x8128x2688,20x4928x1280,31x11584x3776
L=28x3904x384,23x10368x640,30x6912x832,23x12928x704,18x14656x832,32x8704x896,20x10624x512,26x7488x384
timeout 120 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels auto,skinny --out $R/rand_1 > $R/rand_1.txt 2>&1; echo "rand 1 rc=$? $SECONDS s"; save
timeout 120 python bench/bench_skinny.py --layouts nn,nt --shapes $S --kernels skinny,auto --out $R/rand_2 > $R/rand_2.txt 2>&1; echo "rand 2 rc=$? $SECONDS s"; save
timeout 90 python bench/bench_skinny.py --dtype fp16 --layouts nn,nt --shapes $F --kernels auto,skinny --out $R/f16_1 > $R/f16_1.txt 2>&1; echo "f16 1 rc=$? $SECONDS s"; save
timeout 90 python bench/bench_skinny.py --dtype fp16 --layouts nn,nt --shapes $F --kernels skinny,auto --out $R/f16_2 > $R/f16_2.txt 2>&1; echo "f16 2 rc=$? $SECONDS s"; save
timeout 90 python bench/bench_skinny.py --layouts nn,nt --shapes $L --kernels auto,$CT --out $R/low_1 > $R/low_1.txt 2>&1; echo "low 1 rc=$? $SECONDS s"; save
timeout 90 python bench/bench_skinny.py --layouts nn,nt --shapes $L --kernels $CT,auto --out $R/low_2 > $R/low_2.txt 2>&1; echo "low 2 rc=$? $SECONDS s"; save
