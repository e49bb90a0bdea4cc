"""tiledmm.linear and tiledmm.Linear: drop-ins for F.linear and nn.Linear."""
from __future__ import annotations

from typing import Callable, Optional

import torch
from torch import nn


def linear(x: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None,
           activation: Optional[str] = None, kernel: Optional[str] = None) -> torch.Tensor:
    """``activation(F.linear(x, weight, bias))`` in one kernel.

    ``x[..., in]`` (any number of leading dimensions, or 1-D), ``weight[out, in]`` (read in
    place as a column-major operand), ``bias[out]``. The bias and the activation (None,
    "relu", "gelu", "gelu_tanh" or "silu") are applied in the kernel's epilogue to the
    float32 (float64) accumulators, before the one rounding to the output dtype.
    Differentiable; casts like F.linear under torch.autocast; traceable by torch.compile.
    """
    return torch.ops.tiledmm.linear(x, weight, bias, activation or "none", kernel=kernel)


class Linear(nn.Linear):
    """``nn.Linear`` whose forward runs :func:`tiledmm.linear`.

    Same constructor, parameters and ``state_dict`` as ``nn.Linear``: checkpoints load
    either way.
    """

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.ops.tiledmm.linear(x, self.weight, self.bias, "none")

    @classmethod
    def from_linear(cls, module: nn.Linear) -> "Linear":
        """A tiledmm.Linear sharing ``module``'s parameters (no copy)."""
        new = cls.__new__(cls)
        nn.Module.__init__(new)
        new.in_features, new.out_features = module.in_features, module.out_features
        new.weight = module.weight
        new.bias = module.bias
        new.train(module.training)
        return new


def replace_linear(model: nn.Module,
                   filter: Optional[Callable[[str, nn.Linear], bool]] = None) -> nn.Module:
    """Swap every ``nn.Linear`` in ``model`` (in place) for a :class:`Linear` sharing its
    parameters. ``filter(qualified_name, module)`` chooses which; returns ``model``."""
    for parent_name, parent in list(model.named_modules()):
        for child_name, child in list(parent.named_children()):
            if not isinstance(child, nn.Linear) or isinstance(child, Linear):
                continue
            name = f"{parent_name}.{child_name}" if parent_name else child_name
            if filter is None or filter(name, child):
                setattr(parent, child_name, Linear.from_linear(child))
    return model
