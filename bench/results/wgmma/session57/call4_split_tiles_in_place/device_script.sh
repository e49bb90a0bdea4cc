#!/bin/bash
# Session 57 call 4: the fix (split tiles stay in place): the new test 3 times, the full GPU
# suite, compute-sanitizer memcheck / racecheck / synccheck over split last waves.
R=/tmp/r4; mkdir -p $R
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so','wb'))"
export PYTHONPATH=$PWD
cp exp/s57/call4.sh $R/device_script.sh; cp exp/s57/split_sanitize.py $R/
for i in 1 2 3; do
  python -m pytest -q tests/test_last_wave_split.py -k stay_off > $R/pytest_new_test_$i.log 2>&1; echo "rc=$?" >> $R/pytest_new_test_$i.log
done
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "rc=$?" >> $R/pytest_full.log
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 1 python exp/s57/split_sanitize.py big > $R/memcheck_split.log 2>&1; echo "rc=$?" >> $R/memcheck_split.log
timeout 150 compute-sanitizer --tool racecheck --error-exitcode 1 python exp/s57/split_sanitize.py > $R/racecheck_split.log 2>&1; echo "rc=$?" >> $R/racecheck_split.log
timeout 100 compute-sanitizer --tool synccheck --error-exitcode 1 python exp/s57/split_sanitize.py > $R/synccheck_split.log 2>&1; echo "rc=$?" >> $R/synccheck_split.log
tar czf $OUT/results.tgz -C /tmp r4
