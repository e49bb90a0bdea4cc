"""Build of the tiledmm extension (tiledmm._C): C++ dispatch + CPU kernel + CUDA kernels.

    pip install --no-build-isolation -e .

Environment:
  TORCH_CUDA_ARCH_LIST  GPU targets; default "8.0+PTX;9.0a" (Ampere and newer, plus
                        the Hopper-specific sm_90a build). Without 9.0a the build has no
                        wgmma family.
  TILEDMM_CPU_ONLY=1    build without CUDA kernels.
  TILEDMM_FORCE_CUDA=1  fail instead of falling back to a CPU-only build when no CUDA
                        toolkit is found (CI sets it).
  TILEDMM_PTXAS_VERBOSE=1  print ptxas register/spill reports while compiling.
  MAX_JOBS              parallel compile jobs (ninja).
  TILEDMM_BUILD_TEMP    directory for the object files and ninja's state, kept between builds so
                        that the next one recompiles only what changed. Without it pip's editable
                        install compiles in a fresh temporary directory every time.
"""
import glob
import os
import subprocess
import sys

from setuptools import find_packages, setup
from torch.utils.cpp_extension import CUDA_HOME, BuildExtension, CppExtension, CUDAExtension

ROOT = os.path.dirname(os.path.abspath(__file__))


def with_cuda() -> bool:
    if os.environ.get("TILEDMM_CPU_ONLY") == "1":
        return False
    if CUDA_HOME is None:
        if os.environ.get("TILEDMM_FORCE_CUDA") == "1":
            raise RuntimeError("TILEDMM_FORCE_CUDA=1 but no CUDA toolkit (nvcc) was found")
        print("tiledmm: no CUDA toolkit found, building the CPU kernels only")
        return False
    return True


def sources(*patterns):
    return sorted(
        os.path.relpath(path, ROOT)
        for pattern in patterns
        for path in glob.glob(os.path.join(ROOT, pattern), recursive=True)
    )


# The C++ runtime as a shared library, whatever the compiler driver's default. A driver that
# links libstdc++ statically into the extension (the H100 machines' /opt/gcc/bin/g++ wrapper
# puts a directory holding libstdc++.a first in the library path) gives the extension a second
# copy of the iostream and locale state, which the process never initializes: the first number
# written to a std::ostringstream (tiledmm.kernels(), every TORCH_CHECK message) then crashes.
# So the shared library by its file name, where the compiler knows it (bench/NOTES.md, session 40).
def shared_libstdcxx_link_args():
    if not sys.platform.startswith("linux"):
        return []
    compiler = os.environ.get("CXX", "c++").split()
    try:
        path = subprocess.run(compiler + ["-print-file-name=libstdc++.so.6"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return []
    if not (os.path.isabs(path) and os.path.exists(path)):
        return []
    return ["-Wl,--push-state,--no-as-needed", "-l:libstdc++.so.6", "-Wl,--pop-state"]


LINK_ARGS = shared_libstdcxx_link_args()


def extension():
    cxx_sources = sources("csrc/*.cpp", "csrc/cpu/*.cpp", "csrc/cuda/*.cpp")
    include_dirs = [os.path.join(ROOT, "csrc"), os.path.join(ROOT, "csrc", "include")]
    cxx_flags = ["-O3"]
    if not with_cuda():
        return CppExtension(
            "tiledmm._C", cxx_sources, include_dirs=include_dirs,
            extra_compile_args={"cxx": cxx_flags}, extra_link_args=LINK_ARGS, py_limited_api=True,
        )
    os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "8.0+PTX;9.0a")
    defines = ["-DTILEDMM_WITH_CUDA"]
    # The wgmma family (TMA, wgmma, setmaxnreg) exists only in sm_90a code.
    if "9.0a" in os.environ["TORCH_CUDA_ARCH_LIST"].replace(";", " ").split():
        defines.append("-DTILEDMM_WITH_SM90A")
    nvcc_flags = ["-O3", "-lineinfo", "--expt-relaxed-constexpr"] + defines
    if os.environ.get("TILEDMM_PTXAS_VERBOSE") == "1":
        nvcc_flags.append("-Xptxas=-v")
    return CUDAExtension(
        "tiledmm._C", cxx_sources + sources("csrc/cuda/**/*.cu"), include_dirs=include_dirs,
        extra_compile_args={"cxx": cxx_flags + defines, "nvcc": nvcc_flags}, extra_link_args=LINK_ARGS,
        py_limited_api=True,
    )


class BuildExtensionKeepingObjects(BuildExtension):
    """torch's BuildExtension, compiling into TILEDMM_BUILD_TEMP where that is set: a build
    cut off (a device call's time limit) or repeated resumes from the objects already built."""

    def finalize_options(self):
        super().finalize_options()
        build_temp = os.environ.get("TILEDMM_BUILD_TEMP")
        if build_temp:
            self.build_temp = os.path.abspath(build_temp)


setup(
    name="tiledmm",
    version="0.1.0",
    description="Tiled GEMM kernels (CPU, CUDA cores, tensor cores) as a PyTorch operator",
    packages=find_packages(include=["tiledmm", "tiledmm.*"]),
    ext_modules=[extension()],
    cmdclass={"build_ext": BuildExtensionKeepingObjects},
    options={"bdist_wheel": {"py_limited_api": "cp39"}},
    python_requires=">=3.9",
)
