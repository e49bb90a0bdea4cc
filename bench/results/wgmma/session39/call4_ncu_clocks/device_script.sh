#!/usr/bin/env bash
# Session 39 call 4: ncu of 128x128 ping-pong and 128x256 cooperative at 8192x4096x4096 (K = 4096,
# where ping-pong loses near peak clocks) and 4096x4096x1024 (where it wins), with ncu's clock
# control (base clocks) and without it (the GPU's own clocks): SM and L2 clock rates, L2
# throughput, tensor pipe. Does the L2 clock follow the SM clock? The committed build (pp4).
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/C_final_s.so.zst -o /tmp/base.so || exit 1
Z -q -d --long=27 --patch-from=/tmp/base.so exp/pp4_s.patch.zst -o /tmp/new.so || exit 1
md5sum /tmp/new.so | tee $R/md5.txt
cp /tmp/new.so tiledmm/_C.abi3.so
M=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second,lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.sum,l1tex__m_xbar2l1tex_read_bytes.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__cycles_elapsed.avg,lts__cycles_elapsed.avg
for clock in base none; do
  for shape in "8192 4096 4096" "4096 4096 1024"; do
    for cfg in wgmma:128x128_k128B_pingpong_s6 wgmma:128x256_k128B_2wg_s4 torch; do
      tag=${clock}_$(echo $shape | tr ' ' x)_${cfg#wgmma:}
      timeout 120 ncu --clock-control $clock -k regex:"wgmma_gemm|nvjet" --launch-skip 2 --launch-count 1 --metrics $M python bench/profile_one.py $shape bfloat16 nt $cfg > $R/ncu_$tag.txt 2> $R/ncu_$tag.err; echo "$tag rc=$? $SECONDS s"
    done
  done
done
save
