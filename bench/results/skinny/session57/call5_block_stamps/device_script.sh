#!/bin/bash
# Session 57 call 5 (measurement build: HEAD + skinny_stamps_measurement.diff): per-block
# %globaltimer stamps of the skinny kernel in a CUDA graph of 8 decode products (4096x4096
# bf16, nt and nn, M = 1, 8, 16): entry, past griddepcontrol.wait, past the main loop, exit, SM.
R=/tmp/r5; mkdir -p $R
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so','wb'))"
export PYTHONPATH=$PWD
cp exp/s57/call5.sh $R/device_script.sh; cp exp/s57/stamps.py exp/s57/skinny_stamps_measurement.diff $R/
python exp/s57/stamps.py $R/stamps.json > $R/stamps.txt 2>&1
python exp/s57/stamps.py $R/stamps_2.json > $R/stamps_2.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r5
