# Session 69 call 1 (after `.ci/gpu-check build` of branch rolled-gelu-epilogue): the full GPU suite,
# bench_linear.py twice, ncu source counters of the 128x256 linear kernel (bias, +gelu, +silu), power_clock.py.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r1; rm -rf $R; mkdir -p $R; cp exp/s69/call1.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r1; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt 2>&1
timeout 240 python3 -m pytest -q -p no:logging -rs --maxfail=20 tests > $R/pytest_full.txt 2>&1; echo "pytest rc=$? $SECONDS s"
tail -3 $R/pytest_full.txt; save
for round in 1 2; do
  timeout 110 python3 bench/bench_linear.py --dtype bf16 --out $R/linear_bf16_h200_session69_round$round > $R/linear_round$round.txt 2>&1
  echo "linear round $round rc=$? $SECONDS s"; cat $R/linear_round$round.txt | tail -14; save
done
for act in none gelu silu; do
  timeout 60 ncu --clock-control none --section SourceCounters --section WarpStateStats --section SchedulerStats \
    --section SpeedOfLight --import-source no -k regex:wgmma --launch-skip 2 --launch-count 1 -o $R/ncu_$act \
    python3 bench/profile_one.py linear 8192 4096 4096 $act > $R/ncu_$act.log 2>&1; echo "ncu $act rc=$? $SECONDS s"
  ncu -i $R/ncu_$act.ncu-rep --page source --csv --print-source sass > $R/ncu_${act}_sass.csv 2>&1
  ncu -i $R/ncu_$act.ncu-rep --page details > $R/ncu_${act}_details.txt 2>&1
done
python3 bench/ncu_stalls.py $R/ncu_none_sass.csv $R/ncu_gelu_sass.csv $R/ncu_silu_sass.csv > $R/ncu_stalls.txt 2>&1
cat $R/ncu_stalls.txt | head -40
grep -E "Duration|SM Frequency|Elapsed Cycles" $R/ncu_*_details.txt
rm -f $R/*.ncu-rep; gzip $R/ncu_*_sass.csv; save
timeout $((590 - SECONDS)) python3 bench/power_clock.py --out $R/linear_power_h200_session69 > $R/power_clock.txt 2>&1; echo "power rc=$? $SECONDS s"
tail -20 $R/power_clock.txt; save
