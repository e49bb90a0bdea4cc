# Session 52 call 3 (HEAD's build): 16-bit tn (A column-major) against nn, every config by name.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; mkdir -p $R; cp exp/s52/call3.sh $R/device_script.sh; cp exp/s52/tn_grid.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 400 python exp/s52/tn_grid.py $R/tn_grid.json > $R/tn_grid.txt 2>&1
echo "rc=$? $SECONDS s"; tar czf $OUT/results.tgz -C /tmp r3
grep -v -i warn $R/tn_grid.txt
