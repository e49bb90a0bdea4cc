"""The planner and the kernel table, checked without a GPU."""
import pytest
import torch

import tiledmm
from conftest import HAS_CUDA_KERNELS, HAS_WGMMA, needs_cuda_build, needs_sm90a_build


def test_kernel_table():
    table = {k.name: k for k in tiledmm.kernels()}
    assert set(table["cpu_blocked"].dtypes) == {torch.float32, torch.float64, torch.float16,
                                               torch.bfloat16}
    assert table["cpu_blocked"].device == "cpu"
    if HAS_CUDA_KERNELS:
        assert table["classic16"].device == "cuda"
        assert set(table["simt"].dtypes) == {torch.float32, torch.float64}
        assert table["simt"].min_compute_capability == (8, 0)
        assert set(table["mma"].dtypes) == {torch.float16, torch.bfloat16, torch.float32}  # float32: TF32
        assert not table["mma"].arch_specific
    if HAS_WGMMA:
        assert table["wgmma"].min_compute_capability == (9, 0) and table["wgmma"].arch_specific
        assert set(table["wgmma"].dtypes) == {torch.float16, torch.bfloat16, torch.float32}


@needs_cuda_build
def test_float32_large_uses_the_wide_tile():
    p = tiledmm.plan(4096, 4096, 4096, torch.float32, sm_count=132)
    assert p["kernel"] == "simt" and p["config"] == "f32_128x256x16_w64x64_t8x16_s4"
    assert "512 tiles of 128x256" in p["reason"] and p["split_k"] == 1
    # 2048^2: one wave of 128 wide tiles.
    assert tiledmm.plan(2048, 2048, 2048, torch.float32, sm_count=132)["config"] == "f32_128x256x16_w64x64_t8x16_s4"
    # 1536 x 1536: 72 tiles of 128x256 are too few; 144 tiles of 128x128 fill the GPU.
    assert tiledmm.plan(1536, 1536, 1536, torch.float32, sm_count=132)["config"].startswith("f32_128x128x16_w64x32")


@needs_cuda_build
def test_float32_tile_by_waves():
    # In one launch, 2049 x 2047: 136 wide tiles would take two waves on 132 SMs; 1056 64x64
    # tiles take 8 even rounds. 3072^2: 288 wide tiles are 2.2 waves; 576 square ones take
    # less time. Two launches beat both (test_row_tail.py, test_few_rows.py): wide tiles in
    # whole rounds, then C's last rows (2049's last row beside the tiles).
    p = tiledmm.plan(2049, 2047, 2045, torch.float32, sm_count=132)
    assert "1056 tiles of 64x64 on 132 SMs: estimated" in p["reason"], p
    assert p["config"] == "f32_128x256x16_w64x64_t8x16_s4" and p["row_tail"]["rows"] == 1, p
    p = tiledmm.plan(3072, 3072, 3072, torch.float32, sm_count=132)
    assert "576 tiles of 128x128 on 132 SMs: estimated" in p["reason"], p
    assert p["config"] == "f32_128x256x16_w64x64_t8x16_s4" and p["row_tail"]["rows"] == 256, p
    # The same problem on a GPU with 144 SMs: 288 wide tiles are two full waves, one launch.
    p = tiledmm.plan(3072, 3072, 3072, torch.float32, sm_count=144)
    assert p["config"] == "f32_128x256x16_w64x64_t8x16_s4" and p["row_tail"] is None, p


@needs_cuda_build
def test_float32_below_one_wave_splits_k():
    # 1024^3: 32 wide tiles in 4 K slices of 256 (one wave of 128 blocks) beat 256 64x64 tiles.
    p = tiledmm.plan(1024, 1024, 1024, torch.float32, sm_count=132)
    assert p["config"] == "f32_128x256x16_w64x64_t8x16_s4" and p["split_k"] == 4
    # 1025 x 1023 x 1021 in one launch (B column-major: no rows beside the tiles,
    # test_few_rows.py): 36 wide tiles; the partial sums' traffic keeps the slices to 3
    # (waves alone would take 11).
    p = tiledmm.plan(1025, 1023, 1021, torch.float32, b_col_major=True, sm_count=132)
    assert p["config"] == "f32_128x256x16_w64x64_t8x16_s4" and p["split_k"] == 3


@needs_cuda_build
def test_float32_small_uses_the_64_tile():
    p = tiledmm.plan(256, 256, 256, torch.float32, sm_count=132)  # 2 tiles of 128x256
    assert p["kernel"] == "simt" and p["config"].startswith("f32_64x64") and p["split_k"] == 4


@needs_cuda_build
def test_float64_and_old_gpus():
    assert tiledmm.plan(1000, 1000, 1000, torch.float64)["config"].startswith("f64_64x64")
    assert tiledmm.plan(1000, 1000, 1000, torch.float32,
                        compute_capability=(7, 5))["kernel"] == "classic16"


@needs_cuda_build
def test_half_types_use_tensor_cores():
    for dtype in (torch.bfloat16, torch.float16):
        p = tiledmm.plan(4096, 4096, 4096, dtype, compute_capability=(8, 0))
        assert p["kernel"] == "mma" and "tensor cores" in p["reason"]
        # sm_90a code runs on Hopper only: Blackwell gets the portable mma family.
        assert tiledmm.plan(4096, 4096, 4096, dtype, compute_capability=(10, 0))["kernel"] == "mma"
        assert tiledmm.plan(4096, 4096, 4096, dtype, compute_capability=(7, 5))["kernel"] == "classic16"
        hopper = tiledmm.plan(4096, 4096, 4096, dtype, compute_capability=(9, 0))
        assert hopper["kernel"] == ("wgmma" if HAS_WGMMA else "mma")


