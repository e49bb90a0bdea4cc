# Session 61 call 6 (call 5's build; measurement only): (1) float16 over the rule's regions
# (10 random products, nn and nt): the plan against kernel="skinny"; (2) 17-32 rows with K
# under 8 KB per row (outside the rule): 64x32 C^T by name against the plan; (3) a K-major
# weight at 1-16 rows and >= 12736 rows (outside the rule): the same. bench_skinny.py, 2 rounds
# in opposite orders each.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; rm -rf $R; mkdir -p $R; cp exp/s61/call6.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r6; }
CT=wgmma:64x32_ct_k256B_1wg_s8
F16=9x14080x11392,25x16192x12864,14x8384x12608,13x6016x7424,18x11456x7296,11x13312x6272,11x23552x8000,7x22656x9152,11x24384x4672,13x22400x4480
SH=19x4224x1792,21x4224x2880,32x4800x2176,20x5888x2880,30x4992x1088,25x4480x1984,28x14848x4032,17x15552x3520,28x5376x3072,18x14720x3136,25x15808x1088,24x4544x3328
KM=8x24704x4928,11x22656x11200,12x14336x12288,2x20672x8896,14x12928x12416,3x20480x11776,4x14464x5376,14x25280x7232,4x19264x8448,5x18048x4480,8x24832x5312,4x14272x5952
timeout 150 python bench/bench_skinny.py --dtype fp16 --layouts nn,nt --shapes $F16 --kernels auto,skinny --out $R/f16_1 > $R/f16_1.txt 2>&1; echo "f16 1 rc=$? $SECONDS s"; save
timeout 150 python bench/bench_skinny.py --dtype fp16 --layouts nn,nt --shapes $F16 --kernels skinny,auto --out $R/f16_2 > $R/f16_2.txt 2>&1; echo "f16 2 rc=$? $SECONDS s"; save
timeout 120 python bench/bench_skinny.py --layouts nn,nt --shapes $SH --kernels auto,$CT --out $R/sh_1 > $R/sh_1.txt 2>&1; echo "sh 1 rc=$? $SECONDS s"; save
timeout 120 python bench/bench_skinny.py --layouts nn,nt --shapes $SH --kernels $CT,auto --out $R/sh_2 > $R/sh_2.txt 2>&1; echo "sh 2 rc=$? $SECONDS s"; save
timeout 120 python bench/bench_skinny.py --layouts nt --shapes $KM --kernels auto,$CT --out $R/km_1 > $R/km_1.txt 2>&1; echo "km 1 rc=$? $SECONDS s"; save
timeout 120 python bench/bench_skinny.py --layouts nt --shapes $KM --kernels $CT,auto --out $R/km_2 > $R/km_2.txt 2>&1; echo "km 2 rc=$? $SECONDS s"; save
