#!/usr/bin/env bash
# Session 39 call 2: ncu of c2 (2-block clusters sharing A) against ping-pong at 4096x4096x1024
# and 8192x4096x4096: duration, L2 bytes to the SMs, tensor pipe, warp states, scheduler.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/c2_s.patch.zst -o /tmp/new.so || exit 1
cp /tmp/new.so tiledmm/_C.abi3.so
M=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__m_xbar2l1tex_read_bytes.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,launch__cluster_dim_x,launch__occupancy_cluster_pct,launch__cluster_max_active,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active
for shape in "4096 4096 1024" "8192 4096 4096"; do
  for cfg in wgmma:128x128_k128B_pingpong_s6_c2 wgmma:128x128_k128B_pingpong_s6; do
    tag=$(echo $shape | tr ' ' x)_${cfg#wgmma:}
    timeout 120 ncu -k regex:wgmma_gemm --launch-skip 2 --launch-count 1 --section WarpStateStats --section SchedulerStats --metrics $M python bench/profile_one.py $shape bfloat16 nt $cfg > $R/ncu_$tag.txt 2> $R/ncu_$tag.err; echo "$tag rc=$? $SECONDS s"
  done
done
save
