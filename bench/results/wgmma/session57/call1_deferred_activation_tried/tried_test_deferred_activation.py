"""wgmma's deferred activation: a cooperative 16-bit tile stored by TMA holds its biased
outputs in registers and writes them, gelu or silu applied, under the MMAs of the block's
next unit (wgmma_outputs.cuh, DeferredActivation). Blocks of one, a few and many units; K
deep enough for a held piece per k-tile, and K too short for that (the rest go out after the
unit's MMAs); outputs TMA cannot store (applied at once); against float64, bitwise repeats
and CUDA-graph replay, each over a poisoned output."""
import pytest
import torch

import tiledmm
from conftest import (C_TRANSPOSED, PING_PONG, WGMMA, linear_operands, poison_cached_block, runs_wgmma)
from test_linear import assert_close_to_reference

# The configs that defer: cooperative (not ping-pong), C's rows (not C^T).
COOPERATIVE_SPECS = [f"wgmma:{c}" for c in (WGMMA.configs if WGMMA is not None else [])
                     if PING_PONG not in c and C_TRANSPOSED not in c]
TRANSCENDENTAL = ["gelu", "gelu_tanh", "silu"]
SIXTEEN_BIT = pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
SHORT_K, DEEP_K = 3 * 64 + 21, 40 * 64 + 5  # 4 k-tiles (under a tile's 4-16 held pieces), 41


def block_shape(spec):
    """A config name's block_m, block_n ("128x256_k128B_2wg_s4" -> 128, 256)."""
    return (int(v) for v in spec.split(":")[1].split("_")[0].split("x"))


def units_per_block_shapes(spec, k):
    """Ragged (M, N, K) giving each persistent block about 1, 2.5 and 6 tiles, N a multiple
    of 8 (rows TMA can store) but not of block_n."""
    block_m, block_n = block_shape(spec)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    blocks_per_sm = 2 if block_m == 64 else 1
    shapes = []
    for per_block in (1.0, 2.5, 6.0):
        tiles_n = 5
        tiles_m = max(1, round(per_block * sms * blocks_per_sm / tiles_n))
        shapes.append((block_m * tiles_m - 17, block_n * tiles_n - 8, k))
    return shapes


def assert_linear_matches_and_repeats(spec, m, n, k, dtype, activation, seed):
    x, w, bias = linear_operands(m, n, k, dtype, seed=seed)
    w = w / k**0.5  # pre-activations of order 1, where gelu and silu bend
    poison_cached_block(m, n, dtype, "cuda")
    out = tiledmm.linear(x, w, bias, activation=activation, kernel=spec)
    assert_close_to_reference(out, x, w, bias, activation)
    poison_cached_block(m, n, dtype, "cuda")
    assert torch.equal(tiledmm.linear(x, w, bias, activation=activation, kernel=spec), out)
    return out


@runs_wgmma
@pytest.mark.parametrize("spec", COOPERATIVE_SPECS)
@SIXTEEN_BIT
@pytest.mark.parametrize("activation", TRANSCENDENTAL)
@pytest.mark.parametrize("k", [SHORT_K, DEEP_K], ids=["short_k", "deep_k"])
def test_held_tiles_match_float64(spec, dtype, activation, k):
    for i, (m, n, k) in enumerate(units_per_block_shapes(spec, k)):
        assert_linear_matches_and_repeats(spec, m, n, k, dtype, activation, seed=i)


@runs_wgmma
@pytest.mark.parametrize("spec", COOPERATIVE_SPECS)
@pytest.mark.parametrize("activation", TRANSCENDENTAL)
def test_without_bias_and_with_rows_tma_cannot_store(spec, activation):
    # No bias: the held values are the accumulators rounded. An odd N: the rows break TMA's
    # 16-byte rule and every box leaves through the threads' own stores, activated at once.
    m, n, k = units_per_block_shapes(spec, DEEP_K)[1]
    for n_out, with_bias in ((n, False), (n + 3, True)):
        x, w, bias = linear_operands(m, n_out, k, torch.bfloat16, seed=n_out)
        w = w / k**0.5
        poison_cached_block(m, n_out, torch.bfloat16, "cuda")
        b = bias if with_bias else None
        out = tiledmm.linear(x, w, b, activation=activation, kernel=spec)
        assert_close_to_reference(out, x, w, b, activation)


@runs_wgmma
@pytest.mark.parametrize("spec", COOPERATIVE_SPECS)
def test_graph_replay(spec):
    # Each replay writes every held piece again: a poisoned output between replays must
    # come back bitwise equal to the eager result.
    m, n, k = units_per_block_shapes(spec, DEEP_K)[2]
    x, w, bias = linear_operands(m, n, k, torch.bfloat16, seed=7)
    w = w / k**0.5
    eager = tiledmm.linear(x, w, bias, activation="gelu", kernel=spec)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        captured = tiledmm.linear(x, w, bias, activation="gelu", kernel=spec)
    for _ in range(2):
        captured.fill_(float("nan"))
        graph.replay()
        torch.cuda.synchronize()
        assert torch.equal(captured, eager)
