#!/usr/bin/env bash
# Session 35 call 6: products with a small side of 33-64 (#6's "M <= 64, and N <= 64"):
# the planner's choice (wgmma 128x128 + split-K for small M, 128x64 for small N) against
# skinny, 64x64 and the experimental 64x128 by name. The x64 build (HEAD + 64x128).
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/head.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/head.so exp/x64_s.patch.zst -o /tmp/x64.so || exit 1
md5sum /tmp/x64.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/x64.so tiledmm/_C.abi3.so
for kn in auto skinny wgmma:64x64_k128B_1wg_s4 wgmma:64x128_k256B_1wg_s4 wgmma:128x64_k256B_2wg_s4; do
  tag=${kn//:/_}
  if [ $kn = auto ]; then karg=""; else karg="--kernel $kn"; fi
  timeout 60 python bench/decode_stream.py --m 33,48,64 $karg > $R/ds_$tag.txt 2>&1; echo "ds $kn rc=$? $SECONDS s"
done
save
SH=1024x64x1024,2048x64x2048,4096x64x4096,1024x48x1024,64x1024x1024,64x2048x2048
timeout 100 python bench/kernel_times.py gemm $SH --kernel auto,skinny,wgmma:64x64_k128B_1wg_s4,wgmma:64x128_k256B_1wg_s4,wgmma:128x64_k256B_2wg_s4 --top 4 > $R/kt_side64.txt 2>&1; echo "kt rc=$? $SECONDS s"
save
