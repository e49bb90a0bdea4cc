# Session 56 call 4: the decode stream on the H200 (bench/decode_stream.py), the planner's skinny
# config against each of the four by name, M = 1, 8, 16, both layouts, 2 alternating rounds;
# same build as calls 1-3 (e9bf514).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; mkdir -p $R; cp exp/s56/call4.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r4; }
for round in 1 2; do
  for cfg in auto r16_w8_u4 r32_w8_u2 r32_w16_u1 r32_w8_u1; do
    K=""; [ $cfg != auto ] && K="--kernel skinny:$cfg"
    timeout 100 python bench/decode_stream.py --m 1,8,16 $K --out $R/ds_${cfg}_$round > $R/ds_${cfg}_$round.txt 2>&1
    echo "$cfg round $round rc=$? $SECONDS s"; save
  done
done
