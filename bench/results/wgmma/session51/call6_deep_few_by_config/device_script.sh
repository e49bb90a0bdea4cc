# Session 51 call 6: deep-K products of few tiles, every config by name against the plan; build of 429ce01.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; mkdir -p $R
save() { cp exp/s51/deep_few.py $R/; cp exp/s51/dev6.sh $R/device_script.sh; tar czf $OUT/results.tgz -C /tmp r6; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 500 python exp/s51/deep_few.py $R/deep_few.json 52 36 > $R/deep_few.txt 2>&1; echo "rc=$? $SECONDS s"
save
grep -v -i warn $R/deep_few.txt
