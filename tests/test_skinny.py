"""The `skinny` family (products with one small side): the planner's choice (no GPU
needed), then results against float64 for both orientations, the large operand K-major
and MN-major (both read in place) or copied, every small-side size around its tile
edges, ragged K and ragged rows, bias + activation, split-K, NaN/Inf, and bitwise
reproducibility."""
import pytest
import torch
import torch.nn.functional as F

import tiledmm
from conftest import assert_matches_reference, config_runs_here, make_operand, poison_cached_block, requires_cuda

HAS_SKINNY = any(k.name == "skinny" for k in tiledmm.kernels())
needs_skinny = pytest.mark.skipif(not HAS_SKINNY, reason="CPU-only build")


def on_gpu(m, n, k, a_col, b_col, dtype=torch.bfloat16, cc=(9, 0), sms=132, kernel=None):
    return tiledmm.plan(m, n, k, dtype, a_col_major=a_col, b_col_major=b_col, compute_capability=cc,
                        sm_count=sms, kernel=kernel)


@needs_skinny
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
@pytest.mark.parametrize("cc", [(8, 0), (9, 0)], ids=lambda cc: f"sm{cc[0]}{cc[1]}")
def test_planner_picks_skinny_for_a_small_side_in_any_layout(dtype, cc):
    # Decode: x [M, K] @ weight.t(), the weight [N, K] read in place (B column-major). (On
    # sm_90 the 64x32 C^T tiles take more than 16 small rows from 768 bytes of K per row:
    # test_planner_streams_small_rows_on_c_transposed_tiles.)
    for m in (1, 8, 16, 32):
        p = on_gpu(m, 4096, 4096 if m <= 16 else 256, False, True, dtype, cc)
        assert p["kernel"] == "skinny" and f"{m} rows on the small side" in p["reason"], p
    # The transposed problem: N small, A row-major streams.
    assert on_gpu(4096, 16, 4096, False, False, dtype, cc)["kernel"] == "skinny"
    # The large operand runs along N or M (B row-major: x @ W; A column-major): read in
    # place too, by 32-row blocks; 33 rows no longer fit one block.
    for m, n, a_col, along in ((16, 4096, False, "N"), (1, 4096, False, "N"), (4096, 16, True, "M")):
        p = on_gpu(m, n, 2048, a_col, False, dtype, cc)
        assert (p["kernel"], p["config"]) == ("skinny", "r32_w16_u1") and f"runs along {along}" in p["reason"], p
    # More 32-row blocks than SMs: 8-warp blocks, several per SM, up to 16 small rows.
    for m, config in ((1, "r32_w8_u1"), (16, "r32_w8_u1"), (17, "r32_w16_u1")):
        p = on_gpu(m, 11008, 256, False, False, dtype, cc)
        assert (p["kernel"], p["config"]) == ("skinny", config) and "344 blocks of 32 rows" in p["reason"], p
    assert on_gpu(33, 4096, 4096, False, True, dtype, cc)["kernel"] != "skinny"
    # float32 and pre-Ampere GPUs keep their families.
    assert on_gpu(16, 4096, 4096, False, True, torch.float32, cc)["kernel"] == "simt"
    assert on_gpu(16, 4096, 4096, False, True, dtype, (7, 5))["kernel"] == "classic16"


