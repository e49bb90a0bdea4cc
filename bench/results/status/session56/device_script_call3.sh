# Session 56 call 3: the layer zoo (bench/layer_zoo.py) on the H200, same build as calls 1-2 (e9bf514).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; mkdir -p $R; cp exp/s56/call3.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r3; }
timeout 500 python bench/layer_zoo.py --out $R/layer_zoo_bf16_h200_session56 > $R/layer_zoo.txt 2>&1; echo "zoo rc=$? $SECONDS s"; save
tail -14 $R/layer_zoo.txt
