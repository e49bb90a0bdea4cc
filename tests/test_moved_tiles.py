"""wgmma's last tiles moved back inside the operands (tile_origin, common/tile_order.cuh): a
tile that would reach past M or N starts early enough to end at the edge (along C's columns
by a multiple of 8), where the extent holds a whole tile; it recomputes rows or columns of
the tile before it and stores the same values over them.

Every config, every layout of A and B, bfloat16 and TF32, ragged M and N: against float64,
and bitwise against the same product padded with random rows and columns to whole tiles,
whose tiles do not move. The latter fails if a moved tile's values differ from those of
the tile before it where both store, or if a moved tile left an output unwritten."""
import pytest
import torch

import tiledmm
from conftest import (WGMMA, assert_matches_reference, linear_operands, make_operand, poison_cached_block,
                      runs_wgmma, sixteen_bit_only)

LAYOUTS = [("row", "row"), ("row", "col"), ("col", "row"), ("col", "col")]
CONFIGS = WGMMA.configs if WGMMA is not None else []


def cases():
    for config in CONFIGS:
        for dtype in (torch.bfloat16, torch.float32):
            if dtype == torch.float32 and sixteen_bit_only(config):
                continue
            for layouts in LAYOUTS:
                yield pytest.param(f"wgmma:{config}", dtype, layouts,
                                   id=f"{config}-{str(dtype)[6:]}-{'-'.join(layouts)}")


def device_plan(m, n, k, dtype, spec, layouts):
    cc = torch.cuda.get_device_capability()
    return tiledmm.plan(m, n, k, dtype, a_col_major=layouts[0] == "col", b_col_major=layouts[1] == "col",
                        compute_capability=cc, sm_count=torch.cuda.get_device_properties(0).multi_processor_count,
                        kernel=spec, allow_tf32=True)


def c_tile(plan):
    """(C rows, C columns) of one tile of the plan's config: block_m x block_n, or for a
    kernel computing C^T, block_n x block_m."""
    block_m, block_n = (int(v) for v in plan["config"].split("_")[0].split("x"))
    return (block_n, block_m) if plan["c_transposed"] else (block_m, block_n)


def padded(t, rows, cols, generator):
    """t [r, c] inside a fresh [rows, cols] matrix of random values, in t's layout (a view of
    its top-left corner)."""
    col_major = t.stride(0) == 1 and t.shape[0] > 1
    big = torch.randn((cols, rows) if col_major else (rows, cols), device="cuda", generator=generator).to(t.dtype)
    big = big.t() if col_major else big
    big[: t.shape[0], : t.shape[1]] = t
    return big


@runs_wgmma
@pytest.mark.parametrize("spec, dtype, layouts", list(cases()))
def test_moved_last_tiles(spec, dtype, layouts):
    k = 200  # (float32 through a named wgmma runs as TF32, whatever torch's TF32 flag says)
    tile_rows, tile_cols = c_tile(device_plan(1000, 1000, k, dtype, spec, layouts))
    gen = torch.Generator(device="cuda").manual_seed(46)
    # Ragged by one row past a tile, by 5 past two (moved by most of a tile), and one short
    # of three (moved by one row); N ragged by 3 and by an odd amount (rows TMA cannot
    # store: direct stores), moved by a multiple of 8 columns.
    for m, n in ((tile_rows + 1, 2 * tile_cols + 3), (2 * tile_rows + 5, 3 * tile_cols - 3),
                 (3 * tile_rows - 1, tile_cols + 11)):
        a = make_operand(m, k, dtype, "cuda", layouts[0], generator=gen)
        b = make_operand(k, n, dtype, "cuda", layouts[1], generator=gen)
        whole_m, whole_n = -(-m // tile_rows) * tile_rows, -(-n // tile_cols) * tile_cols
        plan = device_plan(m, n, k, dtype, spec, layouts)
        whole_plan = device_plan(whole_m, whole_n, k, dtype, spec, layouts)
        assert {key: v for key, v in plan.items() if key != "reason"} == \
            {key: v for key, v in whole_plan.items() if key != "reason"}, "the padded product must run the same plan"
        poison_cached_block(m, n, dtype, "cuda")
        out = tiledmm.gemm(a, b, kernel=spec)
        assert_matches_reference(out, a, b, tf32=dtype == torch.float32)
        whole = tiledmm.gemm(padded(a, whole_m, k, gen), padded(b, k, whole_n, gen), kernel=spec)
        assert torch.equal(out, whole[:m, :n]), (m, n, "differs from the same rows of the padded product")


@runs_wgmma
@pytest.mark.parametrize("config", [c for c in CONFIGS if "_ct_" not in c])
def test_moved_columns_keep_bias_and_activation(config):
    # The bias pairs of a moved column tile stay aligned (its columns move by multiples of 8).
    from test_linear import assert_close_to_reference

    spec = f"wgmma:{config}"
    tile_cols = int(config.split("_")[0].split("x")[1])
    for n in (2 * tile_cols + 3, 2 * tile_cols + 10):
        m, k = 300, 136
        x, w, bias = linear_operands(m, n, k, torch.bfloat16, seed=n)
        poison_cached_block(m, n, torch.bfloat16, "cuda")
        out = tiledmm.linear(x, w, bias, activation="gelu", kernel=spec)
        assert_close_to_reference(out, x, w, bias, "gelu")
