#!/bin/bash
# Session 45, call 5: the planner's deep-K rule (16-bit products whose 64x64 tiles' split-K
# slices would put two blocks on each SM take 128x64 tiles) on 38 sampled changed plans:
# new plan against the old one by name, do_bench and kernel times, cuBLAS alongside;
# the planner tests.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r5; mkdir -p $R
cp exp/s45/call5.sh $R/device_script.sh; cp exp/s45/plan_ab.py exp/s45/old_plans.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 400 python exp/s45/plan_ab.py exp/s45/old_plans.json $R/plan_ab.json > $R/plan_ab.txt 2>&1
timeout 100 python -m pytest -q tests/test_planner.py > $R/pytest_planner.log 2>&1; echo "pytest rc=$?" >> $R/pytest_planner.log
tar czf $OUT/results.tgz -C /tmp r5
cat $R/plan_ab.txt | grep -v Warn | grep -v warn_once; tail -15 $R/pytest_planner.log
