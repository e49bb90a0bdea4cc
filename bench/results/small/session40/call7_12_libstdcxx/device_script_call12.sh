#!/usr/bin/env bash
# Session 40 call 12: setup.py links the shared libstdc++ by file name where the compiler
# (CXX, here the /opt/gcc wrapper) knows it. CPU-only device build of the working tree with the
# machine's default compiler: dynamic section, kernels(), a gemm, a TORCH_CHECK message.
set -u
cd "$(dirname "$0")/.."
export PYTHONFAULTHANDLER=1
echo "CXX=$CXX: $($CXX -print-file-name=libstdc++.so.6)"
rm -rf /tmp/fixtree && mkdir /tmp/fixtree && cp -r setup.py csrc tiledmm /tmp/fixtree/ && rm -f /tmp/fixtree/tiledmm/_C*.so && cd /tmp/fixtree
( TILEDMM_CPU_ONLY=1 MAX_JOBS=16 python setup.py build_ext --inplace ) > /tmp/fixbuild.log 2>&1; echo "fix build rc=$? $SECONDS s"; grep -o "l:libstdc++.so.6" /tmp/fixbuild.log | head -1
readelf -d tiledmm/_C*.so | grep "libstdc"
timeout 60 python -X faulthandler -c "
import torch, tiledmm
print(tiledmm.__file__)
print('kernels', [k.name for k in tiledmm.kernels()])
print(tiledmm.gemm(torch.randn(8, 8), torch.randn(8, 8)).shape)
try:
    tiledmm.gemm(torch.randn(8, 7), torch.randn(8, 8))
except RuntimeError as e:
    print('error message ok:', str(e).splitlines()[0][:120])
" 2>&1 | tail -8; echo "smoke rc=${PIPESTATUS[0]}"
