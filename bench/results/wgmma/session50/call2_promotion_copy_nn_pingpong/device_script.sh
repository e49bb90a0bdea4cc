# Session 50 call 2 (build: promotion 128 B for input maps off sectors, env override; copy switch):
# (A) input maps' L2 promotion: forced 256 (HEAD's), the build's default, forced 128; shapes off
#     sectors, on sectors but off 128-byte lines, controls. Two rounds.
# (B) B off sectors copied (default) against read in place (TILEDMM_SECTOR_COPY=1) above the copy's
#     thresholds, with the new promotion. Two rounds.
# (C) nn short-K: ping-pong by name against the plan, B's rows on / off 128-byte lines (ab.py).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; mkdir -p $R
save() { cp exp/s50/*.py exp/s50/*.json exp/s50/dev2.sh $R/; tar czf $OUT/results.tgz -C /tmp r2; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
S=exp/s50
for r in 1 2; do
  TILEDMM_TMA_PROMOTION=256 timeout 200 python $S/times.py $S/shapes_promo.json p256 $R/promo_256_$r.json > $R/promo_256_$r.txt 2>&1; echo "A 256 $r rc=$? $SECONDS s"
  timeout 200 python $S/times.py $S/shapes_promo.json default $R/promo_def_$r.json > $R/promo_def_$r.txt 2>&1; echo "A def $r rc=$? $SECONDS s"
  TILEDMM_TMA_PROMOTION=128 timeout 200 python $S/times.py $S/shapes_promo.json p128 $R/promo_128_$r.json > $R/promo_128_$r.txt 2>&1; echo "A 128 $r rc=$? $SECONDS s"
done
save
for r in 1 2; do
  timeout 200 python $S/times.py $S/shapes_copy.json copy $R/copy_copy_$r.json > $R/copy_copy_$r.txt 2>&1; echo "B copy $r rc=$? $SECONDS s"
  TILEDMM_SECTOR_COPY=1 timeout 200 python $S/times.py $S/shapes_copy.json inplace $R/copy_inplace_$r.json > $R/copy_inplace_$r.txt 2>&1; echo "B inplace $r rc=$? $SECONDS s"
done
save
timeout 400 python $S/ab.py $S/cases_nn_pp.json $R/ab_nn_pp.json > $R/ab_nn_pp.txt 2>&1; echo "C rc=$? $SECONDS s"
save
paste $R/promo_256_1.txt $R/promo_def_1.txt | awk '{print $2,$3,$4,$7,$23,$25}'
paste $R/copy_copy_1.txt $R/copy_inplace_1.txt | awk '{print $2,$3,$4,$7,$9,$20,$22}'
cat $R/ab_nn_pp.txt | cut -c1-250
