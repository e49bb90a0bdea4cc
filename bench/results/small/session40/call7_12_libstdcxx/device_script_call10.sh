#!/usr/bin/env bash
# Session 40 call 10: calls 8-9 found the device build's crash: CXX=/opt/gcc/bin/g++ links
# libstdc++ statically into the extension (no libstdc++.so.6 in its dynamic section), and its
# private iostream/locale state crashes the first std::ostringstream insertion (ops.cpp:21).
# setup.py now lists the shared libstdc++ after the objects. CPU-only device build of the
# working tree with that setup.py: dynamic section, the smoke run, a TORCH_CHECK message.
set -u
cd "$(dirname "$0")/.."
export PYTHONFAULTHANDLER=1
( cat /opt/gcc/bin/g++ 2>/dev/null | head -20; file /opt/gcc/bin/g++ ) 2>&1 | head -24
rm -rf /tmp/fixtree && mkdir /tmp/fixtree && cp -r setup.py csrc tiledmm /tmp/fixtree/ && rm -f /tmp/fixtree/tiledmm/_C*.so && cd /tmp/fixtree
( TILEDMM_CPU_ONLY=1 MAX_JOBS=16 python setup.py build_ext --inplace ) > /tmp/fixbuild.log 2>&1; echo "fix build rc=$? $SECONDS s"; grep -o "\-lstdc++[^ ]*\|pop-state" /tmp/fixbuild.log | head -3
readelf -d tiledmm/_C*.so | grep NEEDED
export PYTHONPATH=/tmp/fixtree
timeout 60 python -X faulthandler -c "
import torch, tiledmm
print('kernels', [k.name for k in tiledmm.kernels()])
print(tiledmm.gemm(torch.randn(8, 8), torch.randn(8, 8)).sum())
try:
    tiledmm.gemm(torch.randn(8, 7), torch.randn(8, 8))
except RuntimeError as e:
    print('error message ok:', str(e).splitlines()[0][:120])
" 2>&1 | tail -8; echo "smoke rc=${PIPESTATUS[0]}"
