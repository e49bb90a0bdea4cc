# Session 56 call 6: where a decode graph's time goes (4096x4096 bf16, the H200): CUPTI kernel
# intervals of graph replays (exp/s56/spans.py: span, kernel duration, seam), and the decode
# stream with 8 (default) against 32 products per graph (decode_stream.py --layers, new).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; mkdir -p $R; cp exp/s56/call6.sh $R/device_script.sh; cp exp/s56/spans.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r6; }
timeout 150 python exp/s56/spans.py $R/spans.json > $R/spans.txt 2>&1; echo "spans rc=$? $SECONDS s"; save
for round in 1 2; do
  for layers in 8 32; do
    timeout 80 python bench/decode_stream.py --m 1,8,16 --layers $layers --out $R/ds_l${layers}_$round > $R/ds_l${layers}_$round.txt 2>&1
    echo "layers $layers round $round rc=$? $SECONDS s"; save
  done
done
grep -v -i warn $R/spans.txt
