"""tiledmm.gemm against float64 and torch.matmul: dtypes, shapes, layouts, kernels."""
import pytest
import torch

import tiledmm
from conftest import (DEVICES, DTYPES, HAS_CUDA, assert_matches_reference, computes_in_tf32,
                      kernel_names, kernel_specs, kernels_of, make_operand, poison_cached_block,
                      requires_cuda, runs_here, runs_wgmma)

# Sizes that leave partial tiles at every level (16, 64, 128), primes, 1 and 1000.
SHAPES = [
    (1, 1, 1), (7, 15, 17), (16, 16, 16), (17, 31, 33), (33, 17, 129), (127, 129, 31),
    (129, 127, 1), (1, 1000, 33), (1000, 1, 17), (64, 64, 1000), (1000, 7, 129),
    (15, 1000, 16), (257, 300, 127),
]
# Larger ragged shapes that reach the 128x128 simt tiles and the grouped tile order.
GPU_SHAPES = [(1000, 1000, 1000), (2049, 1537, 129), (1031, 2063, 257), (4097, 129, 511),
              (2177, 4099, 67)]
LAYOUTS = ["row", "col"]


def run_and_check(device, dtype, kernel, m, n, k, layout_a="row", layout_b="row", seed=0):
    gen = torch.Generator(device=device).manual_seed(seed + m * 7919 + n * 31 + k)
    a = make_operand(m, k, dtype, device, layout_a, gen)
    b = make_operand(k, n, dtype, device, layout_b, gen)
    poison_cached_block(m, n, dtype, device)
    out = tiledmm.gemm(a, b, kernel=kernel)
    assert_matches_reference(out, a, b, tf32=computes_in_tf32(kernel, dtype))


def kernel_params(device, dtype):
    if device == "cuda" and not HAS_CUDA:
        return [None]
    return kernel_names(device, dtype)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_shapes(device, dtype, shape):
    for kernel in kernel_params(device, dtype):
        run_and_check(device, dtype, kernel, *shape)


# The CPU kernel's blocking (csrc/cpu/gemm_cpu.cpp): 6-row and 16-column panels (8 for float64),
# 96 x 256 task tiles, 256-deep K slices: one past and one short of each, several at once.
CPU_BLOCKING_SHAPES = [(6, 16, 256), (5, 17, 257), (7, 15, 255), (97, 257, 513), (95, 255, 511), (193, 520, 300)]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("layouts", [("row", "row"), ("col", "col"), ("row", "col"), ("padded", "offset")],
                         ids="-".join)
def test_cpu_blocking_edges(dtype, layouts):
    for m, n, k in CPU_BLOCKING_SHAPES:
        run_and_check("cpu", dtype, None, m, n, k, *layouts)


