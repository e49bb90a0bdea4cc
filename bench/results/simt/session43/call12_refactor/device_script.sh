#!/bin/bash
# Session 43, call 12 (review refactor: simt's two vector stores through one store_vector
# helper; same code paths): full GPU suite; bench.py over float32 split-K products.
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r12; mkdir -p $R
python -m pytest -q tests > $R/pytest_full.log 2>&1; echo "pytest rc=$?" >> $R/pytest_full.log
tail -2 $R/pytest_full.log
python bench/bench.py --dtypes fp32 --shapes 1024x1024x1024,1025x1023x1021,1027x1000x2100,768x768x768 --out $R/fp32_refactor_h100 > $R/bench.txt 2>&1
cp exp/s43/call12.sh $R/device_script.sh
tar czf $OUT/results.tgz -C /tmp r12
grep -E "x .*fp32" $R/bench.txt
