#!/usr/bin/env bash
# Session 37 call 2 (call 1 timed host-bound loops): split-K sweep of wgmma products of few tiles (measurement build:
# TILEDMM_WGMMA_SPLITS, TILEDMM_FEW_TILES_SPLIT), bf16 nn, fp16 nt, tf32 nn/nt.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/meas_s.patch.zst -o /tmp/meas.so || exit 1
md5sum /tmp/meas.so | tee $R/md5.txt
cp /tmp/meas.so tiledmm/_C.abi3.so
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
for cfg in "bf16 nn" "fp16 nt" "tf32 nn" "tf32 nt"; do
  set -- $cfg
  timeout 150 python exp/s37/split_sweep.py $1 $2 > $R/sweep_$1_$2.jsonl 2> $R/sweep_$1_$2.err; echo "sweep $1 $2 rc=$? $SECONDS s"
  save
done
