# Session 60 call 3, the candidate planner (kernels as HEAD): more than 8 small rows whose
# 16-row blocks outnumber the SMs (one per SM: a second wave) take the staged config. The full
# GPU suite; then the shapes it changes, K-major W (nt), the planner's new choice against the
# old one (r16_w8_u4 by name, the same split rule) and cuBLAS in the same run, 2 rounds in
# opposite orders; the decode stream (its shapes keep their plans).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; rm -rf $R; mkdir -p $R; cp exp/s60/call3.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r3; }
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log
S=9x2240x4096,9x2560x8192,9x3072x4096,9x3584x8192,16x2240x8192,16x2560x4096,16x2560x8192,16x3072x1024,16x3072x2048,16x3072x4096,16x3072x8192,16x3584x4096,16x3584x8192,24x2560x8192,24x3072x4096,32x2240x4096,32x2560x4096,32x3072x4096,32x3584x4096
timeout 150 python bench/bench_skinny.py --layouts nt --shapes $S --kernels auto,skinny:r16_w8_u4 --out $R/new_old_1 > $R/new_old_1.txt 2>&1; echo "round 1 rc=$? $SECONDS s"; save
timeout 150 python bench/bench_skinny.py --layouts nt --shapes $S --kernels skinny:r16_w8_u4,auto --out $R/new_old_2 > $R/new_old_2.txt 2>&1; echo "round 2 rc=$? $SECONDS s"; save
timeout 40 python bench/decode_stream.py --m 1,8,16,32 --layouts nt --out $R/ds > $R/ds.txt 2>&1; echo "decode rc=$? $SECONDS s"; save
grep "tiledmm " $R/ds.txt | cut -c1-64
