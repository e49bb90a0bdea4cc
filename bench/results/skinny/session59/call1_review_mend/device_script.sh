# Session 59 call 1, the review mend (tma_dtype shared from tensor_map.h by wgmma and the staged
# skinny config; the ring-depth switch read through measurement_switch.h): the full GPU suite,
# and the decode stream (nt, M = 16, 32, the planner's configs) once.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s59/call1.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r1; }
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log
TILEDMM_SKINNY_STAGES=3 timeout 60 python -m pytest -q -p no:cacheprovider tests/test_skinny_staged.py > $R/pytest_staged_3_stages.log 2>&1; echo "staged, 3 stages rc=$?"; tail -1 $R/pytest_staged_3_stages.log
timeout 40 python bench/decode_stream.py --layouts nt --m 16,32 --out $R/ds_planner > $R/ds_planner.txt 2>&1
save; grep "tiledmm " $R/ds_planner.txt | cut -c1-64
