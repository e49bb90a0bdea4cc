"""Bad input gets a clear error naming the problem, before any kernel runs."""
import pytest
import torch

import tiledmm
from conftest import C_TRANSPOSED, DEVICES, PING_PONG, WGMMA, requires_cuda, requires_two_gpus, sixteen_bit_only


@pytest.mark.parametrize("device", DEVICES)
def test_operands_must_be_matrices(device):
    m = torch.randn(3, 4, device=device)
    with pytest.raises(RuntimeError, match=r"operand a must be a 2-D matrix, got a 1-D tensor of shape \[4\]"):
        tiledmm.gemm(torch.randn(4, device=device), m)
    with pytest.raises(RuntimeError, match=r"operand b must be a 2-D matrix, got a 3-D tensor of shape \[2, 4, 5\]"):
        tiledmm.gemm(m, torch.randn(2, 4, 5, device=device))
    with pytest.raises(RuntimeError, match=r"operand a must be a 2-D matrix, got a 0-D"):
        tiledmm.gemm(torch.tensor(1.0, device=device), m)


@pytest.mark.parametrize("device", DEVICES)
def test_inner_sizes_must_agree(device):
    with pytest.raises(RuntimeError, match=r"inner sizes must agree .* got a: \[3, 4\] and b: \[5, 6\]"):
        tiledmm.gemm(torch.randn(3, 4, device=device), torch.randn(5, 6, device=device))


@pytest.mark.parametrize("device", DEVICES)
def test_dtypes_must_match(device):
    with pytest.raises(RuntimeError, match="same dtype, got a: float32 and b: float16"):
        tiledmm.gemm(torch.randn(3, 4, device=device), torch.randn(4, 5, device=device).half())


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.complex64, torch.bool,
                                   torch.float8_e4m3fn])
def test_unsupported_dtypes_are_listed(device, dtype):
    a = torch.zeros(3, 4, device=device, dtype=dtype)
    b = torch.zeros(4, 5, device=device, dtype=dtype)
    with pytest.raises(RuntimeError, match="unsupported dtype .*supported: float32, float64, float16, bfloat16"):
        tiledmm.gemm(a, b)


@requires_cuda
def test_devices_must_match():
    with pytest.raises(RuntimeError, match="same device, got a on cpu and b on cuda:0"):
        tiledmm.gemm(torch.randn(3, 4), torch.randn(4, 5, device="cuda"))
    with pytest.raises(RuntimeError, match="same device, got a on cuda:0 and b on cpu"):
        tiledmm.gemm(torch.randn(3, 4, device="cuda"), torch.randn(4, 5))


@requires_two_gpus
def test_gpus_must_match():
    with pytest.raises(RuntimeError, match="same device, got a on cuda:0 and b on cuda:1"):
        tiledmm.gemm(torch.randn(3, 4, device="cuda:0"), torch.randn(4, 5, device="cuda:1"))


@pytest.mark.parametrize("device", DEVICES)
def test_unknown_kernel_lists_the_available_ones(device):
    names = ", ".join(info.name for info in tiledmm.kernels())
    with pytest.raises(RuntimeError, match=f"unknown kernel 'nope'; this build has: {names}"):
        tiledmm.gemm(torch.randn(3, 4, device=device), torch.randn(4, 5, device=device), kernel="nope")


@pytest.mark.parametrize("device", DEVICES)
def test_kernel_for_another_device(device):
    others = [k for k in tiledmm.kernels() if k.device != device]
    if not others:
        pytest.skip("this build has kernels for one device only")
    with pytest.raises(RuntimeError, match=f"kernel '{others[0].name}' runs on {others[0].device} "
                                           f"tensors, but the inputs are on {device}"):
        tiledmm.gemm(torch.randn(3, 4, device=device), torch.randn(4, 5, device=device),
                     kernel=others[0].name)


@pytest.mark.parametrize("device", DEVICES)
def test_kernel_without_the_dtype(device):
    for info in tiledmm.kernels():
        if info.device == device and torch.float16 not in info.dtypes:
            a = torch.randn(3, 4, device=device).half()
            with pytest.raises(RuntimeError, match=f"kernel '{info.name}' supports .*, not float16"):
                tiledmm.gemm(a, torch.randn(4, 5, device=device).half(), kernel=info.name)
            return
    pytest.skip("every kernel for this device supports float16")


def test_sparse_input_is_refused():
    a = torch.randn(3, 4).to_sparse()
    with pytest.raises((RuntimeError, NotImplementedError), match="Sparse"):
        tiledmm.gemm(a, torch.randn(4, 5))


def test_checks_run_before_kernels_on_meta():
    # The fake kernel applies the same shape rules while tracing.
    with pytest.raises(RuntimeError, match="inner sizes must agree"):
        torch.ops.tiledmm.gemm(torch.empty(3, 4, device="meta"), torch.empty(5, 6, device="meta"))


def test_kernel_configs_are_validated():
    info = {k.name: k for k in tiledmm.kernels()}
    if "simt" not in info:
        pytest.skip("CPU-only build")
    a, b = torch.randn(3, 4), torch.randn(4, 5)
    with pytest.raises(RuntimeError, match="kernel 'simt' has no config 'huge'; its configs: f32_"):
        tiledmm.plan(8, 8, 8, torch.float32, kernel="simt:huge")
    with pytest.raises(RuntimeError, match="kernel 'classic16' has no config 'x'; it has a single configuration"):
        tiledmm.plan(8, 8, 8, torch.float32, kernel="classic16:x")
    f64 = next(c for c in info["simt"].configs if c.startswith("f64_"))
    with pytest.raises(RuntimeError, match=f"unknown simt config '{f64}' for float32"):
        tiledmm.plan(8, 8, 8, torch.float32, kernel=f"simt:{f64}")
    with pytest.raises(RuntimeError, match="kernel 'simt' runs on cuda tensors"):
        tiledmm.gemm(a, b, kernel="simt:" + info["simt"].configs[0])


def test_sixteen_bit_configs_refuse_float32():
    # wgmma's ping-pong and C^T configs: bfloat16 and float16 only, whole tiles.
    if WGMMA is None:
        pytest.skip("built without sm_90a")
    configs = [c for c in WGMMA.configs if sixteen_bit_only(c)]
    assert any(PING_PONG in c for c in configs) and any(C_TRANSPOSED in c for c in configs), configs
    for config in configs:
        with pytest.raises(RuntimeError, match=f"wgmma config {config} runs bfloat16 and float16 only"):
            tiledmm.plan(512, 512, 512, torch.float32, kernel=f"wgmma:{config}", compute_capability=(9, 0))
        plan = tiledmm.plan(512, 512, 512, torch.bfloat16, kernel=f"wgmma:{config}", compute_capability=(9, 0))
        assert plan["config"] == config and plan["split_k"] == 1 and plan["last_wave_split"] == (0, 0), plan
        assert plan["c_transposed"] == (C_TRANSPOSED in config), plan
