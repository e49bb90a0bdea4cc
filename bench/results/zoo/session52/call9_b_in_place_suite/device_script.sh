# Session 52 call 9: the final build (few_rows_fill_half_a_wave, 128x256 from 5/6 of a wave, B read
# in place off its sectors up to 512 rows): that last change timed against the old rule in the same
# build (TILEDMM_SECTOR_COPY=by-work), and the full GPU suite.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r9; mkdir -p $R; cp exp/s52/call9.sh $R/device_script.sh; cp exp/s52/sector_copy.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r9; }
timeout 60 python exp/s52/sector_copy.py in_place $R/in_place.json > $R/sector_copy.txt 2>&1; echo "a rc=$? $SECONDS s"
TILEDMM_SECTOR_COPY=by-work timeout 60 python exp/s52/sector_copy.py by_work $R/by_work.json >> $R/sector_copy.txt 2>&1; echo "b rc=$? $SECONDS s"; save
timeout 220 python -m pytest -q tests -x -p no:cacheprovider > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
grep -v -i warn $R/sector_copy.txt; tail -2 $R/pytest_full.log
