#!/bin/bash
# Session 48, call 8 (the build whose gemm call reports 16-bit operands' TMA alignment to the
# planner): the 12 plans that changed with it (ping-pong no longer taken for operands TMA
# cannot read in place; products with B copied off the C^T configs) against the previous
# plans by name (ab.py), and the full GPU suite.
export PYTHONPATH=$PWD
R=/tmp/r8; rm -rf $R; mkdir -p $R
cp exp/s48/call8.sh $R/device_script.sh; cp exp/s48/ab.py exp/s48/cases8.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 200 python exp/s48/ab.py exp/s48/cases8.json $R/ab_aligned.json > $R/ab_aligned.txt 2>&1
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r8
grep -v -i warn $R/ab_aligned.txt
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
