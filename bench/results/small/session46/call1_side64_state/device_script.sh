#!/bin/bash
# Session 46, call 1: where M = 33-64 decode products stand (HEAD's build): the decode
# stream (cold weights, CUDA graphs) against cuBLAS, kernel times by config, and ncu's
# DRAM throughput for the planner's kernel and cuBLAS's at 64x11008x4096 and 64x4096x4096.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r1; mkdir -p $R
cp exp/s46/call1.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 150 python bench/decode_stream.py --m 33,48,64 --out $R/decode_stream_m33_64 > $R/decode_stream.txt 2>&1
for L in nn nt; do
timeout 100 python bench/kernel_times.py gemm 64x4096x4096,48x4096x4096,64x11008x4096,64x4096x11008 --layout $L --top 4 \
  --kernel auto,wgmma:64x64_k128B_1wg_s4,wgmma:128x64_k256B_2wg_s4,wgmma:64x80_ct_k256B_1wg_s5 > $R/kt_$L.txt 2>&1
done
cat > /tmp/one.py <<'PY'
import sys, torch, tiledmm
m, n, k = (int(v) for v in sys.argv[1].split("x")); which = sys.argv[2]
a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16); b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t()
for _ in range(3):
    c = tiledmm.gemm(a, b) if which == "ours" else torch.matmul(a, b)
torch.cuda.synchronize()
PY
for S in 64x11008x4096 64x4096x4096; do for W in ours cublas; do
timeout 60 ncu --launch-skip 2 --launch-count 2 --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,lts__t_sector_hit_rate.pct,sm__cycles_active.avg,launch__grid_size,launch__occupancy_limit_shared_mem,sm__warps_active.avg.pct_of_peak_sustained_active python /tmp/one.py $S $W > $R/ncu_${S}_$W.txt 2>&1
done; done
tar czf $OUT/results.tgz -C /tmp r1
grep -v -i warn $R/decode_stream.txt | tail -25
for f in $R/kt_*.txt; do echo "## $f"; grep -E "^==|µs each" $f | head -60; done
