#!/usr/bin/env bash
# Session 40 call 4: call 3's suite and sanitizer workload segfaulted within seconds on call
# 2's device build (kernel_times.py ran). The same source built here (S40_new_s.so, stripped):
# faulthandler tracebacks of the workload and the suite; then, if they pass, the suite and
# the sanitizers.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD PYTHONFAULTHANDLER=1
R=/tmp/r; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/S40_new_s.so.zst -o tiledmm/_C.abi3.so || exit 1
md5sum tiledmm/_C.abi3.so | tee $R/md5.txt
git log --oneline -1 > $R/head.txt; git status --short >> $R/head.txt
timeout 60 python -X faulthandler tests/sanitizer_workload.py simt mma > $R/workload.txt 2>&1; echo "workload rc=$? $SECONDS s"; tail -25 $R/workload.txt
save
timeout 250 python -X faulthandler -m pytest -q -p no:logging -p no:cacheprovider -rs tests > $R/suite.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -30 $R/suite.log
save
export PYTORCH_NO_CUDA_MEMORY_CACHING=1
timeout 100 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py simt mma > $R/san_memcheck_simt_mma.txt 2>&1; echo "memcheck simt mma rc=$? $SECONDS s"; tail -2 $R/san_memcheck_simt_mma.txt
save
