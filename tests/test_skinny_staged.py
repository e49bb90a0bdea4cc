"""skinny's staged config (`r32_w8_bulk`, sm_90a): W and X copied by TMA into a ring of
shared-memory stages, one block per SM over an even share of W's 8-row tiles, 32 rows a
pass. Checked: the planner's choice of it (no GPU needed); on an H100/H200 results
against float64 over several passes per block, ragged rows, fewer tiles than SMs, a K
shorter than one stage and a ragged K end, bias + activation and split-K; and that the
ring's depth (TILEDMM_SKINNY_STAGES) changes no bit of the result."""
import os
import subprocess
import sys

import pytest
import torch
import torch.nn.functional as F

import tiledmm
from conftest import assert_matches_reference, config_runs_here, make_operand, poison_cached_block, requires_cuda

STAGED = "r32_w8_bulk"
HAS_STAGED = any(k.name == "skinny" and STAGED in k.configs for k in tiledmm.kernels())
needs_staged_gpu = pytest.mark.skipif(not (torch.cuda.is_available() and HAS_STAGED and config_runs_here(STAGED)),
                                      reason="needs an sm_90 GPU and a build for sm_90a")


@pytest.mark.skipif(not HAS_STAGED, reason="CPU-only build")
def test_planner_takes_the_staged_config_for_many_small_rows_and_a_large_weight():
    def config(m, n, k, cc=(9, 0), b_col=True):
        p = tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=b_col, compute_capability=cc, sm_count=132)
        assert p["kernel"] == "skinny", p
        return p["config"]

    if any(k.name == "wgmma" for k in tiledmm.kernels()):  # built for sm_90a
        # 17-32 small rows from 240 KB of the K-major weight per SM (65536 x 256: 254 KB),
        # 9-16 from twice that; in either orientation. (17-32 rows from 768 bytes of K per row
        # take the 64x32 C^T tiles: test_skinny.py.)
        for m, n, k in ((32, 65536, 256), (17, 65536, 256), (16, 11008, 4096), (9, 4096, 11008)):
            assert config(m, n, k) == STAGED
        assert config(11008, 16, 4096, b_col=False) == STAGED  # N small, A row-major
        assert config(16, 4096, 4096) == "r32_w8_u2"
        assert config(32, 2048, 2048) != STAGED  # 63 KB per SM
        # An MN-major weight (x @ W) streams in place through registers.
        assert config(16, 11008, 4096, b_col=False) == "r32_w8_u1"
    assert config(8, 11008, 4096) == "r16_w8_u4"
    assert config(32, 11008, 4096, cc=(8, 0)) == "r32_w8_u2"
    # By name on sm_90 only.
    plan = dict(dtype=torch.bfloat16, b_col_major=True, kernel=f"skinny:{STAGED}", sm_count=132)
    if any(k.name == "wgmma" for k in tiledmm.kernels()):
        p = tiledmm.plan(16, 4096, 4096, compute_capability=(9, 0), **plan)
        assert (p["kernel"], p["config"]) == ("skinny", STAGED)
    with pytest.raises(RuntimeError, match=f"skinny config {STAGED} needs an sm_90 GPU"):
        tiledmm.plan(16, 4096, 4096, compute_capability=(8, 0), **plan)


@pytest.mark.skipif(not HAS_STAGED, reason="CPU-only build")
def test_planner_avoids_a_second_wave_of_16_row_blocks():
    # Past 8 small rows a 16-row block holds an SM alone (its registers): 3072 rows make 192
    # of them, a second wave of 60. The staged config shares the rows out evenly among the
    # SMs instead (sm_90a); without it, 96 blocks of 32 rows take one wave.
    def plan(m, n, k, cc=(9, 0), b_col=True):
        p = tiledmm.plan(m, n, k, torch.bfloat16, b_col_major=b_col, compute_capability=cc, sm_count=132)
        assert p["kernel"] == "skinny", p
        return p

    built_for_sm90a = any(info.name == "wgmma" for info in tiledmm.kernels())
    for m, n, k in ((9, 3072, 4096), (16, 3072, 8192), (32, 2560, 4032), (16, 2560, 8192), (16, 2200, 2048)):
        if built_for_sm90a:
            p = plan(m, n, k)
            assert p["config"] == STAGED and "second wave" in p["reason"], p
        p = plan(m, n, k, cc=(8, 0))
        assert p["config"] == "r32_w8_u2" and "second wave" in p["reason"], p
    # One wave of 16-row blocks (2048 rows: 128) keeps them, as do up to 8 small rows (two
    # blocks per SM), on any GPU.
    for m, n in ((16, 2048), (16, 2112), (8, 3072)):
        for cc in ((9, 0), (8, 0)):
            assert plan(m, n, 8192, cc=cc)["config"] == "r16_w8_u4", (m, n, cc)
    # On fewer SMs, fewer rows make two waves.
    p = tiledmm.plan(16, 2048, 8192, torch.bfloat16, b_col_major=True, compute_capability=(8, 0), sm_count=108)
    assert p["config"] == "r32_w8_u2", p


