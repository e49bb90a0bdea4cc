#!/usr/bin/env bash
# Session 40 call 1: (a) the DSMEM probe (exp/s40/dsmem_probe.cu): what handing a 32 KB
# float32 slab to the other block of a 2-block cluster costs, against L2; cluster launch cost.
# (b) kernel times of small products on whole tiles by config at full and cut K (the main
# loop a K-split in clusters would run), session 39's build (S39_base_s.so.zst).
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=$OUT/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
nvcc -arch=sm_90a -O3 -o /tmp/dsmem_probe exp/s40/dsmem_probe.cu > $R/probe_build.txt 2>&1; echo "probe build rc=$?"
timeout 60 /tmp/dsmem_probe > $R/dsmem_probe.txt 2>&1; echo "probe rc=$? $SECONDS s"; cat $R/dsmem_probe.txt
save
Z -q -d --long=27 exp/S39_base_s.so.zst -o tiledmm/_C.abi3.so || exit 1
md5sum tiledmm/_C.abi3.so | tee $R/md5.txt
K=auto,wgmma:128x128_k128B_2wg_s6,wgmma:128x64_k256B_2wg_s4,wgmma:64x64_k128B_1wg_s4
S=1024x1024x1024,1024x1024x512,768x768x768,768x768x384,768x768x256,512x512x512,512x512x256,512x512x128,256x256x256,256x256x128,256x256x64
for round in 1 2; do
  timeout 150 python bench/kernel_times.py gemm $S --dtype bf16 --kernel $K --top 2 > $R/kt_cut_k_${round}.txt 2>&1; echo "kt round $round rc=$? $SECONDS s"
done
python exp/kt_table.py $R/kt_cut_k_*.txt > $R/kt_table.txt; cat $R/kt_table.txt
save
