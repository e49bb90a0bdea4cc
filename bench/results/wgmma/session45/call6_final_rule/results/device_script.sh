#!/bin/bash
# Session 45, call 6: the committed form of the planner rule (deep K, 16-bit: 64x64 plans whose
# split-K slices put two blocks per SM take 128x64 tiles, unless 128 rows pad M by >= 1/8):
# new plan against the old (64x64) by name on 28 changed plans not sampled before (bf16 and
# fp16, nn and nt); the full GPU suite.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r6; mkdir -p $R
cp exp/s45/call6.sh $R/device_script.sh; cp exp/s45/plan_ab.py exp/s45/old_plans_final.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 300 python exp/s45/plan_ab.py exp/s45/old_plans_final.json $R/plan_ab.json > $R/plan_ab.txt 2>&1
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r6
grep -v -i warn $R/plan_ab.txt; tail -3 $R/pytest_full.log
