"""tiledmm.linear / tiledmm.Linear against F.linear and nn.Linear: shapes, fused bias and
activations, gradients, autocast, modules, torch.compile."""
import pytest
import torch
import torch.nn.functional as F
from torch import nn

import tiledmm
from conftest import (ACCUMULATOR, DEVICES, HAS_CUDA, UNIT_ROUNDOFF, WGMMA, kernel_names, kernel_specs,
                      linear_operands, poison_cached_block, runs_here, runs_wgmma)

ACTIVATIONS = {
    None: lambda z: z,
    "relu": F.relu,
    "gelu": F.gelu,
    "gelu_tanh": lambda z: F.gelu(z, approximate="tanh"),
    "silu": F.silu,
}
DTYPES = [torch.float32, torch.float64, torch.bfloat16, torch.float16]


def reference(x, w, b, activation):
    """The float64 result, for the accuracy bound."""
    z = F.linear(x.double(), w.double(), None if b is None else b.double())
    return ACTIVATIONS[activation](z)


def assert_close_to_reference(out, x, w, b, activation, tf32=False):
    ref = reference(x, w, b, activation)
    assert out.shape == ref.shape and out.dtype == x.dtype
    k = w.shape[1]
    u_out, u_acc = UNIT_ROUNDOFF[x.dtype], UNIT_ROUNDOFF[ACCUMULATOR[x.dtype]]
    u_in = 2.0**-11 if tf32 else 0.0  # each input's rounding to TF32
    magnitude = x.double().abs() @ w.double().abs().t() + (0 if b is None else b.double().abs())
    # The accumulation bound (and the inputs' TF32 rounding) carried through an activation
    # with slope <= 1.13, plus the output rounding and the activation's own float32 evaluation.
    bound = 2 * (1.13 * ((k + 1) * u_acc + 2 * u_in) * magnitude + u_out * ref.abs()) + 4 * u_acc + 2 * u_out
    err = (out.double() - ref).abs()
    assert (err <= bound).all(), f"max error {err.max().item():.3e}, worst ratio {(err / bound).max().item():.2f}"


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("activation", list(ACTIVATIONS), ids=str)
def test_forward_matches_float64(device, dtype, activation):
    gen = torch.Generator(device=device).manual_seed(0)
    for x_shape, (out_f, in_f) in [((5, 7, 33), (17, 33)), ((33,), (65, 33)), ((129, 260), (300, 260)),
                                   ((2, 0, 8), (4, 8))]:
        x = torch.randn(*x_shape, device=device, generator=gen).to(dtype)
        w = torch.randn(out_f, in_f, device=device, generator=gen).to(dtype)
        b = torch.randn(out_f, device=device, generator=gen).to(dtype)
        for bias in (b, None):
            out = tiledmm.linear(x, w, bias, activation=activation)
            assert out.shape == (*x_shape[:-1], out_f)
            assert_close_to_reference(out, x, w, bias, activation)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_fused_epilogue_in_every_kernel(device, dtype):
    # Every kernel family applies the bias and activation in its own epilogue; ragged
    # shapes reach the partial-tile stores (pairs, vectors, scalars).
    gen = torch.Generator(device=device).manual_seed(3)
    names = kernel_names(device, dtype) if (device == "cpu" or HAS_CUDA) else [None]
    for kernel in names:
        tf32 = dtype == torch.float32 and kernel in ("wgmma", "mma")  # named: TF32 tensor cores
        for x_shape, out_f in [((3, 67, 45), 133), ((300, 260), 515)]:
            x = torch.randn(*x_shape, device=device, generator=gen).to(dtype)
            w = torch.randn(out_f, x_shape[-1], device=device, generator=gen).to(dtype)
            b = torch.randn(out_f, device=device, generator=gen).to(dtype)
            for activation in ("gelu", "relu", "silu", "gelu_tanh"):
                out = tiledmm.linear(x, w, b, activation=activation, kernel=kernel)
                assert_close_to_reference(out, x, w, b, activation, tf32=tf32)


