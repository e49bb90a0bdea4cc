"""wgmma's ping-pong configs: two consumers taking turns on whole tiles of a persistent block.
Blocks of one, two and many units (odd and even counts, so either consumer runs the last),
every layout, the linear epilogue, bitwise repeats and CUDA-graph replay, against
float64."""
import pytest
import torch

import tiledmm
from conftest import (PING_PONG, WGMMA, assert_graph_replays_gemm, assert_matches_reference, make_operand,
                      poison_cached_block, runs_wgmma)

PING_PONG_SPECS = [f"wgmma:{c}" for c in (WGMMA.configs if WGMMA is not None else []) if PING_PONG in c]
EVERY_SPEC = pytest.mark.parametrize("spec", PING_PONG_SPECS)
SIXTEEN_BIT = pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)


def tiles_per_block_shapes(spec):
    """Ragged (M, N, K) whose tiles give each of the GPU's blocks about 1, 2.5 and 6 units
    (the launcher runs a block per two units, up to one per SM)."""
    config = spec.split(":")[1]
    block_m, block_n = (int(v) for v in config.split("_")[0].split("x"))
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    shapes = []
    for per_block in (1.0, 2.5, 6.0):
        tiles_n = 5
        tiles_m = max(1, round(per_block * sms / tiles_n))
        shapes.append((block_m * tiles_m - 17, block_n * tiles_n - 3, 200 + 13))
    return shapes


@runs_wgmma
@EVERY_SPEC
@SIXTEEN_BIT
@pytest.mark.parametrize("layouts", [("row", "row"), ("row", "col"), ("col", "row"), ("col", "col")],
                         ids=lambda l: "-".join(l))
def test_units_in_turns_match_float64(spec, dtype, layouts):
    for m, n, k in tiles_per_block_shapes(spec):
        a = make_operand(m, k, dtype, "cuda", layouts[0])
        b = make_operand(k, n, dtype, "cuda", layouts[1])
        poison_cached_block(m, n, dtype, "cuda")
        out = tiledmm.gemm(a, b, kernel=spec)
        assert_matches_reference(out, a, b)
        assert torch.equal(out, tiledmm.gemm(a, b, kernel=spec)), "not bitwise identical from run to run"


@runs_wgmma
@EVERY_SPEC
@SIXTEEN_BIT
@pytest.mark.parametrize("activation", [None, "relu", "gelu", "gelu_tanh", "silu"])
def test_linear_epilogue(spec, dtype, activation):
    from test_linear import assert_close_to_reference

    m, n, k = tiles_per_block_shapes(spec)[1]
    gen = torch.Generator(device="cuda").manual_seed(3)
    x = torch.randn(m, k, device="cuda", dtype=dtype, generator=gen)
    w = torch.randn(n, k, device="cuda", dtype=dtype, generator=gen)
    bias = torch.randn(n, device="cuda", dtype=dtype, generator=gen)
    poison_cached_block(m, n, dtype, "cuda")
    out = tiledmm.linear(x, w, bias, activation=activation, kernel=spec)
    assert_close_to_reference(out, x, w, bias, activation)


@runs_wgmma
@EVERY_SPEC
def test_deep_k_and_graph_replay(spec):
    # K of 40 k-tiles (the ring wraps many times per unit), replayed in a CUDA graph.
    m, n, _ = tiles_per_block_shapes(spec)[1]
    k = 40 * 64 + 5
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
    assert_matches_reference(tiledmm.gemm(a, b, kernel=spec), a, b)
    assert_graph_replays_gemm(a, b, kernel=spec)

