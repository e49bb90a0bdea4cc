#!/bin/bash
# Session 47, call 9 (the final build + the planner seeing lines off sectors): the changed
# plans (the call sees its operands) against the previous plans by name, kernel times and
# do_bench (ab192.py; "old" = the plan for lines on sectors), and the full GPU suite.
export PYTHONPATH=$PWD
R=/tmp/r9; rm -rf $R; mkdir -p $R
cp exp/s47/call9.sh $R/device_script.sh; cp exp/s47/ab192.py exp/s47/cases9.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 120 python exp/s47/ab192.py exp/s47/cases9.json $R/ab_sectors.json > $R/ab_sectors.txt 2>&1
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r9
grep -v -i warn $R/ab_sectors.txt; grep -E "FAILED|passed|failed" $R/pytest_full.log | tail -8