@runs_wgmma
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
def test_activation_without_bias_in_every_wgmma_config(dtype):
    # The fixed activations add the bias without a branch, -0 when there is none
    # (epilogue.cuh): without a bias the output is the activation of the plain product, in
    # every config's epilogue (cooperative, ping-pong, C^T). relu commutes with rounding, so
    # its output equals relu of the same config's plain product bit for bit; the others are
    # held to the float64 bound. Ragged: partial boxes and tiles.
    m, n, k = 3 * 128 - 5, 3 * 256 - 3, 200 + 13
    x, w, _ = linear_operands(m, n, k, dtype, seed=11)
    for config in WGMMA.configs:
        spec = f"wgmma:{config}"
        poison_cached_block(m, n, dtype, "cuda")
        plain = tiledmm.linear(x, w, None, kernel=spec)
        for activation in ("relu", "gelu", "gelu_tanh", "silu"):
            poison_cached_block(m, n, dtype, "cuda")
            out = tiledmm.linear(x, w, None, activation=activation, kernel=spec)
            assert_close_to_reference(out, x, w, None, activation)
            if activation == "relu":
                assert torch.equal(out, torch.relu(plain)), f"{spec}: relu(x w^T) differs from the plain product's"


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16], ids=str)
@pytest.mark.parametrize("activation", ["gelu", "gelu_tanh", "silu", "relu"])
def test_activation_accuracy_on_exact_pre_activations(device, dtype, activation):
    # The activation alone, in every kernel's epilogue: an identity weight and inputs that
    # are multiples of 1/16 below 2^8 / 16 (exact in bfloat16, float16 and TF32, and so are
    # their sums with the bias) make every pre-activation exact, from -12.5 to 12.5, the tail
    # where gelu's 1 + erf(x / √2) cancels included. What is left is the activation's own
    # error (the GPU's float32 forms: ~3e-7 of max(|z|, 1), csrc/cuda/common/activation.cuh;
    # gelu for 16-bit outputs 6.6e-6 relative) and the output's rounding.
    grid = torch.arange(-200, 201, dtype=torch.float64) / 16
    in_f, out_f = 48, 48
    x = grid[torch.arange(37 * in_f) % grid.numel()].view(37, in_f)
    x = x[:, torch.randperm(in_f, generator=torch.Generator().manual_seed(7))]
    b = (torch.arange(out_f, dtype=torch.float64) % 5 - 2) / 16
    z = x + b  # the exact pre-activations, since the weight is the identity
    ref = ACTIVATIONS[activation](z)
    # gelu for 16-bit outputs takes a shorter form on the GPU, within 6.6e-6 relative.
    own_error = 1e-5 if device == "cuda" and activation == "gelu" and dtype != torch.float32 else 0.0
    allowed = (UNIT_ROUNDOFF[dtype] + own_error) * ref.abs() + 4e-7 * z.abs().clamp(min=1)
    names = kernel_names(device, dtype) if (device == "cpu" or HAS_CUDA) else [None]
    for kernel in names:
        out = tiledmm.linear(x.to(device, dtype), torch.eye(out_f, in_f, device=device, dtype=dtype),
                             b.to(device, dtype), activation=activation, kernel=kernel)
        err = (out.double().cpu() - ref).abs()
        assert (err <= allowed).all(), (
            f"{kernel}: max error {err.max().item():.3e} at z = {z.flatten()[err.argmax()].item()}")


def step_at(value, dtype):
    """The spacing of `dtype`'s numbers around the float64 `value` (subnormals included):
    eps times the binade's lower end, which is at least the smallest normal number."""
    info = torch.finfo(dtype)
    _, exponent = torch.frexp(value)  # value = m 2^e with |m| in [0.5, 1)
    return torch.exp2((exponent - 1).double()).clamp(min=info.tiny) * info.eps


