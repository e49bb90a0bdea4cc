"""CUDA runtime behaviour: streams, graphs, multiple GPUs, huge grids."""
import pytest
import torch

import tiledmm
from conftest import (assert_matches_reference, computes_in_tf32, kernel_names,
                      poison_cached_block, requires_cuda, requires_two_gpus)

pytestmark = requires_cuda

DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_runs_on_the_current_stream(dtype):
    side = torch.cuda.Stream()
    for kernel in kernel_names("cuda", dtype):
        a = torch.randn(1024, 1024, device="cuda").to(dtype)
        b = torch.randn(1024, 1024, device="cuda").to(dtype)
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            # Long work queued just before on the same stream: only stream order makes
            # the gemm see the new values of `a`.
            new_a = torch.randn(1024, 1024, device="cuda").to(dtype)
            for _ in range(3):
                new_a = new_a * 1.0
            a.copy_(new_a)
            out = tiledmm.gemm(a, b, kernel=kernel)
        torch.cuda.current_stream().wait_stream(side)
        assert_matches_reference(out, a, b, tf32=computes_in_tf32(kernel, dtype))


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_cuda_graph_capture_and_replay(dtype):
    for kernel in kernel_names("cuda", dtype):
        a = torch.randn(300, 200, device="cuda").to(dtype)
        b = torch.randn(200, 100, device="cuda").to(dtype)
        tiledmm.gemm(a, b, kernel=kernel)  # warm up (one-time attribute setup) outside the graph
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            out = tiledmm.gemm(a, b, kernel=kernel)
        for _ in range(2):
            a.copy_(torch.randn_like(a))
            b.copy_(torch.randn_like(b))
            out.fill_(float("nan"))
            graph.replay()
            torch.cuda.synchronize()
            assert_matches_reference(out, a, b, tf32=computes_in_tf32(kernel, dtype))


@requires_two_gpus
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_second_gpu(dtype):
    with torch.cuda.device(0):
        for kernel in kernel_names("cuda", dtype):
            a = torch.randn(257, 129, device="cuda:1").to(dtype)
            b = torch.randn(129, 300, device="cuda:1").to(dtype)
            poison_cached_block(257, 300, dtype, "cuda")
            out = tiledmm.gemm(a, b, kernel=kernel)
            assert out.device == torch.device("cuda:1")
            assert_matches_reference(out, a, b, tf32=computes_in_tf32(kernel, dtype))


def test_no_host_synchronization():
    a = torch.randn(512, 512, device="cuda")
    tiledmm.gemm(a, a)
    torch.cuda.synchronize()
    torch.cuda.set_sync_debug_mode("error")
    try:
        for kernel in kernel_names("cuda", torch.float32):
            tiledmm.gemm(a, a, kernel=kernel)
    finally:
        torch.cuda.set_sync_debug_mode("default")


def test_output_taller_than_the_grid_limit():
    # classic16 puts tile rows on gridDim.y (at most 65535): 1.1M rows need the stride loop.
    m = 65535 * 16 + 4099
    for kernel in ["classic16", None]:
        a = torch.randn(m, 3, device="cuda")
        b = torch.randn(3, 2, device="cuda")
        poison_cached_block(m, 2, torch.float32, "cuda")
        out = tiledmm.gemm(a, b, kernel=kernel)
        torch.testing.assert_close(out, (a.double() @ b.double()).float(), rtol=1e-5, atol=1e-5)
