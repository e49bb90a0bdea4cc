#!/usr/bin/env bash
# Session 38 call 7: ncu (clocks locked by ncu) of 128x128 ping-pong against 128x256 cooperative
# at 8192x4096x4096 (where ping-pong loses with clocks near peak) and 4096x4096x1024 (where it
# wins): duration, tensor-pipe activity, L2 throughput and hit rate, DRAM bytes.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/pp4_s.patch.zst -o /tmp/new.so || exit 1
cp /tmp/new.so tiledmm/_C.abi3.so
M=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_bytes.sum.per_second,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__m_xbar2l1tex_read_bytes.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed
for shape in "8192 4096 4096" "4096 4096 1024" "8192 14336 4096"; do
  for cfg in wgmma:128x128_k128B_pingpong_s6 wgmma:128x256_k128B_2wg_s4; do
    tag=$(echo $shape | tr ' ' x)_${cfg#wgmma:}
    timeout 120 ncu -k regex:wgmma_gemm --launch-skip 2 --launch-count 1 --metrics $M --csv python bench/profile_one.py $shape bfloat16 nt $cfg > $R/ncu_$tag.csv 2> $R/ncu_$tag.err; echo "$tag rc=$? $SECONDS s"
  done
done
save
