# Session 53 call 4: the final build (B off its sectors copied only from 1,536 rows): the planner's
# 128x128 rule for both operands K-major off their sectors, which now reaches 513-1535 rows with
# 2048^3 of work, against the rule before (TILEDMM_SECTOR_COPY=by-work); the full GPU suite.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; mkdir -p $R; cp exp/s53/call4.sh $R/device_script.sh; cp exp/s53/sector_nt.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r4; }
timeout 60 python exp/s53/sector_nt.py in_place $R/in_place.json > $R/sector_nt.txt 2>&1; echo "a rc=$? $SECONDS s"
TILEDMM_SECTOR_COPY=by-work timeout 60 python exp/s53/sector_nt.py by_work $R/by_work.json >> $R/sector_nt.txt 2>&1; echo "b rc=$? $SECONDS s"; save
timeout 280 python -m pytest -q tests -x -p no:cacheprovider > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
grep -v -i warn $R/sector_nt.txt; tail -2 $R/pytest_full.log
