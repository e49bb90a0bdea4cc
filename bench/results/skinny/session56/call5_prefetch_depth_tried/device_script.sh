# Session 56 call 5: skinny's L2 prefetch ahead of griddepcontrol.wait, 0/1/2/4 block steps and
# the whole slice (64), by TILEDMM_SKINNY_PREFETCH_STEPS (a measurement switch in this build;
# 1 is the committed behaviour): the decode stream, M = 1, 8, 16, both layouts, back to back and
# behind a kernel not ours (write-x), 2 alternating rounds.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; mkdir -p $R; cp exp/s56/call5.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r5; }
for round in 1 2; do
  for between in none write-x; do
    for steps in 1 0 2 4 64; do
      TILEDMM_SKINNY_PREFETCH_STEPS=$steps timeout 60 python bench/decode_stream.py --m 1,8,16 --between $between \
        --out $R/ds_${between}_p${steps}_$round > $R/ds_${between}_p${steps}_$round.txt 2>&1
      echo "$between p$steps round $round rc=$? $SECONDS s"
    done
    save
  done
done
