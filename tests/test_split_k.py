"""Split-K for skinny and small products: the planner's choice (no GPU needed), then the
results of every family that splits, against float64, bitwise identical from run to run."""
import pytest
import torch

import tiledmm
from conftest import (HAS_WGMMA, assert_matches_reference, assert_poisoned_gemm_matches_and_repeats, computes_in_tf32,
                      kernel_names, make_operand, needs_cuda_build, requires_cuda, simt_device_plan)

# (M, N, K): skinny M (decode), skinny N, and a small square, all with K ragged against
# every family's K step, so that the last slice is partial.
# N = 2050 and 1021: rows of the partial planes padded (simt, mma) by 2 and 3 elements.
SPLIT_SHAPES = [(1, 1000, 4100), (16, 2050, 3000), (64, 520, 4097), (3000, 8, 2050),
                (256, 256, 2000), (48, 1021, 3000)]


@needs_cuda_build
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16, torch.float64], ids=str)
def test_planner_splits_skinny_products(dtype):
    # For 16-bit types the planner gives these to the skinny family (test_skinny.py); by
    # name, the tiled mma family splits K to reach every SM, as simt does for float32/64.
    tiled = "mma" if dtype in (torch.bfloat16, torch.float16) else None
    for m, n in [(1, 4096), (16, 4096), (4096, 16)]:
        p = tiledmm.plan(m, n, 4096, dtype, a_col_major=True, compute_capability=(8, 0), sm_count=108,
                         kernel=tiled)
        assert p["split_k"] > 1 and "split-K" in p["reason"], p
    # Enough tiles to fill the GPU: no split.
    p = tiledmm.plan(4096, 4096, 4096, dtype, compute_capability=(8, 0), sm_count=108)
    assert p["split_k"] == 1 and "split-K" not in p["reason"]
    # A short K is not worth splitting (each slice would be under 4 k-tiles).
    assert tiledmm.plan(16, 4096, 64, dtype, compute_capability=(8, 0))["split_k"] == 1


@needs_cuda_build
def test_split_k_slices_are_whole_k_tiles_and_cover_k():
    tiled = "wgmma" if HAS_WGMMA else "mma"  # by name: the planner's choice here is skinny
    p = tiledmm.plan(16, 4096, 4096, torch.bfloat16, compute_capability=(9, 0), sm_count=132, kernel=tiled)
    if HAS_WGMMA:  # 32 tiles of 128x128 for 132 persistent blocks: 4 slices of 16 k-tiles of 64
        assert (p["kernel"], p["split_k"]) == ("wgmma", 4) and "4 slices of 1024 along K" in p["reason"]
    else:  # mma: 32 tiles of 128x128 for 132 SMs x 2 blocks: 8 slices of 16 k-tiles of 32
        assert (p["kernel"], p["split_k"]) == ("mma", 8) and "8 slices of 512 along K" in p["reason"]
    # simt on Ampere, 16 x 4096 fp32: 64 tiles of 64x64 on 108 SMs. The time model takes 10
    # slices of 26 k-tiles of 16 (416; the last one shorter): 640 blocks, 6 rounds per SM, 2496 k
    # in all on the busiest SM (13 slices of 320: 8 rounds, 2560 k).
    p = tiledmm.plan(16, 4096, 4096, torch.float32, compute_capability=(8, 0), sm_count=108,
                     allow_tf32=False)
    assert (p["kernel"], p["split_k"]) == ("simt", 10) and "10 slices of 416 along K" in p["reason"]
    # mma, bf16 16 x 11008: 86 tiles of 128x128 for 132 SMs x 2 blocks. The waves rule takes 3
    # slices (258 blocks in one wave) over one wave of whole tiles.
    p = tiledmm.plan(16, 11008, 4096, torch.bfloat16, compute_capability=(8, 0), sm_count=132, kernel="mma")
    assert (p["kernel"], p["split_k"]) == ("mma", 3), p
    # wgmma's time model (K 8 KB deep) counts the partial sums' round trip and keeps its 172
    # tiles of 64x64 whole (M = 64 against 11008 x 4096: 35.4 us whole, 42.8 in 3 slices).
    if HAS_WGMMA:
        p = tiledmm.plan(16, 11008, 4096, torch.bfloat16, compute_capability=(9, 0), sm_count=132, kernel="wgmma")
        assert p["split_k"] == 1, p
    # Enough tiles for every slot: no split even when K is deep.
    assert tiledmm.plan(2048, 2048, 8192, torch.bfloat16, compute_capability=(9, 0))["split_k"] == 1


def split_cases(dtype):
    """(kernel, shape) pairs for which the planner splits K on this GPU."""
    cc = torch.cuda.get_device_capability()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    cases = []
    for kernel in kernel_names("cuda", dtype):
        for m, n, k in SPLIT_SHAPES:
            p = tiledmm.plan(m, n, k, dtype, compute_capability=cc, sm_count=sms, kernel=kernel)
            if p["split_k"] > 1:
                cases.append((kernel, (m, n, k), p["split_k"]))
    return cases


