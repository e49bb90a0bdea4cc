#!/usr/bin/env bash
# Session 41 call 6: the final build (the planner keeps split-K slices over fewer C^T tiles):
# the full GPU suite, and memcheck over the whole wgmma bf16 sanitizer workload.
set -u
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r6; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 3
md5sum tiledmm/_C.abi3.so > $R/md5.txt
timeout 240 python -m pytest -q tests > $R/pytest_full.txt 2>&1; echo "pytest full rc=$? $SECONDS s"
tail -n 2 $R/pytest_full.txt
save
PYTORCH_NO_CUDA_MEMORY_CACHING=1 timeout 300 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16 > $R/sanitize_memcheck_wgmma_bf16.txt 2>&1; echo "memcheck rc=$? $SECONDS s"
tail -n 2 $R/sanitize_memcheck_wgmma_bf16.txt
save
