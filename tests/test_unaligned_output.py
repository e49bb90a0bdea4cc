"""wgmma outputs whose rows are not 16-byte aligned (N not a multiple of 8 in 16-bit types, of
4 in float32): TMA cannot store them, and the epilogue copies each box out row by row in
the widest word every row start allows (2, 4 or 8 bytes). Every row alignment, runs cut by
the ragged N edge, every config, both orientations of TF32's output (C and C^T), and the
linear epilogue, against float64 with the output memory poisoned."""
import pytest
import torch

import tiledmm
from conftest import WGMMA, assert_matches_reference, kernel_specs, make_operand, poison_cached_block, runs_wgmma

# N: row pitches of 2, 4, 8 bytes (16-bit types) and 4, 8 (float32), with runs of every
# length against the 64-wide boxes; 1 (a single column) and an N past two 256-wide tiles.
WIDTHS = [1, 3, 6, 12, 61, 66, 100, 255, 521]


@runs_wgmma
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16, torch.float32], ids=str)
@pytest.mark.parametrize("b_layout", ["row", "col"])
def test_unaligned_rows_of_c(dtype, b_layout, monkeypatch):
    # float32 runs as TF32; with a row-major B the kernel computes C^T, whose stores are
    # rows of C as well.
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", True)
    gen = torch.Generator(device="cuda").manual_seed(11)
    m, k = 203, 77
    for n in WIDTHS:
        if (n * torch.empty((), dtype=dtype).element_size()) % 16 == 0:
            continue
        a = make_operand(m, k, dtype, "cuda", "row", gen)
        b = make_operand(k, n, dtype, "cuda", b_layout, gen)
        for spec in kernel_specs(WGMMA, dtype):
            poison_cached_block(m, n, dtype, "cuda")
            out = tiledmm.gemm(a, b, kernel=spec)
            assert_matches_reference(out, a, b, tf32=dtype == torch.float32)


@runs_wgmma
def test_unaligned_rows_of_a_large_output():
    # Persistent blocks over many tiles and both consumers, rows of 4095 bf16 (every row
    # start at a different offset in its 16-byte chunk), deep K.
    gen = torch.Generator(device="cuda").manual_seed(12)
    m, n, k = 1100, 4095, 1000
    a = make_operand(m, k, torch.bfloat16, "cuda", "row", gen)
    b = make_operand(k, n, torch.bfloat16, "cuda", "row", gen)
    poison_cached_block(m, n, torch.bfloat16, "cuda")
    out = tiledmm.gemm(a, b, kernel="wgmma")
    assert_matches_reference(out, a, b)
    assert torch.equal(tiledmm.gemm(a, b, kernel="wgmma"), out)


@runs_wgmma
@pytest.mark.parametrize("activation", ["none", "gelu"])
def test_unaligned_rows_with_bias_and_activation(activation):
    gen = torch.Generator(device="cuda").manual_seed(13)
    x = torch.randn(3, 100, 512, device="cuda", dtype=torch.bfloat16, generator=gen)
    w = torch.randn(777, 512, device="cuda", dtype=torch.bfloat16, generator=gen) / 20
    bias = torch.randn(777, device="cuda", dtype=torch.bfloat16, generator=gen)
    poison_cached_block(300, 777, torch.bfloat16, "cuda")
    out = tiledmm.linear(x, w, bias, activation=activation, kernel="wgmma")
    z = x.double() @ w.double().t() + bias.double()
    ref = torch.nn.functional.gelu(z) if activation == "gelu" else z
    torch.testing.assert_close(out.double(), ref, rtol=2e-2, atol=2e-2)