@pytest.mark.skipif(not HAS_CUDA, reason="needs a CUDA GPU")
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
def test_gelu_of_16_bit_outputs_is_the_correctly_rounded_gelu_but_for_a_few_outputs(dtype):
    # The GPU's gelu for bf16/fp16 outputs (gelu_erf_for_16_bit_output, activation.cuh)
    # trades float32 accuracy for one MUFU operation: its 6.6e-6 relative error moves
    # 0.13% (fp16) and 0.017% (bf16) of outputs to the other neighbour of the exact value
    # (bench/fit_gelu_erf.py --form exp2). In every tile config's epilogue: at most 0.5% of
    # 8,192 exact pre-activations on [-6, 6] (x times an identity weight, no bias) round
    # otherwise than the exact gelu, none by more than one step. (The CPU kernel's float32
    # 1 + erf, as torch's own gelu, cancels below ~-3: 12-14% of these bf16 outputs.)
    device = "cuda"
    gen = torch.Generator().manual_seed(23)
    x = ((torch.rand(128, 64, generator=gen, dtype=torch.float64) * 12 - 6).to(dtype)).double()
    ref = 0.5 * x * torch.special.erfc(-x / 2**0.5)  # no 1 + erf to cancel in the tail
    correctly_rounded = ref.to(dtype).double()
    specs = [None]
    for info in tiledmm.kernels():
        if info.device == device and dtype in info.dtypes and runs_here(info):
            specs += kernel_specs(info, dtype) if info.configs else [info.name]
    for spec in specs:
        poison_cached_block(*x.shape, dtype, device)
        out = tiledmm.linear(x.to(device, dtype), torch.eye(64, device=device, dtype=dtype),
                             activation="gelu", kernel=spec).double().cpu()
        off = out != correctly_rounded
        assert off.double().mean().item() <= 0.005, f"{spec}: {off.sum().item()} of {off.numel()} outputs misrounded"
        err = (out - ref).abs()
        assert (err < step_at(ref, dtype)).all(), (
            f"{spec}: {(err / step_at(ref, dtype)).max().item():.2f} steps off at x = {x.flatten()[err.argmax()].item()}")


@pytest.mark.skipif(not HAS_CUDA, reason="needs a CUDA GPU")
@pytest.mark.parametrize("weight_layout", ["out_in", "in_out"])
def test_tf32_fused_epilogue(weight_layout):
    # TF32 wgmma applies bias and activation in both of its epilogues: a weight stored
    # [out, in] is a column-major B, read in shared memory; one stored [in, out] (the
    # transposed view) is a row-major B, which the kernel reads into registers as its A,
    # computing C^T. Widths that are a multiple of 4 leave through TMA stores, others
    # through the threads' own stores; 40 rows deep in K split K (epilogue in the sum).
    if not any(k.name == "wgmma" and runs_here(k) for k in tiledmm.kernels()):
        pytest.skip("needs the wgmma kernel (sm_90a build on a Hopper GPU)")
    gen = torch.Generator(device="cuda").manual_seed(11)
    for x_shape, out_f in [((3, 67, 45), 133), ((300, 260), 516), ((40, 4000), 260)]:
        x = torch.randn(*x_shape, device="cuda", generator=gen)
        in_f = x_shape[-1]
        w = (torch.randn(out_f, in_f, device="cuda", generator=gen) if weight_layout == "out_in"
             else torch.randn(in_f, out_f, device="cuda", generator=gen).t())
        b = torch.randn(out_f, device="cuda", generator=gen)
        for activation in (None, "gelu", "relu", "silu", "gelu_tanh"):
            for bias in (b, None):  # without one, the fixed activations add -0 (epilogue.cuh)
                out = tiledmm.linear(x, w, bias, activation=activation, kernel="wgmma")
                assert_close_to_reference(out, x, w, bias, activation, tf32=True)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16], ids=str)
def test_bias_at_an_odd_storage_offset(device, dtype):
    # A bias sliced from a larger tensor is contiguous but starts off the alignment of its
    # value pairs: epilogues that read the bias a pair at a time (wgmma) read it element by
    # element instead. 515 outputs: whole 64-wide boxes and a ragged last one.
    gen = torch.Generator(device=device).manual_seed(5)
    names = kernel_names(device, dtype) if (device == "cpu" or HAS_CUDA) else [None]
    x = torch.randn(300, 260, device=device, generator=gen).to(dtype)
    w = torch.randn(515, 260, device=device, generator=gen).to(dtype)
    b = torch.randn(516, device=device, generator=gen).to(dtype)[1:]
    assert b.is_contiguous() and b.storage_offset() == 1
    for kernel in names:
        tf32 = dtype == torch.float32 and kernel in ("wgmma", "mma")  # named: TF32 tensor cores
        out = tiledmm.linear(x, w, b, activation="relu", kernel=kernel)
        assert_close_to_reference(out, x, w, b, "relu", tf32=tf32)


