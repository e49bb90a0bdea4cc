"""wgmma reading a row-major A whose rows do not all start on 32-byte boundaries, by row classes.

Rows r and r + C of such an A (C = 16 for an odd leading dimension in bf16, 8, 4 or 2 for
others, 1 for 32-byte rows with a storage offset) are a TMA-legal matrix whose rows all
start the same number of elements past a 32-byte boundary; each tile is one class, loaded
from that boundary with B's k-rows shifted to match (csrc/cuda/row_classes.h). The launcher
reads A so where it pays: an A that TMA cannot read (else copied) with 128x256 tiles, an A
whose rows TMA reads 16 bytes off their sectors (else read so, slowly) with narrower ones.
These tests check the results against float64 and, through the profiler, which path ran.
"""
import math

import pytest
import torch

import tiledmm
from conftest import (WGMMA, assert_matches_reference, kernel_specs, kernels_of, poison_cached_block, runs_wgmma,
                      sixteen_bit_only)

DTYPES_16 = [torch.bfloat16, torch.float16]
WIDE = "wgmma:128x256_k128B_2wg_s4"


def read_by_row_classes(kernels):
    """Whether the wgmma kernel that ran reads A by row classes: its last template argument."""
    names = [name for name in kernels if "wgmma_gemm_kernel<" in name]
    assert len(names) == 1, kernels
    arguments = names[0].split("wgmma_gemm_kernel<", 1)[1].split(">(", 1)[0]
    return arguments.rsplit(",", 1)[1].strip() == "true"


def unsplit(m, n, k, dtype, spec):
    """The plan on this GPU runs wgmma without split-K (whose partial sums have no row-class
    kernel)."""
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    chosen = tiledmm.plan(m, n, k, dtype, kernel=spec, sm_count=sms)
    return chosen["kernel"] == "wgmma" and chosen["split_k"] == 1


def row_alignment(a):
    return math.gcd(a.data_ptr(), a.stride(0) * a.element_size())


def rows_with_offset(m, k, ld, offset, dtype, gen):
    """A [m, k] view with leading dimension ld that starts `offset` elements into its storage."""
    flat = torch.randn(offset + (m - 1) * ld + k, device="cuda", dtype=torch.float64, generator=gen).to(dtype)
    return flat.as_strided((m, k), (ld, 1), offset)


# (m, n, k, ld, offset). TMA cannot read: classes of 16 (odd ld: shifts 0-15, so K + 15 =
# 268 needs a 5th k-tile), of 8 and 4, of 1 (32-byte rows, base 2 bytes off). TMA reads off
# sectors: classes of 2 (400-byte rows), of 1 (base 16 bytes off). m = 2040 = 16 x 127.5:
# the classes make as many tile rows (of 64 or 128) as a copy would. An odd n gives C rows
# of 2-byte alignment, written by the warpgroups' own stores, every C-th row.
CASES = [
    (2040, 521, 253, 253, 0),   # C = 16
    (2040, 264, 301, 301, 3),   # C = 16, base 6 bytes off
    (2040, 137, 250, 250, 0),   # C = 8 (500-byte rows)
    (2040, 201, 260, 260, 0),   # C = 4 (520-byte rows)
    (2040, 128, 200, 208, 1),   # C = 1: 416-byte rows, base 2 bytes off
    (2040, 129, 200, 200, 0),   # C = 2: 400-byte rows, 16 bytes off every other sector
    (2040, 128, 200, 208, 8),   # C = 1: base 16 bytes off
]


@runs_wgmma
@pytest.mark.parametrize("dtype", DTYPES_16, ids=str)
@pytest.mark.parametrize("case", CASES, ids=lambda c: "x".join(map(str, c)))
def test_a_off_sectors(dtype, case):
    m, n, k, ld, offset = case
    gen = torch.Generator(device="cuda").manual_seed(m + n + k + ld + offset)
    a = rows_with_offset(m, k, ld, offset, dtype, gen)
    b = torch.randn(k, 544, device="cuda", dtype=torch.float64, generator=gen).to(dtype)[:, :n]  # whole sectors
    tma_reads_a = row_alignment(a) % 16 == 0
    assert row_alignment(a) % 32 != 0
    by_classes = 0
    for spec in kernel_specs(WGMMA, dtype):
        poison_cached_block(m, n, dtype, "cuda")
        out, kernels = kernels_of(lambda: tiledmm.gemm(a, b, kernel=spec))
        assert_matches_reference(out, a, b)
        if not unsplit(m, n, k, dtype, spec):
            continue  # split-K: A copied or read as it lies
        wide = spec == WIDE
        # (ping-pong and C^T tiles never read A by row classes: copied, or read in place)
        expected = (wide if not tma_reads_a else not wide) and not sixteen_bit_only(spec)
        assert read_by_row_classes(kernels) == expected, (spec, kernels)
        copied = any("repack_lines" in name for name in kernels)
        assert copied == (not tma_reads_a and not expected), (spec, kernels)
        by_classes += expected
    assert by_classes > 0


