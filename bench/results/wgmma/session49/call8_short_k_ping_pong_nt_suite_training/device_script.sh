#!/bin/bash
# Session 49, call 8: the short-K ping-pong rule for x @ W^T only (both operands K-major, lines
# on their sectors). Full GPU suite; 22 changed plans from a new sample (3,000 random nt
# products, K 256-1024) + bf16 4096x1024x1024 (TinyGPT's attention projections) against the
# previous plan's config by name (ab.py); bench_linear.py's training step (TinyGPT).
export PYTHONPATH=$PWD
R=/tmp/r8; rm -rf $R; mkdir -p $R
cp exp/s49/call8.sh $R/device_script.sh; cp exp/s49/ab.py exp/s49/cases8.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 250 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
timeout 200 python exp/s49/ab.py exp/s49/cases8.json $R/ab8.json 2>&1 | grep -v -i warn > $R/ab8.txt
timeout 150 python bench/bench_linear.py --no-layers --out $R/training_bf16_h100_session49.json > $R/training.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r8
cat $R/ab8.txt; grep -v -i warn $R/training.txt | tail -8
