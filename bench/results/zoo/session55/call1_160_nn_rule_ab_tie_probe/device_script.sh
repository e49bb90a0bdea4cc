# Session 55 call 1: 128x160 C^T tiles in the nn/nt wave rule, against the previous plan's
# 128x192 by name on the 57 plans it changes (56 random nn/nt draws + one layer-zoo cell); a
# by-name probe of 128x192 against 128x128 where the wave rule ties at deep K; the full GPU suite.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; mkdir -p $R; cp exp/s55/call1.sh $R/device_script.sh; cp exp/s55/tie.py exp/s55/gen_nn160.py exp/s55/nn160_cases.json exp/s55/tie_cases.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r1; }
AB=bench/results/zoo/session54/call4_128x160_rule_ab_suite/ab.py
timeout 150 python $AB exp/s55/nn160_cases.json $R/ab.json > $R/ab.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
timeout 120 python exp/s55/tie.py exp/s55/tie_cases.json $R/tie.json > $R/tie.txt 2>&1; echo "tie rc=$? $SECONDS s"; save
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
grep -v -i warn $R/ab.txt | tail -3; grep -v -i warn $R/tie.txt | tail -26; tail -2 $R/pytest_full.log
