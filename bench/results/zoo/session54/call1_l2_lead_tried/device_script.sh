# Session 54 call 1: the wgmma producer's L2 lead (TILEDMM_L2_LEAD) on the layer zoo's worst
# cells and some others, cold (do_bench) and warm, leads 0/8/16 in alternating processes; the
# wgmma tests with a lead on; ncu of the C^T tiles on an MN-major B (tn) against nn.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r1; mkdir -p $R; cp exp/s54/call1.sh $R/device_script.sh; cp exp/s54/l2_lead.py exp/s54/lead_cells.json exp/s54/ct_ncu.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r1; }
TILEDMM_L2_LEAD=12 timeout 200 python -m pytest -q -x -p no:cacheprovider tests/test_c_transposed.py tests/test_ping_pong.py tests/test_row_classes.py tests/test_last_wave_split.py tests/test_moved_tiles.py > $R/pytest_lead12.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
for round in 1 2; do for lead in 0 8 16; do
  TILEDMM_L2_LEAD=$lead timeout 150 python exp/s54/l2_lead.py exp/s54/lead_cells.json $R/lead${lead}_r$round.json > $R/lead${lead}_r$round.txt 2>&1
  echo "lead $lead round $round rc=$? $SECONDS s"; save
done; done
timeout 150 ncu --profile-from-start off --set full -k regex:wgmma -o $R/ct_tn python exp/s54/ct_ncu.py > $R/ncu_run.txt 2>&1; echo "ncu rc=$? $SECONDS s"
ncu --import $R/ct_tn.ncu-rep --page details > $R/ct_tn_details.txt 2>&1
ncu --import $R/ct_tn.ncu-rep --page raw --csv > $R/ct_tn_raw.csv 2>&1
rm -f $R/ct_tn.ncu-rep; save
tail -3 $R/pytest_lead12.log; tail -2 $R/lead*_r1.txt | cut -c1-150
