#!/bin/bash
# Session 44, call 5: the split-K reduction's padded path (C's rows not 16-byte aligned)
# storing aligned vectors shifted through the warp's lanes instead of element by element.
# Targeted tests; odd_ratio, bench.py and timelines against the same kernel element by
# element (TILEDMM_REDUCE_REALIGN=off, measurement build only); memcheck over simt; full suite.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r5; mkdir -p $R
cp exp/s44/call5.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 200 python -m pytest -q -x tests/test_split_k.py tests/test_few_rows.py tests/test_unaligned_output.py > $R/pytest_targeted.log 2>&1; echo "pytest rc=$?" >> $R/pytest_targeted.log
tail -2 $R/pytest_targeted.log
SHAPES=1024x1024x1024,1025x1023x1021,513x1000x1021,385x2501x1501,100x1023x2000,33x4093x3000,4097x4095x4093
for mode in on off; do
  TILEDMM_REDUCE_REALIGN=$mode timeout 150 python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_reduce_realign_${mode}_h100 > $R/bench_$mode.txt 2>&1
  TILEDMM_REDUCE_REALIGN=$mode timeout 100 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_$mode > $R/odd_$mode.txt 2>&1
  TILEDMM_REDUCE_REALIGN=$mode timeout 80 python bench/timeline.py 1025x1023x1021,1024x1024x1024 --dtype fp32 --steps 30 > $R/timeline_$mode.txt 2>&1
done
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py simt dtype=float32 > $R/memcheck_simt.log 2>&1; echo "memcheck rc=$?" >> $R/memcheck_simt.log
timeout 300 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r5
for mode in on off; do echo "== $mode"; grep -E "x .*fp32" $R/bench_$mode.txt; tail -1 $R/odd_$mode.txt; grep -E "==|reduce" $R/timeline_$mode.txt | grep -v matmul; done
tail -2 $R/memcheck_simt.log
tail -2 $R/pytest_full.log
