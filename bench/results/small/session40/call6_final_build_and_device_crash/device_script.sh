#!/usr/bin/env bash
# Session 40 call 6: (a) the final commit built here (S40_final_s.so; it differs from call 4's
# build only in two error messages' text): memcheck of the wgmma bf16 + float32 workload,
# synccheck of simt + mma, the full GPU suite. (b) Where call 3's device build crashed: the same
# source built on the device without sm_90a (no wgmma kernels: a short build) in a copy of the
# tree, then the simt workload and the suite under faulthandler.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONFAULTHANDLER=1
R=/tmp/r6; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
Z() { LD_LIBRARY_PATH=$PWD/exp/lib ./exp/zstd_bin -f "$@"; }
Z -q -d --long=27 exp/S40_final_s.so.zst -o tiledmm/_C.abi3.so || exit 1
md5sum tiledmm/_C.abi3.so | tee $R/md5.txt
git log --oneline -1 > $R/head.txt; git status --short >> $R/head.txt
# (b) first in the background: the device build of a copy, 9.0 only
rm -rf /tmp/devtree && mkdir /tmp/devtree && git archive HEAD | tar x -C /tmp/devtree
( cd /tmp/devtree && export TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=12 && time python setup.py build_ext --inplace ) > $R/devbuild.log 2>&1 &
BUILD=$!
export PYTHONPATH=$PWD
export PYTORCH_NO_CUDA_MEMORY_CACHING=1
timeout 100 compute-sanitizer --tool memcheck --error-exitcode 1 python tests/sanitizer_workload.py wgmma dtype=bfloat16,float32 > $R/san_memcheck_wgmma.txt 2>&1; echo "memcheck wgmma rc=$? $SECONDS s"; tail -2 $R/san_memcheck_wgmma.txt
timeout 100 compute-sanitizer --tool synccheck --error-exitcode 1 python tests/sanitizer_workload.py simt mma > $R/san_synccheck_simt_mma.txt 2>&1; echo "synccheck simt mma rc=$? $SECONDS s"; tail -2 $R/san_synccheck_simt_mma.txt
unset PYTORCH_NO_CUDA_MEMORY_CACHING
save
timeout 200 python -m pytest -q -p no:logging -p no:cacheprovider -rs tests > $R/suite.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -2 $R/suite.log
save
wait $BUILD; echo "device build rc=$? $SECONDS s"; tail -3 $R/devbuild.log
cd /tmp/devtree && export PYTHONPATH=/tmp/devtree
timeout 60 python -X faulthandler -c "import tiledmm, torch; print(len(tiledmm.kernels())); print(tiledmm.gemm(torch.randn(64,64,device='cuda'), torch.randn(64,64,device='cuda'), kernel='simt').sum())" > $R/devbuild_smoke.txt 2>&1; echo "smoke rc=$? $SECONDS s"; tail -20 $R/devbuild_smoke.txt
timeout 60 python -X faulthandler tests/sanitizer_workload.py simt > $R/devbuild_workload.txt 2>&1; echo "workload rc=$? $SECONDS s"; tail -30 $R/devbuild_workload.txt
timeout 90 python -X faulthandler -m pytest -x -q -p no:logging -p no:cacheprovider tests/test_autograd_compile.py tests/test_errors.py > $R/devbuild_suite.txt 2>&1; echo "suite subset rc=$? $SECONDS s"; tail -30 $R/devbuild_suite.txt
save
