#!/usr/bin/env bash
# Session 41 call 3: the final build (planner rule with its M <= 64 limits), carried. The full
# GPU suite; bench.py (do_bench, same-run ratio to torch.matmul) on small and narrow products
# in bf16 and fp16; kernel times (CUPTI) of the planner's choice against the rules' tiles by
# name and cuBLAS, two rounds.
set -u
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r3; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 3
md5sum tiledmm/_C.abi3.so > $R/md5.txt
timeout 300 python -m pytest -q tests > $R/pytest_full.txt 2>&1; echo "pytest full rc=$? $SECONDS s"
tail -n 4 $R/pytest_full.txt
save
NARROW=640x640x640,896x896x896,64x1024x1024,1024x64x1024,256x1024x1024,1024x256x1024,64x2048x2048,2048x64x2048,1024x512x1024,512x1024x1024,48x4096x1024
timeout 150 python bench/bench.py --dtypes bf16,fp16 --shapes small,$NARROW --out $R/small_session41_h100 > $R/bench_small.txt 2>&1; echo "bench rc=$? $SECONDS s"
save
K=auto,wgmma:64x64_k128B_1wg_s4,wgmma:128x64_k256B_2wg_s4
for round in 1 2; do
  timeout 80 python bench/kernel_times.py gemm 128x128x128,256x256x256,384x384x384,512x512x512,768x768x768,$NARROW --dtype bf16 --kernel $K --top 2 > $R/kt_bf16_$round.txt 2>&1; echo "kt $round rc=$? $SECONDS s"
  save
done
