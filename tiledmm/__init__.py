"""tiledmm: tiled GEMM kernels as a PyTorch operator.

    import tiledmm
    c = tiledmm.gemm(a, b)                      # == a @ b, planner picks the kernel
    c = tiledmm.gemm(a, b, kernel="classic16")  # one named variant
    tiledmm.kernels()                           # the variants this build has
    tiledmm.plan_for(a, b)                      # the kernel and tile gemm(a, b) would run
    y = tiledmm.linear(x, w, b, activation="gelu")  # gelu(F.linear(x, w, b)), fused
    tiledmm.replace_linear(model)               # every nn.Linear -> tiledmm.Linear
    tiledmm.set_autotune(True)                  # time the candidates once per shape bucket

Importing the package loads the compiled library (registering torch.ops.tiledmm.*) and
the Python-side registrations: fake kernels for torch.compile and autograd formulas.
"""
import torch  # noqa: F401  (loads libtorch before our library links against it)

from . import _C  # noqa: F401  (side effect: registers torch.ops.tiledmm)
from . import _registrations  # noqa: F401  (fake kernels, autograd)
from ._api import KernelInfo, autotune_cache_entries, gemm, kernels, plan, plan_for, set_autotune
from .nn import Linear, linear, replace_linear

__all__ = ["KernelInfo", "Linear", "autotune_cache_entries", "gemm", "kernels", "linear", "plan",
           "plan_for", "replace_linear", "set_autotune"]
__version__ = "0.1.0"
