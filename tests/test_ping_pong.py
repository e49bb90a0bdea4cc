"""wgmma's ping-pong configs: two consumers taking turns on whole tiles of a persistent block.
Blocks of one, two and many units (odd and even counts, so either consumer runs the last),
every layout, the linear epilogue, bitwise repeats and CUDA-graph replay, against
float64."""
import pytest
import torch

import tiledmm
from conftest import (PING_PONG, WGMMA, assert_deep_gemm_replays, assert_gemm_matches_and_repeats,
                      assert_matches_reference, linear_operands, poison_cached_block, runs_wgmma)

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
    assert_gemm_matches_and_repeats(spec, dtype, tiles_per_block_shapes(spec), layouts)


@runs_wgmma
@EVERY_SPEC
@SIXTEEN_BIT
@pytest.mark.parametrize("activation", [None, "relu", "gelu", "gelu_tanh", "silu"])
def test_linear_epilogue(spec, dtype, activation):
    from test_linear import assert_close_to_reference

    m, n, k = tiles_per_block_shapes(spec)[1]
    x, w, bias = linear_operands(m, n, k, dtype, seed=3)
    poison_cached_block(m, n, dtype, "cuda")
    out = tiledmm.linear(x, w, bias, activation=activation, kernel=spec)
    assert_close_to_reference(out, x, w, bias, activation)


@runs_wgmma
@EVERY_SPEC
def test_deep_k_and_graph_replay(spec):
    # K of 40 k-tiles (the ring wraps many times per unit), replayed in a CUDA graph.
    m, n, _ = tiles_per_block_shapes(spec)[1]
    assert_deep_gemm_replays(spec, m, n, k=40 * 64 + 5)


@runs_wgmma
@SIXTEEN_BIT
def test_planned_for_short_k(dtype):
    # The short-K rule (planner_wgmma.cpp, short_k_ping_pong): x @ W^T, K of 1008 (lines on their
    # sectors), ragged M and N, 256 tiles of 128x128 (~2 per SM on an H100), so that each
    # block runs about two.
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    m, n, k = 2048 - 9, 2048 - 5, 1008
    cc = torch.cuda.get_device_capability()
    p = tiledmm.plan(m, n, k, dtype, b_col_major=True, compute_capability=cc, sm_count=sms)
    assert p["config"] == "128x128_k128B_pingpong_s6" and "B column-major" in p["reason"], p
    x, w, _ = linear_operands(m, n, k, dtype, seed=5)
    poison_cached_block(m, n, dtype, "cuda")
    out = tiledmm.gemm(x, w.t())
    assert_matches_reference(out, x, w.t())
    assert torch.equal(out, tiledmm.gemm(x, w.t())), "not bitwise identical from run to run"


@runs_wgmma
@SIXTEEN_BIT
def test_planned_for_short_k_with_b_row_major(dtype):
    # The short-K rule with a row-major B whose rows sit on 128-byte lines (N = 2048), ragged M,
    # K of 1008: 256 tiles of 128x128, about two per block on an H100.
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    m, n, k = 2048 - 9, 2048, 1008
    cc = torch.cuda.get_device_capability()
    p = tiledmm.plan(m, n, k, dtype, compute_capability=cc, sm_count=sms)
    assert p["config"] == "128x128_k128B_pingpong_s6" and "B row-major on 128-byte lines" in p["reason"], p
    gen = torch.Generator(device="cuda").manual_seed(6)
    a = torch.randn(m, k, device="cuda", dtype=dtype, generator=gen)
    b = torch.randn(k, n, device="cuda", dtype=dtype, generator=gen)
    poison_cached_block(m, n, dtype, "cuda")
    out = tiledmm.gemm(a, b)
    assert_matches_reference(out, a, b)
    assert torch.equal(out, tiledmm.gemm(a, b)), "not bitwise identical from run to run"
