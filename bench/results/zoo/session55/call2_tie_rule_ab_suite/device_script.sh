# Session 55 call 2: the wave rule's tie broken toward 128x192 for a column-major A at deep K
# (16-bit): out of sample, 40 of the 403 plans it changes among 4,000 random tn draws (M
# 1024-8192, N 256-2048, K 4096-16384) plus the layer zoo's two changed cells, against the old
# 128x128 by name (the session 54 A/B script); the full GPU suite on this build.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; mkdir -p $R; cp exp/s55/call2.sh $R/device_script.sh; cp exp/s55/gen_changed.py exp/s55/tn_tie_ab_cases.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r2; }
AB=bench/results/zoo/session54/call4_128x160_rule_ab_suite/ab.py
timeout 200 python $AB exp/s55/tn_tie_ab_cases.json $R/ab_tie.json > $R/ab_tie.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
grep -v -i warn $R/ab_tie.txt | tail -44; tail -2 $R/pytest_full.log
