"""tiledmm: tiled GEMM kernels as a PyTorch operator.

    import tiledmm
    c = tiledmm.gemm(a, b)                      # == a @ b, planner picks the kernel
    c = tiledmm.gemm(a, b, kernel="classic16")  # one named variant
    tiledmm.kernels()                           # the variants this build has

Importing the package loads the compiled library (registering torch.ops.tiledmm.*) and
the Python-side registrations: fake kernels for torch.compile and autograd formulas.
"""
import torch  # noqa: F401  (loads libtorch before our library links against it)

from . import _C  # noqa: F401  (side effect: registers torch.ops.tiledmm)
from . import _registrations  # noqa: F401  (fake kernels, autograd)
from ._api import KernelInfo, gemm, kernels, plan

__all__ = ["KernelInfo", "gemm", "kernels", "plan"]
__version__ = "0.1.0"
