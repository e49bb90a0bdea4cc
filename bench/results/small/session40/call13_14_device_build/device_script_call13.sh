#!/usr/bin/env bash
# Session 40 call 13: HEAD (setup.py links the shared libstdc++) built on the device as the
# developers' guide says, with the machine's own compiler (CXX=/opt/gcc/bin/g++): dynamic
# section, then (call 14, the same machine) the full GPU suite on that build.
set -u
cd "$(dirname "$0")/.."
R=/tmp/r13; mkdir -p $R
git log --oneline -1 | tee $R/head.txt; git status --short >> $R/head.txt
rm -f tiledmm/_C*.so
( time TORCH_CUDA_ARCH_LIST=9.0a MAX_JOBS=16 python -m pip install --no-build-isolation --no-deps -e . ) > $R/build.log 2>&1; echo "build rc=$? $SECONDS s"; tail -3 $R/build.log
readelf -d tiledmm/_C*.so | grep NEEDED | tee $R/needed.txt
md5sum tiledmm/_C*.so | tee $R/md5.txt
tar czf $OUT/results.tgz -C $R .