@requires_cuda
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("shape", GPU_SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_large_ragged_shapes_cuda(dtype, shape):  # large enough for the planner's big tiles
    for kernel in kernel_params("cuda", dtype):
        run_and_check("cuda", dtype, kernel, *shape)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("layout_a", LAYOUTS)
@pytest.mark.parametrize("layout_b", LAYOUTS)
def test_layouts(device, dtype, layout_a, layout_b):
    shapes = [(33, 47, 65), (130, 129, 67)] + ([(1000, 520, 300)] if device == "cuda" else [])
    for kernel in kernel_params(device, dtype):
        for m, n, k in shapes:
            run_and_check(device, dtype, kernel, m, n, k, layout_a, layout_b)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("layout", ["offset", "padded", "expanded", "gapped"])
def test_strided_inputs(device, dtype, layout):
    for kernel in kernel_params(device, dtype):
        for layout_a, layout_b in [(layout, "row"), ("col", layout), (layout, layout)]:
            run_and_check(device, dtype, kernel, 67, 133, 45, layout_a, layout_b)
            if device == "cuda":
                run_and_check(device, dtype, kernel, 515, 300, 257, layout_a, layout_b)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("layouts", [("sliced_nan_t", "sliced_nan"), ("sliced_nan", "sliced_nan_t")], ids="-".join)
def test_storage_past_a_views_edge_never_reaches_c(device, dtype, layouts):
    # Aligned lines read in place whose storage runs on past their ragged end, holding NaN.
    # ("sliced_nan_t", "sliced_nan"): A's lines run along M, B's along N; simt and mma stage
    # each line's last vector whole over what follows it (staged_in_whole_vectors), which
    # may feed only outputs past C's edge. ("sliced_nan", "sliced_nan_t"): K is ragged inside
    # the lines, where every kernel must stop at K. Every kernel and config, edges in M, N, K.
    shapes = [(67, 133, 45)] + ([(300, 515, 129), (1031, 2063, 257), (9, 515, 1031), (515, 9, 1031)]
                                if device == "cuda" else [])
    infos = {info.name: info for info in tiledmm.kernels() if info.device == device}
    for kernel in kernel_params(device, dtype):
        for spec in kernel_specs(infos[kernel], dtype) if kernel in infos else [kernel]:
            for m, n, k in shapes:
                run_and_check(device, dtype, spec, m, n, k, *layouts)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("shape", [(0, 5, 3), (5, 0, 3), (0, 0, 0), (5, 3, 0), (1, 1, 0)])
def test_empty_dimensions(device, dtype, shape):
    m, n, k = shape
    for kernel in kernel_params(device, dtype):
        a = torch.randn(m, k, device=device).to(dtype)
        b = torch.randn(k, n, device=device).to(dtype)
        poison_cached_block(m, n, dtype, device)
        out = tiledmm.gemm(a, b, kernel=kernel)
        assert out.shape == (m, n) and out.dtype == dtype
        assert torch.equal(out, torch.zeros(m, n, dtype=dtype, device=device))


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_small_integers_are_exact(device, dtype):
    # Small integers keep every partial sum exact in float32 (and in the output dtype),
    # so any indexing mistake shows up as an exact mismatch.
    k = 64 if dtype in (torch.float16, torch.bfloat16) else 999
    for kernel in kernel_params(device, dtype):
        gen = torch.Generator(device=device).manual_seed(1)
        a = torch.randint(-2, 3, (131, k), device=device, generator=gen).to(dtype)
        b = torch.randint(-2, 3, (k, 77), device=device, generator=gen).to(dtype)
        out = tiledmm.gemm(a, b, kernel=kernel)
        assert torch.equal(out.double(), a.double() @ b.double()), kernel


@pytest.mark.parametrize("device", DEVICES)
def test_matches_torch_matmul_values(device):
    a = torch.randn(300, 200, device=device)
    b = torch.randn(200, 100, device=device)
    torch.testing.assert_close(tiledmm.gemm(a, b), torch.matmul(a, b), rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("device", DEVICES)
def test_nan_and_inf_propagate(device):
    a = torch.randn(40, 30, device=device)
    b = torch.randn(30, 20, device=device)
    a[3, 7] = float("nan")
    a[5, 2] = float("inf")
    for kernel in kernel_params(device, torch.float32):
        out = tiledmm.gemm(a, b, kernel=kernel)
        expected = torch.matmul(a, b)
        assert torch.equal(torch.isnan(out), torch.isnan(expected)), kernel
        assert torch.equal(torch.isinf(out), torch.isinf(expected)), kernel


@requires_cuda
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("shape", [(300, 520, 100), (129, 257, 33), (1, 300, 7), (257, 1, 65),
                                   (260, 515, 1031), (2100, 2100, 130)], ids=lambda s: "x".join(map(str, s)))
def test_every_tile_config_cuda(dtype, shape):
    # (2100, 2100, 130): more tiles than SMs for every config, so persistent blocks run
    # several tiles (and ping-pong consumers take turns).
    # The planner picks the large tiles only for large outputs; name each config so that
    # every one of them is checked on ragged edges in M, N and K.
    for info in tiledmm.kernels():
        if info.device != "cuda" or not info.configs or dtype not in info.dtypes or not runs_here(info):
            continue
        for spec in kernel_specs(info, dtype):
            for layout_a, layout_b in [("row", "row"), ("col", "col"), ("row", "col"), ("offset", "padded")]:
                run_and_check("cuda", dtype, spec, *shape, layout_a, layout_b)


@runs_wgmma
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16, torch.float32], ids=str)
def test_wgmma_wave_rule_plans(dtype, monkeypatch):
    # Products the planner runs on 128x192 tiles (between two waves of 128x128 and too few
    # 128x256 tiles) or, 16-bit with A row-major, on 128-wide C^T tiles where those fill one
    # wave (A's lines on their sectors, B's rows 16-byte aligned: read in place); ragged ones
    # included, each layout of B; float32 as TF32 (C^T with a row-major B; 128x128 tiles where
    # C^T ones would fill a wave).
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", dtype == torch.float32)
    sixteen_bit = dtype != torch.float32
    def wave_filling(c_transposed, tf32):
        return c_transposed if sixteen_bit else tf32
    for (m, n, k), config in [
            ((1536, 1536, 1536), wave_filling("128x144_ct_k128B_2wg_s5", "128x192_k128B_2wg_s4")),
            ((1540, 1528, 1008), wave_filling("128x144_ct_k128B_2wg_s5", "128x192_k128B_2wg_s4")),
            ((1536, 4096, 520), "128x192_k128B_2wg_s4"),
            ((1150, 1144, 1104), wave_filling("128x96_ct_k128B_2wg_s6", "128x128_k128B_2wg_s6")),
            ((1279, 1272, 704), wave_filling("128x112_ct_k128B_2wg_s6", "128x128_k128B_2wg_s6"))]:
        for layout_b in LAYOUTS:
            p = tiledmm.plan(m, n, k, dtype, b_col_major=layout_b == "col", allow_tf32=True, sm_count=132)
            assert p["config"] == config, p
            gen = torch.Generator(device="cuda").manual_seed(m + n + k)
            a = make_operand(m, k, dtype, "cuda", "row", gen)
            b = make_operand(k, n, dtype, "cuda", layout_b, gen)
            poison_cached_block(m, n, dtype, "cuda")
            assert_matches_reference(tiledmm.gemm(a, b), a, b, tf32=dtype == torch.float32)


