#!/usr/bin/env bash
# Session 40 call 7: why tiledmm built on the device segfaults in torch.ops.tiledmm._kernel_table
# (an op returning str[]; call 6). A one-file extension with such an op, built by torch's
# BuildExtension as setup.py builds tiledmm, with the compiler's default libstdc++ ABI and with
# _GLIBCXX_USE_CXX11_ABI set to torch's.
set -u
cd "$(dirname "$0")/.."
export PYTHONFAULTHANDLER=1
( which g++ c++ gcc; g++ --version | head -1; /opt/gcc/bin/g++ --version | head -1
  echo '#include <string>' | /opt/gcc/bin/g++ -x c++ -dM -E - | grep -i "CXX11_ABI"
  python -c "import torch, sysconfig; print('torch', torch.__version__, 'cxx11 abi', torch.compiled_with_cxx11_abi()); print(sysconfig.get_config_var('CXX'), sysconfig.get_config_var('CC'))"
  env | grep -i "^CC=\|^CXX=\|^LD" ) 2>&1
ABI=$(python -c "import torch; print(int(torch.compiled_with_cxx11_abi()))")
for variant in default torch_abi; do
  rm -rf /tmp/probe_$variant && cp -r exp/s40/abiprobe /tmp/probe_$variant && cd /tmp/probe_$variant
  flags=""; [ $variant = torch_abi ] && flags="-D_GLIBCXX_USE_CXX11_ABI=$ABI"
  PROBE_NS=probe_$variant PROBE_FLAGS="$flags" python setup.py build_ext --inplace > build.log 2>&1; echo "$variant build rc=$?"
  grep -o "g++ [^ ]*" build.log | head -1
  python -c "import torch, glob; torch.ops.load_library(glob.glob('probe_$variant*.so')[0]); print('$variant abi', torch.ops.probe_$variant.abi()); print('$variant table', torch.ops.probe_$variant.table())" 2>&1 | tail -4
  cd - > /dev/null
done
