#!/bin/bash
# Session 45, call 3: simt's split-K slices summed in a chain (common/slice_chain.cuh) instead
# of planes + reduction. Tests of the chain; same-build A/B against the planes
# (TILEDMM_SIMT_SLICE_CHAIN=off): bench.py, odd_ratio, timelines; memcheck; full suite.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r3; mkdir -p $R
cp exp/s45/call3.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 200 python -m pytest -q -x tests/test_slice_chain.py tests/test_split_k.py tests/test_few_rows.py tests/test_row_tail.py > $R/pytest_targeted.log 2>&1; echo "pytest rc=$?" >> $R/pytest_targeted.log
tail -3 $R/pytest_targeted.log
SHAPES=1024x1024x1024,1025x1023x1021,768x768x768,1000x1000x1000,513x1000x1021,385x2501x1501,512x512x4096,256x256x8192,128x1024x4096,64x4096x4096,16x4096x4096,100x1023x2000,33x4093x3000,3072x3072x3072
for mode in on off; do
  TILEDMM_SIMT_SLICE_CHAIN=$mode timeout 200 python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_chain_${mode}_h100 > $R/bench_$mode.txt 2>&1
  TILEDMM_SIMT_SLICE_CHAIN=$mode timeout 100 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_$mode > $R/odd_$mode.txt 2>&1
  TILEDMM_SIMT_SLICE_CHAIN=$mode timeout 80 python bench/timeline.py 1025x1023x1021,1024x1024x1024,256x256x8192 --dtype fp32 --steps 30 > $R/timeline_$mode.txt 2>&1
  TILEDMM_SIMT_SLICE_CHAIN=$mode timeout 60 python bench/bench.py --dtypes fp64 --shapes 512x512x512,1024x1024x1024,256x512x16384 --out $R/fp64_chain_${mode}_h100 > $R/bench_fp64_$mode.txt 2>&1
done
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py simt dtype=float32 > $R/memcheck_simt.log 2>&1; echo "memcheck rc=$?" >> $R/memcheck_simt.log
timeout 300 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r3
for mode in on off; do echo "== $mode"; grep -E "x .*fp(32|64)" $R/bench_$mode.txt $R/bench_fp64_$mode.txt | sed 's/^[^:]*://'; tail -1 $R/odd_$mode.txt; grep -v matmul $R/timeline_$mode.txt | grep -v "^$" | head -20; done
tail -2 $R/memcheck_simt.log
tail -2 $R/pytest_full.log
