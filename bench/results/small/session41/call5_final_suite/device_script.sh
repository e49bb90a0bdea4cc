#!/usr/bin/env bash
# Session 41 call 5: the final build (call 4's): the full GPU suite, kernel times of the
# planner's choice against cuBLAS (two rounds), and memcheck over the whole wgmma bf16 workload.
set -u
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r5; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 3
md5sum tiledmm/_C.abi3.so > $R/md5.txt
timeout 240 python -m pytest -q tests > $R/pytest_full.txt 2>&1; echo "pytest full rc=$? $SECONDS s"
tail -n 2 $R/pytest_full.txt
save
SH=64x64x64,128x128x128,256x256x256,384x384x384,512x512x512,640x640x640,768x768x768,896x896x896,1024x1024x1024,64x1024x1024,1024x64x1024,256x1024x1024,1024x256x1024,1024x512x1024,512x1024x1024,64x2048x2048,48x4096x1024
for round in 1 2; do
  timeout 60 python bench/kernel_times.py gemm $SH --dtype bf16 --top 2 > $R/kt_auto_bf16_$round.txt 2>&1; echo "kt $round rc=$? $SECONDS s"
done
timeout 60 python bench/kernel_times.py gemm $SH --dtype fp16 --top 2 > $R/kt_auto_fp16.txt 2>&1; echo "kt fp16 rc=$? $SECONDS s"
save
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 > $R/sanitize_memcheck_wgmma_bf16.txt 2>&1; echo "memcheck rc=$? $SECONDS s"
tail -n 2 $R/sanitize_memcheck_wgmma_bf16.txt
save
