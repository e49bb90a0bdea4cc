# Session 55 call 12 (the final build): ncu (full set, its own clocks) of a loser and a winner of
# the 3/4 rule for 128x256, each on 128x128 and 128x256 by name (exp/s55/ncu_pair.py), tabulated
# with session 54's ncu_table.py.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r12; mkdir -p $R; cp exp/s55/call12.sh $R/device_script.sh; cp exp/s55/ncu_pair.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r12; }
T=bench/results/zoo/session54/call2_ncu_clean_head/ncu_table.py
timeout 120 ncu --profile-from-start off --set full -o $R/pair python exp/s55/ncu_pair.py > $R/ncu_run.txt 2>&1; echo "ncu rc=$? $SECONDS s"
ncu --import $R/pair.ncu-rep --page raw --csv > $R/pair_raw.csv 2>&1; gzip -f $R/pair_raw.csv
rm -f $R/pair.ncu-rep; save
python $T <(zcat $R/pair_raw.csv.gz) $R/ncu_run.txt > $R/pair_table.txt 2>&1; save
cat $R/pair_table.txt | head -40
