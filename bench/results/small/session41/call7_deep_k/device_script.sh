#!/usr/bin/env bash
# Session 41 call 7: deep K (>= 8 KB per row) with few tiles, the final build (call 6's): the
# planner's choice (its deep-K time model) against each small tile by name (64x64 and the
# 128-row tiles as the model would cut them along K; the C^T configs whole) and cuBLAS.
set -u
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r7; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 3
md5sum tiledmm/_C.abi3.so > $R/md5.txt
K=auto,wgmma:64x32_ct_k256B_1wg_s8,wgmma:64x80_ct_k256B_1wg_s5,wgmma:64x64_k128B_1wg_s4,wgmma:128x64_k256B_2wg_s4,wgmma:128x128_k128B_2wg_s6
S1=128x128x8192,256x256x4096,256x256x8192,384x384x4096,512x512x4096,512x512x8192,768x768x4096
S2=64x1024x4096,1024x64x4096,256x1024x4096,1024x256x4096,512x1024x4096,1024x512x4096,768x768x8192
for round in 1 2; do
  timeout 120 python bench/kernel_times.py gemm $S1 --dtype bf16 --kernel $K --top 3 > $R/kt_deep1_$round.txt 2>&1; echo "kt1 $round rc=$? $SECONDS s"
  timeout 120 python bench/kernel_times.py gemm $S2 --dtype bf16 --kernel $K --top 3 > $R/kt_deep2_$round.txt 2>&1; echo "kt2 $round rc=$? $SECONDS s"
  save
done
python bench/kt_table.py $R/kt_deep1_1.txt $R/kt_deep1_2.txt > $R/kt_table_deep1.txt
python bench/kt_table.py $R/kt_deep2_1.txt $R/kt_deep2_2.txt > $R/kt_table_deep2.txt
save
