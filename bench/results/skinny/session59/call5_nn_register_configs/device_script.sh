# Session 59 call 5 (call 4's build; its register-stream configs are HEAD's): which register
# config streams a row-major weight (nn) fastest at 9-16 small rows on the H200 -- the
# planner's (r32_w16_u1 at 4096 rows, r32_w8_u1 at 11008) against r32_w8_u2 (session 33 on
# the H100: 87.3% against 84.7% at 16 x 4096 x 11008) and r32_w16_u1 by name, 2 alternating
# rounds.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; rm -rf $R; mkdir -p $R; cp exp/s59/call5.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r5; }
for round in 1 2; do
  timeout 60 python bench/decode_stream.py --layouts nn --m 9,16 --out $R/ds_planner_$round > $R/ds_planner_$round.txt 2>&1
  for cfg in r32_w8_u2 r32_w16_u1; do
    timeout 60 python bench/decode_stream.py --layouts nn --m 9,16 --kernel skinny:$cfg --out $R/ds_${cfg}_$round > $R/ds_${cfg}_$round.txt 2>&1
  done
  echo "round $round $SECONDS s"; save
done
for f in $R/ds_*.txt; do echo "== $f"; grep "tiledmm " $f | cut -c1-64; done
