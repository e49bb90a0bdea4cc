# Session 52 call 6 (HEAD's build): call 2's model-layer cells below 0.93x torch (fwd, dx), every config by name under do_bench (cold L2), dw (tn) cells below 0.9x too.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; mkdir -p $R; cp exp/s52/call6.sh $R/device_script.sh; cp exp/s52/zoo_grid_cold.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 400 python exp/s52/zoo_grid_cold.py exp/s52/zoo_call2.json $R/zoo_grid_cold.json > $R/zoo_grid_cold.txt 2>&1
echo "rc=$? $SECONDS s"; tar czf $OUT/results.tgz -C /tmp r6
grep -v -i warn $R/zoo_grid_cold.txt
