#!/bin/bash
# Session 45, call 9: the final planner (the deep-K 128x64 rule, TF32 with B column-major
# included): the full GPU suite.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r9; mkdir -p $R; cp exp/s45/call9.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r9
tail -3 $R/pytest_full.log
