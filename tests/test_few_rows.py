"""C's last few rows beside simt's tiles (csrc/cuda/row_tail.h, kernels/few_rows.cu): C's
whole tile rows in one launch of one round, its last 1-8 rows as dot products over B on
the SMs that round leaves idle, at the same time. The planner's choice (no GPU needed),
then results against float64 in the layouts that take it, with ragged edges, the split-K
reduction behind both launches, the linear epilogue, bitwise repeats and graph replay."""
import pytest
import torch

import tiledmm
from conftest import (FEW_ROWS_SHAPES, assert_graph_replays_gemm, assert_matches_reference,
                      assert_poisoned_gemm_matches_and_repeats, make_operand, needs_cuda_build, poison_cached_block,
                      requires_cuda, simt_device_plan)

WIDE = "f32_128x256x16_w64x64_t8x16_s4"


def plan_on(m, n, k, cc=(9, 0), sms=132, b_col=False, a_col=False, dtype=torch.float32):
    return tiledmm.plan(m, n, k, dtype, a_col_major=a_col, b_col_major=b_col, compute_capability=cc,
                        sm_count=sms, allow_tf32=False)


@needs_cuda_build
def test_planner_runs_the_last_row_beside_the_tiles():
    # 1025 x 1023 x 1021: 1024 rows as 32 wide tiles in 4 K slices (128 blocks, as 1024^3),
    # the last row on the other 4 SMs; in one launch it took 36 tiles in 3 slices.
    p = plan_on(1025, 1023, 1021)
    assert (p["kernel"], p["config"], p["split_k"]) == ("simt", WIDE, 4), p
    assert p["row_tail"] == {"rows": 1, "config": "few_rows", "split_k": 1, "beside_blocks": 4}, p
    assert "instead C's last 1 row(s) beside the tiles" in p["reason"], p
    # Either layout of A; 8 rows past whole tile rows at most.
    assert plan_on(1025, 1023, 1021, a_col=True)["row_tail"]["beside_blocks"] == 4
    assert plan_on(2056, 2047, 300)["row_tail"] == {"rows": 8, "config": "few_rows", "split_k": 1,
                                                     "beside_blocks": 4}


@needs_cuda_build
def test_planner_keeps_the_rows_in_the_tiles_where_they_cannot_run_beside():
    def beside(p):
        return p["row_tail"] is not None and p["row_tail"]["beside_blocks"] > 0

    # A column-major B (nn.Linear's weight), 9 rows past whole tile rows, a GPU without
    # programmatic launches (sm_80), float64, TF32, a named tile: in the tiles.
    assert not beside(plan_on(1025, 1023, 1021, b_col=True))
    p = plan_on(1025, 1023, 1021, b_col=True)
    assert (p["config"], p["split_k"], p["row_tail"]) == (WIDE, 3, None), p
    assert not beside(plan_on(1033, 1023, 1021))
    assert not beside(plan_on(1025, 1023, 1021, cc=(8, 0)))
    assert not beside(plan_on(1025, 1023, 1021, dtype=torch.float64))
    assert not beside(tiledmm.plan(1025, 1023, 1021, torch.float32, sm_count=132, allow_tf32=True))
    assert not beside(tiledmm.plan(1025, 1023, 1021, torch.float32, sm_count=132, allow_tf32=False,
                                   kernel=f"simt:{WIDE}"))
    # The first launch must leave SMs idle: 1024 rows in 128 blocks fill a GPU of 128 SMs.
    assert not beside(plan_on(1025, 1023, 1021, sms=128))
    # Rows whose stream over B would take more than half the tiles' time stay in them: 256
    # rows run as 8 wide tiles in 16 slices of 64 k (128 blocks), shorter than one row's 4 MB
    # of B on 4 SMs; 512 rows in 8 slices of 128 k, modeled 0.89 of the stream (measured 7%
    # slower beside, bench/NOTES.md session 42); 1024 rows' 4 slices of 256 k take the row beside.
    assert not beside(plan_on(257, 1000, 1021))
    assert not beside(plan_on(513, 1000, 1021))
    assert beside(plan_on(1025, 1000, 1021))


