# Session 51 call 5: few-tile nn products on 128x64 tiles (B off / on its sectors) against the
# 128-wide C^T configs by name; build of 429ce01.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; mkdir -p $R
save() { cp exp/s51/ct_few.py $R/; cp exp/s51/dev5.sh $R/device_script.sh; tar czf $OUT/results.tgz -C /tmp r5; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 400 python exp/s51/ct_few.py $R/ct_few.json > $R/ct_few.txt 2>&1; echo "rc=$? $SECONDS s"
save
grep -v -i warn $R/ct_few.txt