@needs_sm90a_build
def test_wgmma_tile_by_tile_count():
    p = tiledmm.plan(4096, 4096, 6144, torch.bfloat16)  # 512 tiles of 128x256
    assert p["kernel"] == "wgmma" and p["config"] == "128x256_k128B_2wg_s4" and "512 tiles" in p["reason"]
    # 128 tiles of 128x256 fill 97% of 132 SMs in one wave; 256 of 128x128 would take two.
    p = tiledmm.plan(2048, 2048, 2048, torch.bfloat16)
    assert p["config"] == "128x256_k128B_2wg_s4" and p["split_k"] == 1, p
    # From 5/6 of the SMs one wave of 128x256 tiles beats two of 128x128 (session 52: 112
    # tiles; 40 random products 1.18x faster), not below that (108 tiles: 128x128).
    for m, n, k, tiles in [(256, 14336, 4096, 112), (2048, 1600, 4800, 112), (1408, 2560, 4096, 110)]:
        p = tiledmm.plan(m, n, k, torch.bfloat16, a_col_major=True, sm_count=132)
        assert p["config"] == "128x256_k128B_2wg_s4" and f"{tiles} tiles of 128x256 in 1 wave" in p["reason"], p
    p = tiledmm.plan(1536, 2304, 1016, torch.bfloat16, a_col_major=True, sm_count=132)
    assert p["config"] == "128x128_k128B_2wg_s6" and "128x256 (108 tiles)" in p["reason"], p
    # With K of 2 KB or more per row (16-bit) from 3/4 of them (session 55): 108 and 99 tiles.
    for m, n, k in [(1536, 2304, 2048), (1536, 2304, 4096), (1112, 2736, 13080)]:
        p = tiledmm.plan(m, n, k, torch.bfloat16, a_col_major=True, sm_count=132)
        assert p["config"] == "128x256_k128B_2wg_s4" and "in 1 wave" in p["reason"], p
    p = tiledmm.plan(1536, 2304, 4096, torch.float32, allow_tf32=True, a_col_major=True, sm_count=132)
    assert p["config"] != "128x256_k128B_2wg_s4", p
    # 136 tiles of 128x256 are two waves, the second nearly empty: 272 of 128x128 in three
    # waves of about half the work each take less time (A column-major: the C^T configs,
    # below, read A row-major) -- at K below 2 KB per row; from there the tie of those three
    # waves with two of 187 128x192 tiles goes to 128x192 (session 55).
    p = tiledmm.plan(2176, 2048, 1016, torch.bfloat16, a_col_major=True)
    assert p["config"] == "128x128_k128B_2wg_s6" and "136 tiles" in p["reason"], p
    p = tiledmm.plan(2176, 2048, 2048, torch.bfloat16, a_col_major=True)
    assert p["config"] == "128x192_k128B_2wg_s4" and "136 tiles" in p["reason"], p
    # With A row-major, 256 tiles of 128x144 computed as C^T take two waves of 0.6 of a 128x256
    # tile's time each (H100 bf16 kernel times, session 49: 26.8 us against 32.8 on 128x128),
    # unless B's lines sit off their sectors (then the rules' tiles copy B; 128x144 lost) and
    # K is below 2 KB per row (from there it won, session 55).
    for b_col_major in (False, True):
        p = tiledmm.plan(2176, 2048, 2048, torch.bfloat16, b_col_major=b_col_major)
        assert p["config"] == "128x144_ct_k128B_2wg_s5" and "256 tiles of 144 rows" in p["reason"], p
        assert "fill 2 wave(s)" in p["reason"], p
    p = tiledmm.plan(2176, 2048, 1016, torch.bfloat16, b_off_sectors=True)
    assert p["config"] == "128x128_k128B_2wg_s6", p
    p = tiledmm.plan(2176, 2048, 2048, torch.bfloat16, b_off_sectors=True)
    assert p["config"] == "128x144_ct_k128B_2wg_s5", p
    # 128x192 between them (session 47, H100 bf16 kernel times): 1536^3 makes 144 tiles of
    # 128x128 (two waves) and 72 of 128x256 (55% of the SMs), 96 of 128x192 in one wave
    # (14.4 us against 18.9 on 128x128). In TF32 (here C^T), and with a column-major A, it
    # stays there; the 16-bit types with A row-major go on to 132 tiles of 128x144 computed
    # as C^T (144 of C's rows x 128 of its columns), one full wave (session 48).
    for dtype, a_col_major in [(torch.float32, False), (torch.bfloat16, True)]:
        p = tiledmm.plan(1536, 1536, 1536, dtype, allow_tf32=True, a_col_major=a_col_major, sm_count=132)
        assert p["config"] == "128x192_k128B_2wg_s4" and "96 tiles of 128x192 in 1 wave" in p["reason"], p
        assert p["split_k"] == 1 and p["last_wave_split"] == (0, 0), p
    for dtype in (torch.bfloat16, torch.float16):
        for k in (1024, 1536, 4096):
            p = tiledmm.plan(1536, 1536, k, dtype, sm_count=132)
            assert p["config"] == "128x144_ct_k128B_2wg_s5" and p["c_transposed"], p
            assert "132 tiles of 144 rows x 128 columns, computed as C^T" in p["reason"], p
            assert p["split_k"] == 1 and p["last_wave_split"] == (0, 0), p
    # Not where its tiles would take a second wave (1664^2: 156 of them), nor where 128x128
    # tiles fit one (1408^2: 121), nor where A's lines sit off their sectors (K = 1000 bf16),
    # which 128x192 reads by row classes.
    p = tiledmm.plan(1540, 1530, 1000, torch.bfloat16, a_off_sectors=True, sm_count=132)
    assert p["config"] == "128x192_k128B_2wg_s4", p
    # Nor where B is copied (TMA cannot read it in place).
    assert tiledmm.plan(1536, 1536, 1536, torch.bfloat16, b_aligned=False, sm_count=132)["config"] == "128x192_k128B_2wg_s4"
    assert tiledmm.plan(1664, 1664, 1664, torch.bfloat16, sm_count=132)["config"] == "128x192_k128B_2wg_s4"
    assert tiledmm.plan(1408, 1408, 1408, torch.bfloat16, sm_count=132)["config"] == "128x128_k128B_2wg_s6"
    # A tie in waves (two of 128x192 against three of 128x128) goes to 128x192 with its last
    # wave full: 1536x4096 (264 tiles: 2 x 132); 2176 x 2176 (204: 72 in the second) only at K
    # of 2 KB per row or more.
    p = tiledmm.plan(1536, 4096, 4096, torch.bfloat16, sm_count=132)
    assert p["config"] == "128x192_k128B_2wg_s4" and "264 tiles" in p["reason"], p
    # (Below 2 KB of K per row, where the tie stays 128x128 and short K makes it ping-pong;
    # from there 2176^3 itself takes 128x160 C^T tiles, 1.12x faster on an H200 than
    # 128x128, session 55.)
    p = tiledmm.plan(2176, 2176, 1016, torch.bfloat16, sm_count=132)
    assert p["config"] == "128x128_k128B_pingpong_s6" and "(204)" in p["reason"], p
    assert tiledmm.plan(2176, 2176, 2176, torch.bfloat16, sm_count=132)["config"] == "128x160_ct_k128B_2wg_s5"
    # Also with K of 2 KB or more per row, 16-bit (session 55): 4864 x 896 x 8192 tn (a
    # weight gradient) runs 190 tiles of 128x192 (58 in the second wave) instead of 266 of
    # 128x128. (With A row-major the C^T tiles below may take such ties over.) Not at
    # shallower K, not in TF32.
    for dtype in (torch.bfloat16, torch.float16):
        for m, n, k in [(4864, 896, 8192), (3192, 1360, 8192), (2352, 1744, 4096), (6040, 944, 12208),
                        (4864, 896, 1024)]:  # K of 2 KB per row
            p = tiledmm.plan(m, n, k, dtype, a_col_major=True, sm_count=132)
            assert p["config"] == "128x192_k128B_2wg_s4" and p["split_k"] == 1, (m, n, k, p)
        for m, n, k, kwargs in [(2608, 1824, 15720, {"b_col_major": True}), (3408, 1480, 8104, {"b_col_major": True}),
                                (5984, 712, 8384, {"b_off_sectors": True})]:
            p = tiledmm.plan(m, n, k, dtype, sm_count=132, **kwargs)
            assert p["config"] != "128x128_k128B_2wg_s6" and p["split_k"] == 1, (m, n, k, kwargs, p)
    p = tiledmm.plan(4864, 896, 1016, torch.bfloat16, a_col_major=True, sm_count=132)
    assert p["config"] == "128x128_k128B_2wg_s6", p
    p = tiledmm.plan(4864, 896, 4096, torch.float32, allow_tf32=True, a_col_major=True, sm_count=132)
    assert p["config"] != "128x192_k128B_2wg_s4", p
    # One wave of 128x128 (100 tiles) stays over 70 of 128x192, which would cost more per
    # tile; in TF32, or with a column-major A. The 16-bit types with A row-major take the
    # narrower C^T tiles that fill the wave: 1280^2 120 tiles of 128x112, 1152^2 108 of 128x96
    # (81 of 128x128), deep K too (session 48).
    for dtype, a_col_major in [(torch.float32, False), (torch.bfloat16, True)]:
        p = tiledmm.plan(1280, 1280, 1280, dtype, allow_tf32=True, a_col_major=a_col_major, sm_count=132)
        assert p["config"] == "128x128_k128B_2wg_s6", p
    for (m, n, k), config, tiles in [((1280, 1280, 1280), "128x112_ct_k128B_2wg_s6", 120),
                                     ((1152, 1152, 1152), "128x96_ct_k128B_2wg_s6", 108),
                                     ((1152, 1152, 4096), "128x96_ct_k128B_2wg_s6", 108),
                                     ((4096, 384, 2048), "128x96_ct_k128B_2wg_s6", 129)]:
        for dtype in (torch.bfloat16, torch.float16):
            p = tiledmm.plan(m, n, k, dtype, sm_count=132)
            assert p["config"] == config and p["c_transposed"] and p["split_k"] == 1, p
            assert f"{tiles} tiles of {config.split('x')[1].split('_')[0]} rows x 128 columns" in p["reason"], p
    # Not where C has more than twice as many columns as rows (their times varied from run to
    # run), nor over 128x64 tiles (1024^3: 128 of them).
    assert tiledmm.plan(768, 2048, 2048, torch.bfloat16, sm_count=132)["config"] == "128x128_k128B_2wg_s6"
    assert tiledmm.plan(1024, 1024, 1024, torch.bfloat16, sm_count=132)["config"] == "128x64_k256B_2wg_s4"
    # 64 tiles of 128x256 for 132 SMs; 128 of 128x128 keep >= 90% of them busy.
    p = tiledmm.plan(2048, 1024, 4096, torch.bfloat16)
    assert p["config"] == "128x128_k128B_2wg_s6" and p["split_k"] == 1
    # 64 tiles of 128x128: 128 of 128x64 instead, and no split-K (its reduction costs more).
    p = tiledmm.plan(1024, 1024, 4096, torch.bfloat16)
    assert p["config"] == "128x64_k256B_2wg_s4" and p["split_k"] == 1, p
    # 96 tiles of 128x128 in one wave (73% of the SMs) beat 192 of 128x64 in two: a small
    # tile's k-tile costs about a 128x128 one's; at K = 2048 and 4096 too, where split-K
    # leaves them whole (at 4096 by the time model: 4 slices' partial sums cost more than the
    # waves they save), and in TF32 (here C^T: 1024 x 1536 in the kernel). (bfloat16 with a
    # column-major A: with a row-major one 128 tiles of 128x96 C^T fill the wave, above.)
    for k in (1024, 2048, 4096):
        p = tiledmm.plan(1536, 1024, k, torch.bfloat16, a_col_major=True, sm_count=132)
        assert p["config"] == "128x128_k128B_2wg_s6" and "in one wave" in p["reason"] and p["split_k"] == 1, p
        assert tiledmm.plan(1536, 1024, k, torch.bfloat16, sm_count=132)["config"] == "128x96_ct_k128B_2wg_s6"
    p = tiledmm.plan(1536, 1024, 512, torch.float32, allow_tf32=True, sm_count=132)
    assert p["config"] == "128x128_k128B_2wg_s6" and "in one wave" in p["reason"], p
    # With a column-major A (the C^T configs below would copy it, or its columns sit off their
    # sectors): 72 tiles of 128x64; 144 of 64x64 would have to share SMs.
    p = tiledmm.plan(768, 768, 768, torch.bfloat16, a_col_major=True)
    assert p["config"] == "128x64_k256B_2wg_s4" and p["split_k"] == 1, p
    # 32 tiles of 128x64: 64 of 64x64 still take an SM each (8 k-tiles: too shallow to split).
    p = tiledmm.plan(512, 512, 512, torch.bfloat16, a_col_major=True, a_off_sectors=True)
    assert p["config"] == "64x64_k128B_1wg_s4" and p["split_k"] == 1 and "64 tiles of 64x64" in p["reason"], p
    p = tiledmm.plan(256, 256, 256, torch.float32, allow_tf32=True)
    assert p["config"] == "64x64_k128B_1wg_s4", p
    # M <= 64: 64x64 tiles (a 128-row tile would be half padding or more),
    # split along K when they leave slots idle (by name: the planner gives M <= 32 to the
    # skinny family). 16 x 4096 x 4096: 64 tiles for 264 slots, 4 slices of 1024.
    p = tiledmm.plan(16, 4096, 4096, torch.bfloat16, kernel="wgmma")
    assert p["config"] == "64x64_k128B_1wg_s4" and p["split_k"] == 4 and "M = 16" in p["reason"], p
    # (With A row-major and from half a wave of 64-row tiles, 33-64 rows go to the C^T
    # configs: test_medium_rows_stream_on_c_transposed_tiles.)
    for m, n, k in [(64, 64, 64), (64, 11008, 4096), (33, 4096, 11008)]:
        p = tiledmm.plan(m, n, k, torch.float16, a_col_major=n != 4096, a_off_sectors=m * n * k < 2**20)
        assert p["kernel"] == "wgmma" and p["config"] == "64x64_k128B_1wg_s4", p
    # TF32 with M <= 64 too; with B row-major and N <= 64 it computes C^T, whose M is C's N.
    p = tiledmm.plan(16, 4096, 4096, torch.float32, allow_tf32=True, b_col_major=True)
    assert p["config"] == "64x64_k128B_1wg_s4" and p["split_k"] > 1, p
    p = tiledmm.plan(1024, 64, 1024, torch.float32, allow_tf32=True)
    assert p["c_transposed"] and p["config"] == "64x64_k128B_1wg_s4", p
    # N <= 64 (M > 64): 64x64 tiles while they run one block per SM, split-K slices included
    # (1024 x 64 x 1024: 16 tiles; 2048 x 64 x 2048: 32 tiles in 2 slices); once they would
    # share SMs (4096 x 48 x 4096: 64 tiles in 4 slices) 128x64, as many tiles as any wider
    # config gives, with the least padding.
    # (bfloat16 with a column-major A: the C^T configs below take a row-major one.)
    for dtype in (torch.bfloat16, torch.float32):
        for m, n, k in [(1024, 64, 1024), (2048, 64, 2048), (100, 64, 300)]:
            p = tiledmm.plan(m, n, k, dtype, kernel="wgmma", allow_tf32=True, a_col_major=dtype != torch.float32,
                             b_col_major=True, sm_count=132)
            assert p["config"] == "64x64_k128B_1wg_s4" and "one per SM" in p["reason"], p
        p = tiledmm.plan(4096, 48, 4096, dtype, kernel="wgmma", allow_tf32=True, b_col_major=True, sm_count=132)
        assert p["config"] == "128x64_k256B_2wg_s4" and "N fits one 64-wide tile" in p["reason"], p