@needs_skinny
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
def test_planner_streams_small_rows_on_c_transposed_tiles(dtype):
    # 16-bit, M <= 32, sm_90a: the 64x32 C^T tiles, whole, stream the weight through 8 TMA
    # stages per block, where they reach at least a third of the SMs (4096 rows: 64 tiles):
    # more than 16 rows in either layout of the weight from 768 bytes of K per row; with K deep
    # (>= 8 KB per row) also 9-16 rows of a row-major weight (x @ W) in one wave of tiles (up to
    # 8 rows too from K over 8 KB per row and 2/5 of the SMs' tiles), and
    # any M of a row-major weight whose 32-row skinny blocks would outnumber 3 per SM (more
    # than 198 tiles); (session 66) 9-16 rows of a K-major weight at deep K in one wave from
    # half the SMs' tiles (66-132), or past one and a half waves (more than 198).
    if not any(k.name == "wgmma" for k in tiledmm.kernels()):
        pytest.skip("built without sm_90a")
    for m, n, k, b_col, tiles in ((32, 4096, 4096, True, 64), (17, 3072, 8192, True, 48), (32, 11008, 4096, True, 172),
                                  (32, 4096, 4096, False, 64), (24, 2816, 4096, False, 44),
                                  (9, 4096, 11008, False, 64), (16, 8448, 4096, False, 132),
                                  (8, 4096, 11008, False, 64), (1, 3456, 8200, False, 54),
                                  (1, 12736, 4096, False, 199), (16, 16064, 9344, False, 251),
                                  (32, 4800, 2176, False, 75), (25, 15808, 384, True, 247),
                                  (16, 4224, 8192, True, 66), (9, 8448, 4096, True, 132),
                                  (16, 12736, 4096, True, 199), (16, 16064, 9344, True, 251)):
        p = on_gpu(m, n, k, False, b_col, dtype)
        assert (p["kernel"], p["config"], p["c_transposed"]) == ("wgmma", "64x32_ct_k256B_1wg_s8", True), p
        assert f"{tiles} tiles of 64 of the weight's rows x all {m} rows" in p["reason"], p
    # Skinny keeps: too few tiles (2752 rows: 43) with K under 8 KB per row (from there they are
    # cut along K: test_last_wave_split.py), K under 768 bytes per row (at up to 16 rows, below),
    # up to 8 rows of a row-major weight in one wave of its blocks at K up to 8 KB per row or
    # under 2/5 of the SMs' tiles (3200 rows: 50), 9-16 rows of a K-major weight on 128-byte
    # lines at deep K under half the SMs' tiles (4160 rows: 65) or between one and one and a
    # half waves (8456-12672 rows: 133-198) or of a row-major one with more tiles than SMs but
    # blocks in one wave (8512-12672 rows), N the small side, a column-major A, a weight off TMA's
    # alignment, sm_80, float32 (weights on 128-byte lines unless said).
    for m, n, k, kwargs in ((32, 2752, 4032, {}), (32, 4096, 376, {}), (16, 4096, 2048, {"b_col": False}),
                            (8, 4096, 4096, {"b_col": False}), (8, 3200, 11008, {"b_col": False}),
                            (16, 4096, 11008, {}), (16, 4160, 8192, {}), (16, 8456, 8192, {}),
                            (9, 12672, 4096, {}), (16, 8512, 4096, {"b_col": False}),
                            (1, 12672, 4096, {"b_col": False}), (4096, 32, 4096, {}),
                            (32, 4096, 4096, {"a_col": True}),
                            (32, 4096, 4096, {"b_aligned": False}), (32, 4096, 4096, {"cc": (8, 0)}),
                            (32, 4096, 4096, {"dtype": torch.float32})):
        kw = {"a_col": False, "b_col": True, "cc": (9, 0), "dtype": dtype, **kwargs}
        p = tiledmm.plan(m, n, k, kw["dtype"], a_col_major=kw["a_col"], b_col_major=kw["b_col"],
                         compute_capability=kw["cc"], sm_count=132, b_aligned=kw.get("b_aligned", True),
                         b_off_sectors=kw.get("b_off_sectors", False))
        assert p["config"] != "64x32_ct_k256B_1wg_s8", (m, n, k, kwargs, p)
    # Operands TMA reads in place with lines off 32-byte sectors or 128-byte lines, as well.
    for kwargs in ({"b_off_sectors": True}, {"b_off_cache_lines": True}, {"a_off_sectors": True}):
        p = tiledmm.plan(32, 4096, 4096, dtype, b_col_major=True, sm_count=132, **kwargs)
        assert p["config"] == "64x32_ct_k256B_1wg_s8", (kwargs, p)
    # Up to 16 rows (session 63): a row-major weight whose lines start off 128-byte lines, from
    # K of 2 KB per row (4 KB where a second wave would hold under a quarter of the SMs' tiles:
    # 9000 rows, 141 tiles), and 9-16 rows of a K-major weight at K of 2-8 KB per row, or
    # (session 64) at deeper K with its lines off 128-byte lines.
    for m, n, k, b_col, off_lines in ((1, 4096, 1024, False, True), (8, 6400, 16384, False, True),
                                      (16, 9000, 2048, False, True),
                                      (9, 4096, 1024, True, False), (16, 22384, 4088, True, False),
                                      (9, 4096, 8200, True, True), (12, 13944, 11592, True, True)):
        p = tiledmm.plan(m, n, k, dtype, b_col_major=b_col, sm_count=132, b_off_cache_lines=off_lines)
        assert p["config"] == "64x32_ct_k256B_1wg_s8", (m, n, k, b_col, p)
    for m, n, k, b_col, off_lines in ((8, 4096, 1016, False, True), (16, 9000, 2040, False, True),
                                      (9, 4096, 1016, True, False),
                                      (8, 4096, 2048, True, False), (16, 4096, 4096, True, False),
                                      (12, 11008, 11648, True, False), (8, 13944, 11592, True, True)):
        p = tiledmm.plan(m, n, k, dtype, b_col_major=b_col, sm_count=132, b_off_cache_lines=off_lines)
        assert p["kernel"] == "skinny", (m, n, k, b_col, p)
    # A K-major weight at K under 2 KB per row, 1-16 rows (session 65), from half the SMs' tiles
    # (66 on 132; 4160 rows: 65); 128x96 C^T where the 64x32 tiles' last wave would hold at most
    # half the SMs and the 128-row tiles fit one wave (10456 rows: 164 tiles, 82), at any M
    # (a row-major weight off 128-byte lines, 12000 rows: 188 tiles, 94), under 4 KB per row.
    for m, n, k, b_col, off_lines, config in ((6, 23392, 816, True, False, C_T_32), (1, 4224, 1016, True, False, C_T_32),
                                              (16, 7688, 272, True, False, C_T_32),
                                              (4, 10456, 504, True, False, C_T_96),
                                              (16, 12000, 1024, False, True, C_T_96)):
        p = tiledmm.plan(m, n, k, dtype, b_col_major=b_col, sm_count=132, b_off_cache_lines=off_lines)
        assert p["config"] == config, (m, n, k, b_col, p)
    # A row-major weight at K of 1-2 KB per row, on its lines or off them, from 66 tiles.
    for m, n, k, off_lines, config in ((3, 5408, 768, True, C_T_32), (11, 23488, 992, False, C_T_32),
                                       (2, 8704, 640, False, C_T_96)):
        p = tiledmm.plan(m, n, k, dtype, sm_count=132, b_off_cache_lines=off_lines)
        assert p["config"] == config, (m, n, k, off_lines, p)
    # A row-major weight on its lines at K of 2-8 KB per row, one wave from 66 tiles or past one
    # and a half waves (199 tiles; session 66).
    for m, n, k in ((1, 4224, 1024), (10, 4352, 3776), (16, 8448, 4088), (10, 12736, 3072), (2, 20872, 1328)):
        p = tiledmm.plan(m, n, k, dtype, sm_count=132)
        assert p["config"] == C_T_32, (m, n, k, p)
    # Skinny keeps 65 tiles, 2 KB per row at up to 8 rows of a K-major weight, a row-major
    # weight under 1 KB per row, and one on its lines at 2-8 KB per row under 66 tiles or
    # between one and one and a half waves (8512-12672 rows: 133-198).
    for m, n, k, b_col in ((1, 4160, 1016, True), (8, 6400, 1024, True), (2, 10496, 504, False),
                           (3, 4160, 768, False), (10, 4160, 3776, False), (10, 8512, 3776, False),
                           (14, 12672, 3496, False)):
        p = tiledmm.plan(m, n, k, dtype, b_col_major=b_col, sm_count=132)
        assert p["kernel"] == "skinny", (m, n, k, b_col, p)
    # Naming the family keeps wgmma's own rules (64x64 tiles for M <= 64).
    assert on_gpu(32, 4096, 4096, False, True, dtype, kernel="wgmma")["config"] == "64x64_k128B_1wg_s4"


