"""wgmma's last wave split along K, deep products of few tiles cut in halves the same way,
and few 64x32 C^T tiles cut into more parts: the planner's choice (no GPU needed), then
results of split tiles against float64 in every layout and dtype, with the linear epilogue,
bitwise identical from run to run, under CUDA-graph replay, and with the standing hand-over
flags call after call and on two streams at once."""
import math
import os
import subprocess
import sys

import pytest
import torch

import tiledmm
from conftest import (TWO_BLOCKS_PER_SM_WGMMA, assert_graph_replays_gemm, assert_matches_reference, make_operand,
                      needs_sm90a_build, runs_wgmma, two_blocks_per_sm_split_shape)


EVERY_DTYPE = pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16, torch.float32], ids=str)
EVERY_LAYOUT = pytest.mark.parametrize("layouts", [("row", "row"), ("row", "col"), ("col", "row"), ("col", "col")],
                                       ids=lambda l: "-".join(l))


@needs_sm90a_build
def test_planner_splits_the_last_wave():
    # 2048 tiles of 128x256 on 132 SMs: the 16th wave runs 68 tiles. The 64 idle blocks
    # take their tails, up to 2 each: heads of 88 of 128 k-tiles.
    p = tiledmm.plan(8192, 8192, 8192, torch.bfloat16, sm_count=132)
    assert (p["config"], p["split_k"], p["last_wave_split"]) == ("128x256_k128B_2wg_s4", 1, (68, 88)), p
    assert "last wave split along K: its 68 tiles run their first 88 of 128 k-tiles" in p["reason"]
    # 1024 tiles: 100 in the last wave, 32 idle blocks, 4 tails each at most; float16 and TF32
    # alike, where K holds 24 k-tiles per tail (TF32's k-tiles are 32 deep: 128 at K = 4096).
    assert tiledmm.plan(8192, 4096, 8192, torch.float16, sm_count=132)["last_wave_split"] == (100, 106)
    assert tiledmm.plan(8192, 4096, 4096, torch.float32, sm_count=132, allow_tf32=True)["last_wave_split"][0] == 100
    # Shallower, the tails' fixed costs outweigh what the heads save (session 47, H100: 4 tails
    # of 64 k-tiles 0.92-1.00x of whole tiles; one tail of 16, 1792x1792x1024, 0.87x; three of
    # 38, 2432^3, 0.90x), and the last wave runs whole; one tail of 36 k-tiles still splits.
    for m, n, k in [(8192, 4096, 4096), (1792, 1792, 1024), (2432, 2432, 2432)]:
        assert tiledmm.plan(m, n, k, torch.bfloat16, sm_count=132)["last_wave_split"] == (0, 0), (m, n, k)
    # (2304^3, 128x128 tiles by name: the planner gives it 128x192 tiles since session 55.)
    p = tiledmm.plan(2304, 2304, 2304, torch.bfloat16, kernel="wgmma:128x128_k128B_2wg_s6", sm_count=132)
    assert p["last_wave_split"] == (60, 20), p
    # 4096^3: 116 tiles in the last wave, 16 idle blocks. Their 8 tails each would cost
    # (pipeline refills, 128 KB of sums published) what the heads save.
    assert tiledmm.plan(4096, 4096, 4096, torch.bfloat16, sm_count=132)["last_wave_split"] == (0, 0)
    # Whole waves, or a single wave: nothing to split.
    assert tiledmm.plan(4096, 4096, 4096, torch.bfloat16, sm_count=128)["last_wave_split"] == (0, 0)
    assert tiledmm.plan(2048, 2048, 2048, torch.bfloat16, sm_count=132)["last_wave_split"] == (0, 0)
    # 262 tiles leave 2 of 132 blocks idle: too few to take 130 tails.
    p = tiledmm.plan(131 * 128, 512, 4096, torch.bfloat16, sm_count=132)
    assert p["config"] == "128x256_k128B_2wg_s4" and p["last_wave_split"] == (0, 0), p
    # K of 4 k-tiles: too shallow to split.
    assert tiledmm.plan(4096, 4096, 256, torch.bfloat16, sm_count=132)["last_wave_split"] == (0, 0)
    # Split-K products are not split again; other families never are.
    p = tiledmm.plan(16, 4096, 4096, torch.bfloat16, kernel="wgmma", sm_count=132)
    assert p["split_k"] > 1 and p["last_wave_split"] == (0, 0)
    assert tiledmm.plan(4096, 4096, 4096, torch.bfloat16, compute_capability=(8, 0))["last_wave_split"] == (0, 0)
    # A config of two blocks per SM has twice the persistent blocks: 300 tiles of 64x64 on
    # 132 SMs are one full wave of 264 and a last wave of 36, whose tails 228 blocks take.
    p = tiledmm.plan(1280, 960, 2048, torch.bfloat16, kernel=TWO_BLOCKS_PER_SM_WGMMA, sm_count=132)
    assert p["last_wave_split"] == (36, 18), p


