set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv
gunzip -c exp/soz/new.so.gz > tiledmm/_C.abi3.so; export PYTHONPATH=$PWD
S=1024x1024x1024,1000x1000x1000,1000x1024x1024,1024x1000x1024,1024x1024x1000,1025x1023x1021,1024x1024x1021,1025x1024x1024,1024x1023x1024
python bench/bench.py --dtypes fp32 --shapes $S,2048x2048x2048,2049x2047x2045,3072x3072x3072,3073x3071x3069,8192x8192x8192,8191x8193x8190 > $OUT/fp32_ragged_state.txt 2>&1
python bench/bench.py --dtypes fp32 --shapes $S --kernels simt:f32_128x128x16_w64x32_t8x8_s4,simt:f32_128x128x16_w64x64_t8x16_s4 > $OUT/fp32_ragged_configs.txt 2>&1
python bench/kernel_times.py gemm 1024x1024x1024,1000x1000x1000,1025x1023x1021,3072x3072x3072,3073x3071x3069 --dtype fp32 > $OUT/kt_fp32_ragged.txt 2>&1
ls $OUT
