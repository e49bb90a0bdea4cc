#!/bin/bash
# Session 48, call 4 (the build whose rule takes the 128-wide C^T configs where their tiles
# fill one wave in less time by area): 30 changed plans against the previous plans by name
# (kernel times and do_bench, two rounds, cuBLAS alongside, the plan against float64).
export PYTHONPATH=$PWD
R=/tmp/r4; rm -rf $R; mkdir -p $R
cp exp/s48/call4.sh $R/device_script.sh; cp exp/s48/ab.py exp/s48/cases4.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 300 python exp/s48/ab.py exp/s48/cases4.json $R/ab_ct.json > $R/ab_ct.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r4
grep -v -i warn $R/ab_ct.txt
