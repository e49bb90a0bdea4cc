#!/usr/bin/env bash
# Session 36 call 4: cluster launch (mode 4: mode 1 launched without clusters) and barrier.cluster (mode 5: mode 1 without the cluster syncs)
# 0 multicast + release to both via mapa, 1 no multicast (cluster launch only), 2 multicast +
# local release plain, remote for the peer, 3 as 2 by one warp per consumer warpgroup.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so
Z -q -d --long=27 --patch-from=/tmp/base.so exp/plan2_s.patch.zst -o /tmp/head.so
Z -q -d --long=27 --patch-from=/tmp/base.so exp/modes_s.patch.zst -o /tmp/modes.so
cp /tmp/modes.so tiledmm/_C.abi3.so
for mode in 0 1 4 5; do
  TILEDMM_CLUSTER_MODE=$mode timeout 60 python - > $R/smoke_$mode.txt 2>&1 <<'PY'
import sys; sys.path.insert(0, "tests")
import torch, tiledmm
from conftest import assert_matches_reference, make_operand
for (m, n, k) in [(1024, 1024, 1024), (300, 64, 1000), (2171, 573, 2567)]:
    a = make_operand(m, k, torch.bfloat16, "cuda", "row"); b = make_operand(k, n, torch.bfloat16, "cuda", "row")
    out = tiledmm.gemm(a, b, kernel="wgmma:128x64_k256B_2wg_s4"); torch.cuda.synchronize()
    assert_matches_reference(out, a, b, against_torch=False)
print("ok")
PY
  echo "smoke $mode rc=$? $(tail -1 $R/smoke_$mode.txt)"
done
save
SH=128x1024x1024,1024x128x1024,768x768x768,1024x1024x1024,1024x1024x4096,128x128x8192
for round in 1 2; do
  cp /tmp/head.so tiledmm/_C.abi3.so
  timeout 60 python bench/kernel_times.py gemm $SH --kernel wgmma:128x64_k256B_2wg_s4 --top 3 > $R/kt_head_$round.txt 2>&1; echo "kt head rc=$? $SECONDS s"
  cp /tmp/modes.so tiledmm/_C.abi3.so
  for mode in 0 1 4 5; do
    TILEDMM_CLUSTER_MODE=$mode timeout 60 python bench/kernel_times.py gemm $SH --kernel wgmma:128x64_k256B_2wg_s4 --top 3 > $R/kt_mode${mode}_$round.txt 2>&1; echo "kt $mode rc=$? $SECONDS s"
  done
done
save