# The planner's C^T streams of small-row products (config, layouts it plans them for):
# ragged M against the tile's 32 or 80 rows (the X box of M rows), ragged K against the k-tile,
# weight rows ragged against the tile, 172 tiles (a second, partial wave), weights off 128-byte
# lines, and (session 63) 33-64 rows on 64x80 and 128x96 C^T, up to 16 rows of a row-major
# weight off 128-byte lines, 9-16 rows of a K-major weight at shallow K, few tiles in parts,
# and a short last wave of several cut into parts (24 x 8960: 8 tiles in 8 parts; 20 x 10000: 25
# in 3; 40 x 17000: 2 in 4), and up to 8 rows of a row-major weight on its lines at K over 8 KB;
# (session 64) 9-16 rows of a K-major weight off 128-byte lines (and sectors) at deep K, and
# 128x96 C^T tiles in one wave where 64x32 ones would leave a short last wave at shallow K;
# (session 66) 9-16 rows of a K-major weight on its lines at deep K, one wave (68 tiles) and
# past one and a half (211), and a row-major weight on its lines at K of 2-8 KB per row (one
# wave; past one and a half, 275 tiles with a split last wave).
C_T_32, C_T_80, C_T_96 = "64x32_ct_k256B_1wg_s8", "64x80_ct_k256B_1wg_s5", "128x96_ct_k128B_2wg_s6"
SMALL_ROW_STREAMS = [((17, 3136, 4160), C_T_32, "nn,nt"), ((32, 3072, 4096), C_T_32, "nn,nt"),
                     ((9, 4096, 8320), C_T_32, "nn"), ((31, 11008, 4160), C_T_32, "nn,nt"),
                     ((5, 4232, 4104), C_T_32, "nn"), ((12, 6184, 1032), C_T_32, "nn,nt"),
                     ((3, 2000, 8200), C_T_32, "nn"), ((13, 1560, 8200), C_T_32, "nn"),
                     ((33, 4232, 8200), C_T_80, "nn,nt"), ((40, 6184, 520), C_T_80, "nn,nt"),
                     ((64, 16904, 2056), C_T_80, "nn,nt"), ((57, 8648, 1160), C_T_96, "nn,nt"),
                     ((24, 8960, 4096), C_T_32, "nn,nt"), ((20, 10000, 8200), C_T_32, "nn,nt"),
                     ((40, 17000, 2056), C_T_80, "nn,nt"), ((5, 6400, 8200), C_T_32, "nn"),
                     ((12, 7000, 8200), C_T_32, "nn,nt"), ((24, 9656, 424), C_T_96, "nn,nt"),
                     ((6, 23392, 816), C_T_32, "nt"), ((4, 10456, 504), C_T_96, "nt"),
                     ((3, 5408, 768), C_T_32, "nn,nt"), ((12, 4304, 13376), C_T_32, "nn,nt"),
                     ((11, 13456, 8384), C_T_32, "nn,nt"), ((10, 4352, 3776), C_T_32, "nn,nt"),
                     ((8, 17576, 1712), C_T_32, "nn")]


