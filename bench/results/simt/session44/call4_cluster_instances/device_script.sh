#!/bin/bash
# Session 44, call 4: cluster sums as their own instances of the wide tiles only (one block
# per SM; the other instances compile as before). Targeted tests; bench.py, odd_ratio and
# timelines with clusters (default) and with TILEDMM_SIMT_CLUSTER=off, each against
# torch.matmul in its own run; memcheck/racecheck/synccheck over the cluster workload; the
# full GPU suite.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r4; mkdir -p $R
cp exp/s44/call4.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 200 python -m pytest -q -x tests/test_cluster_split_k.py tests/test_split_k.py tests/test_few_rows.py tests/test_explain.py > $R/pytest_cluster.log 2>&1; echo "pytest rc=$?" >> $R/pytest_cluster.log
tail -2 $R/pytest_cluster.log
SHAPES=1024x1024x1024,1025x1023x1021,1027x1000x2100,385x2501x1501,513x1000x1021,512x512x4096,256x256x8192,768x768x768,64x4096x4096,2048x2048x2048,4096x4096x4096
timeout 150 python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_split_k_cluster_h100 > $R/bench_cluster.txt 2>&1
TILEDMM_SIMT_CLUSTER=off timeout 150 python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_split_k_planes_h100 > $R/bench_planes.txt 2>&1
timeout 100 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_cluster > $R/odd_cluster.txt 2>&1
TILEDMM_SIMT_CLUSTER=off timeout 100 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_planes > $R/odd_planes.txt 2>&1
timeout 80 python bench/timeline.py 1024x1024x1024,1025x1023x1021 --dtype fp32 --steps 30 > $R/timeline_cluster.txt 2>&1
TILEDMM_SIMT_CLUSTER=off timeout 80 python bench/timeline.py 1024x1024x1024,1025x1023x1021 --dtype fp32 --steps 30 > $R/timeline_planes.txt 2>&1
cat > /tmp/cluster_only.py <<'PY'
import sys
sys.path.insert(0, "tests")
import sanitizer_workload
print("cluster launches:", sanitizer_workload.cluster_split_launches())
PY
for tool in memcheck racecheck synccheck; do
  PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 120 compute-sanitizer --tool $tool --error-exitcode 1 python /tmp/cluster_only.py > $R/$tool.log 2>&1; echo "$tool rc=$?" >> $R/$tool.log
done
timeout 300 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r4
echo "== cluster"; grep -E "x .*fp32" $R/bench_cluster.txt
echo "== planes"; grep -E "x .*fp32" $R/bench_planes.txt
tail -1 $R/odd_cluster.txt; tail -1 $R/odd_planes.txt
echo "== timelines cluster"; grep -E "==|simt|reduce|repack|few" $R/timeline_cluster.txt | grep -v matmul
echo "== timelines planes"; grep -E "==|simt|reduce|repack|few" $R/timeline_planes.txt | grep -v matmul
for tool in memcheck racecheck synccheck; do tail -3 $R/$tool.log; done
tail -2 $R/pytest_full.log
