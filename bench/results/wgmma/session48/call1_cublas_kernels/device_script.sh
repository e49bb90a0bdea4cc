#!/bin/bash
# Session 48, call 1 (HEAD 1b2f829's build): cuBLAS's kernels (names, launch shapes) at
# mid-size and small bf16 products where the plan loses, beside the plan's kernel times.
export PYTHONPATH=$PWD
R=/tmp/r1; rm -rf $R; mkdir -p $R
cp exp/s48/call1.sh $R/device_script.sh; cp exp/s48/cublas_names.py exp/s48/one_matmul.py $R/
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $R/gpu.txt
python -c "import lzma, shutil; shutil.copyfileobj(lzma.open('exp/c.so.xz'), open('tiledmm/_C.abi3.so', 'wb'))"
S=1536x1536x1536,1536x1536x1024,1536x1536x2048,1536x1536x4096,1664x1664x1664,2048x1536x1536,1792x1792x1792,1792x1792x1024,2176x2176x2176,2432x2432x2432,2688x2688x2688,3072x3072x3072,2944x2944x2944,1152x1152x1152,1280x1280x1280,1000x1000x1000,1024x1024x1024,896x896x888,768x768x768,768x768x760,nt:1000x1000x1000,nt:1280x1280x1272,640x4096x1024,4096x4096x4096,8192x4096x4096
timeout 200 python exp/s48/cublas_names.py $R/names.json $S > $R/names.txt 2>&1
for s in 1536x1536x1536 1664x1664x1664 2176x2176x2176 1000x1000x1000 1536x1536x4096; do
  timeout 60 ncu --kernel-name regex:'nvjet|gemm|xmma' --launch-count 1 --section LaunchStats python exp/s48/one_matmul.py nn $s > $R/ncu_$s.txt 2>&1
done
tar czf $OUT/results.tgz -C /tmp r1
grep -hv -i warn $R/names.txt
for f in $R/ncu_*.txt; do echo "== $f"; grep -E "nvjet|gemm|Grid Size|Block Size|Cluster Size|Registers|Shared Memory Config|Dynamic Shared|Waves" $f | head -12; done