@needs_sm90a_build
def test_wgmma_c_transposed_tiles_for_33_to_64_rows():
    """16-bit, 32 < M <= 64 < N, A row-major, K <= 4096: the 64x32 C^T config, whole tiles,
    wherever its tiles (two tile rows of 32) fit one wave and fill at least a quarter of the
    SMs, instead of 64x64 tiles in split-K slices (H100 decode stream 1.16x faster, geomean
    of 36; bench/NOTES.md session 46). narrow_m_c_transposed_config in planner_wgmma_c_transposed.cpp."""
    for dtype in (torch.bfloat16, torch.float16):
        for b_col_major in (False, True):
            for m, n, k, tiles in [(33, 4096, 4096, 128), (48, 4096, 1024, 128), (64, 4096, 2048, 128),
                                   (40, 2048, 4096, 64), (56, 3072, 3072, 96), (64, 4224, 4096, 132),
                                   (64, 1100, 256, 36)]:
                p = tiledmm.plan(m, n, k, dtype, b_col_major=b_col_major, sm_count=132)
                assert p["config"] == "64x32_ct_k256B_1wg_s8" and p["c_transposed"] and p["split_k"] == 1, p
                assert f"{tiles} tiles of 32 rows x 64 columns, computed as C^T, fit one wave" in p["reason"], p
    # Not with K > 4096 (4096 x 8192: 64x64 in split-K slices were as fast, at K = 11008
    # faster), more tiles than SMs (N = 4288: 134), fewer than a quarter of them (64 x 1024 x
    # 4096: 32), M <= 32 (the skinny family; by name, 64x64) or > 64, N <= 64, a column-major A,
    # or float32 (TF32).
    for m, n, k, kwargs in [(64, 4096, 8192, {}), (48, 4096, 11008, {}), (64, 4288, 4096, {}),
                            (64, 1024, 4096, {}), (32, 4096, 4096, {"kernel": "wgmma"}), (65, 4096, 4096, {}),
                            (64, 64, 4096, {}), (48, 4096, 4096, {"a_col_major": True}),
                            (48, 4096, 4096, {"dtype": torch.float32, "allow_tf32": True})]:
        kwargs = {"dtype": torch.bfloat16, **kwargs}
        p = tiledmm.plan(m, n, k, sm_count=132, **kwargs)
        assert p["config"] != "64x32_ct_k256B_1wg_s8", (m, n, k, kwargs, p)


