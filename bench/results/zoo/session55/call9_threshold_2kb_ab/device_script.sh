# Session 55 call 9: a trial build (the rules of call 8 with their threshold at 2 KB of K per row
# instead of 4 KB): out of sample, 60 of the 359 plans it changes among 3,000 random
# nn/nt/tn products of K 1024-2040 (M 1024-8192, N 256-8192, bf16/fp16; seed 5507),
# against the old config by name (the 4 KB build's plans).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r9; mkdir -p $R; cp exp/s55/call9.sh $R/device_script.sh; cp exp/s55/short_k_sample.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r9; }
AB=bench/results/zoo/session54/call4_128x160_rule_ab_suite/ab.py
timeout 280 python $AB exp/s55/short_k_sample.json $R/ab_short_k.json > $R/ab_short_k.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
grep -v -i warn $R/ab_short_k.txt | tail -62
