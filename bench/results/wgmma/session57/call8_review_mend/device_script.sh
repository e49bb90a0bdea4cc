#!/bin/bash
# Session 57 call 8 (HEAD's build): the review mend of the split-tile test (names, the
# comparison on the GPU; same assertions), run twice, and the rest of test_last_wave_split.py.
R=/tmp/r8; rm -rf $R; mkdir -p $R
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so','wb'))"
export PYTHONPATH=$PWD
cp exp/s57/call8.sh $R/device_script.sh
for i in 1 2; do
  python -m pytest -q tests/test_last_wave_split.py -k stay_off > $R/pytest_new_test_$i.log 2>&1; echo "rc=$?" >> $R/pytest_new_test_$i.log
done
python -m pytest -q tests/test_last_wave_split.py > $R/pytest_last_wave_split.log 2>&1; echo "rc=$?" >> $R/pytest_last_wave_split.log
tar czf $OUT/results.tgz -C /tmp r8
