# Session 26, call 2: the committed build (exp/soz/new.so.gz): the two refactored GPU test
# files, then sweep.py over 43 fp32 shapes whose plan has a row tail, on/off alternating.
gunzip -c exp/soz/new.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
timeout 200 python -m pytest -q tests/test_row_tail.py tests/test_last_wave_split.py > $OUT/pytest_graph_helper.log 2>&1
tail -2 $OUT/pytest_graph_helper.log
S=2304x2304x2304,2560x2560x2560,2816x2816x2816,3072x3072x3072,3328x3328x3328,3840x3840x3840,4352x4352x4352,4864x4864x4864,5120x5120x5120,5376x5376x5376,5632x5632x5632,5888x5888x5888,6144x6144x6144,6400x6400x6400,6656x6656x6656,6912x6912x6912,7680x7680x7680,7936x7936x7936,8192x8192x8192,6448x7184x1024,4983x6151x4096,7737x5806x5000,6882x6770x4096,1272x5462x5000,2111x6273x777,5345x3463x5000,1422x3417x4096,5421x3269x4096,3524x3834x4096,2205x6634x777,7627x7869x5000,4243x3128x1024,6311x3038x777,2977x1601x5000,3794x7120x4096,6553x5858x1024,6768x7879x4096,3281x3390x4096,3926x5420x4096,2715x2355x1024,4055x1437x2048,4097x3300x5000,2854x3653x1024
for r in 1 2; do
  timeout 120 python exp/s26/sweep.py $S > $OUT/sweep_on_$r.txt 2>&1
  TILEDMM_ROW_TAIL=off timeout 120 python exp/s26/sweep.py $S > $OUT/sweep_off_$r.txt 2>&1
done
python exp/s26/sweep_summary.py > $OUT/sweep_summary.txt 2>&1; cat $OUT/sweep_summary.txt
