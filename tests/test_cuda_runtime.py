"""CUDA runtime behaviour: streams, graphs, multiple GPUs, huge grids."""
import pytest
import torch

import tiledmm
from conftest import (assert_matches_reference, computes_in_tf32, kernel_names, make_operand,
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


def rows_match_reference(out, a, b, rows, tf32=False):
    """assert_matches_reference on a subset of the rows (rows of C are independent)."""
    rows = torch.as_tensor(rows, device=out.device)
    assert_matches_reference(out.index_select(0, rows).contiguous(), a.index_select(0, rows), b, tf32=tf32)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
def test_output_of_more_than_2_31_elements(dtype):
    # C has 65539 x 32771 > 2^31 elements: its last rows lie past every 32-bit offset.
    m, n, k = 65539, 32771, 40
    needed = m * n * dtype.itemsize * 2
    if torch.cuda.mem_get_info()[0] < needed:
        pytest.skip(f"needs {needed / 2**30:.0f} GiB of free GPU memory")
    gen = torch.Generator(device="cuda").manual_seed(11)
    a = torch.randn(m, k, device="cuda", generator=gen).to(dtype)
    b = torch.randn(k, n, device="cuda", generator=gen).to(dtype)
    for kernel in kernel_names("cuda", dtype):
        out = tiledmm.gemm(a, b, kernel=kernel)
        assert out.numel() > 2**31
        rows_match_reference(out, a, b, [0, 1, m // 2, m - 2, m - 1], tf32=computes_in_tf32(kernel, dtype))
        del out


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
def test_input_of_more_than_2_31_elements(dtype):
    # A has (2^21 + 5) x 1024 > 2^31 elements, in both layouts.
    m, n, k = 2**21 + 5, 72, 1024
    if torch.cuda.mem_get_info()[0] < 3 * m * k * dtype.itemsize:
        pytest.skip("not enough free GPU memory")
    gen = torch.Generator(device="cuda").manual_seed(12)
    a = torch.randn(m, k, device="cuda", generator=gen).to(dtype)
    b = torch.randn(k, n, device="cuda", generator=gen).to(dtype)
    for layout in ["row", "col"]:
        if layout == "col":
            a = a.t().contiguous().t()
        assert a.numel() > 2**31
        for kernel in kernel_names("cuda", dtype):
            out = tiledmm.gemm(a, b, kernel=kernel)
            rows_match_reference(out, a, b, [0, 3, m // 2, m - 1], tf32=computes_in_tf32(kernel, dtype))


def test_too_large_for_memory_raises_torch_out_of_memory():
    # A 2^20 x 2^20 output (2 TiB in bfloat16) and an operand broadcast to that size (the op
    # copies stride-0 operands): both fail with torch's error, and the op still works after.
    a = torch.randn(2**20, 1, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(1, 2**20, device="cuda", dtype=torch.bfloat16)
    with pytest.raises(torch.OutOfMemoryError):
        tiledmm.gemm(a, b)
    huge = torch.randn(1, 1, device="cuda").expand(2**20, 2**20)
    with pytest.raises(torch.OutOfMemoryError):
        tiledmm.gemm(huge, torch.randn(2**20, 8, device="cuda"))
    x = torch.randn(64, 48, device="cuda")
    y = torch.randn(48, 40, device="cuda")
    assert_matches_reference(tiledmm.gemm(x, y), x, y)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
def test_two_streams_at_once(dtype):
    # Interleaved launches on two streams, each with its own split-K workspaces and
    # repacked operands: every result must match its own inputs.
    streams = [torch.cuda.Stream(), torch.cuda.Stream()]
    shapes = [(16, 2050, 3000), (300, 257, 1031), (1000, 1000, 100), (8, 4096, 4096)]
    jobs = []
    for i, (m, n, k) in enumerate(shapes * 2):
        stream = streams[i % 2]
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream):
            a = make_operand(m, k, dtype, "cuda", ["row", "offset"][i % 2])
            b = make_operand(k, n, dtype, "cuda", ["col", "padded"][i // 2 % 2])
            jobs.append((a, b, tiledmm.gemm(a, b)))
    torch.cuda.synchronize()
    for a, b, out in jobs:
        assert_matches_reference(out, a, b)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
def test_two_threads_at_once(dtype):
    # Two host threads, each on its own stream, calling the op concurrently (the first
    # use of each kernel instance included: its one-time setup must be thread-safe).
    import threading
    errors, barrier = [], threading.Barrier(2)

    def work(seed):
        try:
            gen = torch.Generator(device="cuda").manual_seed(seed)
            with torch.cuda.stream(torch.cuda.Stream()):
                barrier.wait()
                for kernel in kernel_names("cuda", dtype):
                    for m, n, k in [(129, 257, 300), (16, 1000, 2000)]:
                        a = torch.randn(m, k, device="cuda", generator=gen).to(dtype)
                        b = torch.randn(k, n, device="cuda", generator=gen).to(dtype)
                        out = tiledmm.gemm(a, b, kernel=kernel)
                        torch.cuda.current_stream().synchronize()
                        # Against float64 only: the comparison with torch.matmul sets the
                        # process-wide TF32 flag for its own call, which the other thread's
                        # gemm (and every later test) would see.
                        assert_matches_reference(out, a, b, tf32=computes_in_tf32(kernel, dtype),
                                                 against_torch=False)
        except Exception as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
