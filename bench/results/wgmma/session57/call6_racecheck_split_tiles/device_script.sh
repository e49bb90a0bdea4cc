#!/bin/bash
# Session 57 call 6 (HEAD's build): compute-sanitizer racecheck over a split last wave of
# 128x64 tiles (call 4's racecheck over all split launches did not finish in 150 s).
R=/tmp/r6; rm -rf $R; mkdir -p $R
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so','wb'))"
export PYTHONPATH=$PWD
cp exp/s57/call6.sh $R/device_script.sh; cp exp/s57/split_racecheck.py $R/
timeout 400 compute-sanitizer --tool racecheck --error-exitcode 1 python exp/s57/split_racecheck.py > $R/racecheck_split.log 2>&1; echo "rc=$?" >> $R/racecheck_split.log
tar czf $OUT/results.tgz -C /tmp r6
