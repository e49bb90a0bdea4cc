# final build (exp/so: ld.shared + PDL behind our own kernels) against the committed ld.shared build (exp/so_ld)
cp exp/so/tiledmm/_C.abi3.so tiledmm/
mkdir -p /tmp/L && cp -r tiledmm /tmp/L/ && cp exp/so_ld/tiledmm/_C.abi3.so /tmp/L/tiledmm/
export PYTHONPATH=$PWD
nvidia-smi --query-gpu=name --format=csv,noheader
SH="4097x4095x4093 4224x4095x4096 4096x4096x4096 1000x999x1000 2049x2047x2048 3000x1001x1000 16x4096x4096 1x4096x4096 8x4096x11008 1024x1024x8192 512x512x16384"
P=$OUT/pdl_final_ab.txt
for r in 1 2; do
  PYTHONPATH=/tmp/L python3 exp/s23/pdl_ab.py before bf16 $SH 2>&1 | tee -a $P
  python3 exp/s23/pdl_ab.py pdl bf16 $SH 2>&1 | tee -a $P
done
timeout 200 python3 bench/bench.py --dtypes bf16,fp16 --shapes 4096x4096x4096,4097x4095x4093,1000x1000x1000,1000x1000x999 --out $OUT/odd_nn_session23_h100 > $OUT/bench_odd.txt 2>&1; tail -12 $OUT/bench_odd.txt
timeout 280 python3 -m pytest -q -p no:logging tests > $OUT/pytest.log 2>&1; tail -2 $OUT/pytest.log
