# Session 55 call 6 (a trial build on 7e9a467): at deep K (8 KB or more per row, 16-bit), the
# nn/nt wave rule lets 128x144 and 128x160 C^T tiles run several waves (also with B's lines
# off their sectors), and 128x256 is taken from 3/4 of a wave (not 5/6). Out of sample: 76 of
# the changed plans among random draws (36 of 158 nn/nt with N 256-2048, 16 of 73 tn, 24 of 208
# nn/nt with N 1024-8192; M 1024-8192, K 4096-16384, bf16/fp16, 3,000 draws each), against the
# previous plan's config by name (the session 54 A/B script); the full GPU suite.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r6; mkdir -p $R; cp exp/s55/call6.sh $R/device_script.sh; cp exp/s55/deep_rules_sample.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r6; }
AB=bench/results/zoo/session54/call4_128x160_rule_ab_suite/ab.py
timeout 300 python $AB exp/s55/deep_rules_sample.json $R/ab_deep_rules.json > $R/ab_deep_rules.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
grep -v -i warn $R/ab_deep_rules.txt | tail -78; tail -2 $R/pytest_full.log
