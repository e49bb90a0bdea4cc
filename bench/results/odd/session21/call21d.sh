cp exp/so/tiledmm/_C.abi3.so tiledmm/
export PYTHONPATH=$PWD
timeout 240 python3 -m pytest -q -p no:logging tests/test_row_classes.py > $OUT/row_class_tests.txt 2>&1; tail -4 $OUT/row_class_tests.txt
L="4097x4095x4093 4096x4096x4096 2049x2048x2047 2049x2048x2047@wgmma:128x128_k128B_2wg_s6 2048x2048x2047 4097x4096x4096+1 4096x4096x4095 4096x4096x4096+8 1000x1000x999 1000x1000x1000 1024x1024x1023 512x512x511 2040x2048x2047"
for r in 1 2; do
python3 exp/sweep.py on $L 2>&1 | grep -v -i warn
TILEDMM_ROW_CLASSES=off python3 exp/sweep.py off $L 2>&1 | grep -v -i warn
done
timeout 300 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -4 $OUT/pytest.log