# The tile split_shapes counts in, named (the planner gives some layouts C^T tiles there,
# which run whole); the split is planned for a named config as for a chosen one.
SPLIT_KERNEL = "wgmma:128x256_k128B_2wg_s4"


def split_shapes(sms):
    """(M, N, K) in 128x256 wgmma tiles on `sms` SMs, ragged in M, N and K, whose last wave
    is split: ~1.5 tiles per block (one tail per idle block), ~1.8 (several tails per idle
    block) and ~3.5 (three whole waves first). K of 161 k-tiles: deep enough for the five
    tails per idle block of ~1.8 (24 k-tiles per tail, pick_last_wave_split)."""
    return [(128 * math.ceil(per_block * sms / 4) - 51, 1000, 160 * 64 + 13) for per_block in (1.5, 1.8, 3.5)]


def operands(m, n, k, dtype, layouts):
    """Fresh [M, K] and [K, N] operands on the GPU in `layouts` (make_operand's "row" / "col")."""
    gen = torch.Generator(device="cuda").manual_seed(m + n + k)
    return make_operand(m, k, dtype, "cuda", layouts[0], gen), make_operand(k, n, dtype, "cuda", layouts[1], gen)


def poison_cached_blocks(*blocks):
    """Leave NaN-filled (numel, dtype) blocks in the caching allocator for the output and
    the partial-sum workspace to land in: an element no block writes stays NaN."""
    for numel, dtype in blocks:
        torch.full((numel,), float("nan"), dtype=dtype, device="cuda")


def assert_split_product_matches_float64(a, b, split_tiles, tile_outputs, kernel=None):
    """The output and partial-sum workspace landing on NaN, the result against float64; the
    same blocks meet at the same tiles every run: bitwise repeats."""
    poison_cached_blocks((a.shape[0] * b.shape[1], a.dtype), (split_tiles * (tile_outputs + 2), torch.float32))
    out = tiledmm.gemm(a, b, kernel=kernel)
    assert_matches_reference(out, a, b, tf32=a.dtype == torch.float32)
    for _ in range(2):
        assert torch.equal(tiledmm.gemm(a, b, kernel=kernel), out)


def linear_operands(m, n, k):
    """x [M, K], weight [N, K] and bias [N] in bfloat16 on the GPU."""
    x = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(n, k, device="cuda", dtype=torch.bfloat16) / math.sqrt(k)
    return x, w, torch.randn(n, device="cuda", dtype=torch.bfloat16)


def assert_linear_epilogue_applied_once(x, w, bias, activation):
    """tiledmm.linear with bias (and the activation) on a product whose tiles are split: the
    tile's finishing block adds the bias and applies the activation once, after the sums."""
    out = tiledmm.linear(x, w, bias, activation=activation)
    z = x.double() @ w.double().t() + bias.double()
    ref = torch.nn.functional.gelu(z) if activation == "gelu" else z
    torch.testing.assert_close(out.double(), ref, rtol=2e-2, atol=2e-2)


