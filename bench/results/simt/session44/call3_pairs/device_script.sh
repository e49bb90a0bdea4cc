#!/bin/bash
# Session 44, call 3: simt's split-K slices summed in thread-block clusters of the largest
# divisor of the slices the GPU holds a round of (pairs for 4 slices of 128x256 on an H100),
# the clusters' sums in planes when they hold fewer than all slices. Targeted tests; bench.py,
# odd_ratio and timelines with clusters (default) and with TILEDMM_SIMT_CLUSTER=off, each
# against torch.matmul in its own run; memcheck over simt float32/float64.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r3; mkdir -p $R
cp exp/s44/call3.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 240 python -m pytest -q -x tests/test_cluster_split_k.py tests/test_split_k.py tests/test_few_rows.py tests/test_explain.py > $R/pytest_cluster.log 2>&1; echo "pytest rc=$?" >> $R/pytest_cluster.log
tail -3 $R/pytest_cluster.log
SHAPES=1024x1024x1024,1025x1023x1021,1027x1000x2100,385x2501x1501,513x1000x1021,512x512x4096,256x256x8192,768x768x768,128x1024x4096,64x4096x4096,3072x3072x3072
timeout 200 python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_split_k_cluster_h100 > $R/bench_cluster.txt 2>&1
TILEDMM_SIMT_CLUSTER=off timeout 200 python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_split_k_planes_h100 > $R/bench_planes.txt 2>&1
timeout 120 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_cluster > $R/odd_cluster.txt 2>&1
TILEDMM_SIMT_CLUSTER=off timeout 120 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_planes > $R/odd_planes.txt 2>&1
timeout 100 python bench/timeline.py 1024x1024x1024,1025x1023x1021,64x4096x4096 --dtype fp32 --steps 30 > $R/timeline_cluster.txt 2>&1
TILEDMM_SIMT_CLUSTER=off timeout 100 python bench/timeline.py 1024x1024x1024,1025x1023x1021,64x4096x4096 --dtype fp32 --steps 30 > $R/timeline_planes.txt 2>&1
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py simt dtype=float32,float64 > $R/memcheck_simt.log 2>&1; echo "memcheck rc=$?" >> $R/memcheck_simt.log
tar czf $OUT/results.tgz -C /tmp r3
echo "== cluster"; grep -v -i warn $R/bench_cluster.txt | grep -E "x .*fp32"
echo "== planes"; grep -v -i warn $R/bench_planes.txt | grep -E "x .*fp32"
tail -1 $R/odd_cluster.txt; tail -1 $R/odd_planes.txt
echo "== timelines cluster"; grep -v -i "warn" $R/timeline_cluster.txt | grep -E "==|simt|reduce|repack|few" | grep -v matmul
echo "== timelines planes"; grep -v -i "warn" $R/timeline_planes.txt | grep -E "==|simt|reduce|repack|few"| grep -v matmul
tail -2 $R/memcheck_simt.log
