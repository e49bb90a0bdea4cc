# Session 50 call 5, the candidate build (a row-major B read in place off its sectors: 128x256
# over two waves of 128x128 where its tiles fit one; 128x144 C^T wherever its tiles fit one
# wave): (1) full GPU suite; (2) 36 random nn products whose plans changed (B's rows 8 mod 16
# elements, under the copy's thresholds), the plan against the previous plan by name (ab.py).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; mkdir -p $R
save() { cp exp/s50/ab.py exp/s50/cases_boff.json exp/s50/sample_boff.py exp/s50/dev5.sh $R/; tar czf $OUT/results.tgz -C /tmp r5; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
timeout 300 python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log
save
timeout 280 python exp/s50/ab.py exp/s50/cases_boff.json $R/ab_boff.json > $R/ab_boff.txt 2>&1; echo "ab rc=$? $SECONDS s"
save