@requires_cuda
@needs_skinny
@pytest.mark.parametrize("b_col", [False, True], ids=["nn", "nt"])
@pytest.mark.parametrize("shape,config,layouts", SMALL_ROW_STREAMS,
                         ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else None)
def test_small_rows_on_c_transposed_tiles_results(b_col, shape, config, layouts):
    if ("nt" if b_col else "nn") not in layouts:
        pytest.skip("the planner streams this product on skinny in this layout")
    m, n, k = shape
    gen = torch.Generator(device="cuda").manual_seed(61 + m)
    a = make_operand(m, k, torch.bfloat16, "cuda", "row", gen)
    b = make_operand(k, n, torch.bfloat16, "cuda", "col" if b_col else "row", gen)
    p = tiledmm.plan_for(a, b)
    if p["kernel"] != "wgmma":
        pytest.skip("the planner runs skinny here (not an sm_90a build on an sm_90 GPU)")
    assert p["config"] == config, p
    poison_cached_block(m, n, torch.bfloat16, "cuda")
    assert_matches_reference(tiledmm.gemm(a, b), a, b)


@needs_skinny
def test_skinny_config_and_split_follow_the_block_count():
    # 16 small rows, 4096 large ones: 128 blocks of 32 rows, about one per SM: no split.
    p = on_gpu(16, 4096, 4096, False, True)
    assert (p["config"], p["split_k"]) == ("r32_w8_u2", 1)
    # Up to 8 small rows: blocks of 16 rows (256 blocks), no split.
    p = on_gpu(8, 4096, 4096, False, True)
    assert (p["config"], p["split_k"]) == ("r16_w8_u4", 1)
    assert on_gpu(1, 11008, 4096, False, True)["split_k"] == 1
    # 1024 rows: blocks of 16 rows (64 blocks), K split in two slices of two block steps.
    p = on_gpu(16, 1024, 4096, False, True)
    assert p["config"] == "r16_w8_u4" and p["split_k"] == 2 and "2 slices of 2048 along K" in p["reason"]
    # A short K is never split below one block step.
    assert on_gpu(8, 1024, 1000, False, True)["split_k"] == 1
    # By name: any config, any shape.
    p = on_gpu(300, 200, 100, True, False, kernel="skinny:r16_w8_u4")
    assert (p["kernel"], p["config"]) == ("skinny", "r16_w8_u4")
    with pytest.raises(RuntimeError, match="kernel 'skinny' has no config 'x'"):
        on_gpu(16, 4096, 4096, False, True, kernel="skinny:x")


