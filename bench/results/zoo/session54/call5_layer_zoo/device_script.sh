# Session 54 call 5: the layer zoo (bench/layer_zoo.py, 3 rounds) on the final build (call 4's,
# commit 23b100d: the 128x160 C^T config and its planner rule).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; mkdir -p $R; cp exp/s54/call5.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r5; }
timeout 420 python bench/layer_zoo.py --out $R/layer_zoo_bf16_h100_session54 > $R/layer_zoo.txt 2>&1; echo "zoo rc=$? $SECONDS s"; save
tail -14 $R/layer_zoo.txt; grep "128x160" $R/layer_zoo.txt
