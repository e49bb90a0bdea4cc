# Session 55 call 11, the final build (the deep-K rules' threshold at 2 KB of K per row): the full
# GPU suite, and the benchmark cells whose plans the session changed (the layer zoo's 6, bench.py's
# midsize 2176^3-2432^3, bf16) against session 54's config by name.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r11; mkdir -p $R; cp exp/s55/call11.sh $R/device_script.sh; cp exp/s55/final_cells.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r11; }
timeout 280 python -m pytest -q -p no:cacheprovider tests > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
AB=bench/results/zoo/session54/call4_128x160_rule_ab_suite/ab.py
timeout 60 python $AB exp/s55/final_cells.json $R/ab_final_cells.json > $R/ab_final_cells.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
tail -2 $R/pytest_full.log; grep -v -i warn $R/ab_final_cells.txt | tail -12