@needs_skinny
def test_skinny_splits_k_only_as_far_as_one_wave():
    # The blocks stream W from DRAM: K slices put idle SMs to work, as many as keep every
    # block in one wave (blocks x slices <= SMs); more would only shorten each block's stream.
    # (On sm_80: on sm_90 the 64x32 C^T tiles take nn 16 x 3072, test above.)
    for m, n, k, b_col, splits in ((16, 3072, 8192, False, 1),   # 96 blocks of 32 rows
                                   (1, 3072, 8192, False, 1),
                                   (16, 3072, 14336, False, 1),
                                   (16, 1536, 8192, False, 2),   # 48 blocks
                                   (16, 1024, 8192, False, 4),   # 32 blocks
                                   (16, 1536, 8192, True, 1),    # 96 blocks of 16 rows
                                   (16, 1024, 4096, True, 2)):   # 64 blocks of 16 rows
        p = on_gpu(m, n, k, False, b_col, cc=(8, 0))
        assert p["kernel"] == "skinny" and p["split_k"] == splits, (m, n, k, b_col, p)
        if splits > 1:
            assert "(one wave)" in p["reason"], p
    # On fewer SMs the same product splits less.
    assert on_gpu(16, 1024, 8192, False, False, sms=66)["split_k"] == 2