def launched_wgmma_config(fn):
    """fn()'s result and the tile config of the one wgmma kernel it launched: the kernel's
    third template argument (a WgmmaConfigId, printed as a number or as an enum cast), the
    index of its config in the kernel table."""
    out, kernels = kernels_of(fn)
    names = [name for name in kernels if "wgmma_gemm_kernel<" in name]
    assert len(names) == 1, names
    config_id = names[0].split("wgmma_gemm_kernel<", 1)[1].split(",")[2].strip().rsplit(")", 1)[-1]
    configs = {k.name: k for k in tiledmm.kernels()}["wgmma"].configs
    assert configs.index("128x128_k128B_2wg_s6") == 1  # the table lists configs in WgmmaConfigId order
    return out, configs[int(config_id)]


@runs_wgmma
@pytest.mark.parametrize("case", [((1000, 1000, 1000), "col", "128x128_k128B_2wg_s6"),
                                  ((896, 896, 888), "col", "128x128_k128B_2wg_s6"),
                                  ((768, 768, 760), "col", "128x64_k256B_2wg_s4"),
                                  ((768, 768, 760), "row", "128x64_k256B_2wg_s4")],
                         ids=lambda c: f"{'x'.join(map(str, c[0]))}-b{c[1]}")
def test_wgmma_tiles_for_lines_off_sectors(case):
    # The gemm call sees its operands' lines off their sectors (1000, 888 or 760 bf16 per
    # line) and runs the tile the planner gives such operands (test_planner.py).
    (m, n, k), layout_b, config = case
    gen = torch.Generator(device="cuda").manual_seed(m + k)
    a = make_operand(m, k, torch.bfloat16, "cuda", "row", gen)
    b = make_operand(k, n, torch.bfloat16, "cuda", layout_b, gen)
    assert tiledmm.plan_for(a, b)["config"] == config
    out, launched = launched_wgmma_config(lambda: tiledmm.gemm(a, b))
    assert launched == config
    assert_matches_reference(out, a, b)


@runs_wgmma
@pytest.mark.parametrize("layouts", [("row", "row"), ("row", "col"), ("col", "row"), ("offset", "row"),
                                     ("sliced", "col"), ("row", "padded"), ("col", "sliced_t"), ("gapped", "row")],
                         ids="-".join)
@pytest.mark.parametrize("shape", [(1000, 1000, 1000), (2728, 1456, 1024), (768, 768, 760), (1536, 1536, 1528)],
                         ids=lambda s: "x".join(map(str, s)))