@runs_wgmma
@EVERY_DTYPE
@EVERY_LAYOUT
def test_split_tiles_match_float64(dtype, layouts, monkeypatch):
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", True)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    tails_per_idle_block = set()
    for m, n, k in split_shapes(sms):
        a, b = operands(m, n, k, dtype, layouts)
        p = tiledmm.plan_for(a, b, SPLIT_KERNEL)
        split_tiles, head = p["last_wave_split"]
        assert p["kernel"] == "wgmma" and split_tiles > 0, p  # the test tests what it says
        tails_per_idle_block.add(math.ceil(split_tiles / (sms - split_tiles)))
        assert_split_product_matches_float64(a, b, split_tiles, 128 * 256, kernel=SPLIT_KERNEL)
    assert len(tails_per_idle_block) > 1 and max(tails_per_idle_block) > 1, tails_per_idle_block


@runs_wgmma
@pytest.mark.parametrize("activation", ["none", "gelu"])
def test_split_tiles_apply_bias_and_activation_once(activation):
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    x, w, bias = linear_operands(*split_shapes(sms)[1])
    assert tiledmm.plan_for(x, w.t())["last_wave_split"][0] > 0
    assert_linear_epilogue_applied_once(x, w, bias, activation)


@runs_wgmma
def test_split_tiles_under_graph_replay():
    # Each replay zeroes the flags again (the clearing kernel) and hands the sums over anew.
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    a, b = operands(*split_shapes(sms)[0], torch.bfloat16, ("row", "row"))
    assert tiledmm.plan_for(a, b, SPLIT_KERNEL)["last_wave_split"][0] > 0
    assert_graph_replays_gemm(a, b, kernel=SPLIT_KERNEL)


@runs_wgmma
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=str)
def test_split_tiles_of_a_two_blocks_per_sm_config(dtype, monkeypatch):
    # 64x64 tiles run two persistent blocks per SM: a last wave split over 2 x SMs blocks,
    # ragged in M, N and K.
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", True)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    spec = TWO_BLOCKS_PER_SM_WGMMA
    a, b = operands(*two_blocks_per_sm_split_shape(sms), dtype, ("row", "col"))
    p = tiledmm.plan_for(a, b, spec)
    split_tiles = p["last_wave_split"][0]
    assert split_tiles > 0, p
    assert_split_product_matches_float64(a, b, split_tiles, 64 * 64, kernel=spec)


TWO_BLOCKS_PER_SM_TILE = 64  # TWO_BLOCKS_PER_SM_WGMMA's tiles are 64 x 64