@needs_sm90a_build
def test_wgmma_c_transposed_tiles_for_65_to_160_rows():
    """16-bit, 64 < M <= 160, A row-major, K 2048-8192, N > 2048 (a quarter of 132 SMs in
    column tiles), tiles in one wave: the 64x80 C^T config, whole tiles (one or two tile rows
    of 80, the second moved inside A), instead of 128-row tiles in split-K slices or 64x64
    ones (H100, 50 changed plans: cold 1.18x faster; bench/NOTES.md session 46)."""
    for dtype in (torch.bfloat16, torch.float16):
        for b_col_major in (False, True):
            for m, n, k, tiles in [(65, 4096, 4096, 64), (80, 4096, 2048, 64), (96, 4096, 4096, 128),
                                   (127, 4096, 8192, 128), (128, 3072, 4096, 96), (100, 4224, 2048, 132),
                                   (72, 8192, 4096, 128), (80, 6144, 2048, 96), (144, 4096, 8192, 128),
                                   (160, 3072, 2048, 96)]:
                p = tiledmm.plan(m, n, k, dtype, b_col_major=b_col_major, sm_count=132)
                assert p["config"] == "64x80_ct_k256B_1wg_s5" and p["c_transposed"] and p["split_k"] == 1, p
                assert f"{tiles} tiles of 80 rows x 64 columns, computed as C^T, fit one wave" in p["reason"], p
    # Not at K = 1024 or 11008, N = 2048 (32 column tiles), more tiles than SMs (96 x 6144: 192;
    # 72 x 8512: 133; N = 11008), M > 160, a column-major A, or float32 (TF32).
    for m, n, k, kwargs in [(96, 4096, 1024, {}), (96, 4096, 11008, {}), (127, 2048, 4096, {}),
                            (96, 6144, 4096, {}), (72, 8512, 4096, {}), (96, 11008, 4096, {}),
                            (161, 4096, 4096, {}), (96, 4096, 4096, {"a_col_major": True}),
                            (96, 4096, 4096, {"dtype": torch.float32, "allow_tf32": True})]:
        kwargs = {"dtype": torch.bfloat16, **kwargs}
        p = tiledmm.plan(m, n, k, sm_count=132, **kwargs)
        assert p["config"] != "64x80_ct_k256B_1wg_s5", (m, n, k, kwargs, p)


@needs_sm90a_build
def test_wgmma_c_transposed_tiles_for_a_few_hundred_rows():
    """16-bit, 160 < M <= 256 (a small batch of tokens), K < 8 KB per row, A row-major: the
    narrowest C^T config whose whole tiles fill at least half the SMs in one wave, over the
    rules' 64x64 tiles in split-K slices and, 80 rows tall, at M < N as well (H100, the layers
    of common models: bench/NOTES.md session 52)."""
    for b_col_major in (False, True):
        for (m, n, k), config, tiles in [((256, 768, 3072), "64x32_ct_k256B_1wg_s8", 96),
                                         ((256, 1024, 3072), "64x32_ct_k256B_1wg_s8", 128),
                                         ((256, 1536, 2048), "64x80_ct_k256B_1wg_s5", 96),
                                         ((256, 2048, 3072), "64x80_ct_k256B_1wg_s5", 128),
                                         ((256, 1152, 896), "64x80_ct_k256B_1wg_s5", 72),
                                         ((200, 2048, 1536), "64x80_ct_k256B_1wg_s5", 96)]:
            p = tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=b_col_major, sm_count=132)
            assert p["config"] == config and p["c_transposed"] and p["split_k"] == 1, p
            assert f"{tiles} tiles of " in p["reason"], p
    # Not with tiles filling less than half the SMs (200 x 80 x 2100: 14 tiles against 8 of 64x64
    # in 2 slices), M past 256 (512 x 1024 x 1024) or within narrow_m's rows (96 x 4096 x 1024),
    # more tiles than SMs (256 x 3072 x 2048), deep K, a column-major A on 80-row tiles (which
    # copy it; on 32-row ones it is read in place, test_wgmma_c_transposed_64x32_for_a_column_major_a)
    # or TF32.
    for m, n, k, kwargs in [(200, 80, 2100, {}), (257, 2048, 1536, {}), (512, 1024, 1024, {}),
                            (96, 4096, 1024, {}), (256, 3072, 2048, {}), (256, 1024, 4096, {}),
                            (256, 1536, 2048, {"a_col_major": True}),
                            (256, 768, 3072, {"dtype": torch.float32, "allow_tf32": True})]:
        p = tiledmm.plan(m, n, k, **{"dtype": torch.bfloat16, **kwargs}, sm_count=132)
        assert not p["c_transposed"] or "_ct_" not in p["config"], (m, n, k, kwargs, p)


@needs_sm90a_build
def test_wgmma_c_transposed_64x32_for_a_column_major_a():
    """16-bit, A column-major (a weight's gradient dY^T X), K < 8 KB per row: 64x32 C^T tiles where
    they fit one wave, reading A in place as their MN-major B (H100, random tn products:
    bench/NOTES.md session 53), by c_transposed_wave_config's rule for a row-major A."""
    for dtype in (torch.bfloat16, torch.float16):
        for (m, n, k), tiles in [((336, 288, 640), 55), ((560, 312, 1248), 90), ((672, 288, 848), 105),
                                 ((256, 768, 3072), 96)]:
            p = tiledmm.plan(m, n, k, dtype, a_col_major=True, sm_count=132)
            assert p["config"] == "64x32_ct_k256B_1wg_s8" and p["c_transposed"] and p["split_k"] == 1, p
            assert f"{tiles} tiles of 32 rows x 64 columns" in p["reason"], p
    # Not at deep K (640 x 352 x 4328 fp16: 0.89x), nor with A's columns off their sectors, nor
    # where a row-major A takes another C^T config (1152^3: 128x96; 768^2 x 2048: 64x80): those
    # copy a column-major A, or ran slower reading it in place.
    for m, n, k, kwargs in [(640, 352, 4328, {"dtype": torch.float16}), (336, 288, 640, {"a_off_sectors": True}),
                            (1152, 1152, 1152, {}), (768, 768, 2048, {})]:
        p = tiledmm.plan(m, n, k, **{"dtype": torch.bfloat16, **kwargs}, a_col_major=True, sm_count=132)
        assert "_ct_" not in p["config"], (m, n, k, kwargs, p)
        if not kwargs:
            assert "_ct_" in tiledmm.plan(m, n, k, torch.bfloat16, sm_count=132)["config"]


@needs_sm90a_build
def test_wgmma_c_transposed_128x160_for_weight_gradients():
    """16-bit, A column-major (dY^T X), K < 8 KB per row, M >= 2N, where the rules' 128x128 or
    128x192 tiles run whole: 128x160 C^T tiles (cuBLAS's at 3072x768) where they fit one wave in
    less time by area, reading A in place in runs of 64 bytes (column_major_a_wave_filling; H100,
    random tn products: bench/NOTES.md session 54)."""
    for dtype in (torch.bfloat16, torch.float16):
        for (m, n, k), tiles in [((3072, 768, 2048), 120), ((3072, 768, 985), 120), ((2560, 896, 2048), 112),
                                 ((6304, 360, 2576), 120)]:
            p = tiledmm.plan(m, n, k, dtype, a_col_major=True, sm_count=132)
            assert p["config"] == "128x160_ct_k128B_2wg_s5" and p["c_transposed"] and p["split_k"] == 1, p
            assert f"{tiles} tiles of 160 rows x 128 columns" in p["reason"], p
    # Not at deep K (3072 x 768 x 8192: 68.2 against 59.9 us on 128x192), nor with M < 2N
    # (768 x 3072 x 2048: 20.3 against 17.8), nor with A's columns off their sectors, nor more
    # tiles than SMs (4864 x 896: 217), nor with A row-major (the other C^T rules decide there).
    for m, n, k, kwargs in [(3072, 768, 8192, {}), (768, 3072, 2048, {}), (3072, 768, 2048, {"a_off_sectors": True}),
                            (4864, 896, 2048, {})]:
        p = tiledmm.plan(m, n, k, torch.bfloat16, a_col_major=True, sm_count=132, **kwargs)
        assert p["config"] != "128x160_ct_k128B_2wg_s5", (m, n, k, kwargs, p)
    # With A row-major, 128x144 C^T tiles take the products they fit one wave of
    # (wave_filling_c_transposed); 128x160 only where those overflow it.
    for b_col_major in (False, True):
        p = tiledmm.plan(3072, 768, 2048, torch.bfloat16, b_col_major=b_col_major, sm_count=132)
        assert p["config"] == "128x144_ct_k128B_2wg_s5", p


