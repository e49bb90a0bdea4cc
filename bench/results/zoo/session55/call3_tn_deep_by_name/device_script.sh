# Session 55 call 3: tn at deep K, every 128-row config by name against cuBLAS, nn alongside
# (exp/s55/tn_deep.py), on the build of commit 8042c88.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; mkdir -p $R; cp exp/s55/call3.sh $R/device_script.sh; cp exp/s55/tn_deep.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r3; }
timeout 300 python exp/s55/tn_deep.py $R/tn_deep.json > $R/tn_deep.txt 2>&1; echo "tn_deep rc=$? $SECONDS s"; save
grep -v -i warn $R/tn_deep.txt | tail -20
