#!/usr/bin/env bash
# Session 37 call 3: the planner's wgmma time model (new) against HEAD's build (old): full GPU
# suite on new; A/B of every changed plan in exp/s37/ab_shapes.txt (graph timing, old/new/new/old);
# kernel times (CUPTI) of headline shapes old/new.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/wave_s.patch.zst -o /tmp/old.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/model_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/old.so /tmp/new.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/new.so tiledmm/_C.abi3.so
timeout 240 python -m pytest -q -p no:logging -rs tests > $R/suite_new.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/suite_new.log
save
i=0
for v in old new new old; do
  i=$((i+1)); cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 150 python exp/s37/ab_sweep.py exp/s37/ab_shapes.txt $v > $R/ab_${v}_$i.jsonl 2> $R/ab_${v}_$i.err; echo "ab $v rc=$? $SECONDS s"
  save
done
SH=768x1024x4096,1536x1024x4096,768x768x8192,512x1024x4096,1024x1536x8192
for v in old new; do
  cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 60 python bench/kernel_times.py gemm $SH --top 3 > $R/kt_bf16_$v.txt 2>&1; echo "kt bf16 $v rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm 768x1024x8192,1536x1024x1024,512x1024x2048 --dtype tf32 --top 3 > $R/kt_tf32_$v.txt 2>&1; echo "kt tf32 $v rc=$? $SECONDS s"
done
save
