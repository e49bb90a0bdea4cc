# PDL build (exp/so) against the committed ld.shared build (exp/so_ld), do_bench, alternated 3 times
cp exp/so/tiledmm/_C.abi3.so tiledmm/
mkdir -p /tmp/L && cp -r tiledmm /tmp/L/ && cp exp/so_ld/tiledmm/_C.abi3.so /tmp/L/tiledmm/
export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name --format=csv,noheader
SH="4097x4095x4093 4096x4095x4096 4096x4096x4096 1000x999x1000 2049x2047x2048 3000x1001x1000"
P=$OUT/pdl_ab.txt
for r in 1 2 3; do
  PYTHONPATH=/tmp/L python3 exp/s23/pdl_ab.py before bf16 $SH 2>&1 | tee -a $P
  python3 exp/s23/pdl_ab.py pdl bf16 $SH 2>&1 | tee -a $P
  PYTHONPATH=/tmp/L python3 exp/s23/pdl_ab.py before fp16 4097x4095x4093 2>&1 | tee -a $P
  python3 exp/s23/pdl_ab.py pdl fp16 4097x4095x4093 2>&1 | tee -a $P
done
python3 bench/kernel_times.py gemm 4097x4095x4093,4096x4095x4096,1000x999x1000 --dtype bf16 > $OUT/kt_pdl.txt 2>&1
grep "^== tiledmm\|wgmma_gemm\|repack" $OUT/kt_pdl.txt | cut -c1-80
timeout 280 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -2 $OUT/pytest.log
