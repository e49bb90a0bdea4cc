#!/bin/bash
# Session 44, call 1: simt's split-K slices summed in thread-block clusters through
# distributed shared memory (no planes, no reduction kernel). Targeted tests, then bench.py
# and odd_ratio with clusters (default) and with TILEDMM_SIMT_CLUSTER=off (planes), each
# against torch.matmul in its own run; timelines; then the full GPU suite.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r1; mkdir -p $R
cp exp/s44/call1.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 240 python -m pytest -q -x tests/test_cluster_split_k.py tests/test_split_k.py tests/test_few_rows.py > $R/pytest_cluster.log 2>&1; echo "pytest rc=$?" >> $R/pytest_cluster.log
tail -3 $R/pytest_cluster.log
python - > $R/plans.txt 2>&1 <<'PY'
import torch, tiledmm
for s in [(1024,1024,1024),(1025,1023,1021),(1027,1000,2100),(385,2501,1501),(513,1000,1021),(512,512,4096),(256,256,8192),(768,768,768),(128,1024,4096),(64,4096,4096)]:
    p = tiledmm.plan(*s, torch.float32, compute_capability=(9,0), sm_count=132, allow_tf32=False)
    print(s, p["config"], p["split_k"], p["split_k_cluster"], p["row_tail"])
PY
cat $R/plans.txt
SHAPES=1024x1024x1024,1025x1023x1021,1027x1000x2100,385x2501x1501,513x1000x1021,512x512x4096,256x256x8192,768x768x768,128x1024x4096,64x4096x4096,2048x2048x2048,3072x3072x3072,4096x4096x4096
timeout 200 python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_split_k_cluster_h100 > $R/bench_cluster.txt 2>&1
TILEDMM_SIMT_CLUSTER=off timeout 200 python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_split_k_planes_h100 > $R/bench_planes.txt 2>&1
timeout 120 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_cluster > $R/odd_cluster.txt 2>&1
TILEDMM_SIMT_CLUSTER=off timeout 120 python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 5 --out $R/odd_ratio_fp32_planes > $R/odd_planes.txt 2>&1
timeout 100 python bench/timeline.py 1024x1024x1024,1025x1023x1021 --dtype fp32 --steps 30 > $R/timeline.txt 2>&1
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tar czf $OUT/results.tgz -C /tmp r1
echo "== cluster"; grep -v -i warn $R/bench_cluster.txt | tail -18
echo "== planes"; grep -v -i warn $R/bench_planes.txt | tail -18
tail -1 $R/odd_cluster.txt; tail -1 $R/odd_planes.txt
grep -E "^== tiledmm|span" $R/timeline.txt | head
tail -2 $R/pytest_full.log