def test_plan_for_names_the_tile_the_call_runs(shape, layouts):
    # plan_for reads the operands' layouts and line alignments (copied, in place, off sectors,
    # off 128-byte lines) as the gemm call does: the tile it names is the one launched.
    m, n, k = shape
    gen = torch.Generator(device="cuda").manual_seed(m + n + k)
    a = make_operand(m, k, torch.bfloat16, "cuda", layouts[0], gen)
    b = make_operand(k, n, torch.bfloat16, "cuda", layouts[1], gen)
    p = tiledmm.plan_for(a, b)
    assert p["kernel"] == "wgmma", p
    out, launched = launched_wgmma_config(lambda: tiledmm.gemm(a, b))
    assert launched == p["config"], p
    assert_matches_reference(out, a, b)


@runs_wgmma
def test_plan_for_a_linear_layer():
    # tiledmm.linear(x, w) multiplies x by w.t(), read in place: plan_for(x rows, w.t()).
    x = torch.randn(4, 682, 1024, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(1456, 1024, device="cuda", dtype=torch.bfloat16) / 32
    bias = torch.randn(1456, device="cuda", dtype=torch.bfloat16)
    p = tiledmm.plan_for(x.reshape(-1, 1024), w.t())
    out, launched = launched_wgmma_config(lambda: tiledmm.linear(x, w, bias))
    assert launched == p["config"], p
    torch.testing.assert_close(out.double(), torch.nn.functional.linear(x.double(), w.double(), bias.double()),
                               rtol=2e-2, atol=2e-2)


@runs_wgmma
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
@pytest.mark.parametrize("case", [((1051, 1104, 3424), "col"), ((790, 1352, 3792), "row"), ((1111, 656, 4000), "col"),
                                  ((681, 512, 2944), "row")], ids=lambda c: f"{'x'.join(map(str, c[0]))}-b{c[1]}")
def test_deep_few_tile_products_on_one_wave_of_whole_tiles(case, dtype):
    # Deep K and few tiles: the planner runs one wave of whole C^T tiles (128 x 96/112/144 or
    # 64 x 80; test_planner.py) where the rules' tiles would take two waves or split-K slices.
    (m, n, k), layout_b = case
    gen = torch.Generator(device="cuda").manual_seed(m + n + k)
    a = make_operand(m, k, dtype, "cuda", "row", gen)
    b = make_operand(k, n, dtype, "cuda", layout_b, gen)
    p = tiledmm.plan_for(a, b)
    if torch.cuda.get_device_properties(0).multi_processor_count == 132:
        assert "whole in one wave" in p["reason"], p
    poison_cached_block(m, n, dtype, "cuda")
    out, launched = launched_wgmma_config(lambda: tiledmm.gemm(a, b))
    assert launched == p["config"], p
    assert_matches_reference(out, a, b)
    assert torch.equal(tiledmm.gemm(a, b), out)


@runs_wgmma
def test_repacked_operands_with_many_lines():
    # Operands that TMA cannot read in place are copied into aligned workspaces by kernels
    # whose grids stride over the lines beyond one grid dimension's 65,535 blocks.
    gen = torch.Generator(device="cuda").manual_seed(5)
    # bf16 A with a leading dimension of 9 (18 bytes): 70,000 lines repacked as they are.
    a = torch.randn(70000, 9, device="cuda", dtype=torch.bfloat16, generator=gen)[:, :7]
    b = torch.randn(7, 40, device="cuda", dtype=torch.bfloat16, generator=gen)
    assert_matches_reference(tiledmm.gemm(a, b, kernel="wgmma"), a, b)
    # TF32 B row-major: transposed to K-major in 32 x 32 tiles, 2.1 M lines of K (more
    # than 65,535 x 32).
    a = torch.randn(8, 2_100_000, device="cuda", generator=gen)
    b = torch.randn(2_100_000, 8, device="cuda", generator=gen)
    assert_matches_reference(tiledmm.gemm(a, b, kernel="wgmma"), a, b, tf32=True)


@runs_wgmma
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=str)
def test_rows_off_sectors_repacked(dtype, monkeypatch):
    # Rows 16 bytes into a 32-byte sector (leading dimensions of 8 mod 16 bf16, 4 mod 8 floats):
    # TMA reads the kernel's B slowly then, so from 1,536 rows of the kernel's C on wgmma
    # copies it into a 128-byte pitched workspace (TF32 computes C^T here: its B is the
    # problem's A, its rows C's n); below that it reads both in place, however much work
    # (1024 x 4096 x 2048: 2048^3). Both paths against float64.
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", True)
    gen = torch.Generator(device="cuda").manual_seed(6)
    size = torch.empty((), dtype=dtype).element_size()

    def off_sectors(extent):  # the first leading dimension >= extent with rows 16 bytes into sectors
        return next(ld for ld in range(extent, extent + 32) if ld * size % 32 == 16)

    tf32 = dtype == torch.float32
    for (m, n, k), copied in [((2048, 2048, 2048), True), ((1000, 1000, 1000), False),
                              ((3000, 1000, 1000), not tf32), ((1000, 3000, 1000), tf32),
                              ((1024, 4096, 2048), tf32)]:
        a = torch.randn(m, off_sectors(k), device="cuda", dtype=dtype, generator=gen)[:, :k]
        b = torch.randn(k, off_sectors(n), device="cuda", dtype=dtype, generator=gen)[:, :n]
        poison_cached_block(m, n, dtype, "cuda")
        out, kernels = kernels_of(lambda: tiledmm.gemm(a, b, kernel="wgmma"))
        assert any("repack_lines" in name for name in kernels) == copied, kernels
        assert_matches_reference(out, a, b, tf32=dtype == torch.float32)


