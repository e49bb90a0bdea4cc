#!/bin/bash
# Session 46, call 2: the 64x32 C^T config by name for M = 33-64 decode products (HEAD's
# build): decode stream (cold weights, graphs) and kernel times, against the planner's plan
# and cuBLAS in the same run.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r2; mkdir -p $R
cp exp/s46/call2.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
timeout 150 python bench/decode_stream.py --m 33,48,64 --kernel wgmma:64x32_ct_k256B_1wg_s8 --out $R/decode_stream_m33_64_ct32 > $R/decode_stream_ct32.txt 2>&1
timeout 150 python bench/decode_stream.py --m 33,48,64 --out $R/decode_stream_m33_64_auto > $R/decode_stream_auto.txt 2>&1
for L in nn nt; do
timeout 100 python bench/kernel_times.py gemm 64x4096x4096,48x4096x4096,33x4096x4096,64x2048x4096,64x4096x2048,64x4096x8192,64x11008x4096,64x4096x11008 --layout $L --top 4 \
  --kernel auto,wgmma:64x32_ct_k256B_1wg_s8 > $R/kt_$L.txt 2>&1
done
tar czf $OUT/results.tgz -C /tmp r2
grep -v -i warn $R/decode_stream_ct32.txt | tail -19
grep -v -i warn $R/decode_stream_auto.txt | tail -19
for f in $R/kt_*.txt; do echo "## $f"; grep -E "^==" $f | head -60; done
