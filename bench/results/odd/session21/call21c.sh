cp exp/so/tiledmm/_C.abi3.so tiledmm/
export PYTHONPATH=$PWD
L="2049x2048x2047 2049x2048x2047@wgmma:128x256_k128B_2wg_s4 2048x2048x2047 2048x2048x2047@wgmma:128x128_k128B_2wg_s6 2048x2048x2048+1@wgmma:128x128_k128B_2wg_s6 2048x2048x2048+1 2049x2048x2048+1 4097x4096x4096+1 4096x4096x4095 1000x1000x999 1024x1024x1023"
python3 exp/sweep.py on $L 2>&1 | grep -v -i warn
TILEDMM_ROW_CLASSES=off python3 exp/sweep.py off $L 2>&1 | grep -v -i warn
TILEDMM_SPLIT_LAST_WAVE=off python3 exp/sweep.py on,nosplit 2049x2048x2047 2>&1 | grep -v -i warn
TILEDMM_SPLIT_LAST_WAVE=off TILEDMM_ROW_CLASSES=off python3 exp/sweep.py off,nosplit 2049x2048x2047 2>&1 | grep -v -i warn
