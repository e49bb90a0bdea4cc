"""tiledmm.explain: runs without a GPU for a named GPU model; fields agree with the planner."""
import math
import subprocess
import sys

import pytest
import torch

import tiledmm
from conftest import PING_PONG, needs_cuda_build, needs_sm90a_build
from tiledmm.explain import GPUS, explain


@needs_cuda_build
@pytest.mark.parametrize("gpu", sorted(GPUS))
@pytest.mark.parametrize("shape,dtype,layout", [((4096, 4096, 4096), "fp32", "nn"),
                                                ((4097, 4095, 4093), "bf16", "nt"),
                                                ((300, 200, 100), "fp64", "tt"),
                                                ((1000, 1000, 1000), "fp32", "tn"),
                                                ((1024, 1024, 8192), "bf16", "nn"),  # wgmma: halves
                                                ((8192, 8192, 1024), "bf16", "nt")])  # wgmma: ping-pong
def test_fields_agree_with_the_planner(gpu, shape, dtype, layout):
    m, n, k = shape
    e = explain(m, n, k, dtype, layout, gpu=gpu)
    model = GPUS[gpu]
    plan = tiledmm.plan(m, n, k, e.dtype, a_col_major=layout[0] == "t", b_col_major=layout[1] == "t",
                        compute_capability=model.compute_capability, sm_count=model.sm_count)
    assert (e.kernel, e.config, e.reason) == (plan["kernel"], plan["config"], plan["reason"])
    bm, bn, _ = e.block_tile
    tail_blocks = plan["last_wave_split"][0] * plan["split_tails"]  # each tail adds a block
    assert e.grid == math.ceil(m / bm) * math.ceil(n / bn) * plan["split_k"] + tail_blocks
    assert e.waves == pytest.approx(e.grid / (e.tiles_per_block * e.blocks_per_sm * model.sm_count))
    # Every thread holds its thread tile of outputs; wgmma's producer warpgroup holds none, and
    # a ping-pong block's two consumers hold a tile each.
    assert e.tiles_per_block == (2 if PING_PONG in e.config else 1)
    output_threads = (e.threads_per_block - (128 if e.kernel == "wgmma" else 0)) // e.tiles_per_block
    assert e.thread_tile[0] * e.thread_tile[1] * output_threads == bm * bn
    if e.warp_tile:
        lanes = 128 if e.kernel == "wgmma" else 32  # a warpgroup or a warp per warp tile
        assert (bm // e.warp_tile[0]) * (bn // e.warp_tile[1]) * lanes == output_threads
    size = {"fp32": 4, "fp64": 8, "bf16": 2}[dtype]
    partials = 2 * max(size, 4) * plan["split_k"] * m * n if plan["split_k"] > 1 else 0  # written + read
    partials += 2 * 4 * tail_blocks * bm * bn  # the tails' float32 sums, handed over
    assert e.bytes_moved == size * (m * k * math.ceil(n / bn) + k * n * math.ceil(m / bm) + m * n) + partials
    assert e.arithmetic_intensity == pytest.approx(2 * m * n * k / e.bytes_moved)
    peak = (model.tensor_tflops if e.kernel in ("mma", "wgmma") else model.peak_tflops)[e.dtype]
    assert e.bound_tflops <= peak + 1e-9
    assert e.bound_ms == pytest.approx(e.flops / (e.bound_tflops * 1e12) * 1e3)
    assert e.registers is None  # a named model: no compiled-kernel query


@needs_sm90a_build
def test_tf32_with_row_major_b_tiles_c_transposed():
    # The kernel computes C^T: its 128x256 tile covers 256 rows and 128 columns of C.
    previous = torch.backends.cuda.matmul.allow_tf32
    try:
        torch.backends.cuda.matmul.allow_tf32 = True
        e = explain(1100, 3000, 4096, "fp32", "nn", gpu="H100")
    finally:
        torch.backends.cuda.matmul.allow_tf32 = previous
    assert e.kernel == "wgmma" and "C^T" in e.reason
    assert e.block_tile[:2] == (256, 128) and e.grid == 120


@needs_sm90a_build
def test_c_transposed_tiles_cut_along_k_count_their_tails():
    # 32 tiles of 32 C rows x 64 columns, each in 2 parts along K: 32 more blocks, whose
    # float32 sums (32 x 64 each) are written once and read once.
    e = explain(32, 2048, 8192, "bf16", "nn", gpu="H100")
    assert e.config == "64x32_ct_k256B_1wg_s8" and e.block_tile[:2] == (32, 64), e
    assert (e.grid, e.tail_blocks) == (64, 32)
    operands_and_c = 2 * (32 * 8192 * 32 + 8192 * 2048 + 32 * 2048)
    assert e.bytes_moved == operands_and_c + 2 * 4 * 32 * 32 * 64


@needs_cuda_build
def test_simt_tile_table_matches_the_hierarchy():
    e = explain(4096, 4096, 4096, "fp32", gpu="H100")
    assert e.block_tile == (128, 256, 16) and e.warp_tile == (64, 64) and e.thread_tile == (8, 16)
    assert e.stages == 4 and e.smem_bytes == 4 * 16 * (132 + 260) * 4
    assert e.limited_by == "compute"


@needs_cuda_build
def test_cli_without_gpu():
    out = subprocess.run([sys.executable, "-m", "tiledmm.explain", "2048", "2048", "2048", "--gpu", "A100"],
                         capture_output=True, text=True, check=True).stdout
    for field in ("kernel", "why", "block tile", "warp tile", "thread tile", "grid", "waves",
                  "resources", "traffic", "intensity", "roofline"):
        assert field in out


def test_unknown_gpu_model():
    with pytest.raises(ValueError, match="unknown GPU model"):
        explain(8, 8, 8, gpu="Z80")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
def test_run_on_this_gpu():
    e = explain(1024, 1024, 1024, "fp32", run=True)
    assert e.registers is not None and e.registers > 0
    assert e.measured_ms > 0 and e.measured_ms >= e.bound_ms * 0.5