@needs_sm90a_build
def test_wgmma_c_transposed_128x160_where_128x144_overflows_a_wave():
    """16-bit, A row-major, where 128x144 C^T tiles would take more than one wave and 128x160
    ones fit one in less time by area than the rules' 128x192 (wave_filling_c_transposed):
    H200, 57 changed plans of random nn/nt products 1.17x faster in kernel time, none slower
    (bench/NOTES.md session 55)."""
    for dtype in (torch.bfloat16, torch.float16):
        for b_col_major in (False, True):
            for (m, n, k), tiles in [((3232, 768, 336), 126), ((3344, 736, 640), 126), ((1880, 1224, 720), 120)]:
                p = tiledmm.plan(m, n, k, dtype, b_col_major=b_col_major, sm_count=132)
                assert p["config"] == "128x160_ct_k128B_2wg_s5" and p["c_transposed"] and p["split_k"] == 1, p
                assert f"{tiles} tiles of 160 rows x 128 columns" in p["reason"], p
    # At K of 8 KB or more per row, 128x144 and 128x160 C^T tiles over several waves, B's lines
    # on their sectors or not (session 55).
    for (m, n, k), kwargs, config, tiles in [
            ((3704, 1384, 7952), {"b_off_sectors": True}, "128x160_ct_k128B_2wg_s5", 264),
            ((7336, 632, 8688), {"b_off_sectors": True}, "128x144_ct_k128B_2wg_s5", 255),
            ((3896, 3328, 15040), {"b_col_major": True}, "128x160_ct_k128B_2wg_s5", 650)]:
        p = tiledmm.plan(m, n, k, torch.bfloat16, sm_count=132, **kwargs)
        assert p["config"] == config and f"{tiles} tiles of {config[4:7]} rows x 128 columns" in p["reason"], p
    # Where 128x144 fits one wave it stays (3072 x 768: 132 tiles), as does 128x128 where its
    # tiles fit one (3000 x 640: 120).
    assert tiledmm.plan(3072, 768, 1024, torch.bfloat16, sm_count=132)["config"] == "128x144_ct_k128B_2wg_s5"
    assert tiledmm.plan(3000, 640, 3000, torch.bfloat16, sm_count=132)["config"] == "128x128_k128B_2wg_s6"


@needs_sm90a_build
def test_wgmma_c_transposed_tiles_for_few_tiles():
    """16-bit products of few tiles and shallow K, A row-major: the narrowest C^T config (64 of
    C's columns x 32 or 80 of its rows) whose tiles fit one wave, in either layout of B
    (measured on an H100, bench/NOTES.md session 41)."""
    for b_col_major in (False, True):
        for (m, n, k), config, tiles in [((256, 256, 256), "64x32_ct_k256B_1wg_s8", 32),
                                         ((512, 512, 512), "64x32_ct_k256B_1wg_s8", 128),
                                         ((64, 1024, 1024), "64x32_ct_k256B_1wg_s8", 32),
                                         ((1024, 64, 1024), "64x32_ct_k256B_1wg_s8", 32),
                                         ((640, 640, 640), "64x80_ct_k256B_1wg_s5", 80),
                                         ((768, 768, 768), "64x80_ct_k256B_1wg_s5", 120)]:
            p = tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=b_col_major, sm_count=132)
            assert p["config"] == config and p["c_transposed"] and p["split_k"] == 1, p
            assert f"{tiles} tiles of " in p["reason"] and "rows x 64 columns, computed as C^T" in p["reason"], p
    # Over split-K slices of the rules' tiles with as many tiles as their blocks (64 x 2048 x
    # 2048: 64 against 32 tiles of 64x64 in 2 slices), not with fewer (200 x 80 x 2100: 14
    # against 8 tiles of 64x64 in 2 slices).
    p = tiledmm.plan(64, 2048, 2048, torch.bfloat16, sm_count=132)
    assert p["config"] == "64x32_ct_k256B_1wg_s8" and "64 tiles of " in p["reason"], p
    assert "split-K" in tiledmm.plan(64, 2048, 2048, torch.bfloat16, a_col_major=True, sm_count=132)["reason"]
    p = tiledmm.plan(200, 80, 2100, torch.bfloat16, sm_count=132)
    assert p["config"] == "64x64_k128B_1wg_s4" and p["split_k"] > 1, p
    # Too many tiles for one wave (896^3: 168 of 80 x 64), tiles of 80 rows where M < N (512 x
    # 1024 x 1024), K deep (>= 8 KB per row: the time model, below, prefers 64x64 slices at
    # 256 x 256 x 4096), A column-major with its columns off their sectors (a column-major A
    # on them takes 64x32 tiles: test_wgmma_c_transposed_64x32_for_a_column_major_a), or
    # float32 (TF32): the rules' tiles.
    p = tiledmm.plan(512, 1024, 1024, torch.bfloat16, sm_count=132)
    assert p["config"] == "64x64_k128B_1wg_s4", p
    p = tiledmm.plan(1024, 512, 1024, torch.bfloat16, sm_count=132)
    assert p["config"] == "64x80_ct_k256B_1wg_s5" and "104 tiles of " in p["reason"], p
    for m, n, k, dtype, a_col_major in [(896, 896, 896, torch.bfloat16, False), (256, 256, 4096, torch.bfloat16, False),
                                        (512, 512, 512, torch.float16, True), (512, 512, 512, torch.float32, False)]:
        p = tiledmm.plan(m, n, k, dtype, a_col_major=a_col_major, a_off_sectors=a_col_major, allow_tf32=True,
                         sm_count=132)
        assert "_ct_" not in p["config"] and "rows x 64 columns" not in p["reason"], p
    # Deep K: the 64x32 C^T config, whole tiles, where the time model finds it >= 15% faster
    # than the rules' tile cut its best way (512 x 512 x 4096: 128 tiles, modeled 9 us against
    # 11 for 64x64 in 4 split-K slices), with M >= N only; not where its tiles are few (256 x
    # 256 x 4096) or K longer (512 x 512 x 8192: 128x128 in 8 slices).
    for m, n, k in [(512, 512, 4096), (1024, 256, 4096)]:
        p = tiledmm.plan(m, n, k, torch.bfloat16, sm_count=132)
        assert p["config"] == "64x32_ct_k256B_1wg_s8" and p["c_transposed"] and p["split_k"] == 1, p
        assert "128 tiles of 32 rows x 64 columns, computed as C^T, modeled" in p["reason"], p
    for m, n, k in [(256, 1024, 4096), (256, 256, 4096), (512, 512, 8192)]:
        p = tiledmm.plan(m, n, k, torch.bfloat16, sm_count=132)
        assert "_ct_" not in p["config"] and p["split_k"] > 1, p
    # Fewer SMs, fewer tiles fit a wave: 512^3 on 100 SMs takes 80 x 64 tiles (7 x 8 = 56).
    p = tiledmm.plan(512, 512, 512, torch.bfloat16, sm_count=100)
    assert p["config"] == "64x80_ct_k256B_1wg_s5" and "56 tiles of " in p["reason"], p