@pytest.mark.parametrize("device", DEVICES)
def test_zero_in_features_gives_the_activated_bias(device):
    x, w, b = torch.randn(3, 0, device=device), torch.randn(4, 0, device=device), torch.randn(4, device=device)
    torch.testing.assert_close(tiledmm.linear(x, w, b, activation="silu"), F.silu(b).expand(3, 4))


@pytest.mark.parametrize("device", DEVICES)
def test_strided_inputs_and_bias(device):
    x = torch.randn(6, 40, 50, device=device)[:, ::2, :33]  # non-contiguous: reshaped (copied)
    w = torch.randn(33, 20, device=device).t()               # weight with unusual strides
    b = torch.randn(40, device=device)[::2]                  # strided bias
    assert_close_to_reference(tiledmm.linear(x, w, b), x, w, b, None)


@pytest.mark.parametrize("device", DEVICES)
def test_errors_name_the_problem(device):
    x, w, b = torch.randn(4, 8, device=device), torch.randn(5, 8, device=device), torch.randn(5, device=device)
    with pytest.raises(RuntimeError, match=r"input's last dimension \(7\) must equal weight's in_features \(8\)"):
        tiledmm.linear(x[:, :7], w)
    with pytest.raises(RuntimeError, match="weight must be 2-D"):
        tiledmm.linear(x, w[0])
    with pytest.raises(RuntimeError, match=r"bias must be 1-D \[5\]"):
        tiledmm.linear(x, w, b[:4])
    with pytest.raises(RuntimeError, match="bias must have the input's dtype float32, got float64"):
        tiledmm.linear(x, w, b.double())
    with pytest.raises(RuntimeError, match="same dtype"):
        tiledmm.linear(x, w.half())
    with pytest.raises(RuntimeError, match="unknown activation 'tanh'"):
        tiledmm.linear(x, w, b, activation="tanh")
    with pytest.raises(RuntimeError, match="unsupported dtype int32"):
        tiledmm.linear(x.int(), w.int())


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("activation", list(ACTIVATIONS), ids=str)
def test_gradcheck_float64(device, activation):
    x = torch.randn(2, 3, 6, device=device, dtype=torch.float64, requires_grad=True)
    w = torch.randn(5, 6, device=device, dtype=torch.float64, requires_grad=True)
    b = torch.randn(5, device=device, dtype=torch.float64, requires_grad=True)
    if activation == "relu":  # keep pre-activations away from the kink
        with torch.no_grad():
            b += 0.05 * torch.sign(b)
    assert torch.autograd.gradcheck(lambda *t: tiledmm.linear(*t, activation=activation), (x, w, b))
    assert torch.autograd.gradcheck(lambda p, q: tiledmm.linear(p, q, activation=activation), (x, w))


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
@pytest.mark.parametrize("activation", ["gelu", None], ids=str)
def test_gradients_match_nn_linear(device, dtype, activation):
    torch.manual_seed(0)
    ref = nn.Linear(48, 24).to(device=device, dtype=dtype)
    ours = tiledmm.Linear.from_linear(nn.Linear(48, 24).to(device=device, dtype=dtype))
    ours.load_state_dict(ref.state_dict())
    x = torch.randn(3, 10, 48, device=device, dtype=dtype)
    x_ref, x_ours = x.clone().requires_grad_(), x.clone().requires_grad_()
    act = ACTIVATIONS[activation]
    grad_out = torch.randn(3, 10, 24, device=device, dtype=dtype)
    act(ref(x_ref)).backward(grad_out)
    tiledmm.linear(x_ours, ours.weight, ours.bias, activation=activation).backward(grad_out)
    tol = dict(rtol=2e-2, atol=2e-2) if dtype == torch.bfloat16 else dict(rtol=1e-4, atol=1e-4)
    torch.testing.assert_close(x_ours.grad, x_ref.grad, **tol)
    torch.testing.assert_close(ours.weight.grad, ref.weight.grad, **tol)
    torch.testing.assert_close(ours.bias.grad, ref.bias.grad, **tol)


