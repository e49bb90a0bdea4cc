# Session 55 call 8: a trial build (c4cf7be with the deep-K rules' threshold at 4 KB of K per
# row instead of 8 KB): out of sample, 60 of the 415 plans it changes among 3,000 random
# nn/nt/tn products of K 2048-4088 (M 1024-8192, N 256-8192, bf16/fp16; seed 5506) and
# 2176^3 (session 47's tie that 128x128 won), against the old config by name.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r8; mkdir -p $R; cp exp/s55/call8.sh $R/device_script.sh; cp exp/s55/mid_k_sample.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r8; }
AB=bench/results/zoo/session54/call4_128x160_rule_ab_suite/ab.py
timeout 280 python $AB exp/s55/mid_k_sample.json $R/ab_mid_k.json > $R/ab_mid_k.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
grep -v -i warn $R/ab_mid_k.txt | tail -62
