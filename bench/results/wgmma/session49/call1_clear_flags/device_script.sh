#!/bin/bash
# Session 49, call 1: the build with clear_flags (a split last wave's flags zeroed by a
# one-block kernel the GEMM follows as a programmatic dependent) and the one-gcd alignment
# look. Full GPU suite; then the flags A/B in alternating processes (memset, clear, clear,
# memset) on every split-last-wave shape of the squares and a few others, and controls.
export PYTHONPATH=$PWD
R=/tmp/r1; rm -rf $R; mkdir -p $R
cp exp/s49/call1.sh $R/device_script.sh; cp exp/s49/flags_ab.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
cuobjdump -res-usage tiledmm/_C.abi3.so 2>&1 | grep -A1 "clear_flags" | head -4 > $R/res_usage_clear_flags.txt
timeout 250 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
grep -E "FAILED|passed|failed|rc=" $R/pytest_full.log | tail -12
S=bf16:1792x1792x1792,bf16:2176x2176x2176,bf16:2304x2304x2304,bf16:3328x3328x3328,bf16:3712x3712x3712,bf16:1024x1024x8192,bf16:1000x1000x8200,bf16:6144x6144x6144,fp16:1792x1792x1792,tf32:1792x1792x1792,bf16:2048x2048x2048,bf16:1536x1536x1536
for label in memset clear clear memset; do
  if [ $label = memset ]; then export TILEDMM_CLEAR_FLAGS=memset; else unset TILEDMM_CLEAR_FLAGS; fi
  timeout 150 python exp/s49/flags_ab.py $label $S $R/flags_ab.jsonl >> $R/flags_ab.txt 2>&1
done
unset TILEDMM_CLEAR_FLAGS
cat $R/flags_ab.txt
tar czf $OUT/results.tgz -C /tmp r1
