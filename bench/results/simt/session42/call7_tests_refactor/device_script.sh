#!/bin/bash
# Session 42, call 7 (the final build): the row-tail and few-rows tests after their shared
# helpers moved to conftest (simt_device_plan, assert_poisoned_gemm_matches_and_repeats).
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
mkdir -p $OUT/results
python -m pytest -q tests/test_few_rows.py tests/test_row_tail.py tests/test_planner.py > $OUT/results/pytest.log 2>&1
tail -2 $OUT/results/pytest.log