@requires_cuda
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16, torch.bfloat16], ids=str)
@pytest.mark.parametrize("layouts", [("row", "row"), ("row", "col"), ("col", "row"), ("offset", "padded")],
                         ids=lambda l: "-".join(l))
def test_split_k_results(dtype, layouts):
    cases = split_cases(dtype)
    # classic16 never splits; the planner's choice and every other family must reach it.
    splitting = {kernel for kernel in kernel_names("cuda", dtype) if kernel != "classic16"}
    assert {kernel for kernel, _, _ in cases} == splitting
    for kernel, (m, n, k), splits in cases:
        gen = torch.Generator(device="cuda").manual_seed(m + 7 * n + 13 * k)
        a = make_operand(m, k, dtype, "cuda", layouts[0], gen)
        b = make_operand(k, n, dtype, "cuda", layouts[1], gen)
        # Poisoned blocks for both the output and the partial planes (rows N wide, or
        # padded to 16 bytes for simt and mma): an output or partial element no block
        # writes stays NaN.
        accumulator = torch.float64 if dtype == torch.float64 else torch.float32
        padded_n = -(-n // (16 // accumulator.itemsize)) * (16 // accumulator.itemsize)
        nan = float("nan")
        poison = [torch.full((m, n), nan, dtype=dtype, device="cuda"),
                  torch.full((splits, m, n), nan, dtype=accumulator, device="cuda"),
                  torch.full((splits, m, padded_n), nan, dtype=accumulator, device="cuda")]
        del poison  # freed together: the cached blocks the calls below get hold NaN
        out = tiledmm.gemm(a, b, kernel=kernel)
        assert_matches_reference(out, a, b, tf32=computes_in_tf32(kernel, dtype))
        # Deterministic: the planes are summed in a fixed order, no atomics.
        for _ in range(3):
            assert torch.equal(tiledmm.gemm(a, b, kernel=kernel), out), (kernel, m, n, k)


@requires_cuda
@pytest.mark.parametrize("activation", ["none", "relu", "gelu", "silu"])
def test_split_k_applies_bias_and_activation_once(activation):
    # The epilogue runs in the reduction, after the planes are summed.
    dtype = torch.bfloat16
    x = torch.randn(16, 3000, device="cuda", dtype=dtype)
    w = torch.randn(2050, 3000, device="cuda", dtype=dtype) / 50
    bias = torch.randn(2050, device="cuda", dtype=dtype)
    cc = torch.cuda.get_device_capability()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    kernel = "mma"  # a tiled family; the planner would take the skinny one here
    assert tiledmm.plan(16, 2050, 3000, dtype, b_col_major=True, compute_capability=cc,
                        sm_count=sms, kernel=kernel)["split_k"] > 1
    out = tiledmm.linear(x, w, bias, activation=activation, kernel=kernel)
    z = x.double() @ w.double().t() + bias.double()
    ref = {"none": z, "relu": torch.relu(z), "gelu": torch.nn.functional.gelu(z),
           "silu": torch.nn.functional.silu(z)}[activation]
    torch.testing.assert_close(out.double(), ref, rtol=2e-2, atol=2e-2)


@requires_cuda
def test_split_k_nan_and_inf_propagate():
    a = torch.randn(8, 4096, device="cuda")
    b = torch.randn(4096, 1024, device="cuda")
    a[3, 100] = float("nan")
    a[5, 4000] = float("inf")  # lands in the last K slice
    out = tiledmm.gemm(a, b)
    expected = a @ b
    assert torch.equal(torch.isnan(out), torch.isnan(expected))
    assert torch.equal(torch.isinf(out), torch.isinf(expected))


@requires_cuda
@needs_cuda_build
@pytest.mark.parametrize("shape", [(100, 1023, 2000), (300, 2050, 1500), (64, 258, 4000), (33, 4093, 3000)],
                         ids=lambda s: "x".join(map(str, s)))
def test_simt_split_k_into_rows_of_c_off_16_byte_boundaries(shape, monkeypatch):
    # N not a multiple of 4: the planes' rows are padded to 16 bytes (pitch 1024, 2052, 260,
    # 4096), C's are not, so the reduction reads whole vectors and writes C's rows element by
    # element, a thread's vector ending mid-row or at the row's last element.
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)
    m, n, k = shape
    p = simt_device_plan(m, n, k)
    assert p["kernel"] == "simt" and p["split_k"] > 1, p
    gen = torch.Generator(device="cuda").manual_seed(m + n + k)
    a = torch.randn(m, k, device="cuda", generator=gen)
    b = torch.randn(k, n, device="cuda", generator=gen)
    assert_poisoned_gemm_matches_and_repeats(a, b, m * n)  # C lands in a NaN block
    # Bias and activation in those stores: the linear layer's epilogue.
    bias = torch.randn(n, device="cuda", generator=gen)
    y = tiledmm.linear(a, b.t(), bias, activation="gelu")
    ref = torch.nn.functional.gelu(a.double() @ b.double() + bias.double())
    torch.testing.assert_close(y.double(), ref, rtol=1e-4, atol=1e-4)
