#!/usr/bin/env bash
# Session 36 call 2: why the 1x2 cluster build is slower: occupancy (ncu launch/occupancy sections)
# and kernel time against the number of clusters.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
[ -f /tmp/new.so ] || { Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so; Z -q -d --long=27 --patch-from=/tmp/base.so exp/clu_s.patch.zst -o /tmp/new.so; Z -q -d --long=27 --patch-from=/tmp/base.so exp/plan2_s.patch.zst -o /tmp/head.so; }
cp /tmp/new.so tiledmm/_C.abi3.so
cat > /tmp/one.py <<'PY'
import sys, torch, tiledmm
m, n, k = map(int, sys.argv[1].split("x"))
a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16); b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
for _ in range(3): tiledmm.gemm(a, b, kernel="wgmma:128x64_k256B_2wg_s4")
torch.cuda.synchronize()
PY
timeout 120 ncu --kernel-name regex:wgmma --launch-skip 2 --launch-count 1 --section LaunchStats --section Occupancy --metrics sm__cycles_active.avg,sm__cycles_active.max,gpc__cycles_elapsed.max,launch__cluster_max_active_per_gpu python /tmp/one.py 1024x1024x1024 > $R/ncu_1024.txt 2>&1; echo "ncu rc=$? $SECONDS s"
timeout 120 ncu --kernel-name regex:wgmma --launch-skip 2 --launch-count 1 --section LaunchStats --section Occupancy --metrics sm__cycles_active.avg,sm__cycles_active.max,gpc__cycles_elapsed.max python /tmp/one.py 256x1024x1024 > $R/ncu_256.txt 2>&1; echo "ncu rc=$? $SECONDS s"
save
SH=128x1024x1024,256x1024x1024,512x1024x1024,768x1024x1024,1024x1024x1024,1024x128x1024,1024x64x1024,1024x256x1024
for v in head new; do
  cp /tmp/$v.so tiledmm/_C.abi3.so
  timeout 60 python bench/kernel_times.py gemm $SH --kernel wgmma:128x64_k256B_2wg_s4 --top 3 > $R/kt_$v.txt 2>&1; echo "kt $v rc=$? $SECONDS s"
done
save
