"""simt's row tail (csrc/cuda/row_tail.h): C's first rows in whole rounds of the SMs, its
last rows as a second launch. The planner's choice (no GPU needed), then results against
float64 in every layout, with ragged edges, the linear epilogue, bitwise identical from run
to run and under CUDA-graph replay."""
import math
import os
import subprocess
import sys

import pytest
import torch

import tiledmm
from conftest import (assert_graph_replays_gemm, assert_poisoned_gemm_matches_and_repeats, make_operand,
                      needs_cuda_build, requires_cuda, row_tail_shapes, simt_device_plan)

WIDE = "f32_128x256x16_w64x64_t8x16_s4"


def assert_first_launch_fills_whole_rounds(p, m, n, sms):
    """The first launch holds the most tile rows whose tiles make whole rounds of one block
    per SM, and the tail the rest of C's rows."""
    block_m, block_n = (int(x) for x in p["config"].split("_")[1].split("x")[:2])  # f32_128x256x16_...
    tiles_n = math.ceil(n / block_n)
    first_rows = m - p["row_tail"]["rows"]
    assert first_rows > 0 and first_rows % block_m == 0, p
    whole_rounds = math.ceil(m / block_m) * tiles_n // sms
    assert first_rows // block_m == whole_rounds * sms // tiles_n, p


@needs_cuda_build
def test_planner_runs_the_last_rows_as_a_second_launch():
    # 3072^3: 288 wide tiles on 132 SMs, a third round of 24. Two rounds of wide tiles
    # (2816 rows), then the last 256 rows as 24 tiles in 5 slices of K.
    p = tiledmm.plan(3072, 3072, 3072, torch.float32, sm_count=132)
    assert (p["kernel"], p["config"], p["split_k"]) == ("simt", WIDE, 1), p
    assert p["row_tail"] == {"rows": 256, "config": WIDE, "split_k": 5, "beside_blocks": 0}, p
    assert "instead C's last 256 rows as a second launch" in p["reason"], p
    assert_first_launch_fills_whole_rounds(p, 3072, 3072, 132)
    # Ragged: 3073x3071x3069 keeps 2816 rows in the first launch; its 257 last rows (one of
    # them a tile row alone) go to smaller tiles. Every layout plans alike.
    for a_col in (False, True):
        for b_col in (False, True):
            p = tiledmm.plan(3073, 3071, 3069, torch.float32, a_col_major=a_col, b_col_major=b_col, sm_count=132)
            assert p["row_tail"] is not None and p["row_tail"]["rows"] == 257, p
            assert_first_launch_fills_whole_rounds(p, 3073, 3071, 132)


@needs_cuda_build
def test_planner_keeps_one_launch_where_a_tail_buys_nothing():
    # 4096^3: 512 wide tiles, 3.9 rounds: a first launch of 3 rounds would leave a tail of
    # 128 tiles, a round again.
    assert tiledmm.plan(4096, 4096, 4096, torch.float32, sm_count=132)["row_tail"] is None
    # One round or less (split-K covers those), and products whose wide tiles do not fill the SMs.
    for shape in [(2048, 2048, 2048), (1024, 1024, 1024), (1536, 1536, 1536), (16, 4096, 4096)]:
        assert tiledmm.plan(*shape, torch.float32, sm_count=132)["row_tail"] is None, shape
    # A tile named by the caller runs all of C; other dtypes and families have no tails.
    assert tiledmm.plan(3072, 3072, 3072, torch.float32, sm_count=132, kernel=f"simt:{WIDE}")["row_tail"] is None
    for dtype in (torch.float64, torch.bfloat16, torch.float16):
        assert tiledmm.plan(3072, 3072, 3072, dtype, sm_count=132)["row_tail"] is None, dtype
    assert tiledmm.plan(3072, 3072, 3072, torch.float32, sm_count=132, allow_tf32=True)["row_tail"] is None


@needs_cuda_build
@pytest.mark.parametrize("shape", ["3072, 3072, 3072", "1025, 1023, 1021"])
def test_switch_plans_one_launch(shape):
    # TILEDMM_ROW_TAIL=off (a measurement switch, read once per process): no tiled tail
    # (3072^3) and no rows beside the tiles (1025 x 1023 x 1021, test_few_rows.py).
    code = ("import torch, tiledmm; "
            f"print(tiledmm.plan({shape}, torch.float32, sm_count=132, allow_tf32=False)['row_tail'])")
    env = dict(os.environ, TILEDMM_ROW_TAIL="off")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "None", out.stdout + out.stderr


@requires_cuda
@needs_cuda_build
@pytest.mark.parametrize("layouts", [("row", "row"), ("row", "col"), ("col", "row"), ("col", "col"),
                                     ("padded", "padded")], ids=lambda l: "-".join(l))
def test_row_tail_matches_float64(layouts, monkeypatch):
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    for m, n, k in row_tail_shapes(sms):
        p = simt_device_plan(m, n, k, layouts[0] == "col", layouts[1] == "col")
        tail = p["row_tail"]
        assert p["kernel"] == "simt" and tail is not None and tail["split_k"] > 1, p  # tests what it says
        gen = torch.Generator(device="cuda").manual_seed(m + n + k)
        a = make_operand(m, k, torch.float32, "cuda", layouts[0], gen)
        b = make_operand(k, n, torch.float32, "cuda", layouts[1], gen)
        # C and the tail's planes (16-byte rows); both launches and the reduction in a fixed
        # order: bitwise reproducible.
        assert_poisoned_gemm_matches_and_repeats(a, b, m * n, tail["split_k"] * tail["rows"] * ((n + 3) // 4 * 4))


@requires_cuda
@needs_cuda_build
@pytest.mark.parametrize("activation", ["none", "gelu"])
def test_row_tail_applies_bias_and_activation_once(activation, monkeypatch):
    # linear: the first launch's epilogue, and the tail's reduction, each add the bias once.
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    m, n, k = row_tail_shapes(sms)[1]
    assert simt_device_plan(m, n, k, b_col=True)["row_tail"] is not None
    x = torch.randn(m, k, device="cuda")
    w = torch.randn(n, k, device="cuda") / 30
    bias = torch.randn(n, device="cuda")
    out = tiledmm.linear(x.view(1, m, k), w, bias, activation=activation)[0]
    z = x.double() @ w.double().t() + bias.double()
    ref = torch.nn.functional.gelu(z) if activation == "gelu" else z
    torch.testing.assert_close(out.double(), ref, rtol=1e-4, atol=1e-4)


@requires_cuda
@needs_cuda_build
def test_row_tail_under_graph_replay(monkeypatch):
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    m, n, k = row_tail_shapes(sms)[0]
    assert simt_device_plan(m, n, k)["row_tail"] is not None
    a = torch.randn(m, k, device="cuda")
    b = torch.randn(k, n, device="cuda")
    assert_graph_replays_gemm(a, b)