# The large operand's layout, per orientation (B when M is small, A when N is):
#   stream     rows along K, read in place
#   sliced     the same with a ragged K inside a padded leading dimension, storage ending at
#              its last element (a read past it leaves the allocation)
#   mn         rows along M or N (B row-major: x @ W; A column-major), read in place
#   mn_sliced  the same with a padded leading dimension and storage ending at its last
#              element, so the ragged edge of the rows is the allocation's end
#   copy       no unit stride: the op copies it to contiguous row-major memory first (then
#              MN-major B, or K-major A). The skinny launcher's own copy of an unaligned
#              operand runs in tests/sanitizer_workload.py ("offset", "padded").
LARGE_LAYOUTS = {
    "stream": ("col", "row"), "sliced": ("sliced_t", "sliced"), "mn": ("row", "col"),
    "mn_sliced": ("sliced", "sliced_t"), "copy": ("gapped", "gapped"),
}


def operands(m, n, k, dtype, small_is_m, layout, gen):
    """A [m, k] and B [k, n] with the large operand laid out as `layout` (LARGE_LAYOUTS).
    The small operand is row-major: a copy when it is B^T."""
    b_layout, a_layout = LARGE_LAYOUTS[layout]
    if small_is_m:
        return make_operand(m, k, dtype, "cuda", "row", gen), make_operand(k, n, dtype, "cuda", b_layout, gen)
    return make_operand(m, k, dtype, "cuda", a_layout, gen), make_operand(k, n, dtype, "cuda", "row", gen)


@requires_cuda
@needs_skinny
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
@pytest.mark.parametrize("small_is_m", [True, False], ids=["small-M", "small-N"])
@pytest.mark.parametrize("layout", list(LARGE_LAYOUTS))
def test_skinny_results(dtype, small_is_m, layout):
    gen = torch.Generator(device="cuda").manual_seed(5)
    # Small side around the 8/16/32-row tile edges and past one block; K ragged against
    # the 32-deep chunk and the block step, shorter than one chunk, and split.
    for small in (1, 7, 8, 9, 16, 17, 31, 32, 33, 70):
        for large, k in ((1000, 4100), (4099, 257), (130, 7), (64, 9000)):
            m, n = (small, large) if small_is_m else (large, small)
            a, b = operands(m, n, k, dtype, small_is_m, layout, gen)
            poison_cached_block(m, n, dtype, "cuda")
            out = tiledmm.gemm(a, b, kernel="skinny")
            assert_matches_reference(out, a, b)


@requires_cuda
@needs_skinny
def test_every_config_with_and_without_split():
    gen = torch.Generator(device="cuda").manual_seed(6)
    configs = {k.name: k for k in tiledmm.kernels()}["skinny"].configs
    for config in filter(config_runs_here, configs):
        # K over one block step, a few and many (ragged in each): the register double buffer
        # with nothing to prefetch, with a ragged last step, and in a long loop.
        for m, n, k in ((16, 4096, 4096), (8, 520, 8200), (4100, 3, 2052), (24, 700, 100), (9, 600, 1500),
                        (32, 200, 20000)):
            for layout in ("stream", "sliced", "mn", "mn_sliced"):
                a, b = operands(m, n, k, torch.bfloat16, m <= n, layout, gen)
                out = tiledmm.gemm(a, b, kernel=f"skinny:{config}")
                assert_matches_reference(out, a, b)


@requires_cuda
@needs_skinny
@pytest.mark.parametrize("small_is_m", [True, False], ids=["small-M", "small-N"])
@pytest.mark.parametrize("activation", ["none", "relu", "gelu", "gelu_tanh", "silu"])
def test_linear_bias_and_activation(small_is_m, activation):
    """F.linear semantics through the skinny family: decode (few tokens, many features)
    and the transposed case (many tokens, few output features)."""
    gen = torch.Generator(device="cuda").manual_seed(7)
    tokens, features_in, features_out = (5, 2000, 3000) if small_is_m else (3000, 2000, 12)
    x = torch.randn(tokens, features_in, device="cuda", generator=gen).bfloat16()
    w = torch.randn(features_out, features_in, device="cuda", generator=gen).bfloat16()
    bias = torch.randn(features_out, device="cuda", generator=gen).bfloat16()
    out = tiledmm.linear(x, w, bias, activation=activation, kernel="skinny")
    ref = F.linear(x.double(), w.double(), bias.double())
    ref = {"none": ref, "relu": F.relu(ref), "gelu": F.gelu(ref), "gelu_tanh": F.gelu(ref, approximate="tanh"),
           "silu": F.silu(ref)}[activation]
    torch.testing.assert_close(out.double(), ref, atol=0.02 * ref.abs().max().item(), rtol=0.01)


