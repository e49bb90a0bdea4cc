#!/usr/bin/env bash
# Session 39 call 6: the persistent schedule's divisions by launcher-prepared divisors (build
# fd): kernel times (CUPTI) of small and large products, rounds old (pp4, HEAD's code), fd, fd,
# old; the full GPU suite; memcheck and synccheck of the bf16 and float32 wgmma workload.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
# call 6a left the base and HEAD's build under build/s39/ on this warm machine
test -f build/s39/old.so || { echo "no build/s39/old.so: not the machine of call 6a"; exit 3; }
cp build/s39/old.so /tmp/old.so
Z -q -d --long=27 --patch-from=build/s39/base.so exp/fd_s.patch.zst -o /tmp/fd.so || exit 1
md5sum /tmp/old.so /tmp/fd.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
SMALL=64x64x64,256x256x256,512x512x512,768x768x768,1024x1024x1024,128x1024x1024,1024x64x1024,1024x1024x4096,1536x1024x2048
LARGE=4096x4096x1024,4096x4096x4096,8192x4096x4096
for round in old fd fd old; do
  cp /tmp/$round.so tiledmm/_C.abi3.so
  timeout 120 python bench/kernel_times.py gemm $SMALL --dtype bf16 --top 2 > $R/kt_small_${round}_$SECONDS.txt 2>&1; echo "kt small $round rc=$? $SECONDS s"
  timeout 120 python bench/kernel_times.py gemm $LARGE --dtype bf16 --layout nt --top 1 > $R/kt_large_${round}_$SECONDS.txt 2>&1; echo "kt large $round rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm 512x512x512,1024x1024x1024,1024x1024x4096 --dtype tf32 --top 2 > $R/kt_tf32_${round}_$SECONDS.txt 2>&1; echo "kt tf32 $round rc=$? $SECONDS s"
done
save
cp /tmp/fd.so tiledmm/_C.abi3.so
timeout 200 python -m pytest -q -p no:logging -rs tests > $R/suite.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -2 $R/suite.log
save
export PYTORCH_NO_CUDA_MEMORY_CACHING=1
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16,float32 > $R/san_memcheck.txt 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -2 $R/san_memcheck.txt
timeout 120 compute-sanitizer --tool synccheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 > $R/san_synccheck.txt 2>&1; echo "synccheck rc=$? $SECONDS s"; tail -2 $R/san_synccheck.txt
save
