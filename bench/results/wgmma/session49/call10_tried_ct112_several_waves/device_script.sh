#!/bin/bash
# Session 49, call 10: 128x112 C^T over several waves too where the rules' tile is 128x128
# (planner). Full GPU suite; 36 changed plans against the previous plan's config by name
# (ab.py): 18 drawn from 555 changes 128x128 -> 128x112 C^T among 8,000 random products, 6 of
# the 23 changes 128x144 C^T -> 128x112 C^T there, 6 of the mid-size grid's 250 changes from
# short-K ping-pong (nt, K = 1024), and bf16 2176^3 nn and nt.
export PYTHONPATH=$PWD
R=/tmp/r10; rm -rf $R; mkdir -p $R
cp exp/s49/call10.sh $R/device_script.sh; cp exp/s49/ab.py exp/s49/cases10.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 250 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
timeout 280 python exp/s49/ab.py exp/s49/cases10.json $R/ab10.json 2>&1 | grep -v -i warn > $R/ab10.txt
tar czf $OUT/results.tgz -C /tmp r10
cat $R/ab10.txt
