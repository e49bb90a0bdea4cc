# Session 54 call 2: HEAD's build (the L2 lead reverted). The 93 cells of call 1 once, cold
# (do_bench) and warm, against torch: call 1's builds as ratios to torch; ncu (full set) of the
# C^T configs nn/tn, 128x128 nn/tn, cuBLAS on the same operands, 128x256 and cuBLAS at 4096^3.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; mkdir -p $R; cp exp/s54/call2.sh $R/device_script.sh; cp exp/s54/ncu_clean.py exp/s54/ncu_table.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r2; }
timeout 150 python exp/s54/l2_lead.py exp/s54/lead_cells.json $R/head_r1.json > $R/head_r1.txt 2>&1; echo "head rc=$? $SECONDS s"; save
timeout 240 ncu --profile-from-start off --set full -o $R/clean python exp/s54/ncu_clean.py > $R/ncu_run.txt 2>&1; echo "ncu rc=$? $SECONDS s"
ncu --import $R/clean.ncu-rep --page raw --csv > $R/clean_raw.csv 2>&1
ncu --import $R/clean.ncu-rep --page details > $R/clean_details.txt 2>&1
rm -f $R/clean.ncu-rep; save
python exp/s54/ncu_table.py $R/clean_raw.csv $R/ncu_run.txt > $R/clean_table.txt 2>&1; save
grep -c lead $R/head_r1.txt; grep -v "^  " $R/clean_table.txt | head -20
