#!/usr/bin/env bash
# Session 41 call 8: the final build (deep K: the 64x32 C^T config by the time model): kernel
# times of the planner's choice against cuBLAS at call 7's deep shapes (two rounds), and the
# full GPU suite.
set -u
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r8; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 3
md5sum tiledmm/_C.abi3.so > $R/md5.txt
S=128x128x8192,256x256x4096,256x256x8192,384x384x4096,512x512x4096,512x512x8192,768x768x4096,64x1024x4096,1024x64x4096,256x1024x4096,1024x256x4096,512x1024x4096,1024x512x4096,768x768x8192
for round in 1 2; do
  timeout 90 python bench/kernel_times.py gemm $S --dtype bf16 --top 3 > $R/kt_auto_deep_$round.txt 2>&1; echo "kt $round rc=$? $SECONDS s"
done
python bench/kt_table.py $R/kt_auto_deep_1.txt $R/kt_auto_deep_2.txt > $R/kt_table_auto_deep.txt
save
timeout 240 python -m pytest -q tests > $R/pytest_full.txt 2>&1; echo "pytest full rc=$? $SECONDS s"
tail -n 2 $R/pytest_full.txt
save
