# Session 52 call 7: the build with few_rows_fill_half_a_wave (planner.cpp; HEAD + working tree):
# out-of-sample A/B of the changed plans (new plan against the old plan's config by name),
# the full GPU suite, and bench/layer_zoo.py.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r7; mkdir -p $R; cp exp/s52/call7.sh $R/device_script.sh; cp exp/s52/ab/*.py exp/s52/ab/cases60.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r7; }
timeout 200 python exp/s52/ab/ab.py exp/s52/ab/cases60.json $R/ab.json > $R/ab.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
timeout 240 python -m pytest -q tests -x -p no:cacheprovider > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
timeout 150 python bench/layer_zoo.py --out $R/layer_zoo_bf16_h100_session52 > $R/layer_zoo.txt 2>&1; echo "zoo rc=$? $SECONDS s"; save
tail -3 $R/ab.txt; tail -2 $R/pytest_full.log; tail -14 $R/layer_zoo.txt
