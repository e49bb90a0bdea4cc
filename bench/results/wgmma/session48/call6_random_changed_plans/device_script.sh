#!/bin/bash
# Session 48, call 6 (the final build): 28 changed plans drawn at random from 3,000 random
# products (M 1000-2400, N 1000-min(2M, 2400), K multiples of 8 or 16 with A's lines on their
# sectors, bf16/fp16, nn/nt; 464 changed) against the previous plans by name (ab.py).
export PYTHONPATH=$PWD
R=/tmp/r6; rm -rf $R; mkdir -p $R
cp exp/s48/call6.sh $R/device_script.sh; cp exp/s48/ab.py exp/s48/cases6.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 300 python exp/s48/ab.py exp/s48/cases6.json $R/ab_random.json > $R/ab_random.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r6
grep -v -i warn $R/ab_random.txt
