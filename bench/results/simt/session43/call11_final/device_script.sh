#!/bin/bash
# Session 43, call 11 (final build: simt's split-K planes stored with L2's default policy
# instead of st.global.cs): full GPU suite; bench.py (do_bench, against torch.matmul in the
# same run) over float32 products with split-K and two without; odd_ratio 7 rounds;
# timelines under do_bench's flush.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r11; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tail -2 $R/pytest_full.log
SHAPES=1024x1024x1024,1025x1023x1021,1027x1000x2100,385x2501x1501,513x1000x1021,512x512x4096,256x256x8192,768x768x768,128x1024x4096,64x4096x4096,2048x2048x2048,4096x4096x4096
python bench/bench.py --dtypes fp32 --shapes $SHAPES --out $R/fp32_split_k_planes_h100 > $R/bench.txt 2>&1
python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 7 --out $R/odd_ratio_fp32_1025 > $R/odd_ratio.txt 2>&1
tail -1 $R/odd_ratio.txt
python bench/timeline.py 1024x1024x1024,1025x1023x1021,512x512x4096 --dtype fp32 --steps 40 > $R/timeline.txt 2>&1
cp exp/s43/call11.sh $R/device_script.sh
tar czf $OUT/results.tgz -C /tmp r11
grep -v -i warn $R/bench.txt | tail -30
grep -E "^== tiledmm|reduce" $R/timeline.txt