@needs_sm90a_build
def test_wgmma_deep_k_time_model():
    """K >= 8 KB per row: wgmma's split-K, and its tile for products of few tiles, come from
    the time model (measured on an H100, bench/NOTES.md session 37)."""
    # Split-K's partial sums cost more than the waves they save: 96 tiles of 128x64 stay whole
    # (15.0 us, against 26.2 in the 4 slices that counting waves took).
    p = tiledmm.plan(768, 1024, 4096, torch.bfloat16, sm_count=132)
    assert (p["config"], p["split_k"]) == ("128x64_k256B_2wg_s4", 1) and "split-K" not in p["reason"], p
    # The model's tile, >= 15% faster than the rules' in its own terms: 128x128, each tile in
    # two halves on two blocks (TF32 nt 768x1024x8192: 48.5 us, 47.8 in 2 split-K slices,
    # against 100.9 for 11 slices of 128x64), and in 3 slices (bf16 768x768x8192: 24.5
    # against 38.4).
    p = tiledmm.plan(768, 1024, 8192, torch.float32, allow_tf32=True, b_col_major=True, sm_count=132)
    assert (p["config"], p["split_k"], p["last_wave_split"]) == ("128x128_k128B_2wg_s6", 1, (48, 128)), p
    assert "but K 8192 deep" in p["reason"], p
    p = tiledmm.plan(768, 768, 8192, torch.bfloat16, sm_count=132)
    assert (p["config"], p["split_k"]) == ("128x128_k128B_2wg_s6", 3) and "modeled" in p["reason"], p
    # A smaller modeled gain leaves the rules' tile (bf16 256x256x4096: 64x64 7.9 us, 128x64 8.9).
    p = tiledmm.plan(256, 256, 4096, torch.bfloat16, sm_count=132)
    assert p["config"] == "64x64_k128B_1wg_s4" and "deep" not in p["reason"], p
    # 64x64 tiles that split-K would put two per SM give way to 128x64 tiles cut their own best
    # way (bf16 256x1024x4096: 9.3 us in 4 slices of 128x64 against 11.5 in 4 of 64x64; 384 x
    # 1024 x 4096 whole: 11.2 against 14.5 in 2 slices), but not where 128-row tiles pad M by an
    # eighth or more (192 x 768 x 4096: 9.4 us on 64x64 against 11.5), nor where the 64x64
    # blocks fit one per SM (256 x 256 x 4096: 16 tiles in 4 slices). In TF32 only with B
    # column-major (384 x 448 x 4096: 12.7 against 14.2); a row-major B computes C^T, reading
    # B's tiles into registers, and keeps its tiles.
    for m, n, k, splits in [(256, 1024, 4096, 4), (384, 1024, 4096, 1), (256, 512, 8192, 8)]:
        for dtype in (torch.bfloat16, torch.float16):
            p = tiledmm.plan(m, n, k, dtype, sm_count=132)
            assert (p["config"], p["split_k"]) == ("128x64_k256B_2wg_s4", splits), p
            assert "split-K slices two per SM" in p["reason"], p
    for m, n, k in [(192, 768, 4096), (256, 256, 4096)]:
        p = tiledmm.plan(m, n, k, torch.bfloat16, sm_count=132)
        assert p["config"] == "64x64_k128B_1wg_s4" and "two per SM" not in p["reason"], p
    p = tiledmm.plan(384, 448, 4096, torch.float32, allow_tf32=True, b_col_major=True, sm_count=132)
    assert (p["config"], p["split_k"]) == ("128x64_k256B_2wg_s4", 6) and "two per SM" in p["reason"], p
    p = tiledmm.plan(384, 448, 4096, torch.float32, allow_tf32=True, sm_count=132)
    assert p["c_transposed"] and p["config"] == "64x64_k128B_1wg_s4" and "two per SM" not in p["reason"], p
    # Below 8 KB of K the waves rule splits as before (TF32 64x1024x1024: 7.8 us in 2 slices,
    # 9.1 whole).
    p = tiledmm.plan(64, 1024, 1024, torch.float32, allow_tf32=True, b_col_major=True, sm_count=132)
    assert (p["config"], p["split_k"]) == ("64x64_k128B_1wg_s4", 2) and "modeled" not in p["reason"], p


@needs_sm90a_build
def test_tf32_with_row_major_b_tiles_c_transposed():
    # TF32 wgmma reads a row-major B as its A (from registers) and computes C^T: its tiles
    # are 128 of C's columns by 256 of C's rows. 1100 x 3000 gives 120 such tiles, one
    # wave on 132 SMs; with B column-major the 128x256 tiles would be 108 (too few).
    p = tiledmm.plan(1100, 3000, 4096, torch.float32, allow_tf32=True, sm_count=132)
    assert p["config"] == "128x256_k128B_2wg_s4" and "C^T" in p["reason"] and "120 tiles" in p["reason"], p
    assert p["c_transposed"]
    p = tiledmm.plan(1100, 3000, 4096, torch.float32, b_col_major=True, allow_tf32=True, sm_count=132)
    assert p["config"] == "128x128_k128B_2wg_s6" and "C^T" not in p["reason"] and not p["c_transposed"], p
    # A column-major A (B column-major) is read into registers as it is; with B row-major
    # as well, A is transposed first and C^T computed.
    p = tiledmm.plan(1100, 3000, 4096, torch.float32, a_col_major=True, b_col_major=True, allow_tf32=True)
    assert "column-major A: A's tiles read into registers" in p["reason"], p
    p = tiledmm.plan(1100, 3000, 4096, torch.float32, a_col_major=True, allow_tf32=True)
    assert "C^T" in p["reason"] and "A transposed first" in p["reason"], p


@needs_sm90a_build
def test_tf32_orientation_when_b_is_copied_anyway():
    # B row-major but unaligned (4095 columns): copied in either orientation, so the wave
    # count decides. C^T tiles 4095 x 4097: 544 wide tiles (5 waves on 132 SMs) or 1056
    # square ones (8 x 0.54); C tiles 4097 x 4095: 528 wide tiles, exactly 4 waves.
    p = tiledmm.plan(4097, 4095, 4093, torch.float32, allow_tf32=True, a_aligned=False, b_aligned=False)
    assert "copied transposed" in p["reason"] and "wave-times" in p["reason"], p
    assert p["config"] == "128x256_k128B_2wg_s4" and "528 tiles" in p["reason"] and not p["c_transposed"], p
    # Aligned, B is read in place: C^T, whatever the waves.
    p = tiledmm.plan(4097, 4095, 4093, torch.float32, allow_tf32=True)
    assert "C^T" in p["reason"], p
    # A column-major and B unaligned: C^T would copy both, C copies B only.
    p = tiledmm.plan(4096, 4096, 4096, torch.float32, a_col_major=True, allow_tf32=True, b_aligned=False)
    assert "fewer copies" in p["reason"] and "column-major A" in p["reason"], p


@needs_cuda_build
def test_float32_uses_tf32_only_when_allowed():
    ieee = tiledmm.plan(4096, 4096, 4096, torch.float32, allow_tf32=False)
    assert ieee["kernel"] == "simt" and "IEEE" in ieee["reason"]
    tf32 = tiledmm.plan(4096, 4096, 4096, torch.float32, allow_tf32=True)
    assert tf32["kernel"] == ("wgmma" if HAS_WGMMA else "simt")
    if HAS_WGMMA:
        assert "TF32" in tf32["reason"]
    # Ampere: TF32 through mma.sync; IEEE float32 (simt) when TF32 is not allowed.
    ampere = tiledmm.plan(4096, 4096, 4096, torch.float32, allow_tf32=True, compute_capability=(8, 0))
    assert ampere["kernel"] == "mma" and "m16n8k8" in ampere["reason"]
    assert tiledmm.plan(4096, 4096, 4096, torch.float32, allow_tf32=False,
                        compute_capability=(8, 0))["kernel"] == "simt"
    # The default follows torch's setting.
    previous = torch.backends.cuda.matmul.allow_tf32
    try:
        torch.backends.cuda.matmul.allow_tf32 = True
        assert tiledmm.plan(4096, 4096, 4096, torch.float32)["kernel"] == tf32["kernel"]
    finally:
        torch.backends.cuda.matmul.allow_tf32 = previous


@needs_cuda_build
def test_requested_kernel_wins_and_is_validated():
    assert tiledmm.plan(4096, 4096, 4096, torch.float32, kernel="classic16")["kernel"] == "classic16"
    with pytest.raises(RuntimeError, match="unknown kernel 'fast'"):
        tiledmm.plan(8, 8, 8, torch.float32, kernel="fast")
    with pytest.raises(RuntimeError, match="kernel 'simt' supports float32, float64, not bfloat16"):
        tiledmm.plan(8, 8, 8, torch.bfloat16, kernel="simt")


@needs_cuda_build
def test_named_config():
    p = tiledmm.plan(64, 64, 64, torch.float32, kernel="simt:f32_128x256x16_w64x64_t8x16_s4")
    assert p["config"] == "f32_128x256x16_w64x64_t8x16_s4" and "requested" in p["reason"]
    configs = {k.name: k for k in tiledmm.kernels()}["simt"].configs
    assert "f32_64x64x16_w32x32_t4x8_s4" in configs and any(c.startswith("f64_") for c in configs)
    p = tiledmm.plan(64, 64, 64, torch.bfloat16, kernel="mma:128x256x32_w64x64_mma16816_s4")
    assert p["kernel"] == "mma" and p["config"] == "128x256x32_w64x64_mma16816_s4"
    with pytest.raises(RuntimeError, match="kernel 'mma' has no config 'x'"):
        tiledmm.plan(64, 64, 64, torch.bfloat16, kernel="mma:x")


