# Session 55 call 4: 30 random nn/nt products at deep K (M 2048-8192, N 512-2048, K
# 4096-16384, bf16/fp16), the 128-row cooperative configs and the 144/160 C^T ones by name
# against the plan and cuBLAS (exp/s55/sweep.py), on the build of commit 8042c88.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r4; mkdir -p $R; cp exp/s55/call4.sh $R/device_script.sh; cp exp/s55/sweep.py exp/s55/deep_nn_cases.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r4; }
timeout 400 python exp/s55/sweep.py exp/s55/deep_nn_cases.json $R/deep_nn.json 128x256_k128B_2wg_s4 128x192_k128B_2wg_s4 128x128_k128B_2wg_s6 128x144_ct_k128B_2wg_s5 128x160_ct_k128B_2wg_s5 > $R/deep_nn.txt 2>&1; echo "sweep rc=$? $SECONDS s"; save
grep -v -i warn $R/deep_nn.txt | tail -32
