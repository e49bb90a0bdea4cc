# Session 50 call 3, the candidate build (input maps off 128-byte lines promoted by 128 B; the
# short-K ping-pong rule for row-major Bs on 128-byte lines):
# (1) full GPU suite; (2) promotion out of sample: 28 random in-place products whose lines sit
# off their sectors or off 128-byte lines, TILEDMM_TMA_PROMOTION=256 (HEAD's) against the build's
# default, two rounds; (3) nn short-K ping-pong out of sample: 16 random products, the plan
# against the previous plan's config by name (ab.py).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r3; mkdir -p $R
save() { cp exp/s50/*.py exp/s50/*.json exp/s50/dev3.sh $R/; tar czf $OUT/results.tgz -C /tmp r3; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
S=exp/s50
timeout 300 python -m pytest -q -x tests > $R/pytest_full.log 2>&1; echo "suite rc=$? $SECONDS s"; tail -3 $R/pytest_full.log
save
for r in 1 2; do
  TILEDMM_TMA_PROMOTION=256 timeout 200 python $S/times.py $S/shapes_promo_oos.json p256 $R/oos_256_$r.json > $R/oos_256_$r.txt 2>&1; echo "A 256 $r rc=$? $SECONDS s"
  timeout 200 python $S/times.py $S/shapes_promo_oos.json default $R/oos_def_$r.json > $R/oos_def_$r.txt 2>&1; echo "A def $r rc=$? $SECONDS s"
done
save
timeout 300 python $S/ab.py $S/cases_nn_pp_oos.json $R/ab_nn_pp_oos.json > $R/ab_nn_pp_oos.txt 2>&1; echo "C rc=$? $SECONDS s"
save
