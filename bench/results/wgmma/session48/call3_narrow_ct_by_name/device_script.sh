#!/bin/bash
# Session 48, call 3 (the build with 128x96 and 128x112 C^T configs, by name only): every
# 128-wide and C^T config by name against the plan and cuBLAS at products just below,
# at and just above one wave of 128x128 tiles (kernel times); the new configs' registers,
# their C^T and every-config tests, memcheck by name.
export PYTHONPATH=$PWD
R=/tmp/r3; rm -rf $R; mkdir -p $R
cp exp/s48/call3.sh $R/device_script.sh; cp exp/s48/ct_grid.py exp/s48/memcheck144.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
cuobjdump -res-usage tiledmm/_C.abi3.so > $R/res_usage_raw.txt 2>&1
grep -A1 "WgmmaConfigIdE8E\|WgmmaConfigIdE9E\|WgmmaConfigIdE10E" $R/res_usage_raw.txt | grep -B1 "REG" > $R/res_usage_ct.txt
rm $R/res_usage_raw.txt
C=auto,128x128,128x64,128x192,ct80,ct96,ct112,ct144
S=768x768x768,896x896x896,1024x1024x1024,1088x1088x1088,1152x1152x1152,1216x1216x1216,1280x1280x1280,1344x1344x1344,1408x1408x1408,1024x2048x1024,2048x1024x1024,1024x1536x1024,1536x1024x1024,896x1792x1024,768x2048x2048,1152x1152x2048,1152x1152x4096,1280x1280x2048,1280x1280x4096,1024x1024x4096,640x4096x1024,1536x1536x1536
timeout 200 python exp/s48/ct_grid.py nn $R/grid_nn.json $S $C > $R/grid_nn.txt 2>&1
timeout 60 python exp/s48/ct_grid.py nt $R/grid_nt.json 1024x1024x1024,1152x1152x1152,1280x1280x1280,1152x2048x1024 $C > $R/grid_nt.txt 2>&1
for s in wgmma:128x96_ct_k128B_2wg_s6 wgmma:128x112_ct_k128B_2wg_s6; do
  timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 python exp/s48/memcheck144.py $s > $R/memcheck_${s:6:6}.txt 2>&1; echo "memcheck rc=$?" >> $R/memcheck_${s:6:6}.txt
done
timeout 150 python -m pytest -q tests/test_c_transposed.py tests/test_gemm_correctness.py -k "c_transposed or every_tile or tiles_match or linear_epilogue or output_rows or deep_k" > $R/pytest_ct.log 2>&1; echo "pytest rc=$?" >> $R/pytest_ct.log
tar czf $OUT/results.tgz -C /tmp r3
grep -hv -i warn $R/grid_nn.txt $R/grid_nt.txt; tail -2 $R/memcheck_*.txt; tail -2 $R/pytest_ct.log
grep -o "REG:[0-9]* STACK:[0-9]* SHARED:[0-9]* LOCAL:[0-9]*" $R/res_usage_ct.txt | sort | uniq -c
