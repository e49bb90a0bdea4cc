#!/bin/bash
# Session 47, call 10 (the final build, HEAD d395f5b): bench.py over the squares, small, LLM,
# ragged and midsize presets, bf16 and fp16, nn, against torch.matmul (do_bench medians).
export PYTHONPATH=$PWD
R=/tmp/r10; rm -rf $R; mkdir -p $R
cp exp/s47/call10.sh $R/device_script.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
timeout 400 python bench/bench.py --dtypes bf16,fp16 --shapes squares,small,llm,ragged,midsize --out $R/tensorcore_h100_session47 > $R/tensorcore_h100_session47.txt 2>&1
tar czf $OUT/results.tgz -C /tmp r10
grep -v -i warn $R/tensorcore_h100_session47.txt | tail -60
