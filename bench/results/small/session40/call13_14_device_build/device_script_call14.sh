#!/usr/bin/env bash
# Session 40 call 14 (call 13's machine): the full GPU suite on the device's own build of HEAD.
set -u
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD PYTHONFAULTHANDLER=1
R=/tmp/r14; mkdir -p $R
md5sum tiledmm/_C*.so | tee $R/md5.txt
timeout 230 python -m pytest -q -p no:logging -p no:cacheprovider -rs tests > $R/suite.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -4 $R/suite.log
tar czf $OUT/results.tgz -C $R .
