# Session 52 call 8: the build with 128x256 tiles from 5/6 of a wave (planner.cpp, on top of
# 689fc4d's rule): out-of-sample A/B of 40 of the 91 changed plans among 400 random products
# whose 128x256 tiles number 100-131 (new plan against 128x128 by name), and the full GPU suite.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r8; mkdir -p $R; cp exp/s52/call8.sh $R/device_script.sh; cp exp/s52/ab2/*.py exp/s52/ab2/*.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r8; }
timeout 170 python exp/s52/ab/ab.py exp/s52/ab2/cases40.json $R/ab.json > $R/ab.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
timeout 230 python -m pytest -q tests -x -p no:cacheprovider > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
tail -2 $R/ab.txt; tail -2 $R/pytest_full.log
