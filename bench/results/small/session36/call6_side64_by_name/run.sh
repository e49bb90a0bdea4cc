#!/usr/bin/env bash
# Session 36 call 6: products with N <= 64 (and TF32's C^T with M <= 64), each wgmma config by
# name, HEAD's build: where 64x64 tiles beat the planner's 128x64 (or 128x128).
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/plan2_s.patch.zst -o /tmp/head.so || exit 1
md5sum /tmp/head.so | tee $R/md5.txt
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
cp /tmp/head.so tiledmm/_C.abi3.so
SH=512x64x1024,1024x64x1024,2048x64x1024,4096x64x1024,2048x64x2048,3072x64x2048,4096x64x4096,1024x32x1024,2048x48x2048,4096x40x4096,8192x64x1024
K=auto,wgmma:64x64_k128B_1wg_s4,wgmma:128x64_k256B_2wg_s4,wgmma:128x128_k128B_2wg_s6
for round in 1 2; do
  for dt in bf16 tf32; do
    timeout 100 python bench/kernel_times.py gemm $SH --dtype $dt --kernel $K --top 3 > $R/kt_${dt}_$round.txt 2>&1; echo "kt $dt rc=$? $SECONDS s"
  done
done
save
python - > $R/plans.txt <<'PY'
import torch, tiledmm
for dt in (torch.bfloat16, torch.float32):
    for s in "512x64x1024,1024x64x1024,2048x64x1024,4096x64x1024,2048x64x2048,3072x64x2048,4096x64x4096,1024x32x1024,2048x48x2048,4096x40x4096,8192x64x1024".split(","):
        m, n, k = map(int, s.split("x"))
        for spec in (None, "wgmma:64x64_k128B_1wg_s4", "wgmma:128x64_k256B_2wg_s4"):
            p = tiledmm.plan(m, n, k, dt, kernel=spec, compute_capability=(9, 0), sm_count=132, allow_tf32=True)
            print(dt, s, spec, p["config"], p["split_k"], p["last_wave_split"], p.get("c_transposed"))
PY
save