def assert_runs_beside(m, n, k, a_col=False):
    p = simt_device_plan(m, n, k, a_col=a_col)
    assert p["kernel"] == "simt" and p["row_tail"] is not None and p["row_tail"]["beside_blocks"] > 0, p
    return p


@requires_cuda
@needs_cuda_build
@pytest.mark.parametrize("layouts", [("row", "row"), ("col", "row"), ("offset", "padded"), ("padded", "offset"),
                                     ("padded_t", "sliced")], ids=lambda l: "-".join(l))
def test_rows_beside_match_float64(layouts, monkeypatch):
    # B along N in place (aligned rows: vector loads) or simt's padded copy of it.
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)
    for m, n, k in FEW_ROWS_SHAPES:
        p = assert_runs_beside(m, n, k, a_col=layouts[0] in ("col", "padded_t"))
        gen = torch.Generator(device="cuda").manual_seed(m + n + k)
        a = make_operand(m, k, torch.float32, "cuda", layouts[0], gen)
        b = make_operand(k, n, torch.float32, "cuda", layouts[1], gen)
        # C, and the first launch's planes (rows padded to 16 bytes); both kernels and the
        # reduction in a fixed order: bitwise reproducible.
        planes = p["split_k"] * (m - p["row_tail"]["rows"]) * ((n + 3) // 4 * 4) if p["split_k"] > 1 else 0
        assert_poisoned_gemm_matches_and_repeats(a, b, m * n, planes)


@requires_cuda
@needs_cuda_build
def test_rows_beside_read_unaligned_b_in_place(monkeypatch):
    # Few rows of reuse: simt stages B's unaligned rows element by element instead of
    # copying them, and the dot products read them so too (4-byte loads).
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)
    m, n, k = 385, 2501, 1501
    assert_runs_beside(m, n, k)
    a = make_operand(m, k, torch.float32, "cuda", "row")
    b = make_operand(k, n, torch.float32, "cuda", "offset")
    poison_cached_block(m, n, torch.float32, "cuda")
    assert_matches_reference(tiledmm.gemm(a, b), a, b)


@requires_cuda
@needs_cuda_build
@pytest.mark.parametrize("activation", ["none", "relu", "gelu", "gelu_tanh", "silu"])
def test_rows_beside_apply_bias_and_activation_once(activation, monkeypatch):
    # linear with the weight given as the [in, out] matrix's transpose: B row-major.
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)
    m, n, k = FEW_ROWS_SHAPES[0]
    assert_runs_beside(m, n, k)
    x = torch.randn(m, k, device="cuda")
    w = (torch.randn(k, n, device="cuda") / 30).t()
    bias = torch.randn(n, device="cuda")
    out = tiledmm.linear(x.view(1, m, k), w, bias, activation=activation)[0]
    z = x.double() @ w.double().t() + bias.double()
    ref = {"none": z, "relu": torch.relu(z), "gelu": torch.nn.functional.gelu(z),
           "gelu_tanh": torch.nn.functional.gelu(z, approximate="tanh"), "silu": torch.nn.functional.silu(z)}[activation]
    torch.testing.assert_close(out.double(), ref, rtol=1e-4, atol=1e-4)


@requires_cuda
@needs_cuda_build
@pytest.mark.parametrize("shape", FEW_ROWS_SHAPES[:2], ids=lambda s: "x".join(map(str, s)))
def test_rows_beside_under_graph_replay(shape, monkeypatch):
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)
    m, n, k = shape
    assert_runs_beside(m, n, k)
    assert_graph_replays_gemm(torch.randn(m, k, device="cuda"), torch.randn(k, n, device="cuda"))
