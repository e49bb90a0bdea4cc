set -x
cp exp/so/tiledmm/_C.abi3.so tiledmm/; export PYTHONPATH=$PWD
S=bench/results/odd/session21/sweep.py
nvidia-smi --query-gpu=name --format=csv,noheader
for r in 1 2; do
python $S head 4097x4095x4093 4097x4096x4093 4097x4094x4093 4097x4088x4093 4096x4096x4096 4096x4095x4096 4096x4088x4096
TILEDMM_WGMMA_STORES=direct python $S direct 4096x4096x4096 4097x4096x4093
done
