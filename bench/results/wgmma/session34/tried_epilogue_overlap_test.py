"""The wgmma epilogue that issues the next tile's first k-tiles between its two halves
(wgmma_kernel.cuh, mma_half_k_tiles): blocks of several tiles, next tiles of fewer k-tiles
than the overlap, ragged K, every dtype and operand layout, the linear epilogue, and the
overlap's other depths (TILEDMM_WGMMA_OVERLAP, read once per process: run in subprocesses)."""
import os
import subprocess
import sys

import pytest
import torch

import tiledmm
from conftest import assert_matches_reference, make_operand, poison_cached_block, runs_wgmma
from test_linear import assert_close_to_reference

# The configs whose slabs split into two halves of whole boxes.
CONFIGS = ["wgmma:128x256_k128B_2wg_s4", "wgmma:128x128_k128B_2wg_s6"]
# More tiles than an H100/H200 has SMs in both configs, so blocks run two or three tiles each;
# K = 64 bf16 is one k-tile (the next tile has fewer k-tiles than the overlap), 130 three with a
# ragged last, 320 five.
SHAPES = [(4100, 2100, 64), (4100, 2100, 130), (2100, 4100, 320)]
LAYOUTS = [("row", "col"), ("row", "row"), ("col", "col"), ("col", "row")]


def check_products(dtypes=(torch.bfloat16, torch.float16, torch.float32)):
    for dtype in dtypes:
        # TF32 wgmma overlaps only where both operands are read from shared memory: A row-major.
        layouts = LAYOUTS if dtype != torch.float32 else [("row", "col")]
        for config in CONFIGS:
            for m, n, k in SHAPES:
                for layout_a, layout_b in layouts:
                    gen = torch.Generator(device="cuda").manual_seed(m + 3 * n + 7 * k)
                    a = make_operand(m, k, dtype, "cuda", layout_a, gen)
                    b = make_operand(k, n, dtype, "cuda", layout_b, gen)
                    poison_cached_block(m, n, dtype, "cuda")
                    out = tiledmm.gemm(a, b, kernel=config)
                    assert_matches_reference(out, a, b, tf32=dtype == torch.float32)


def check_linear():
    # Bias and activation cross the epilogue's halves (the next box's bias loads ahead).
    for config in CONFIGS:
        gen = torch.Generator(device="cuda").manual_seed(5)
        x = torch.randn(4100, 320, device="cuda", generator=gen).to(torch.bfloat16)
        w = torch.randn(2100, 320, device="cuda", generator=gen).to(torch.bfloat16)
        bias = torch.randn(2100, device="cuda", generator=gen).to(torch.bfloat16)
        poison_cached_block(4100, 2100, torch.bfloat16, "cuda")
        out = tiledmm.linear(x, w, bias, activation="gelu", kernel=config)
        assert_close_to_reference(out, x, w, bias, "gelu")


@runs_wgmma
def test_overlapped_epilogue_products():
    torch.backends.cuda.matmul.allow_tf32, before = True, torch.backends.cuda.matmul.allow_tf32
    try:
        check_products()
    finally:
        torch.backends.cuda.matmul.allow_tf32 = before


@runs_wgmma
def test_overlapped_epilogue_linear():
    check_linear()


@runs_wgmma
def test_overlapped_epilogue_is_reproducible():
    gen = torch.Generator(device="cuda").manual_seed(1)
    a = torch.randn(4100, 320, device="cuda", generator=gen).to(torch.bfloat16)
    b = torch.randn(320, 2100, device="cuda", generator=gen).to(torch.bfloat16)
    out = tiledmm.gemm(a, b, kernel=CONFIGS[0])
    for _ in range(3):
        assert torch.equal(tiledmm.gemm(a, b, kernel=CONFIGS[0]), out)


@runs_wgmma
@pytest.mark.parametrize("k_tiles", ["0", "1", "4", "9"])
def test_overlap_depths(k_tiles):
    # 0: off; 4: every stage of the 128x256 config; 9: past both configs' stages (clamped).
    env = dict(os.environ, TILEDMM_WGMMA_OVERLAP=k_tiles, PYTHONPATH=os.pathsep.join(sys.path))
    code = ("import torch, test_epilogue_overlap as t; torch.backends.cuda.matmul.allow_tf32 = True; "
            "t.check_products((torch.bfloat16, torch.float32)); t.check_linear()")
    run = subprocess.run([sys.executable, "-c", code], cwd=os.path.dirname(__file__), env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-4000:]
