"""wgmma's 16-bit C^T configs: the kernel computes C^T = B^T A^T on tiles narrow in C's rows,
its output boxes written transposed (stmatrix .trans) into C. Every layout, ragged edges,
persistent blocks of several tiles, outputs whose rows TMA cannot store, the linear
epilogue (the bias runs along the kernel's rows), bitwise repeats and CUDA-graph replay,
against float64."""
import pytest
import torch

import tiledmm
from conftest import (C_TRANSPOSED, WGMMA, assert_deep_gemm_replays, assert_gemm_matches_and_repeats,
                      assert_matches_reference, linear_operands, make_operand, poison_cached_block, runs_wgmma)

C_TRANSPOSED_SPECS = [f"wgmma:{c}" for c in (WGMMA.configs if WGMMA is not None else []) if C_TRANSPOSED in c]
EVERY_SPEC = pytest.mark.parametrize("spec", C_TRANSPOSED_SPECS)
SIXTEEN_BIT = pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)


def c_tile(spec):
    """(C rows, C columns) of one tile: the config's block_n x block_m."""
    block_m, block_n = (int(v) for v in spec.split(":")[1].split("_")[0].split("x"))
    return block_n, block_m


def tiles_per_block_shapes(spec):
    """Ragged (M, N, K) whose tiles give each SM's block about 1, 2.5 and 6 tiles."""
    rows, cols = c_tile(spec)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    shapes = []
    for per_block in (1.0, 2.5, 6.0):
        tiles_n = 5
        tiles_m = max(1, round(per_block * sms / tiles_n))
        shapes.append((rows * tiles_m - 7, cols * tiles_n - 3, 200 + 13))
    return shapes


def test_c_transposed_configs_are_listed():
    if WGMMA is None:
        pytest.skip("built without sm_90a")
    assert len(C_TRANSPOSED_SPECS) >= 2, WGMMA.configs
    for spec in C_TRANSPOSED_SPECS:
        plan = tiledmm.plan(1000, 1000, 1000, torch.bfloat16, kernel=spec, compute_capability=(9, 0))
        assert plan["c_transposed"] and plan["split_k"] == 1, plan


@runs_wgmma
@EVERY_SPEC
@SIXTEEN_BIT
@pytest.mark.parametrize("layouts", [("row", "row"), ("row", "col"), ("col", "row"), ("col", "col")],
                         ids=lambda l: "-".join(l))
def test_tiles_match_float64(spec, dtype, layouts):
    assert_gemm_matches_and_repeats(spec, dtype, tiles_per_block_shapes(spec), layouts)


def allocations(fn):
    """fn()'s result and the number of CUDA allocations it made (the output, and any copy)."""
    before = torch.cuda.memory_stats()["allocation.all.allocated"]
    result = fn()
    return result, torch.cuda.memory_stats()["allocation.all.allocated"] - before


def reads_column_major_a_in_place(spec):
    """Whether a C^T config reads a column-major A in place (its MN-major B): where its tile's
    rows make runs of 64 bytes or more in the 16-bit types (wgmma_configs.h,
    c_transposed_reads_column_major_a); the others copy such an A row-major first."""
    rows, _ = c_tile(spec)
    return (2 * rows) % 64 == 0


def test_configs_reading_a_column_major_a_in_place():
    names = {spec.split(":")[1] for spec in C_TRANSPOSED_SPECS if reads_column_major_a_in_place(spec)}
    if WGMMA is not None:
        assert names == {"64x32_ct_k256B_1wg_s8", "128x96_ct_k128B_2wg_s6", "128x160_ct_k128B_2wg_s5"}, names


@runs_wgmma
@EVERY_SPEC
@SIXTEEN_BIT
@pytest.mark.parametrize("layouts", [("col", "row"), ("col", "col"), ("sliced_t", "row")], ids=lambda l: "-".join(l))
def test_column_major_a(spec, dtype, layouts):
    """A column-major A (a weight's gradient, dY^T X): read in place as the kernel's MN-major B,
    swizzled in runs of 64 bytes (64 or 32 of the tile's rows), by the configs that read it well
    (the output is then the call's only allocation), copied row-major first by the others. M and
    N are multiples of 8 (operands TMA reads in place) but ragged against the tiles, K ragged
    against the k-tiles and deep enough to wrap the ring; sliced_t makes M ragged too, A's
    storage ending at its last element (a box past M must stop there)."""
    rows, cols = c_tile(spec)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    sliced = layouts[0] == "sliced_t"
    expected_allocations = 1 if reads_column_major_a_in_place(spec) else 2
    for tiles_m, tiles_n, k in [(1, 2, 216), (max(1, round(2.5 * sms / 5)), 5, 216), (3, 4, 40 * 128 + 8)]:
        m, n = rows * tiles_m - (7 if sliced else 8), cols * tiles_n - 8
        a = make_operand(m, k, dtype, "cuda", layouts[0])
        b = make_operand(k, n, dtype, "cuda", layouts[1])
        poison_cached_block(m, n, dtype, "cuda")
        out, allocated = allocations(lambda: tiledmm.gemm(a, b, kernel=spec))
        assert allocated == expected_allocations, f"{allocated} allocations ({m}x{n}x{k}, {layouts})"
        assert_matches_reference(out, a, b)
        assert torch.equal(out, tiledmm.gemm(a, b, kernel=spec)), "not bitwise identical from run to run"