@needs_sm90a_build
def test_ping_pong_for_many_tiles_of_short_k():
    # >= 6 tiles of 128x128 per SM and K <= 4 KB per row, in 16-bit: ping-pong consumers.
    p = tiledmm.plan(4096, 4096, 2048, torch.bfloat16, sm_count=132)
    assert p["config"] == "128x128_k128B_pingpong_s6" and "1024 tiles of 128x128 (7 per SM)" in p["reason"], p
    assert p["split_k"] == 1 and p["last_wave_split"] == (0, 0), p
    for layout in [(False, False), (True, True), (False, True), (True, False)]:
        p = tiledmm.plan(8192, 4096, 1024, torch.float16, a_col_major=layout[0], b_col_major=layout[1], sm_count=132)
        assert p["config"] == "128x128_k128B_pingpong_s6", (layout, p)
    # Operands TMA cannot read in place too, copied first (session 48: 6 of 8 such products
    # faster than on the cooperative tiles).
    for aligned in [dict(a_aligned=False), dict(b_aligned=False)]:
        assert tiledmm.plan(4096, 4096, 2048, torch.bfloat16, sm_count=132, **aligned)["config"] == \
            "128x128_k128B_pingpong_s6", aligned
    # K deeper than 4 KB, fewer than 6 tiles per SM, or TF32: the cooperative tiles.
    assert tiledmm.plan(4096, 4096, 2056, torch.bfloat16, sm_count=132)["config"] == "128x256_k128B_2wg_s4"
    assert tiledmm.plan(2048, 4096, 2048, torch.bfloat16, sm_count=132)["config"] == "128x256_k128B_2wg_s4"
    assert tiledmm.plan(4096, 4096, 1024, torch.float32, sm_count=132, allow_tf32=True)["config"] == \
        "128x256_k128B_2wg_s4"
    # The same product on a GPU of more SMs has fewer tiles per SM.
    assert tiledmm.plan(4096, 4096, 2048, torch.bfloat16, sm_count=200)["config"] == "128x256_k128B_2wg_s4"


@needs_sm90a_build
def test_ping_pong_for_short_k_from_one_wave():
    # K <= 2 KB per row, A row-major, both operands on their sectors, more 128x128 tiles than
    # SMs but fewer than 6 per SM: ping-pong (session 49: 1.08x over the cooperative tiles with
    # B column-major, geomean; session 50: B row-major on 128-byte lines).
    pp = "128x128_k128B_pingpong_s6"
    for dtype, m, n, k in [(torch.bfloat16, 2048, 2048, 1024), (torch.float16, 1952, 1944, 384)]:
        p = tiledmm.plan(m, n, k, dtype, b_col_major=True, sm_count=132)
        assert p["config"] == pp and "B column-major: ping-pong" in p["reason"], p
        assert p["split_k"] == 1 and p["last_wave_split"] == (0, 0), p
    for dtype, m, n, k in [(torch.bfloat16, 2048, 2048, 1024), (torch.float16, 3912, 2368, 640)]:
        p = tiledmm.plan(m, n, k, dtype, sm_count=132)
        assert p["config"] == pp and "B row-major on 128-byte lines: ping-pong" in p["reason"], p
        assert p["split_k"] == 1 and p["last_wave_split"] == (0, 0), p
    # Not with a row-major B off 128-byte lines, A column-major, lines off their sectors, K over
    # 2 KB, one wave of 128x128 tiles or fewer, or where 128x144 C^T tiles fill the waves better.
    assert tiledmm.plan(2048, 2048, 1024, torch.bfloat16, b_off_cache_lines=True,
                        sm_count=132)["config"] == "128x256_k128B_2wg_s4"
    assert tiledmm.plan(2048, 2048, 1024, torch.bfloat16, a_col_major=True, sm_count=132)["config"] != pp
    assert tiledmm.plan(2048, 2048, 1024, torch.bfloat16, b_col_major=True, a_off_sectors=True, b_off_sectors=True,
                        sm_count=132)["config"] != pp
    assert tiledmm.plan(2048, 2048, 1032, torch.bfloat16, b_col_major=True, sm_count=132)["config"] != pp
    assert tiledmm.plan(1024, 2048, 1024, torch.bfloat16, b_col_major=True, sm_count=132)["config"] != pp
    assert tiledmm.plan(2560, 2560, 1024, torch.bfloat16, b_col_major=True,
                        sm_count=132)["config"] == "128x144_ct_k128B_2wg_s5"


@needs_sm90a_build
def test_wgmma_tiles_for_lines_off_sectors():
    # 16-bit operands whose lines start 16 bytes into 32-byte sectors (1000 bf16 per line),
    # read in place by TMA at about half the rate (session 47, H100 kernel times).
    def plan(m, n, k, layout):
        b_col = layout == "nt"
        return tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=b_col, sm_count=132,
                            a_off_sectors=(2 * k) % 32 == 16, b_off_sectors=(2 * (k if b_col else n)) % 32 == 16)
    # Both K-major (nt) and off sectors: 128x128 tiles read a third fewer lines per output than
    # 128x64 (1000^3 9.6 us against 12.2), from a third of the SMs' tiles on.
    for m, n, k in [(1000, 1000, 1000), (1024, 1024, 1000), (896, 896, 888)]:
        p = plan(m, n, k, "nt")
        assert p["config"] == "128x128_k128B_2wg_s6" and "off their sectors" in p["reason"], p
        assert tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=True, sm_count=132)["config"] == "128x64_k256B_2wg_s4"
    # nn: A is read by row classes with 128x64 tiles; the rule stays.
    assert plan(1000, 1000, 1000, "nn")["config"] == "128x64_k256B_2wg_s4"
    # A off sectors: 128x64 tiles, not 64x80 C^T (which reads A K-major in place), in both layouts.
    for layout in ("nn", "nt"):
        p = plan(768, 768, 760, layout)
        assert p["config"] == "128x64_k256B_2wg_s4" and "not 64x80 C^T" in p["reason"], p
        assert tiledmm.plan(768, 768, 760, torch.bfloat16, b_col_major=layout == "nt")["config"] == "64x80_ct_k256B_1wg_s5"
    # ... but at 640^2, where the rules' tile is 64x64, C^T stays.
    assert plan(640, 640, 632, "nn")["config"] == "64x80_ct_k256B_1wg_s5"


@needs_sm90a_build
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
@pytest.mark.parametrize("b_col", [False, True], ids=["nn", "nt"])
def test_medium_rows_stream_on_c_transposed_tiles(dtype, b_col):
    # 33-64 rows (M), A row-major, from half a wave of 64-row tiles and K of 1 KB per row: all
    # of M in one tile row of C^T, 64 weight rows x 80 per tile, or 128 x 96 where 128-row
    # tiles fit one wave and 64-row ones would not (session 63). (Where 64x32 C^T tiles in two
    # tile rows fit one wave with K up to 8 KB per row, narrow_m_c_transposed_config's.)
    def plan(m, n, k, **kwargs):
        return tiledmm.plan(m, n, k, dtype, b_col_major=b_col, sm_count=132, **kwargs)

    for m, n, k, config, tiles in ((33, 4224, 8192, "64x80_ct_k256B_1wg_s5", 66),
                                   (64, 8448, 512, "64x80_ct_k256B_1wg_s5", 132),
                                   (48, 8512, 8192, "128x96_ct_k128B_2wg_s6", 67),
                                   (64, 16896, 2048, "128x96_ct_k128B_2wg_s6", 132),
                                   (40, 16904, 2048, "64x80_ct_k256B_1wg_s5", 265)):
        p = plan(m, n, k)
        assert (p["kernel"], p["config"], p["c_transposed"]) == ("wgmma", config, True), (m, n, k, p)
        assert f"{tiles} tiles of all {m} rows x" in p["reason"], (m, n, k, p)
        assert p["split_k"] == 1, p  # (a short last wave in parts: test_last_wave_split.py)
    # Not under half a wave of tiles (4160 rows: 65), under 1 KB of K per row, outside 33-64
    # rows, with a column-major A, a B TMA cannot read in place, or float32.
    for m, n, k, kwargs in ((33, 4160, 8192, {}), (64, 16896, 504, {}), (65, 16896, 4096, {}),
                            (48, 8448, 4096, {"a_col_major": True}), (48, 8448, 4096, {"b_aligned": False})):
        p = plan(m, n, k, **kwargs)
        assert "stream the weight once" not in p["reason"], (m, n, k, kwargs, p)
        assert p["config"] not in ("64x80_ct_k256B_1wg_s5", "128x96_ct_k128B_2wg_s6"), (m, n, k, kwargs, p)
    assert tiledmm.plan(48, 8448, 4096, torch.float32, b_col_major=b_col)["kernel"] != "wgmma"

