#!/usr/bin/env bash
# Session 40 call 11: call 10's link arguments did not help: /opt/gcc/bin/g++ is a wrapper whose
# -B/opt/gcc/lib/gcc/x86_64-linux-gnu/13/ directory comes first in the library path, and -lstdc++
# finds a static archive there. CPU-only builds of HEAD's sources (call 10's tree) with
# (a) CXX=/usr/bin/g++ CC=/usr/bin/gcc, (b) the wrapper and -l:libstdc++.so.6.
set -u
cd "$(dirname "$0")/.."
export PYTHONFAULTHANDLER=1 TILEDMM_CPU_ONLY=1 MAX_JOBS=16
ls /opt/gcc/lib/gcc/x86_64-linux-gnu/13/ | grep -i "stdc" ; ls -la /opt/gcc/lib/gcc/x86_64-linux-gnu/13/libstdc++* 2>&1 | head -4
smoke() {
  PYTHONPATH=$1 timeout 60 python -X faulthandler -c "
import torch, tiledmm
print('kernels', len(tiledmm.kernels()), tiledmm.gemm(torch.randn(8, 8), torch.randn(8, 8)).shape)
try:
    tiledmm.gemm(torch.randn(8, 7), torch.randn(8, 8))
except RuntimeError as e:
    print('error message ok:', str(e).splitlines()[0][:100])
" 2>&1 | tail -4; echo "smoke $1 rc=${PIPESTATUS[0]}"
}
for v in system_gxx wrapper_exact_so; do
  rm -rf /tmp/t_$v && mkdir /tmp/t_$v && cp -r setup.py csrc tiledmm /tmp/t_$v/ && rm -f /tmp/t_$v/tiledmm/_C*.so
  ( cd /tmp/t_$v
    if [ $v = system_gxx ]; then export CXX=/usr/bin/g++ CC=/usr/bin/gcc; else sed -i 's|"-lstdc++"|"-l:libstdc++.so.6"|' setup.py; fi
    python setup.py build_ext --inplace ) > /tmp/b_$v.log 2>&1; echo "$v build rc=$?"; tail -1 /tmp/b_$v.log | cut -c1-150
  readelf -d /tmp/t_$v/tiledmm/_C*.so | grep -c "libstdc++"
  smoke /tmp/t_$v
done