def moved_split_tile_shape(sms, group_rows=8, tiles_n=5):
    """(M, N, K) of TWO_BLOCKS_PER_SM_WGMMA tiles (two blocks per SM) whose split last wave is
    the last 1 to `group_rows` (the grouped order's) tiles, all in the last tile column: ragged
    M and N, so they are the tiles that move back inside C (tile_origin)."""
    tile = TWO_BLOCKS_PER_SM_TILE
    for tiles_m in range(6 * 2 * sms // tiles_n, 8 * 2 * sms // tiles_n):
        m, n, k = tile * tiles_m - 17, tile * tiles_n - 8, 40 * 64 + 5
        split_tiles = tiledmm.plan(m, n, k, torch.float16, kernel=TWO_BLOCKS_PER_SM_WGMMA, sm_count=sms,
                                   compute_capability=(9, 0))["last_wave_split"][0]
        if 1 <= split_tiles <= (tiles_m % group_rows or group_rows):
            return (m, n, k), split_tiles
    raise AssertionError(f"no such shape for {sms} SMs")


@runs_wgmma
def test_split_tiles_stay_off_the_whole_tiles_before_them(tmp_path):
    # A ragged last tile moves back inside C over the tiles before it and stores the overlap
    # again. Split along K (head and tail summed apart) its values there may differ in the
    # last bit from the whole tiles', and whichever store landed last won: so it stays in
    # place. Every output outside the split tiles' own (unmoved) extent must then be
    # bitwise what the product gives with its last wave whole (TILEDMM_SPLIT_LAST_WAVE=off,
    # read once per process: a subprocess), where all tiles sum K in one go.
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    (m, n, k), split_tiles = moved_split_tile_shape(sms)
    a, b = operands(m, n, k, torch.float16, ("row", "row"))
    assert tiledmm.plan_for(a, b, TWO_BLOCKS_PER_SM_WGMMA)["last_wave_split"][0] == split_tiles
    torch.save((a.cpu(), b.cpu()), tmp_path / "operands.pt")
    code = ("import sys, torch, tiledmm; a, b = torch.load(sys.argv[1]); "
            f"torch.save(tiledmm.gemm(a.cuda(), b.cuda(), kernel='{TWO_BLOCKS_PER_SM_WGMMA}').cpu(), sys.argv[2])")
    env = dict(os.environ, TILEDMM_SPLIT_LAST_WAVE="off")
    subprocess.run([sys.executable, "-c", code, str(tmp_path / "operands.pt"), str(tmp_path / "whole.pt")],
                   env=env, check=True)
    whole = torch.load(tmp_path / "whole.pt").cuda()
    out = tiledmm.gemm(a, b, kernel=TWO_BLOCKS_PER_SM_WGMMA)
    assert_matches_reference(out, a, b)
    # The split tiles: the last split_tiles tile rows of the last tile column.
    tile = TWO_BLOCKS_PER_SM_TILE
    first_split_row, split_col = tile * (math.ceil(m / tile) - split_tiles), tile * (math.ceil(n / tile) - 1)
    outside = torch.ones(m, n, dtype=torch.bool, device="cuda")
    outside[first_split_row:, split_col:] = False
    differ = (out[outside] != whole[outside]).sum().item()
    assert differ == 0, f"{differ} outputs outside the split tiles differ from the whole tiles' values"


@needs_sm90a_build
def test_planner_cuts_deep_products_of_few_tiles_in_halves():
    # K >= 8 KB per row and at most half a wave of 128x128 tiles: every tile in two halves on
    # two blocks (all of them "last wave"), no split-K planes or reduction kernel.
    p = tiledmm.plan(1024, 1024, 8192, torch.bfloat16, sm_count=132)
    assert (p["config"], p["split_k"], p["last_wave_split"]) == ("128x128_k128B_2wg_s6", 1, (64, 64)), p
    assert "K in two halves: each of the 64 tiles runs its first 64 of 128 k-tiles" in p["reason"], p
    p = tiledmm.plan(1000, 1000, 4100, torch.float32, allow_tf32=True, sm_count=132)  # TF32: C^T, 129 k-tiles
    assert p["c_transposed"] and (p["split_k"], p["last_wave_split"]) == (1, (64, 65)), p
    # Not with shallower K (the time model does not decide there), and never for 64x64
    # tiles, which run two blocks per SM.
    assert tiledmm.plan(1024, 1024, 2048, torch.bfloat16, sm_count=132)["last_wave_split"] == (0, 0)
    p = tiledmm.plan(300, 200, 8200, torch.bfloat16, kernel="wgmma:64x64_k128B_1wg_s4", sm_count=132)
    assert p["last_wave_split"] == (0, 0) and p["split_k"] > 1, p


def halves_shape(dtype):
    """A ragged product the planner cuts in halves on an H100-sized GPU: 64 tiles of 128x128,
    K ending mid k-tile (16-bit: 129 k-tiles of 64; TF32: 129 of 32)."""
    return (1000, 1000, 4100) if dtype == torch.float32 else (1000, 1000, 8200)


@runs_wgmma
@EVERY_DTYPE
@EVERY_LAYOUT
def test_halves_match_float64(dtype, layouts, monkeypatch):
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", True)
    if torch.cuda.get_device_properties(0).multi_processor_count < 128:
        pytest.skip("the shape is cut in halves only on GPUs of >= 128 SMs")
    a, b = operands(*halves_shape(dtype), dtype, layouts)
    p = tiledmm.plan_for(a, b)
    split_tiles, head = p["last_wave_split"]
    assert p["kernel"] == "wgmma" and split_tiles == 64 and "K in two halves" in p["reason"], p
    assert_split_product_matches_float64(a, b, split_tiles, 128 * 128)


@runs_wgmma
@pytest.mark.parametrize("activation", ["none", "gelu"])
def test_halves_apply_bias_and_activation_once(activation):
    if torch.cuda.get_device_properties(0).multi_processor_count < 128:
        pytest.skip("the shape is cut in halves only on GPUs of >= 128 SMs")
    x, w, bias = linear_operands(*halves_shape(torch.bfloat16))
    assert "K in two halves" in tiledmm.plan_for(x, w.t())["reason"]
    assert_linear_epilogue_applied_once(x, w, bias, activation)


@runs_wgmma
def test_halves_under_graph_replay():
    if torch.cuda.get_device_properties(0).multi_processor_count < 128:
        pytest.skip("the shape is cut in halves only on GPUs of >= 128 SMs")
    a, b = operands(*halves_shape(torch.bfloat16), torch.bfloat16, ("row", "row"))
    assert "K in two halves" in tiledmm.plan_for(a, b)["reason"]
    assert_graph_replays_gemm(a, b)


# ---- few 64x32 C^T tiles cut along K into a head and tails --------------------------------

C_TRANSPOSED_32 = "64x32_ct_k256B_1wg_s8"


@needs_sm90a_build
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
def test_planner_cuts_few_c_transposed_tiles_along_k(dtype):
    def plan(m, n, k, b_col=False, sms=132, kernel=None):
        return tiledmm.plan(m, n, k, dtype, b_col_major=b_col, sm_count=sms, kernel=kernel)

    # More than 16 rows, 16 to 43 tiles of 64 weight rows (a third of 132 SMs), K >= 8 KB
    # per row: each tile in parts, a block each, for about half the SMs' worth of blocks.
    # 32 tiles: 2 parts of 32 of 64 k-tiles (256 bytes of K each).
    p = plan(32, 2048, 8192)
    assert (p["kernel"], p["config"]) == ("wgmma", C_TRANSPOSED_32), p
    assert (p["last_wave_split"], p["split_tails"], p["split_k"]) == ((32, 32), 1, 1), p
    assert "K in 2 parts: each of the 32 tiles runs its first 32 of 64 k-tiles" in p["reason"], p
    # 16 tiles: 4 parts (64 blocks); 24 tiles of a K-major weight: 3 parts, runs of 11 of 32.
    p = plan(17, 1000, 8192)
    assert (p["config"], p["last_wave_split"], p["split_tails"]) == (C_TRANSPOSED_32, (16, 16), 3), p
    p = plan(24, 1536, 4096, b_col=True)
    assert (p["config"], p["last_wave_split"], p["split_tails"]) == (C_TRANSPOSED_32, (24, 11), 2), p
    # 114 SMs (H100 PCIe): 32 tiles are still under a third, in 2 parts.
    p = plan(32, 2048, 8192, sms=114)
    assert (p["config"], p["last_wave_split"], p["split_tails"]) == (C_TRANSPOSED_32, (32, 32), 1), p
    # At 9-16 rows, a row-major weight of 24 or more tiles (session 63); at any M, a row-major
    # weight whose lines start off 128-byte lines (bf16 N not a multiple of 64).
    p = plan(16, 2048, 8192)
    assert (p["config"], p["last_wave_split"], p["split_tails"]) == (C_TRANSPOSED_32, (32, 32), 1), p
    p = tiledmm.plan(1, 2000, 8192, dtype, sm_count=132, b_off_cache_lines=True)
    assert (p["config"], p["last_wave_split"], p["split_tails"]) == (C_TRANSPOSED_32, (32, 32), 1), p
    # Not otherwise at 16 rows or fewer (a K-major weight; 9-16 rows of fewer than 24 tiles;
    # up to 8 rows of a weight on 128-byte lines), under 16 tiles, or under 8 KB of K per row:
    # skinny's products.
    for m, n, k, b_col in [(16, 2048, 8192, True), (16, 1472, 8192, False), (8, 2048, 8192, False),
                           (1, 1024, 8192, False), (32, 960, 8192, False), (32, 2048, 2048, False)]:
        assert plan(m, n, k, b_col)["kernel"] == "skinny", (m, n, k, b_col)
    # From a third of the SMs (44 tiles), whole C^T tiles (the rule of session 61).
    p = plan(32, 2816, 8192)
    assert (p["config"], p["last_wave_split"], p["split_tails"]) == (C_TRANSPOSED_32, (0, 0), 0), p
    # The tile named by the caller is cut the same way, at any M.
    p = plan(1, 1024, 8192, kernel="wgmma:" + C_TRANSPOSED_32)
    assert (p["last_wave_split"], p["split_tails"]) == ((16, 16), 3), p
    # Other C^T configs run whole.
    assert plan(100, 1024, 8192, kernel="wgmma:128x144_ct_k128B_2wg_s5")["last_wave_split"] == (0, 0)


def c_transposed_parts_cases():
    """(M, N, K, layouts) of 64x32 C^T tiles cut along K on an H100/H200, ragged in M, N and
    K (ending mid k-tile), both layouts of the weight: 4 parts of 16 tiles (N 1000: the last
    tile moves back inside) with a row-major weight whose lines start off 32-byte sectors,
    read in place; 3 of 25 with a K-major one whose lines do too, copied (>= 1,536 rows); 2
    of 32; 4 of 16 with lines off 128-byte lines."""
    return [(17, 1000, 8200, ("row", "row")), (32, 1536 + 7, 4104, ("row", "col")),
            (29, 2040, 8256, ("row", "col")), (24, 1000, 6000, ("row", "col"))]


@runs_wgmma
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
def test_c_transposed_parts_match_float64(dtype):
    if torch.cuda.get_device_properties(0).multi_processor_count < 128:
        pytest.skip("the shapes are cut in these parts on GPUs of >= 128 SMs")
    seen_tails = set()
    for m, n, k, layouts in c_transposed_parts_cases():
        a, b = operands(m, n, k, dtype, layouts)
        p = tiledmm.plan_for(a, b)
        split_tiles, _ = p["last_wave_split"]
        assert p["config"] == C_TRANSPOSED_32 and split_tiles > 0 and p["split_tails"] >= 1, p
        seen_tails.add(p["split_tails"])
        assert_split_product_matches_float64(a, b, split_tiles * p["split_tails"], 64 * 32)
    assert seen_tails == {1, 2, 3}, seen_tails


@runs_wgmma
def test_standing_flags_hand_over_fresh_sums_call_after_call():
    # The flags stand between calls (each head clears the ones it waited on): products of
    # different parts and tiles back to back on fresh values, each against float64. A flag
    # left raised would let a head add its tails' sums before they land (the last call's).
    if torch.cuda.get_device_properties(0).multi_processor_count < 128:
        pytest.skip("the shapes are cut in these parts on GPUs of >= 128 SMs")
    for _ in range(3):
        results = []
        for m, n, k, layouts in c_transposed_parts_cases() + [(1000, 1000, 8200, ("row", "row"))]:
            a, b = operands(m, n, k, torch.bfloat16, layouts)
            a.copy_(torch.randn_like(a))
            results.append((tiledmm.gemm(a, b), a, b))
        for out, a, b in results:
            assert_matches_reference(out, a, b)


@runs_wgmma
@pytest.mark.parametrize("activation", ["none", "gelu"])
def test_c_transposed_parts_apply_bias_and_activation_once(activation):
    if torch.cuda.get_device_properties(0).multi_processor_count < 128:
        pytest.skip("the shape is cut in parts only on GPUs of >= 128 SMs")
    x, w, bias = linear_operands(32, 1536, 8192)
    assert tiledmm.plan_for(x, w.t())["split_tails"] == 2
    assert_linear_epilogue_applied_once(x, w, bias, activation)


@runs_wgmma
def test_c_transposed_parts_under_graph_replay():
    # Under capture the launch takes fresh flags and the clearing kernel, replay after replay.
    if torch.cuda.get_device_properties(0).multi_processor_count < 128:
        pytest.skip("the shape is cut in parts only on GPUs of >= 128 SMs")
    a, b = operands(32, 1024, 8192, torch.bfloat16, ("row", "col"))
    assert tiledmm.plan_for(a, b)["split_tails"] == 3
    assert_graph_replays_gemm(a, b)


@runs_wgmma
def test_standing_flags_on_two_streams_at_once():
    # Each stream has its own flags: products cut along K on two streams at once, repeatedly.
    if torch.cuda.get_device_properties(0).multi_processor_count < 128:
        pytest.skip("the shape is cut in parts only on GPUs of >= 128 SMs")
    a, b = operands(32, 2048, 8192, torch.bfloat16, ("row", "row"))
    c, d = operands(24, 1000, 6000, torch.bfloat16, ("row", "col"))
    expected = (tiledmm.gemm(a, b), tiledmm.gemm(c, d))
    assert_matches_reference(expected[0], a, b)
    assert_matches_reference(expected[1], c, d)
    streams = (torch.cuda.Stream(), torch.cuda.Stream())
    torch.cuda.synchronize()
    outs = []
    for _ in range(20):
        with torch.cuda.stream(streams[0]):
            first = tiledmm.gemm(a, b)
        with torch.cuda.stream(streams[1]):
            second = tiledmm.gemm(c, d)
        outs.append((first, second))
    torch.cuda.synchronize()
    for first, second in outs:
        assert torch.equal(first, expected[0]) and torch.equal(second, expected[1])


@needs_sm90a_build
def test_planner_cuts_a_short_last_wave_of_c_transposed_tiles():
    # A small-row stream of 64x32 or 64x80 C^T tiles over several waves whose last wave holds
    # at most half the SMs: each of its R tiles in about (SMs + R) / (2 R) parts, runs of at
    # least 4 k-tiles (session 63).
    def plan(m, n, k, sms=132, **kwargs):
        return tiledmm.plan(m, n, k, torch.bfloat16, sm_count=sms, **kwargs)

    for (m, n, k), config, cut, tails in (((24, 8960, 4096), C_TRANSPOSED_32, (8, 4), 7),
                                          ((20, 10000, 8200), C_TRANSPOSED_32, (25, 22), 2),
                                          ((40, 17000, 2056), "64x80_ct_k256B_1wg_s5", (2, 5), 3)):
        p = plan(m, n, k)
        assert (p["config"], p["last_wave_split"], p["split_tails"]) == (config, cut, tails), p
        assert f"last wave split along K: each of its {cut[0]} tiles in {1 + tails} parts" in p["reason"], p
    # Not where the last wave holds more than half the SMs (31 x 11008 x 4160 on 100 SMs: 72
    # tiles), is full (24 x 8448: 132 tiles) or the tiles take one wave, nor K under 8 k-tiles
    # (24 x 8960 x 896, the tile by name).
    for m, n, k, sms, kernel in ((31, 11008, 4160, 100, None), (24, 8448, 4096, 132, None),
                                 (24, 4096, 4096, 132, None), (24, 8960, 896, 132, f"wgmma:{C_TRANSPOSED_32}")):
        p = plan(m, n, k, sms, kernel=kernel)
        assert p["config"] == C_TRANSPOSED_32 and p["last_wave_split"] == (0, 0), (m, n, k, p)
    # At 17-32 rows and K under 4 KB per row, a short last wave of 64x32 tiles, cut or not, gives
    # way to 128x96 C^T tiles in one wave (session 64): 24 x 8960 x 896 and x 1800.
    for k in (896, 1800):
        p = plan(24, 8960, k)
        assert (p["config"], p["last_wave_split"]) == ("128x96_ct_k128B_2wg_s6", (0, 0)), p
        assert "70 tiles of 128 of the weight's rows x all 24 rows" in p["reason"], p
