# Session 59 call 8, the candidate build: skinny's split-K as far as one wave (tiles x slices
# <= SMs; pick_stream_split) instead of pick_split_k's waves(S) / S. The full GPU suite, then
# the 22 shapes of call 7 with the planner's choice (bench_skinny.py, cuBLAS in the same run),
# then the decode stream (both layouts, M = 1, 8, 16, 32; its shapes keep their plans).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r8; rm -rf $R; mkdir -p $R; cp exp/s59/call8.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r8; }
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log
S=16x1024x4096,16x2048x4096,16x3072x4096,16x1024x8192,16x2048x8192,16x3072x8192,8x3072x8192,1x3072x8192,32x2048x8192,16x3072x14336,16x1536x8192
timeout 100 python bench/bench_skinny.py --layouts nn,nt --shapes $S --out $R/bs_planner > $R/bs_planner.txt 2>&1; echo "bench_skinny rc=$? $SECONDS s"; save
timeout 60 python bench/decode_stream.py --m 1,8,16,32 --out $R/ds_planner > $R/ds_planner.txt 2>&1; echo "decode rc=$? $SECONDS s"; save
grep skinny $R/bs_planner.txt | cut -c1-150
grep "tiledmm " $R/ds_planner.txt | cut -c1-64
