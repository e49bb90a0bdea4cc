# Session 51 call 4: small 16-bit products (<= 1024) with lines off their sectors, every config by
# name against the plan and cuBLAS, kernel times; build of 429ce01.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; mkdir -p $R
save() { cp exp/s51/small_grid.py $R/; cp exp/s51/dev4.sh $R/device_script.sh; tar czf $OUT/results.tgz -C /tmp r4; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 400 python exp/s51/small_grid.py $R/small_grid.json > $R/small_grid.txt 2>&1; echo "rc=$? $SECONDS s"
save
grep -v -i warn $R/small_grid.txt
