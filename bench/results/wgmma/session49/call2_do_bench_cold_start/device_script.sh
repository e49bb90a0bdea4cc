#!/bin/bash
# Session 49, call 2 (call 1's build): where do_bench's extra time goes at large products,
# ours against cuBLAS: GEMM kernel durations warm, right behind do_bench's L2 flush, and
# behind the flush plus ~50 us idle; do_bench and back-to-back events alongside.
export PYTHONPATH=$PWD
R=/tmp/r2; rm -rf $R; mkdir -p $R
cp exp/s49/call2.sh $R/device_script.sh; cp exp/s49/cold_start.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 200 python exp/s49/cold_start.py 4096x4096x4096,8192x4096x4096,2048x2048x2048,4096x4096x1024 nn $R/cold_nn.json > $R/cold_nn.txt 2>&1
timeout 100 python exp/s49/cold_start.py 4096x4096x4096,8192x4096x4096 nt $R/cold_nt.json > $R/cold_nt.txt 2>&1
grep -v Warn $R/cold_nn.txt $R/cold_nt.txt | grep -v _warn
tar czf $OUT/results.tgz -C /tmp r2
