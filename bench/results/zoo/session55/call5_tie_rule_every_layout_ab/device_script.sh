# Session 55 call 5: the wave rule's tie broken toward 128x192 at deep K in every layout (not
# only a column-major A; a trial build): out of sample, 40 of the 330 plans it changes among
# 4,000 random nn/nt draws (M 1024-8192, N 256-2048, K 4096-16384, bf16/fp16), against the old
# 128x128 by name (the session 54 A/B script).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r5; mkdir -p $R; cp exp/s55/call5.sh $R/device_script.sh; cp exp/s55/nn_tie_sample.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r5; }
AB=bench/results/zoo/session54/call4_128x160_rule_ab_suite/ab.py
timeout 240 python $AB exp/s55/nn_tie_sample.json $R/ab_nn_tie.json > $R/ab_nn_tie.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
grep -v -i warn $R/ab_nn_tie.txt | tail -42
