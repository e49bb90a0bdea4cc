#!/bin/bash
# Session 49, call 5: the wave-filling C^T rule over several waves for 128x144 only (planner).
# The full GPU suite; then 30 changed plans (28 drawn from 392 changes among 4,000 random
# products of 1024-4096 rows and columns, the operands' real alignment and sectors, + bf16
# 2176x2048x2048 nn and nt) against the previous plan's config by name, two rounds, kernel
# times and do_bench, cuBLAS alongside (ab.py).
export PYTHONPATH=$PWD
R=/tmp/r5; rm -rf $R; mkdir -p $R
cp exp/s49/call5.sh $R/device_script.sh; cp exp/s49/ab.py exp/s49/cases5.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 250 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
timeout 300 python exp/s49/ab.py exp/s49/cases5.json $R/ab5.json 2>&1 | grep -v -i warn > $R/ab5.txt
cat $R/ab5.txt
tar czf $OUT/results.tgz -C /tmp r5
