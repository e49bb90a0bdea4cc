# Session 54 call 4: the planner's 128x160 C^T rule for shallow-K weight gradients
# (column_major_a_wave_filling): 36 of the 63 plans it changes among 1,500 random tn draws,
# new plan against the old plan's config by name; the full GPU suite on this build.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; mkdir -p $R; cp exp/s54/call4.sh $R/device_script.sh; cp exp/s54/ab.py exp/s54/gen_tn160.py exp/s54/tn160_cases.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r4; }
timeout 200 python exp/s54/ab.py exp/s54/tn160_cases.json $R/ab.json > $R/ab.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log; grep -v -i warn $R/ab.txt | tail -40