@runs_wgmma
@pytest.mark.parametrize("dtype", DTYPES_16, ids=str)
def test_many_tiles_per_class(dtype):
    # 4095 = 16 x 255 + 15 rows: 2 tile rows of 128 per class, several tiles per persistent
    # block, a ragged K whose classes shift by up to 15, and C's 2-byte rows (n odd) written
    # through the row-class mapping, with a ragged last box.
    m, n, k = 4095, 1999, 1021
    gen = torch.Generator(device="cuda").manual_seed(11)
    a = torch.randn(m, k, device="cuda", dtype=torch.float64, generator=gen).to(dtype)
    b = torch.randn(k, n + 1, device="cuda", dtype=torch.float64, generator=gen).to(dtype)[:, :n]
    poison_cached_block(m, n, dtype, "cuda")
    assert unsplit(m, n, k, dtype, WIDE)
    out, kernels = kernels_of(lambda: tiledmm.gemm(a, b, kernel=WIDE))
    assert read_by_row_classes(kernels) and not any("repack" in name for name in kernels), kernels
    assert_matches_reference(out, a, b)


@runs_wgmma
def test_leading_columns_are_zeroed():
    # A class's first k-tile starts at the end of the previous row: an Inf there must not
    # reach the next row's outputs (Inf x the zeros loaded for B's rows before 0 is NaN).
    # Shifts of up to 15 elements: the zeroed columns reach into the second 16-byte chunk.
    m, n, k = 2040, 64, 253
    gen = torch.Generator(device="cuda").manual_seed(3)
    a = torch.randn(m, k, device="cuda", dtype=torch.float64, generator=gen).to(torch.bfloat16)
    b = torch.randn(k, n, device="cuda", dtype=torch.float64, generator=gen).to(torch.bfloat16)
    poisoned = torch.arange(0, m - 1, 7, device="cuda")
    a[poisoned, k - 16:] = float("inf")
    assert unsplit(m, n, k, torch.bfloat16, WIDE)
    out, kernels = kernels_of(lambda: tiledmm.gemm(a, b, kernel=WIDE))
    assert read_by_row_classes(kernels), kernels
    clean = torch.ones(m, dtype=torch.bool, device="cuda")
    clean[poisoned] = False
    assert torch.isfinite(out[clean]).all()
    assert_matches_reference(out[clean], a[clean], b)
    # The poisoned rows themselves are Inf or NaN, as in torch.matmul.
    expected = torch.matmul(a, b)
    assert torch.equal(torch.isfinite(out[poisoned]), torch.isfinite(expected[poisoned]))


@runs_wgmma
def test_bias_through_row_classes():
    # linear with a weight stored [in, out] (B row-major) and in_features odd: the bias is
    # added in the epilogue of the row-class kernel.
    gen = torch.Generator(device="cuda").manual_seed(4)
    x = torch.randn(2040, 253, device="cuda", dtype=torch.float64, generator=gen).to(torch.bfloat16)
    w_in_out = torch.randn(253, 384, device="cuda", dtype=torch.float64, generator=gen).to(torch.bfloat16)
    bias = torch.randn(384, device="cuda", dtype=torch.float64, generator=gen).to(torch.bfloat16)
    assert unsplit(2040, 384, 253, torch.bfloat16, WIDE)
    out, kernels = kernels_of(lambda: tiledmm.linear(x, w_in_out.t(), bias, kernel=WIDE))
    assert read_by_row_classes(kernels), kernels
    ref = x.double() @ w_in_out.double() + bias.double()
    torch.testing.assert_close(out.double(), ref, rtol=1.6e-2, atol=0.1)