def staged_gemm(a, b):
    return tiledmm.gemm(a, b, kernel=f"skinny:{STAGED}")


@requires_cuda
@needs_staged_gpu
@pytest.mark.parametrize("small_is_m", [True, False], ids=["small-M", "small-N"])
def test_staged_results(small_is_m):
    gen = torch.Generator(device="cuda").manual_seed(58)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    # (large rows, K): several 32-row passes per block with a ragged K end; ragged rows (the
    # last tile part-filled) and a K under one stage; fewer 8-row tiles than SMs; one pass.
    shapes = [(11008, 4096 + 40), (4099, 257), (8 * sms - 24, 1000), (200, 2000), (4096, 100)]
    for small in (1, 7, 8, 9, 16, 17, 32):
        for large, k in shapes:
            m, n = (small, large) if small_is_m else (large, small)
            a = make_operand(m, k, torch.bfloat16, "cuda", "row", gen)
            b = make_operand(k, n, torch.bfloat16, "cuda", "col" if small_is_m else "row", gen)
            poison_cached_block(m, n, torch.bfloat16, "cuda")
            assert_matches_reference(staged_gemm(a, b), a, b)


@requires_cuda
@needs_staged_gpu
def test_staged_linear_and_split_k():
    gen = torch.Generator(device="cuda").manual_seed(59)
    x = torch.randn(5, 3000, device="cuda", generator=gen).half()
    w = torch.randn(4100, 3000, device="cuda", generator=gen).half()
    bias = torch.randn(4100, device="cuda", generator=gen).half()
    out = tiledmm.linear(x, w, bias, activation="gelu", kernel=f"skinny:{STAGED}")
    ref = F.gelu(F.linear(x.double(), w.double(), bias.double()))
    torch.testing.assert_close(out.double(), ref, atol=0.02 * ref.abs().max().item(), rtol=0.01)
    # Few rows and a deep K: the planner splits K (float32 planes, then the reduction).
    a = make_operand(16, 20000, torch.bfloat16, "cuda", "row", gen)
    b = make_operand(20000, 520, torch.bfloat16, "cuda", "col", gen)
    assert tiledmm.plan_for(a, b, kernel=f"skinny:{STAGED}")["split_k"] > 1
    assert_matches_reference(staged_gemm(a, b), a, b)


RING_SCRIPT = """
import sys, torch, tiledmm
gen = torch.Generator(device="cuda").manual_seed(60)
outs = []
for m, n, k in ((16, 11008, 4136), (1, 4099, 8200), (32, 520, 2049)):
    a = torch.randn(m, k, device="cuda", generator=gen).bfloat16()
    w = torch.randn(n, k, device="cuda", generator=gen).bfloat16()
    outs.append(tiledmm.gemm(a, w.t(), kernel="skinny:r32_w8_bulk").cpu())
torch.save(outs, sys.argv[1])
"""


@requires_cuda
@needs_staged_gpu
def test_ring_depth_changes_no_bit(tmp_path):
    # Each block adds its stages in the same order however deep the ring: every depth from
    # the shallowest up to what one block's shared memory holds gives the same bits.
    results = []
    for stages in ("2", "3", "5", "8"):
        path = tmp_path / f"stages{stages}.pt"
        env = dict(os.environ, TILEDMM_SKINNY_STAGES=stages)
        subprocess.run([sys.executable, "-c", RING_SCRIPT, str(path)], env=env, check=True)
        results.append(torch.load(path))
    for other in results[1:]:
        for first, out in zip(results[0], other):
            assert torch.equal(first, out)
    gen = torch.Generator(device="cuda").manual_seed(60)
    a = torch.randn(16, 4136, device="cuda", generator=gen).bfloat16()
    w = torch.randn(11008, 4136, device="cuda", generator=gen).bfloat16()
    assert_matches_reference(results[0][0].cuda(), a, w.t())
