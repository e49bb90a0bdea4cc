import os
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension
ns = os.environ["PROBE_NS"]
flags = ["-O2", f"-DPROBE_NS={ns}"] + os.environ.get("PROBE_FLAGS", "").split()
setup(name=ns, ext_modules=[CppExtension(ns, ["probe.cpp"], extra_compile_args={"cxx": flags})],
      cmdclass={"build_ext": BuildExtension})