@requires_cuda
@needs_skinny
def test_bitwise_reproducible_and_nan_propagates():
    gen = torch.Generator(device="cuda").manual_seed(8)
    a = torch.randn(16, 8200, device="cuda", generator=gen).bfloat16()
    w = torch.randn(1024, 8200, device="cuda", generator=gen).bfloat16()
    first = tiledmm.gemm(a, w.t(), kernel="skinny")  # split-K on any GPU with >= 33 SMs
    for _ in range(3):
        assert torch.equal(tiledmm.gemm(a, w.t(), kernel="skinny"), first)
    a[3, 100] = float("nan")
    w[5, 7] = float("inf")
    out = tiledmm.gemm(a, w.t(), kernel="skinny")
    expected = torch.matmul(a.float(), w.t().float())
    assert torch.equal(torch.isnan(out), torch.isnan(expected))
    assert torch.equal(torch.isinf(out), torch.isinf(expected))


@requires_cuda
@needs_skinny
@pytest.mark.parametrize("rows,layouts,kernels", [(8, ("nt",) * 6, ("skinny",) * 6),
                                                  (16, ("nt", "nn") * 3, ("skinny", "wgmma") * 3),
                                                  (32, ("nt",) * 6, ("wgmma",) * 6)],
                         ids=["skinny", "skinny_and_c_transposed", "c_transposed"])
def test_chain_of_products_each_reading_the_last_output(rows, layouts, kernels):
    # A decode step: each product's small operand is the previous product's output. One-wave
    # grids of a K-major W (skinny.cu) and the C^T configs' grids (wgmma_launch.cuh) let the
    # next kernel launch from their blocks' start, and a C^T product prefetches its weight
    # before it waits, so the next product must still wait for this one's writes: eager on the
    # stream, and replayed from a CUDA graph with every output poisoned first. At 16 rows
    # x @ w.t() runs on skinny and x @ w on 64x32 C^T tiles: the chain alternates them.
    gen = torch.Generator(device="cuda").manual_seed(56)
    width = 4096
    weights = [(torch.randn(width, width, device="cuda", generator=gen) / width**0.5).bfloat16() for _ in range(6)]
    operands = [w.t() if layout == "nt" else w for w, layout in zip(weights, layouts)]
    x = torch.randn(rows, width, device="cuda", generator=gen).bfloat16()
    for b, kernel in zip(operands, kernels):
        p = tiledmm.plan_for(x, b)
        if kernel == "wgmma" and p["kernel"] != "wgmma":
            pytest.skip("the C^T configs need an sm_90a build on an sm_90 GPU")
        assert p["kernel"] == kernel, p

    def chain(x):
        outs = [x]
        for b in operands:
            outs.append(tiledmm.gemm(outs[-1], b))
        return outs[1:]

    def check(outs):
        for before, b, out in zip([x] + outs[:-1], operands, outs):
            assert_matches_reference(out, before, b, against_torch=False)

    eager = chain(x)  # also the warm-up ahead of the capture
    torch.cuda.synchronize()
    check(eager)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        replayed = chain(x)
    for out in replayed:
        out.fill_(float("nan"))
    graph.replay()
    torch.cuda.synchronize()
    check(replayed)
    for out, first in zip(replayed, eager):
        assert torch.equal(out, first)  # deterministic: bitwise the eager chain's
