# Session 53 call 5: the 128-wide C^T configs read a column-major A in place, staged in whole
# 128-byte runs (96 and 112 rows as 128, 144 as 192); the planner lets their rules take such an
# A. Their tests, the configs by name tn against nn, the A/B of the changed tn plans against the
# plans before (call 4's build) by name, and the full GPU suite.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; mkdir -p $R; cp exp/s53/call5.sh $R/device_script.sh; cp exp/s53/tn_cases_wide.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r5; }
timeout 100 python -m pytest -q tests/test_c_transposed.py -x -p no:cacheprovider > $R/pytest_ct.log 2>&1; echo "pytest ct rc=$? $SECONDS s"; save
timeout 100 python exp/s53/ct_tn_grid.py $R/ct_tn_grid.json > $R/ct_tn_grid.txt 2>&1; echo "grid rc=$? $SECONDS s"; save
timeout 150 python exp/s53/ab.py exp/s53/tn_cases_wide.json $R/ab.json > $R/ab.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
timeout 230 python -m pytest -q tests -x -p no:cacheprovider > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_ct.log; grep -v -i warn $R/ct_tn_grid.txt | grep "^tn"; tail -32 $R/ab.txt; tail -2 $R/pytest_full.log
