#!/usr/bin/env bash
# Session 40 call 8: where tiledmm built on the device segfaults (torch.ops.tiledmm._kernel_table,
# call 6; a one-file op returning str[] does not, call 7). A CPU-only build of HEAD on the device
# (g++ only, short), the same call under gdb if present; which libstdc++ the process maps.
set -u
cd "$(dirname "$0")/.."
export PYTHONFAULTHANDLER=1
which gdb; rm -rf /tmp/cputree && mkdir /tmp/cputree && git archive HEAD | tar x -C /tmp/cputree && cd /tmp/cputree
( time TILEDMM_CPU_ONLY=1 MAX_JOBS=16 python setup.py build_ext --inplace ) > /tmp/cpubuild.log 2>&1; echo "cpu build rc=$? $SECONDS s"; tail -2 /tmp/cpubuild.log
export PYTHONPATH=/tmp/cputree
cat > /tmp/smoke.py <<'PY'
import torch, tiledmm
print([l.split()[-1] for l in open('/proc/self/maps') if 'libstdc++' in l][:1], flush=True)
print('table', len(torch.ops.tiledmm._kernel_table()), flush=True)
print(tiledmm.gemm(torch.randn(8, 8), torch.randn(8, 8)).sum(), flush=True)
PY
timeout 60 python -X faulthandler /tmp/smoke.py 2>&1 | tail -12; echo "cpu smoke rc=${PIPESTATUS[0]}"
if which gdb > /dev/null; then timeout 120 gdb -q -batch -ex run -ex bt --args python /tmp/smoke.py 2>&1 | grep -v "^\[New Thread\|^\[Thread" | tail -25; fi
ldd tiledmm/_C*.so | grep -i "stdc\|c10\|torch_cpu"
