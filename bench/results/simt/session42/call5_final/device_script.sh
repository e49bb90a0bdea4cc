#!/bin/bash
# Session 42, call 5: the final build (call 4's kernels; the planner takes rows beside only
# where their stream is modeled at most half the tiles' time). Full GPU suite; bench.py
# (do_bench against cuBLAS) with rows beside and TILEDMM_ROW_TAIL=off, two rounds each,
# alternating; odd_ratio fp32 1025x1023x1021 against 1024^3.
set -x
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r5; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -m pytest -q tests > $R/pytest_full.log 2>&1
tail -2 $R/pytest_full.log
SHAPES=1024x1024x1024,1025x1023x1021,1027x1000x2100,1026x1002x1021,2056x2047x300,2048x2048x2048,2049x2047x2045,385x2501x1501,513x1000x1021,1024x1023x1024,4097x4095x4093
for round in 1 2; do
  for sw in on off; do
    TILEDMM_ROW_TAIL=$sw python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_few_rows_${sw}_${round}_h100 > $R/bench_${sw}_$round.txt 2>&1
  done
done
python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 7 \
  --out $R/odd_ratio_fp32_1025 > $R/odd_ratio.txt 2>&1
tail -1 $R/odd_ratio.txt
tar czf $OUT/results.tgz -C /tmp r5
