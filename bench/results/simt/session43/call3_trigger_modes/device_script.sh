#!/bin/bash
# Session 43, call 3 (measurement build: HEAD + trigger_modes_measurement.diff, which holds
# call 2's few_rows switch too): does simt's early griddepcontrol.launch_dependents slow its
# tiles under do_bench's flush? TILEDMM_SIMT_TRIGGER: "" as committed (only with rows
# beside), never, always (1024^3's reduction then placed early).
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r3; mkdir -p $R
S=1024x1024x1024,1025x1024x1024,1025x1023x1021
for round in 1 2; do
  for t in default never always; do
    TILEDMM_SIMT_TRIGGER=$t python bench/timeline.py $S --dtype fp32 --steps 40 > $R/timeline_trigger_${t}_$round.txt 2>&1
  done
  TILEDMM_SIMT_TRIGGER=never TILEDMM_FEW_ROWS_MODE=after python bench/timeline.py $S --dtype fp32 --steps 40 > $R/timeline_trigger_never_few_after_$round.txt 2>&1
done
# control: 1024^3 whose A is the first 1024 rows of a 1025-row tensor (the same simt launch as
# 1025x1024x1024's first band, without the rows beside).
python - > $R/control_view.txt 2>&1 <<'PY'
import sys, torch, tiledmm
sys.path.insert(0, "bench")
import timeline
a = torch.randn(1025, 1024, device="cuda"); b = torch.randn(1024, 1024, device="cuda")
timeline.report("1024^3, A a view of 1025 rows", timeline.kernel_intervals(lambda: tiledmm.gemm(a[:1024], b), 40))
a2 = torch.randn(1024, 1024, device="cuda")
timeline.report("1024^3", timeline.kernel_intervals(lambda: tiledmm.gemm(a2, b), 40))
c = torch.empty(1025, 1024, device="cuda")
timeline.report("1024^3, after a 1025x1024 allocation", timeline.kernel_intervals(lambda: (torch.empty(1025, 1024, device="cuda"), tiledmm.gemm(a2, b)), 40))
PY
cp exp/s43/call3.sh $R/device_script.sh; cp exp/s43/trigger_modes_measurement.diff $R/
tar czf $OUT/results.tgz -C /tmp r3
for f in $R/timeline_*_1.txt $R/control_view.txt; do echo "#### $f"; grep -v Warn $f | grep -v _warn | grep -A5 "== tiledmm.gemm\|== 1024"; done
