#!/bin/bash
# Session 57 call 3: the new moved-split-tile test against the build of call 1 (HEAD's tile
# origins; no activation, so its deferred activation never runs): expected to fail there.
R=/tmp/r3; mkdir -p $R
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so','wb'))"
export PYTHONPATH=$PWD
cp exp/s57/call3.sh $R/device_script.sh
for i in 1 2 3; do
  python -m pytest -q tests/test_last_wave_split.py -k stay_off > $R/pytest_old_build_$i.log 2>&1
  echo "rc=$?" >> $R/pytest_old_build_$i.log
done
tar czf $OUT/results.tgz -C /tmp r3
