#!/bin/bash
# Session 45, call 8: the deep-K 128x64 rule extended to TF32 (measurement build): 20 sampled
# changed TF32 plans (nn: computed as C^T; nt), new plan against the old (64x64) by name,
# do_bench and kernel times, cuBLAS (TF32) alongside.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r8; mkdir -p $R
cp exp/s45/call8.sh $R/device_script.sh; cp exp/s45/plan_ab.py exp/s45/old_plans_tf32.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 300 python exp/s45/plan_ab.py exp/s45/old_plans_tf32.json $R/plan_ab.json > $R/plan_ab.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r8
grep -v -i warn $R/plan_ab.txt
