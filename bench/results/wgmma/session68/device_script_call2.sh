# Session 68 call 2: the same build: bench/power_clock.py (linear layers back to back with power and SM clock
# sampled), then ncu's source counters over the 128x256 linear kernel with bias alone, + gelu and + silu.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r2; rm -rf $R; mkdir -p $R; cp exp/s68/call2.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz --exclude="*.ncu-rep" -C /tmp r2; }
timeout 200 python bench/power_clock.py --out $R/linear_power_h200_session68 > $R/power_clock.txt 2>&1; echo "power rc=$? $SECONDS s"
cat $R/power_clock.txt | tail -26
save; tar czf $OUT/ncu_reps.tgz -C /tmp/r2 $(cd /tmp/r2 && ls *.ncu-rep) 2>/dev/null
ncu --help > $R/ncu_help.txt 2>&1
for act in none gelu silu; do
  timeout 150 ncu --clock-control none --section SourceCounters --section WarpStateStats --section SchedulerStats \
    --section SpeedOfLight --import-source no -k regex:wgmma --launch-skip 2 --launch-count 1 -o $R/ncu_$act \
    python exp/s68/profile_linear.py $act > $R/ncu_$act.log 2>&1; echo "ncu $act rc=$? $SECONDS s"
  ncu -i $R/ncu_$act.ncu-rep --page source --csv --print-source sass > $R/ncu_${act}_sass.csv 2>&1
  ncu -i $R/ncu_$act.ncu-rep --page details > $R/ncu_${act}_details.txt 2>&1
  ls -la $R/ncu_$act.ncu-rep; wc -l $R/ncu_${act}_sass.csv
  save
done
head -c 1500 $R/ncu_gelu_sass.csv
grep -E "Duration|SM Frequency|Issue Slots|No Eligible|Active Warps|Eligible Warps" $R/ncu_*_details.txt
save; tar czf $OUT/ncu_reps.tgz -C /tmp/r2 $(cd /tmp/r2 && ls *.ncu-rep) 2>/dev/null
