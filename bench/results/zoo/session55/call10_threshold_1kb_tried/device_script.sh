# Session 55 call 10: a trial build (the rules of call 8 with their threshold at 1 KB of K per row
# instead of 2 KB): out of sample, 60 of the 327 plans it changes among 3,000 random
# nn/nt/tn products of K 512-1016 (M 1024-8192, N 256-8192, bf16/fp16; seed 5508),
# against the old config by name (the 2 KB build's plans).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r10; mkdir -p $R; cp exp/s55/call10.sh $R/device_script.sh; cp exp/s55/shorter_k_sample.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r10; }
AB=bench/results/zoo/session54/call4_128x160_rule_ab_suite/ab.py
timeout 280 python $AB exp/s55/shorter_k_sample.json $R/ab_shorter_k.json > $R/ab_shorter_k.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
grep -v -i warn $R/ab_shorter_k.txt | tail -62
