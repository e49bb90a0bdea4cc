# Session 56 call 9 (trial build): the early dependents signal for an MN-major W too
# (TILEDMM_SKINNY_EARLY_DEPENDENTS=all), with and without the MN-major prefetch
# (TILEDMM_SKINNY_MN_PREFETCH=off), against the committed default: the decode stream, nn only,
# M = 1, 8, 16, back to back, 2 alternating rounds.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r9; mkdir -p $R; cp exp/s56/call9.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r9; }
for round in 1 2; do
  for v in default:on all:on all:off default:off; do
    early=${v%%:*}; pf=${v##*:}
    TILEDMM_SKINNY_EARLY_DEPENDENTS=$early TILEDMM_SKINNY_MN_PREFETCH=$pf timeout 60 python bench/decode_stream.py --m 1,8,16 \
      --layouts nn --out $R/ds_${early}_pf${pf}_$round > $R/ds_${early}_pf${pf}_$round.txt 2>&1
    echo "$v round $round rc=$? $SECONDS s"; save
  done
done
