"""The optional autotuner: its cache file (checked without a GPU) and its choices."""
import os
import warnings

import pytest
import torch

import tiledmm
from conftest import assert_matches_reference, requires_cuda

HEADER = "# tiledmm autotune cache v1\n"
KEY = "NVIDIA H200|sm90x132|bfloat16|nn|m2^12|n2^12|k2^12|tf32=0"


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def test_missing_cache_file_is_empty(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert tiledmm.autotune_cache_entries(str(tmp_path / "none.txt")) == {}


def test_valid_entries_are_read(tmp_path):
    path = tmp_path / "cache.txt"
    write(path, HEADER + f"{KEY}\tcpu_blocked\n\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert tiledmm.autotune_cache_entries(str(path)) == {KEY: "cpu_blocked"}


def test_corrupt_file_is_ignored_with_a_warning(tmp_path):
    path = tmp_path / "cache.txt"
    with open(path, "wb") as f:
        f.write(b"\x00\xff garbage\n" + KEY.encode() + b"\tcpu_blocked\n")
    with pytest.warns(UserWarning, match="does not start with"):
        assert tiledmm.autotune_cache_entries(str(path)) == {}


def test_stale_and_malformed_lines_are_ignored_with_a_warning(tmp_path):
    path = tmp_path / "cache.txt"
    write(path, HEADER + f"{KEY}\tfast_kernel:v9\n" + "no tab on this line\n" + f"{KEY}x\tcpu_blocked\n"
          + f"{KEY}y\tcpu_blocked:no_such_config\n")
    with pytest.warns(UserWarning) as record:
        entries = tiledmm.autotune_cache_entries(str(path))
    assert entries == {KEY + "x": "cpu_blocked"}
    messages = " ".join(str(w.message) for w in record)
    assert "'fast_kernel:v9' is not in this build" in messages
    assert "not '<key>\\t<kernel>'" in messages
    assert "'cpu_blocked:no_such_config' is not in this build" in messages


def test_set_autotune_returns_the_previous_setting():
    previous = tiledmm.set_autotune(True)
    try:
        assert tiledmm.set_autotune(False) is True
        assert tiledmm.set_autotune(False) is False
    finally:
        tiledmm.set_autotune(previous)


@pytest.fixture
def autotuning(tmp_path, monkeypatch):
    path = tmp_path / "tiledmm" / "autotune.txt"
    monkeypatch.setenv("TILEDMM_AUTOTUNE_CACHE", str(path))
    previous = tiledmm.set_autotune(True)
    yield path
    tiledmm.set_autotune(previous)


@requires_cuda
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
def test_autotuned_gemm_is_correct_and_remembered(autotuning, dtype):
    a = torch.randn(300, 700, device="cuda", dtype=dtype)
    b = torch.randn(700, 500, device="cuda", dtype=dtype)
    out = tiledmm.gemm(a, b)
    assert_matches_reference(out, a, b)
    entries = tiledmm.autotune_cache_entries(str(autotuning))
    assert len(entries) == 1
    (key, spec), = entries.items()
    assert f"|{str(dtype)[6:]}|nn|m2^9|n2^9|k2^10|" in key
    assert spec.split(":")[0] in {k.name for k in tiledmm.kernels() if k.device == "cuda"}
    # Another problem of the same bucket reuses the entry; another layout adds one.
    mtime = os.stat(autotuning).st_mtime_ns
    assert_matches_reference(tiledmm.gemm(a[:290], b), a[:290], b)
    assert os.stat(autotuning).st_mtime_ns == mtime
    bt = b.t().contiguous().t()
    assert_matches_reference(tiledmm.gemm(a, bt), a, bt)
    assert len(tiledmm.autotune_cache_entries(str(autotuning))) == 2


@requires_cuda
def test_autotune_rewrites_a_corrupt_cache(autotuning, capfd):
    os.makedirs(autotuning.parent, exist_ok=True)
    write(autotuning, "not a cache\n")
    a = torch.randn(64, 96, device="cuda")
    b = torch.randn(96, 80, device="cuda")
    out = tiledmm.gemm(a, b)
    assert "does not start with" in capfd.readouterr().err  # a TORCH_WARN in the log
    assert_matches_reference(out, a, b)
    with open(autotuning) as f:
        assert f.readline() == HEADER
    assert len(tiledmm.autotune_cache_entries(str(autotuning))) == 1


@requires_cuda
def test_autotune_keeps_float32_ieee_unless_tf32_is_allowed(autotuning, monkeypatch):
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)
    a = torch.randn(512, 512, device="cuda")
    tiledmm.gemm(a, a)
    (spec,) = tiledmm.autotune_cache_entries(str(autotuning)).values()
    assert not spec.startswith(("wgmma", "mma"))  # TF32 tensor cores would change the numerics


@requires_cuda
def test_graph_capture_with_autotune_on(autotuning):
    a = torch.randn(200, 300, device="cuda")
    b = torch.randn(300, 100, device="cuda")
    tiledmm.gemm(a, b)  # warm-up outside the graph (tunes this bucket)
    c = torch.randn(200, 300, device="cuda")
    d = torch.randn(300, 1100, device="cuda")  # a new bucket: captured without tuning
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = tiledmm.gemm(c, d)
    graph.replay()
    torch.cuda.synchronize()
    assert_matches_reference(out, c, d)
