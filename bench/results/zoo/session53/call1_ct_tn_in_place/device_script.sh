# Session 53 call 1: C^T configs reading a column-major A in place (MN-major kernel B, 32/64-byte
# swizzle): their tests, the configs by name tn against nn, and the out-of-sample A/B of the
# changed tn plans (new plan against the old plan's config by name).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; mkdir -p $R; cp exp/s53/call1.sh $R/device_script.sh; cp exp/s53/ct_tn_grid.py exp/s53/ab.py exp/s53/gen_tn.py exp/s53/tn_cases40.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r1; }
timeout 150 python -m pytest -q tests/test_c_transposed.py -x -p no:cacheprovider > $R/pytest_ct.log 2>&1; echo "pytest ct rc=$? $SECONDS s"; save
timeout 180 python exp/s53/ct_tn_grid.py $R/ct_tn_grid.json > $R/ct_tn_grid.txt 2>&1; echo "grid rc=$? $SECONDS s"; save
timeout 200 python exp/s53/ab.py exp/s53/tn_cases40.json $R/ab.json > $R/ab.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
tail -3 $R/pytest_ct.log; grep -v -i warn $R/ct_tn_grid.txt | tail -30; tail -42 $R/ab.txt
