# Session 52 call 5 (HEAD's build): timelines under do_bench's flush (bench/timeline.py) of model-layer products.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; mkdir -p $R; cp exp/s52/call5.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 200 python bench/timeline.py 985x768x3072,256x2048x3072,1024x1024x1024,512x512x512,985x6400x1600 --dtype bf16 > $R/timeline.txt 2>&1
echo "rc=$? $SECONDS s"
timeout 200 python exp/s52/cold.py 985x768x3072,256x2048x3072,985x6400x1600 bf16 $R/cold.json > $R/cold.txt 2>&1
echo "rc=$? $SECONDS s"; tar czf $OUT/results.tgz -C /tmp r5
grep -v -i warn $R/timeline.txt; grep -v -i warn $R/cold.txt
