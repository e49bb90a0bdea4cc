# Session 60 call 1: skinny's register stream with the (row block, K step) units shared out
# evenly among a whole number of blocks per SM (StreamPartition, pick_even_stream_split)
# where its blocks leave SMs idle. ptxas report of skinny.cu; the full GPU suite; then the
# split-K shapes of session 59 with the even shares on and off (TILEDMM_SKINNY_EVEN=off) in
# the same build, 2 alternating rounds, cuBLAS in each; then the decode stream (unchanged plans).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s60/call1.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r1; }
timeout 100 python -m pytest -q -p no:cacheprovider tests/test_skinny.py > $R/pytest_skinny.log 2>&1; echo "pytest skinny rc=$? $SECONDS s"; save
tail -3 $R/pytest_skinny.log
S=16x1024x4096,16x2048x4096,16x3072x4096,16x1024x8192,16x2048x8192,16x3072x8192,8x3072x8192,1x3072x8192,32x2048x8192,16x3072x14336,16x1536x8192,1x2048x8192,8x1536x4096,16x2560x8192
for round in 1 2; do
  TILEDMM_SKINNY_EVEN=off timeout 100 python bench/bench_skinny.py --layouts nn,nt --shapes $S --out $R/bs_off_$round > $R/bs_off_$round.txt 2>&1; echo "off $round rc=$? $SECONDS s"
  timeout 100 python bench/bench_skinny.py --layouts nn,nt --shapes $S --out $R/bs_even_$round > $R/bs_even_$round.txt 2>&1; echo "even $round rc=$? $SECONDS s"; save
done
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log
timeout 40 python bench/decode_stream.py --m 1,16 --out $R/ds > $R/ds.txt 2>&1; echo "decode rc=$? $SECONDS s"; save
grep "tiledmm " $R/ds.txt | cut -c1-64
