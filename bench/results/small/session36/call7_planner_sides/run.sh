#!/usr/bin/env bash
# Session 36 call 7: the planner's side-<=64 rules (16-bit N <= 64: 64x64 while one block per SM;
# M <= 64 -> 64x64 in TF32 too) against HEAD's build: suite, memcheck, kernel times A/B.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/plan2_s.patch.zst -o /tmp/head.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/head.so /tmp/new.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 240 python -m pytest -q -p no:logging -rs tests > $R/suite_new.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -2 $R/suite_new.log
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 100 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16,float32 > $R/san_memcheck_wgmma.log 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -1 $R/san_memcheck_wgmma.log
save
NN=100x64x300,512x64x1024,1024x64x1024,2048x64x1024,4096x64x1024,2048x64x2048,3072x64x2048,4096x64x4096,2048x48x2048,4096x40x4096,8192x64x1024
NT=16x4096x4096,64x4096x4096,32x1024x1024,64x11008x4096,48x4096x11008,1024x64x1024,4096x64x4096
ORDER=head,new,new,head; i=0
for v in ${ORDER//,/ }; do
  i=$((i+1)); cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 60 python bench/kernel_times.py gemm $NN --dtype bf16 --top 3 > $R/kt_bf16_nn_${v}_$i.txt 2>&1; echo "kt bf16 nn $v rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm $NN --dtype tf32 --top 3 > $R/kt_tf32_nn_${v}_$i.txt 2>&1; echo "kt tf32 nn $v rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm $NT --dtype tf32 --layout nt --top 3 > $R/kt_tf32_nt_${v}_$i.txt 2>&1; echo "kt tf32 nt $v rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm $NT --dtype bf16 --layout nt --top 3 > $R/kt_bf16_nt_${v}_$i.txt 2>&1; echo "kt bf16 nt $v rc=$? $SECONDS s"
done
save
