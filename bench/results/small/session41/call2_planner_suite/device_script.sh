#!/usr/bin/env bash
# Session 41 call 2: the build with the planner's C^T rule, carried. Kernel times of the
# planner's choice against each tile by name and cuBLAS on more small shapes (and deep K, for
# information), then the full GPU suite.
set -u
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r2; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 3
md5sum tiledmm/_C.abi3.so > $R/md5.txt
CT32=wgmma:64x32_ct_k256B_1wg_s8 CT80=wgmma:64x80_ct_k256B_1wg_s5
K=auto,wgmma:64x64_k128B_1wg_s4,wgmma:128x64_k256B_2wg_s4,$CT32,$CT80
SMALL=64x64x64,128x128x128,100x64x300,64x64x1024,768x768x768,2048x64x2048,48x4096x1024,64x2048x2048,512x1024x1024,1024x512x1024,512x768x1024
DEEP=64x4096x4096,512x512x4096,256x1024x4096
for round in 1 2; do
  timeout 100 python bench/kernel_times.py gemm $SMALL --dtype bf16 --kernel $K --top 2 > $R/kt_small_$round.txt 2>&1; echo "kt small $round rc=$? $SECONDS s"
  save
done
timeout 60 python bench/kernel_times.py gemm $DEEP --dtype bf16 --kernel $K --top 3 > $R/kt_deep.txt 2>&1; echo "kt deep rc=$? $SECONDS s"
save
timeout 420 python -m pytest -q tests > $R/pytest_full.txt 2>&1; echo "pytest full rc=$? $SECONDS s"
tail -n 15 $R/pytest_full.txt
save
