# Session 69 call 3 (after `.ci/gpu-check build` of the branch-free bias with gelu unrolled): the full GPU suite,
# bench_linear.py, ncu source counters of the 128x256 linear kernel with gelu.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r3; rm -rf $R; mkdir -p $R; cp exp/s69/call3.sh $R/device_script.sh
save() { tar czf $OUT/results.tgz -C /tmp r3; }
timeout 200 python3 -m pytest -q -p no:logging -rs --maxfail=20 tests > $R/pytest_full.txt 2>&1; echo "pytest rc=$? $SECONDS s"
tail -3 $R/pytest_full.txt; save
timeout 40 python3 bench/bench_linear.py --dtype bf16 --out $R/linear_bf16_h200_session69_call3 > $R/linear.txt 2>&1
echo "linear rc=$? $SECONDS s"; cat $R/linear.txt | tail -14; save
for act in gelu; do
  timeout 30 ncu --clock-control none --section SourceCounters --section WarpStateStats --section SchedulerStats \
    --section SpeedOfLight --import-source no -k regex:wgmma --launch-skip 2 --launch-count 1 -o $R/ncu_$act \
    python3 bench/profile_one.py linear 8192 4096 4096 $act > $R/ncu_$act.log 2>&1; echo "ncu $act rc=$? $SECONDS s"
  ncu -i $R/ncu_$act.ncu-rep --page source --csv --print-source sass > $R/ncu_${act}_sass.csv 2>&1
  ncu -i $R/ncu_$act.ncu-rep --page details > $R/ncu_${act}_details.txt 2>&1
done
grep -E "Duration|SM Frequency|Elapsed Cycles" $R/ncu_*_details.txt
rm -f $R/*.ncu-rep; gzip $R/ncu_*_sass.csv; save
