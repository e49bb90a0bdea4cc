# Session 53 call 2: the build with 64x32 C^T on a column-major A (c_transposed_wave_config),
# in-place reads by 64x32 and 128x96 only: the full GPU suite, the A/B of every changed tn plan
# of the 600 draws (new plan against the old config by name), and bench/layer_zoo.py.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 1
R=/tmp/r2; mkdir -p $R; cp exp/s53/call2.sh $R/device_script.sh; cp exp/s53/tn_cases_final.json $R/
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv > $R/gpu.txt
save() { tar czf $OUT/results.tgz -C /tmp r2; }
cuobjdump -res-usage tiledmm/_C.abi3.so 2>&1 | grep -A1 wgmma_gemm_kernel | paste - - | c++filt | grep "(tiledmm::cuda::WgmmaConfigId)[59], [a-z]*, true, (tiledmm::cuda::Activation)0, true" | grep -o "REG:[0-9]* STACK:[0-9]* SHARED:[0-9]*" > $R/res_usage_column_major_a_ct.txt
timeout 120 python exp/s53/ab.py exp/s53/tn_cases_final.json $R/ab.json > $R/ab.txt 2>&1; echo "ab rc=$? $SECONDS s"; save
timeout 260 python -m pytest -q tests -x -p no:cacheprovider > $R/pytest_full.log 2>&1; echo "pytest rc=$? $SECONDS s"; save
timeout 170 python bench/layer_zoo.py --out $R/layer_zoo_bf16_h100_session53 > $R/layer_zoo.txt 2>&1; echo "zoo rc=$? $SECONDS s"; save
cat $R/res_usage_column_major_a_ct.txt; tail -20 $R/ab.txt; tail -2 $R/pytest_full.log; tail -14 $R/layer_zoo.txt
