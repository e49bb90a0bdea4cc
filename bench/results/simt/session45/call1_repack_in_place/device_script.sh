#!/bin/bash
# Session 45, call 1: simt's unaligned B (rows of 1023 floats) staged in place, element by
# element, against HEAD's padded copy (TILEDMM_SIMT_REPACK=off, a measurement switch, in the
# same build). bench.py, odd_ratio and timelines both ways; targeted tests both ways.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r1; mkdir -p $R
cp exp/s45/call1.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
SHAPES=1024x1024x1024,1025x1023x1021,1024x1023x1024,513x1023x1021,768x1023x1021,2049x2047x2045,3073x3071x3069,4097x4095x4093
for mode in on off; do
  TILEDMM_SIMT_REPACK=$mode timeout 200 python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_repack_${mode}_h100 > $R/bench_$mode.txt 2>&1
  TILEDMM_SIMT_REPACK=$mode timeout 100 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_$mode > $R/odd_$mode.txt 2>&1
  TILEDMM_SIMT_REPACK=$mode timeout 80 python bench/timeline.py 1025x1023x1021,1024x1023x1024,1024x1024x1024 --dtype fp32 --steps 30 > $R/timeline_$mode.txt 2>&1
  TILEDMM_SIMT_REPACK=$mode timeout 200 python -m pytest -q -x tests/test_split_k.py tests/test_few_rows.py tests/test_unaligned_output.py tests/test_gemm_correctness.py > $R/pytest_targeted_$mode.log 2>&1; echo "pytest rc=$?" >> $R/pytest_targeted_$mode.log
done
tar czf $OUT/results.tgz -C /tmp r1
for mode in on off; do echo "== $mode"; grep -E "x .*fp32" $R/bench_$mode.txt; tail -1 $R/odd_$mode.txt; grep -v matmul $R/timeline_$mode.txt | head -30; tail -1 $R/pytest_targeted_$mode.log; done
