#!/usr/bin/env bash
# Session 37 call 8: deep products of few tiles cut in halves inside the kernel (new) against
# the committed planner's build (old = c513bb3, call 6's new): full GPU suite; compute-sanitizer
# on the wgmma workload (memcheck bf16 + float32, racecheck and synccheck bf16); A/B of every
# changed plan (exp/s37/ab_shapes_halves.txt, graph timing, old/new/new/old); kernel times.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/final3_s.patch.zst -o /tmp/old.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/halves_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/old.so /tmp/new.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 240 python -m pytest -q -p no:logging -rs tests > $R/suite_new.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/suite_new.log
save
export PYTORCH_NO_CUDA_MEMORY_CACHING=1
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16,float32 > $R/san_memcheck.txt 2>&1; echo "memcheck rc=$? $SECONDS s"; tail -2 $R/san_memcheck.txt
timeout 150 compute-sanitizer --tool racecheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 > $R/san_racecheck.txt 2>&1; echo "racecheck rc=$? $SECONDS s"; tail -2 $R/san_racecheck.txt
timeout 100 compute-sanitizer --tool synccheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 > $R/san_synccheck.txt 2>&1; echo "synccheck rc=$? $SECONDS s"; tail -2 $R/san_synccheck.txt
unset PYTORCH_NO_CUDA_MEMORY_CACHING
save
i=0
for v in old new new old; do
  i=$((i+1)); cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 120 python exp/s37/ab_sweep.py exp/s37/ab_shapes_halves.txt $v > $R/ab_${v}_$i.jsonl 2> $R/ab_${v}_$i.err; echo "ab $v rc=$? $SECONDS s"
  save
done
for v in old new; do
  cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 60 python bench/kernel_times.py gemm 1024x1024x8192,512x2048x8192,1000x1000x8200 --top 3 > $R/kt_bf16_$v.txt 2>&1; echo "kt bf16 $v rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm 1024x1024x4096,1024x1024x8192,512x2048x4096 --dtype tf32 --layout nt --top 3 > $R/kt_tf32_$v.txt 2>&1; echo "kt tf32 $v rc=$? $SECONDS s"
done
save
