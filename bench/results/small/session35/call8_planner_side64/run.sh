#!/usr/bin/env bash
# Session 35 call 8: the planner's 64x64 rule for a side <= 64 (16-bit), against the
# committed build (c83f594): suite, memcheck, decode stream M = 33-64 and kernel times of
# side-64 products, alternating builds.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/head.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/head.so exp/new_s.patch.zst -o /tmp/old.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/head.so exp/plan_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/old.so /tmp/new.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 240 python -m pytest -q -p no:logging -rs tests > $R/suite_new.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -2 $R/suite_new.log
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 > $R/san_memcheck_wgmma_bf16.log 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -1 $R/san_memcheck_wgmma_bf16.log
save
SH=64x64x64,64x1024x1024,64x2048x2048,64x4096x4096,1024x64x1024,2048x64x2048,4096x64x4096,1024x48x1024,4096x40x4096
ORDER=old,new,new,old; i=0
for v in ${ORDER//,/ }; do
  i=$((i+1)); cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 60 python bench/decode_stream.py --m 33,48,64 > $R/ds_${v}_$i.txt 2>&1; echo "ds $v rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm $SH --top 3 > $R/kt_${v}_$i.txt 2>&1; echo "kt $v rc=$? $SECONDS s"
done
save
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 60 python bench/decode_stream.py --m 33,48,64 --between write-x > $R/ds_write_x_new.txt 2>&1; echo "ds write-x rc=$? $SECONDS s"
save
