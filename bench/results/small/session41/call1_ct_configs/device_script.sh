#!/usr/bin/env bash
# Session 41 call 1: the local build with the 16-bit C^T configs (64x32, 64x80), carried.
# Their tests, then kernel times of every small-product tile by name against cuBLAS, two rounds.
set -u
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
R=/tmp/r1; mkdir -p $R
save() { tar czf $OUT/results.tgz -C $R .; }
# The carried build (stripped of host debug information, xz-compressed).
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))" || exit 3
md5sum tiledmm/_C.abi3.so > $R/md5.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv > $R/gpu.txt
python -c "import tiledmm; print([ (k.name, k.configs) for k in tiledmm.kernels() if k.name == 'wgmma'])" > $R/kernels.txt 2>&1
timeout 240 python -m pytest -q -x tests/test_c_transposed.py tests/test_errors.py tests/test_planner.py > $R/pytest_ct.txt 2>&1; echo "pytest ct rc=$? $SECONDS s"
save
CT32=wgmma:64x32_ct_k256B_1wg_s8 CT80=wgmma:64x80_ct_k256B_1wg_s5
K=auto,wgmma:64x64_k128B_1wg_s4,wgmma:128x64_k256B_2wg_s4,$CT32,$CT80
SQ=256x256x256,384x384x384,512x512x512,640x640x640,768x768x768,896x896x896,1024x1024x1024
for round in 1 2; do
  timeout 90 python bench/kernel_times.py gemm $SQ --dtype bf16 --kernel $K --top 2 > $R/kt_nn_bf16_$round.txt 2>&1; echo "kt nn $round rc=$? $SECONDS s"
  timeout 60 python bench/kernel_times.py gemm 512x512x512,768x768x768,1024x1024x1024 --layout nt --dtype bf16 --kernel $K --top 2 > $R/kt_nt_bf16_$round.txt 2>&1; echo "kt nt $round rc=$? $SECONDS s"
  save
done
timeout 60 python bench/kernel_times.py gemm 64x1024x1024,1024x64x1024,128x1024x1024,1024x128x1024,256x1024x1024,1024x256x1024 --dtype bf16 --kernel $K --top 2 > $R/kt_narrow_bf16.txt 2>&1; echo "kt narrow rc=$? $SECONDS s"
timeout 60 python bench/kernel_times.py gemm $SQ --dtype fp16 --kernel $K --top 2 > $R/kt_nn_fp16.txt 2>&1; echo "kt fp16 rc=$? $SECONDS s"
save
timeout 200 python -m pytest -q tests/test_gemm_correctness.py -k "every_tile_config and (bfloat16 or float16)" > $R/pytest_every_config.txt 2>&1; echo "pytest every rc=$? $SECONDS s"
tail -3 $R/pytest_ct.txt $R/pytest_every_config.txt
save
