# Session 51 call 8: the one-wave rule's candidate build (planner.cpp one_wave_of_whole_tiles):
# (1) the 50 random products whose plans the refined rule (after call 7) changed (gen_oos.py, seed 78,
# 500 draws), new plan against the previous plan's config by name; (2) the full GPU suite.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r8; mkdir -p $R
save() { cp exp/s51/ab_oos.py exp/s51/gen_oos.py exp/s51/cases_oos2.json $R/; cp exp/s51/dev8.sh $R/device_script.sh; tar czf $OUT/results.tgz -C /tmp r8; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 300 python exp/s51/ab_oos.py exp/s51/cases_oos2.json $R/ab_oos.json > $R/ab_oos.txt 2>&1; echo "ab rc=$? $SECONDS s"
save
timeout 330 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log
save
grep -v -i warn $R/ab_oos.txt
grep -E "^FAILED|Error" $R/pytest_full.log | head -20
