#!/bin/bash
# Session 43, call 10 (measurement build: HEAD + planes_policy_measurement.diff): the L2
# policy of simt's split-K plane stores. TILEDMM_PLANES_POLICY: "" = st.global.cs (HEAD's
# __stcs, evict-first), normal = plain st.global, last = L2::evict_last cache hint;
# TILEDMM_REDUCE_CS=1: the reduction reads the planes with __ldcs (evict-first).
export PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
R=/tmp/r10; mkdir -p $R
FP=1024x1024x1024,1025x1023x1021,1024x1023x1021,1027x1000x2100
for round in 1 2; do
  for mode in cs normal last last+ldcs; do
    unset TILEDMM_PLANES_POLICY TILEDMM_REDUCE_CS
    case $mode in normal) export TILEDMM_PLANES_POLICY=normal;; last) export TILEDMM_PLANES_POLICY=last;;
      last+ldcs) export TILEDMM_PLANES_POLICY=last TILEDMM_REDUCE_CS=1;; esac
    python bench/timeline.py $FP --dtype fp32 --steps 40 > $R/timeline_${mode}_$round.txt 2>&1
    python bench/odd_ratio.py --dtypes fp32 --odd 1025x1023x1021 --aligned 1024x1024x1024 --rounds 3 --out $R/odd_ratio_${mode}_$round > $R/odd_ratio_${mode}_$round.txt 2>&1
    echo "$mode: $(tail -1 $R/odd_ratio_${mode}_$round.txt)"
  done
done
cp exp/s43/call10.sh $R/device_script.sh; cp exp/s43/planes_policy_measurement.diff $R/
tar czf $OUT/results.tgz -C /tmp r10
for f in $R/timeline_*_1.txt; do echo "## $f"; grep -E "^== tiledmm|simt|reduce" $f | sed 's/from the flush.s end to the last kernel.s end//'; done
