#!/bin/bash
# Session 49, call 7: ping-pong for short K (<= 2 KB per row) from one wave of 128x128 tiles
# on, where the rules' tile is 128x128 or 128x256 (planner). 28 changed plans drawn from 3,411
# changes among 6,000 random products (768-4096 rows and columns, K 256-1024, bf16/fp16,
# nn/nt, the operands' real alignment and sectors) + bf16 2048x2048x1024 and 4096x2048x1024
# nn and nt, against the previous plan's config by name (ab.py).
export PYTHONPATH=$PWD
R=/tmp/r7; rm -rf $R; mkdir -p $R
cp exp/s49/call7.sh $R/device_script.sh; cp exp/s49/ab.py exp/s49/cases7.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 300 python exp/s49/ab.py exp/s49/cases7.json $R/ab7.json 2>&1 | grep -v -i warn > $R/ab7.txt
tar czf $OUT/results.tgz -C /tmp r7
cat $R/ab7.txt
