#!/bin/bash
# Session 57 call 2: ncu of the 8192x4096->4096 bf16 linear layer, bias / relu / gelu / silu,
# deferred activation on and off, at base clocks (ncu's default) and unlocked clocks.
R=/tmp/r2; mkdir -p $R
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so','wb'))"
export PYTHONPATH=$PWD
cp exp/s57/call2.sh $R/device_script.sh; cp exp/s57/act_ncu.py $R/
M="gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum"
for clocks in base none; do
  for case in none:on relu:on gelu:on gelu:off silu:on silu:off; do
    act=${case%%:*}; sw=${case##*:}
    TILEDMM_DEFERRED_ACTIVATION=$sw ncu --clock-control $clocks -k regex:wgmma_gemm --launch-skip 2 --launch-count 1 \
      --metrics $M --csv python exp/s57/act_ncu.py 8192 4096 4096 $act > $R/ncu_${clocks}_${act}_${sw}.csv 2>&1
  done
done
tar czf $OUT/results.tgz -C /tmp r2
