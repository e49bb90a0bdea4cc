# Session 59 call 4, a measurement build: skinny's staged config on an MN-major weight with
# every pass's W in one 32-row box (TILEDMM_SKINNY_MN_BOX=whole; partial passes otherwise
# take one 8-row box per tile, 16-byte lines) against the default, to tell whether the
# boxes' short lines set the MN-major stream's rate (call 3: 40-57% of copy bandwidth).
# Staged tests with the switch, then the decode stream nn by name, 2 alternating rounds.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; rm -rf $R; mkdir -p $R; cp exp/s59/call4.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r4; }
TILEDMM_SKINNY_MN_BOX=whole timeout 100 python -m pytest -q -p no:cacheprovider tests/test_skinny_staged.py -x > $R/pytest_staged_whole.log 2>&1; echo "staged tests (whole boxes) rc=$? $SECONDS s"; tail -1 $R/pytest_staged_whole.log
for round in 1 2; do
  timeout 60 python bench/decode_stream.py --layouts nn --m 16,32 --kernel skinny:r32_w8_bulk --out $R/ds_default_$round > $R/ds_default_$round.txt 2>&1
  TILEDMM_SKINNY_MN_BOX=whole timeout 60 python bench/decode_stream.py --layouts nn --m 16,32 --kernel skinny:r32_w8_bulk --out $R/ds_whole_$round > $R/ds_whole_$round.txt 2>&1
  echo "round $round $SECONDS s"; save
done
for f in $R/ds_*.txt; do echo "== $f"; grep "tiledmm " $f | cut -c1-64; done
