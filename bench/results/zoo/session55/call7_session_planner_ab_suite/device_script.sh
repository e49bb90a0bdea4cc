# Session 55 call 7, the final build (commit c4cf7be): the session's planner against session 54's
# (commit c2269f3) out of sample -- 60 of the 195 plans it changes among 3,000 random nn/nt/tn
# products (M 1024-8192, N 256-8192, K 256-16384, bf16/fp16), against the old config by name
# (the session 54 A/B script) -- and the full GPU suite.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r7; mkdir -p $R; cp exp/s55/call7.sh $R/device_script.sh; cp exp/s55/session_sample.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r7; }
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
AB=bench/results/zoo/session54/call4_128x160_rule_ab_suite/ab.py
timeout 280 python $AB exp/s55/session_sample.json $R/ab_session.json > $R/ab_session.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log; grep -v -i warn $R/ab_session.txt | tail -4