def bf16(*shape):
    return torch.randn(*shape).to(torch.bfloat16)


@needs_sm90a_build
def test_plan_for_describes_host_operands_as_the_gemm_call_does():
    # plan_for reads layouts and line alignments from the tensors; plan is told them. Host
    # operands lie at their storage offset in a fresh (512-byte aligned) block.
    bf = torch.bfloat16
    # 1000 bf16 per line: 16 bytes into 32-byte sectors (and off 128-byte lines).
    a, b = bf16(1000, 1000), bf16(1000, 1000)
    assert tiledmm.plan_for(a, b) == tiledmm.plan(1000, 1000, 1000, bf, a_off_sectors=True, b_off_sectors=True,
                                                  b_off_cache_lines=True)
    # B column-major (a transposed view, read in place): both K-major and off sectors take
    # 128x128 tiles, where operands on sectors take 128x64.
    p = tiledmm.plan_for(a, b.t())
    assert p == tiledmm.plan(1000, 1000, 1000, bf, b_col_major=True, a_off_sectors=True, b_off_sectors=True)
    assert p["config"] == "128x128_k128B_2wg_s6"
    assert tiledmm.plan_for(bf16(1024, 1024), bf16(1024, 1024).t())["config"] == "128x64_k256B_2wg_s4"
    # x @ W with W's rows of 1456 bf16: on sectors, off 128-byte lines.
    x, w = bf16(2728, 1024), bf16(1024, 1456)
    assert tiledmm.plan_for(x, w) == tiledmm.plan(2728, 1456, 1024, bf, b_off_cache_lines=True)
    assert tiledmm.plan_for(x, w) != tiledmm.plan(2728, 1456, 1024, bf)
    # Storage offsets: one element breaks 16-byte alignment (copied, not read in place); 8
    # elements put lines 16 bytes into sectors; 64 elements keep them on 128-byte lines.
    for offset, flags in [(1, {"a_aligned": False}), (8, {"a_off_sectors": True}), (64, {})]:
        a = bf16(offset + 2048 * 1024)[offset:].view(2048, 1024)
        b = bf16(1024, 2048)
        assert tiledmm.plan_for(a, b) == tiledmm.plan(2048, 2048, 1024, bf, **flags), offset
    # A slice with steps in both dimensions is copied by the call: planned as its contiguous copy.
    gapped = bf16(2000, 2000)[::2, ::2]
    assert tiledmm.plan_for(gapped, bf16(1000, 1024)) == tiledmm.plan(1000, 1024, 1000, bf, a_off_sectors=True)


@needs_cuda_build
def test_plan_for_the_described_gpu_kernel_and_settings():
    a, b = torch.randn(1025, 1021), torch.randn(1021, 1023)
    # float32, TF32 off: the alignments do not enter the plan (simt); as plan() with defaults.
    assert tiledmm.plan_for(a, b) == tiledmm.plan(1025, 1023, 1021, torch.float32, allow_tf32=False)
    assert tiledmm.plan_for(a, b, compute_capability=(8, 0), sm_count=108) == tiledmm.plan(
        1025, 1023, 1021, torch.float32, compute_capability=(8, 0), sm_count=108, allow_tf32=False)
    assert tiledmm.plan_for(a, b, "classic16")["kernel"] == "classic16"
    assert tiledmm.plan_for(a, b, "simt:f32_64x64x16_w32x32_t4x8_s4")["config"] == "f32_64x64x16_w32x32_t4x8_s4"
    previous = torch.backends.cuda.matmul.allow_tf32
    try:
        torch.backends.cuda.matmul.allow_tf32 = True  # read as the gemm call reads it
        # (TF32 reads C^T in place by TMA, which needs 16-byte lines: 1021 and 1023 floats are not.)
        assert tiledmm.plan_for(a, b) == tiledmm.plan(1025, 1023, 1021, torch.float32, allow_tf32=True,
                                                      a_aligned=False, b_aligned=False)
    finally:
        torch.backends.cuda.matmul.allow_tf32 = previous


@needs_cuda_build
def test_plan_for_checks_its_operands_as_gemm_does():
    a = torch.randn(8, 4)
    with pytest.raises(RuntimeError, match=r"inner sizes must agree.*\[8, 4\].*\[5, 3\]"):
        tiledmm.plan_for(a, torch.randn(5, 3))
    with pytest.raises(RuntimeError, match="same dtype"):
        tiledmm.plan_for(a, torch.randn(4, 3, dtype=torch.float64))
    with pytest.raises(RuntimeError, match="2-D matrix"):
        tiledmm.plan_for(a, torch.randn(4))
    with pytest.raises(RuntimeError, match="unknown kernel"):
        tiledmm.plan_for(a, torch.randn(4, 3), "no_such_kernel")
    with pytest.raises(RuntimeError, match="need the GPU described"):
        torch.ops.tiledmm._plan_for(a, torch.randn(4, 3))


@needs_sm90a_build
def test_deep_few_tile_products_take_one_wave_of_whole_tiles():
    # 16-bit, K >= 4 KB per row, 128x128 tiles fit one wave, and the rules' 128x64 / 64x64 tiles
    # would run in two waves or in split-K slices: the candidate of least modeled time whose
    # whole tiles fill one wave (H100 kernel times, bench/NOTES.md session 51: 1.42x faster over
    # 50 sampled changes, none slower).
    def plan(m, n, k, b_col=False, dtype=torch.bfloat16, **flags):
        return tiledmm.plan(m, n, k, dtype, b_col_major=b_col, sm_count=132,
                            b_off_sectors=not b_col and n % 16 == 8, b_off_cache_lines=not b_col and n % 64 != 0,
                            **flags)
    for (m, n, k, b_col), config in [((1051, 1104, 3424, True), "128x112_ct_k128B_2wg_s6"),  # 2 waves of 128x64
                                     ((790, 1352, 3792, False), "128x144_ct_k128B_2wg_s5"),  # B off its sectors
                                     ((1111, 656, 4000, True), "128x96_ct_k128B_2wg_s6"),    # 4 slices of 128x64
                                     ((681, 512, 2944, False), "64x80_ct_k256B_1wg_s5")]:   # 2 slices of 64x64
        p = plan(m, n, k, b_col)
        assert (p["config"], p["split_k"], p["last_wave_split"]) == (config, 1, (0, 0)), p
        assert "whole in one wave" in p["reason"], p
    # Not where the rules' tiles run whole in one wave, or in halves (one round of twice the
    # blocks: fp16 866x536x4464 18.4 us against 23.3 on 128x96 C^T), at shallower K, with A's
    # lines off their sectors (a C^T kernel reads A in place, without row classes), a
    # column-major A, TF32, or a side under 512.
    assert plan(1099, 640, 1696)["config"] == "128x64_k256B_2wg_s4"                       # K of 3392 bytes
    p = plan(866, 536, 4464, dtype=torch.float16)
    assert p["config"] == "128x64_k256B_2wg_s4" and p["last_wave_split"][0] == 63, p       # halves
    assert plan(1051, 1104, 3432, True, a_off_sectors=True)["config"] == "128x64_k256B_2wg_s4"
    assert plan(1051, 1104, 3424, True, a_col_major=True)["config"] == "128x64_k256B_2wg_s4"
    assert tiledmm.plan(1051, 1104, 3424, torch.float32, allow_tf32=True, b_col_major=True,
                        sm_count=132)["config"] == "128x128_k128B_2wg_s6"  # (as before the rule)
    assert plan(500, 1352, 3792)["config"] == "128x64_k256B_2wg_s4"