@runs_wgmma
@EVERY_SPEC
@pytest.mark.parametrize("activation", [None, "gelu"])
def test_linear_with_column_major_x(spec, activation):
    # x column-major: read in place without an activation (by the configs that read it in
    # place), copied row-major with one (the kernels that read it exist for the plain epilogue).
    from test_linear import assert_close_to_reference

    m, n, k = tiles_per_block_shapes(spec)[1]
    m = m // 8 * 8  # x's columns on 16-byte boundaries: TMA could read them in place
    x, w, bias = linear_operands(m, n, k, torch.bfloat16, seed=5)
    x_col = x.t().contiguous().t()
    poison_cached_block(m, n, torch.bfloat16, "cuda")
    out = tiledmm.linear(x_col, w, bias, activation=activation, kernel=spec)
    assert_close_to_reference(out, x, w, bias, activation)


@runs_wgmma
@EVERY_SPEC
@pytest.mark.parametrize("n", [64, 1, 7, 36, 100, 130], ids=lambda n: f"n{n}")
def test_output_rows_tma_cannot_store(spec, n):
    # C's rows of n bf16: 16-byte multiples (64: TMA stores) or not (the box leaves through
    # row-wise stores in 2-, 8- or 4-byte words); C^T boxes hold C rows, so n is the slab's
    # ragged side here.
    rows, _ = c_tile(spec)
    m, k = 3 * rows + 5, 300
    a = make_operand(m, k, torch.bfloat16, "cuda", "row")
    b = make_operand(k, n, torch.bfloat16, "cuda", "row")
    poison_cached_block(m, n, torch.bfloat16, "cuda")
    assert_matches_reference(tiledmm.gemm(a, b, kernel=spec), a, b)


@runs_wgmma
@EVERY_SPEC
@SIXTEEN_BIT
@pytest.mark.parametrize("activation", [None, "relu", "gelu", "gelu_tanh", "silu"])
def test_linear_epilogue(spec, dtype, activation):
    from test_linear import assert_close_to_reference

    m, n, k = tiles_per_block_shapes(spec)[1]
    x, w, bias = linear_operands(m, n, k, dtype, seed=4)
    poison_cached_block(m, n, dtype, "cuda")
    out = tiledmm.linear(x, w, bias, activation=activation, kernel=spec)
    assert_close_to_reference(out, x, w, bias, activation)
    # A weight stored [in, out] (row-major B): the kernel's A read MN-major.
    w_kn = w.t().contiguous()
    poison_cached_block(m, n, dtype, "cuda")
    out = tiledmm.linear(x, w_kn.t(), bias, activation=activation, kernel=spec)
    assert_close_to_reference(out, x, w, bias, activation)


@runs_wgmma
@EVERY_SPEC
def test_deep_k_and_graph_replay(spec):
    # K of 40 k-tiles (the ring wraps many times per tile), replayed in a CUDA graph.
    m, n, _ = tiles_per_block_shapes(spec)[1]
    assert_deep_gemm_replays(spec, m, n, k=40 * 128 + 5)


@runs_wgmma
@SIXTEEN_BIT
@pytest.mark.parametrize("layouts, shape", [
    (("col", "row"), (3072, 768, 985)),   # a weight gradient dY^T X: column_major_a_wave_filling
    (("row", "row"), (3232, 768, 336)),   # 128x144's tiles overflow a wave: wave_filling_c_transposed
    (("row", "col"), (3344, 736, 640)),
], ids=lambda v: "x".join(map(str, v)) if isinstance(v[0], int) else "-".join(v))
def test_planned_128x160(dtype, layouts, shape):
    """Products the planner gives 128x160 C^T tiles, run without naming a kernel (as a model
    calls them), on a GPU of 132 SMs (the rules count its SMs): against float64, bitwise
    repeatable."""
    m, n, k = shape
    a = make_operand(m, k, dtype, "cuda", layouts[0])
    b = make_operand(k, n, dtype, "cuda", layouts[1])
    plan = tiledmm.plan_for(a, b)
    if torch.cuda.get_device_properties(0).multi_processor_count == 132:
        assert plan["config"] == "128x160_ct_k128B_2wg_s5", plan
    poison_cached_block(m, n, dtype, "cuda")
    out = tiledmm.gemm(a, b)
    assert_matches_reference(out, a, b)
    assert torch.equal(out, tiledmm.gemm(a, b)), "not bitwise identical from run to run"