@pytest.mark.parametrize("device", DEVICES)
def test_autocast_casts_like_f_linear(device):
    dtype = torch.bfloat16
    x, w, b = torch.randn(8, 16, device=device), torch.randn(4, 16, device=device), torch.randn(4, device=device)
    with torch.autocast(device, dtype=dtype):
        expected = F.linear(x, w, b)
        out = tiledmm.linear(x, w, b)
        out_mm = tiledmm.gemm(x, w.t())
        expected_mm = torch.mm(x, w.t())
    assert out.dtype == expected.dtype == dtype and out_mm.dtype == expected_mm.dtype == dtype
    torch.testing.assert_close(out, expected, rtol=2e-2, atol=2e-2)
    torch.testing.assert_close(out_mm, expected_mm, rtol=2e-2, atol=2e-2)
    # Training under autocast: gradients reach the float32 parameters.
    w.requires_grad_()
    with torch.autocast(device, dtype=dtype):
        loss = tiledmm.linear(x, w, b).float().square().sum()
    loss.backward()
    assert w.grad is not None and w.grad.dtype == torch.float32


def test_module_is_a_drop_in_for_nn_linear():
    ref = nn.Linear(10, 6)
    ours = tiledmm.Linear(10, 6)
    assert isinstance(ours, nn.Linear)
    assert set(ours.state_dict()) == set(ref.state_dict()) == {"weight", "bias"}
    ours.load_state_dict(ref.state_dict())  # checkpoints load either way
    ref.load_state_dict(ours.state_dict())
    x = torch.randn(3, 10)
    torch.testing.assert_close(ours(x), ref(x))
    shared = tiledmm.Linear.from_linear(ref)
    assert shared.weight is ref.weight and shared.bias is ref.bias
    no_bias = tiledmm.Linear.from_linear(nn.Linear(10, 6, bias=False))
    assert no_bias.bias is None and no_bias(x).shape == (3, 6)


def test_replace_linear_swaps_in_place_and_shares_parameters():
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Sequential(nn.Linear(16, 16), nn.Linear(16, 4)))
    weights = [m.weight for m in model.modules() if isinstance(m, nn.Linear)]
    x = torch.randn(5, 8)
    expected = model(x)
    assert tiledmm.replace_linear(model, filter=lambda name, m: name != "2.1") is model
    assert isinstance(model[0], tiledmm.Linear) and isinstance(model[2][0], tiledmm.Linear)
    assert type(model[2][1]) is nn.Linear  # filtered out
    assert [m.weight for m in model.modules() if isinstance(m, nn.Linear)] == weights
    torch.testing.assert_close(model(x), expected)


@pytest.mark.parametrize("device", DEVICES)
def test_torch_compile_fullgraph_and_opcheck(device):
    torch._dynamo.reset()
    model = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 8)).to(device)
    tiledmm.replace_linear(model)
    x = torch.randn(4, 16, device=device)
    compiled = torch.compile(model, fullgraph=True)
    torch.testing.assert_close(compiled(x), model(x))
    fused = torch.compile(lambda t: tiledmm.linear(t, model[0].weight, model[0].bias, activation="gelu"),
                          fullgraph=True)
    torch.testing.assert_close(fused(x), tiledmm.linear(x, model[0].weight, model[0].bias, activation="gelu"))
    w, b = torch.randn(5, 7, device=device, requires_grad=True), torch.randn(5, device=device, requires_grad=True)
    for args in [(torch.randn(3, 7, device=device, requires_grad=True), w, b, "gelu"),
                 (torch.randn(2, 3, 7, device=device), w, None, "none"),
                 (torch.randn(7, device=device), w, b, "relu")]:
        torch.library.opcheck(torch.ops.tiledmm.linear.default, args)
