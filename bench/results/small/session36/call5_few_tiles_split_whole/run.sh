#!/usr/bin/env bash
# Session 36 call 5: products of at most half a wave split whole along K (every tile: head on
# its block, tail on another; the last-wave split's machinery). Suite, memcheck, then kernel
# times with the split (default) against TILEDMM_SPLIT_LAST_WAVE=off in the same build.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/few_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/new.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 60 python -m pytest -q -x -p no:logging tests/test_last_wave_split.py > $R/lws_tests.log 2>&1; echo "lws tests rc=$? $SECONDS s"; tail -2 $R/lws_tests.log
save
SH=64x64x64,128x128x128,256x256x256,384x384x384,512x512x512,1024x64x1024,1024x48x1024,128x1024x1024,64x1024x1024,2048x64x1024,256x2048x1024,64x2048x2048
for round in 1 2; do
  for sw in on off; do
    for dt in bf16 tf32; do
      TILEDMM_SPLIT_LAST_WAVE=$sw timeout 60 python bench/kernel_times.py gemm $SH --dtype $dt --top 3 > $R/kt_${dt}_${sw}_$round.txt 2>&1; echo "kt $dt $sw rc=$? $SECONDS s"
    done
  done
done
save
timeout 240 python -m pytest -q -p no:logging -rs tests > $R/suite_new.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -2 $R/suite_new.log
save
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16,float32 > $R/san_memcheck_wgmma.log 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -1 $R/san_memcheck_wgmma.log
save
