"""A small GPT-style transformer with and without tiledmm.replace_linear: same logits, same
gradients after one training step, in float32 and bfloat16, on the CPU and the GPU."""
import copy

import pytest
import torch
import torch.nn.functional as F

import tiledmm
from conftest import DEVICES
from gpt_model import TinyGPT


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
def test_tiny_gpt_logits_and_gradients(device, dtype):
    torch.manual_seed(0)
    ref = TinyGPT().to(device=device, dtype=dtype)
    ours = tiledmm.replace_linear(copy.deepcopy(ref))
    assert sum(isinstance(m, tiledmm.Linear) for m in ours.modules()) == 9  # 4 per block + head
    idx = torch.randint(0, 97, (3, 32), device=device)
    targets = torch.randint(0, 97, (3, 32), device=device)
    tol = dict(rtol=5e-2, atol=5e-2) if dtype == torch.bfloat16 else dict(rtol=1e-3, atol=1e-3)
    logits_ref, logits = ref(idx), ours(idx)
    torch.testing.assert_close(logits, logits_ref, **tol)

    for model, out in ((ref, logits_ref), (ours, logits)):
        F.cross_entropy(out.float().flatten(0, 1), targets.flatten()).backward()
    for (name, p_ref), p in zip(ref.named_parameters(), ours.parameters()):
        scale = p_ref.grad.float().abs().max().clamp_min(1e-6)
        err = (p.grad.float() - p_ref.grad.float()).abs().max() / scale
        assert err < (5e-2 if dtype == torch.bfloat16 else 1e-3), f"{name}: relative gradient error {err:.3e}"
