# Session 52 call 2 (HEAD's build, 83d4775): small products <= 1024 in alternating rounds
# (status), and the layers of common models (forward, grad_x, grad_W) against torch.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; mkdir -p $R; cp exp/s52/call2.sh $R/device_script.sh; cp exp/s52/zoo.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r2; }
timeout 120 python bench/small_products.py s52 --out $R --dtypes bfloat16,float16,float32 --rounds 5 \
  --shapes 64x64x64,128x128x128,256x256x256,384x384x384,512x512x512,768x768x768,1000x1000x1000,1024x1024x1024 > $R/small.txt 2>&1
echo "small rc=$? $SECONDS s"; save
timeout 400 python exp/s52/zoo.py $R/zoo.json 2 > $R/zoo.txt 2>&1
echo "zoo rc=$? $SECONDS s"; save
grep -v -i warn $R/small.txt; tail -28 $R/zoo.txt