@requires_cuda
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
@pytest.mark.parametrize("shape", [(600, 700, 301), (100, 130, 67), (513, 515, 33), (700, 100, 129)],
                         ids=lambda s: "x".join(map(str, s)))
def test_simt_unaligned_mn_rows_cuda(dtype, shape):
    # A column-major and B row-major (both run along M/N) with leading dimensions m + 3 and
    # n + 3, so no row is 16-byte aligned. simt copies such an operand with a padded
    # leading dimension when >= 512 outputs reuse it and stages it element by element
    # otherwise; these shapes take each branch on each operand, with ragged edges.
    m, n, k = shape
    gen = torch.Generator(device="cuda").manual_seed(m + n + k)
    a = make_operand(m, k, dtype, "cuda", "padded_t", gen)
    b = make_operand(k, n, dtype, "cuda", "padded", gen)
    info = next(i for i in tiledmm.kernels() if i.name == "simt" and i.device == "cuda")
    for spec in kernel_specs(info, dtype):
        poison_cached_block(m, n, dtype, "cuda")
        assert_matches_reference(tiledmm.gemm(a, b, kernel=spec), a, b)


@requires_cuda
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_simt_c_rows_off_16_byte_boundaries_cuda(dtype):
    # With N not a multiple of a 16-byte vector, C's row r starts (r * N) % vec elements past
    # a 16-byte boundary: simt then shifts each vector to the boundary, taking its first
    # elements from the lane to its left (store_row_realigned). N = 1, 2, 3 mod 4 (every
    # shift), narrower than a warp tile, ending mid-vector; M ragged; every config by name;
    # and linear's bias on the shifted vectors (with an activation, such rows store element
    # by element). Poisoned outputs catch an element left unwritten, the float64 check one
    # written into its neighbour's place.
    info = next(i for i in tiledmm.kernels() if i.name == "simt" and i.device == "cuda")
    gen = torch.Generator(device="cuda").manual_seed(27)
    for spec in kernel_specs(info, dtype):
        for m, n, k in [(131, 258, 37), (67, 1001, 65), (200, 30, 17), (129, 515, 40), (9, 6, 3)]:
            a = make_operand(m, k, dtype, "cuda", "row", gen)
            b = make_operand(k, n, dtype, "cuda", "row", gen)
            poison_cached_block(m, n, dtype, "cuda")
            assert_matches_reference(tiledmm.gemm(a, b, kernel=spec), a, b)
        x = make_operand(70, 33, dtype, "cuda", "row", gen)
        w = make_operand(258, 33, dtype, "cuda", "row", gen)
        bias = make_operand(1, 258, dtype, "cuda", "row", gen)[0]
        for activation, act in (("none", lambda z: z), ("gelu", torch.nn.functional.gelu)):
            poison_cached_block(70, 258, dtype, "cuda")
            out = tiledmm.linear(x, w, bias, activation=activation, kernel=spec)
            ref = act(x.double() @ w.double().t() + bias.double())
            torch.testing.assert_close(out.double(), ref, rtol=1e-5, atol=1e-5)
