#!/usr/bin/env bash
# Session 36 call 17: long-K products of few tiles, each wgmma config by name (the planner's
# split-K for each), committed build.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/side2_s.patch.zst -o /tmp/head.so || exit 1
cp /tmp/head.so tiledmm/_C.abi3.so
SH=1536x1024x4096,1024x1536x4096,1536x1536x4096,2048x1024x4096,768x1024x4096,1024x1024x4096,1536x1024x2048,1536x1024x8192
K=auto,wgmma:128x256_k128B_2wg_s4,wgmma:128x128_k128B_2wg_s6,wgmma:128x64_k256B_2wg_s4
timeout 200 python bench/kernel_times.py gemm $SH --kernel $K --top 3 > $R/kt_bf16.txt 2>&1; echo "kt rc=$? $SECONDS s"
python - > $R/plans.txt <<'PY'
import torch, tiledmm
for s in "1536x1024x4096,1024x1536x4096,1536x1536x4096,2048x1024x4096,768x1024x4096,1024x1024x4096,1536x1024x2048,1536x1024x8192".split(","):
    m, n, k = map(int, s.split("x"))
    for spec in (None, "wgmma:128x256_k128B_2wg_s4", "wgmma:128x128_k128B_2wg_s6", "wgmma:128x64_k256B_2wg_s4"):
        p = tiledmm.plan(m, n, k, torch.bfloat16, kernel=spec, compute_capability=(9, 0), sm_count=132)
        print(s, spec, p["config"], p["split_k"], p["last_wave_split"])
PY
save
