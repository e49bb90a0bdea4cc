"""opcheck, autograd (gradcheck and against torch.matmul) and torch.compile."""
import pytest
import torch

import tiledmm
from conftest import DEVICES, HAS_CUDA, kernel_names


def kernels_for(device, dtype):
    return kernel_names(device, dtype) if (device == "cpu" or HAS_CUDA) else [None]


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("requires_grad", [False, True])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_opcheck(device, requires_grad, dtype):
    for kernel in kernels_for(device, dtype):
        for layout in ("row", "col"):
            a = torch.randn(17, 9, device=device, dtype=dtype)
            b = torch.randn(9, 13, device=device, dtype=dtype)
            if layout == "col":
                a = a.t().contiguous().t()
            a.requires_grad_(requires_grad)
            b.requires_grad_(requires_grad)
            torch.library.opcheck(torch.ops.tiledmm.gemm.default, (a, b), {"kernel": kernel})


@pytest.mark.parametrize("device", DEVICES)
def test_gradcheck_float64(device):
    for kernel in kernels_for(device, torch.float64):
        a = torch.randn(7, 5, device=device, dtype=torch.float64, requires_grad=True)
        b = torch.randn(5, 3, device=device, dtype=torch.float64, requires_grad=True)
        assert torch.autograd.gradcheck(lambda x, y: tiledmm.gemm(x, y, kernel=kernel), (a, b))
        assert torch.autograd.gradgradcheck(lambda x, y: tiledmm.gemm(x, y, kernel=kernel), (a, b))


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
def test_gradients_match_torch_matmul(device, dtype):
    a = torch.randn(65, 33, device=device, dtype=dtype, requires_grad=True)
    b = torch.randn(33, 47, device=device, dtype=dtype, requires_grad=True)
    grad = torch.randn(65, 47, device=device, dtype=dtype)
    ga, gb = torch.autograd.grad(tiledmm.gemm(a, b), (a, b), grad)
    ra, rb = torch.autograd.grad(torch.matmul(a, b), (a, b), grad)
    tol = dict(rtol=2e-2, atol=2e-1) if dtype == torch.bfloat16 else dict(rtol=1e-4, atol=1e-4)
    torch.testing.assert_close(ga, ra, **tol)
    torch.testing.assert_close(gb, rb, **tol)


def test_autograd_node_only_when_a_gradient_is_recorded():
    # The autograd kernels are C++ (csrc/autograd.cpp): a call records one C++ node when an
    # input needs a gradient, and none otherwise (no grad, no_grad, inference mode).
    a, b = torch.randn(8, 4, requires_grad=True), torch.randn(4, 6)
    x, w = torch.randn(3, 5, 4, requires_grad=True), torch.randn(7, 4)
    assert "GemmFunction" in tiledmm.gemm(a, b).grad_fn.name()
    assert "LinearFunction" in tiledmm.linear(x, w, activation="gelu").grad_fn.name()
    assert tiledmm.gemm(a.detach(), b).grad_fn is None
    with torch.no_grad():
        assert tiledmm.gemm(a, b).grad_fn is None and tiledmm.linear(x, w).grad_fn is None
    with torch.inference_mode():
        assert tiledmm.gemm(a, b).grad_fn is None


def test_only_the_needed_gradient_is_computed():
    a = torch.randn(8, 4, requires_grad=True)
    b = torch.randn(4, 6)  # no grad
    (tiledmm.gemm(a, b).sum()).backward()
    torch.testing.assert_close(a.grad, torch.ones(8, 6) @ b.t())


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dynamic", [False, True])
def test_torch_compile_fullgraph(device, dynamic):
    torch._dynamo.reset()

    def f(x, y, z):
        return torch.relu(tiledmm.gemm(x, y) + 1.0) @ z

    compiled = torch.compile(f, fullgraph=True, dynamic=dynamic)
    for m in (33, 70):
        x = torch.randn(m, 20, device=device)
        y = torch.randn(20, 30, device=device)
        z = torch.randn(30, 5, device=device)
        torch.testing.assert_close(compiled(x, y, z), f(x, y, z), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("device", DEVICES)
def test_torch_compile_backward(device):
    torch._dynamo.reset()
    a = torch.randn(16, 8, device=device, requires_grad=True)
    b = torch.randn(8, 4, device=device, requires_grad=True)
    compiled = torch.compile(lambda x, y: tiledmm.gemm(x, y).square().sum(), fullgraph=True)
    compiled(a, b).backward()
    ra, rb = a.detach().requires_grad_(), b.detach().requires_grad_()
    (ra @ rb).square().sum().backward()
    torch.testing.assert_close(a.grad, ra.grad, rtol=1e-4, atol=1e-4)
    torch.testing.assert_close(b.grad, rb.grad, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("device", DEVICES)
def test_torch_compile_named_kernel(device):
    torch._dynamo.reset()
    for kernel in kernels_for(device, torch.float32):
        x = torch.randn(40, 24, device=device)
        y = torch.randn(24, 8, device=device)
        compiled = torch.compile(lambda p, q: tiledmm.gemm(p, q, kernel=kernel) * 2, fullgraph=True)
        torch.testing.assert_close(compiled(x, y), tiledmm.gemm(x, y, kernel=kernel) * 2)
