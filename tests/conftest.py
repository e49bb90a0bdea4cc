"""Shared helpers for the tiledmm tests.

Accuracy rule: every result is compared with a float64 reference on the same inputs,
element by element against the rounding bound of a length-K dot product accumulated in
the kernel's accumulator type and rounded once to the output dtype, and as a whole
against torch.matmul's own error in the same dtype.
"""
import math

import pytest
import torch

import tiledmm

HAS_CUDA = torch.cuda.is_available()
requires_cuda = pytest.mark.skipif(not HAS_CUDA, reason="needs a CUDA GPU")
requires_two_gpus = pytest.mark.skipif(
    not HAS_CUDA or torch.cuda.device_count() < 2, reason="needs two CUDA GPUs")

DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16]
DEVICES = ["cpu", pytest.param("cuda", marks=requires_cuda)]

# Unit roundoff of the output dtype and of the accumulator the kernels use for it.
UNIT_ROUNDOFF = {torch.float64: 2.0**-53, torch.float32: 2.0**-24,
                 torch.float16: 2.0**-11, torch.bfloat16: 2.0**-8}
ACCUMULATOR = {torch.float64: torch.float64, torch.float32: torch.float32,
               torch.float16: torch.float32, torch.bfloat16: torch.float32}


@pytest.fixture(autouse=True)
def tf32_setting_is_left_as_found():
    """torch's TF32 flag is process-wide and the planner reads it: a test that leaves it
    changed would silently run every later float32 test as TF32. Restore it, and fail the
    test that changed it."""
    before = torch.backends.cuda.matmul.allow_tf32
    yield
    after = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = before
    assert after == before, "the test left torch.backends.cuda.matmul.allow_tf32 changed"


def kernel_names(device: str, dtype: torch.dtype) -> list:
    """None (the planner) plus every named kernel of this build for (device, dtype)."""
    names = [None]
    for info in tiledmm.kernels():
        if info.device == device and dtype in info.dtypes:
            if device == "cuda" and not runs_here(info):
                continue
            names.append(info.name)
    return names


def runs_here(info) -> bool:
    """Whether a CUDA kernel's compute-capability rule admits the current GPU."""
    if info.min_compute_capability is None:
        return True
    cc = torch.cuda.get_device_capability()
    return cc == info.min_compute_capability if info.arch_specific else cc >= info.min_compute_capability


# What this build holds, for the markers of tests that need it.
HAS_CUDA_KERNELS = any(k.device == "cuda" for k in tiledmm.kernels())
WGMMA = next((k for k in tiledmm.kernels() if k.name == "wgmma"), None)  # None: built without sm_90a
HAS_WGMMA = WGMMA is not None
needs_cuda_build = pytest.mark.skipif(not HAS_CUDA_KERNELS, reason="CPU-only build")
needs_sm90a_build = pytest.mark.skipif(not HAS_WGMMA, reason="build without sm_90a (TORCH_CUDA_ARCH_LIST lacks 9.0a)")
runs_wgmma = pytest.mark.skipif(not (HAS_CUDA and HAS_WGMMA and runs_here(WGMMA)),
                                reason="wgmma needs an sm_90a build on a Hopper GPU")


def computes_in_tf32(kernel, dtype) -> bool:
    """float32 through a tensor-core kernel named explicitly (wgmma, mma) runs as TF32."""
    return dtype == torch.float32 and kernel is not None and kernel.split(":")[0] in ("wgmma", "mma")


PING_PONG = "pingpong"  # in the names of wgmma's ping-pong configs
C_TRANSPOSED = "_ct_"  # in the names of wgmma's C^T configs (narrow in C's rows)


def sixteen_bit_only(config: str) -> bool:
    """wgmma's ping-pong and C^T configs run bfloat16 and float16 only."""
    return PING_PONG in config or C_TRANSPOSED in config


def config_runs_here(config) -> bool:
    """Whether a tile config runs on this GPU beyond its kernel's rule: skinny's staged
    config (`_bulk`: bulk copies into shared memory) needs sm_90a, as wgmma does."""
    if not config.endswith("_bulk"):
        return True
    return WGMMA is not None and torch.cuda.is_available() and torch.cuda.get_device_capability() == (9, 0)


def kernel_specs(info, dtype) -> list:
    """"name:config" for every tile config of a kernel that suits `dtype` (simt configs
    are per dtype, f32_/f64_; wgmma's ping-pong and C^T configs are 16-bit only) and runs
    here, or just the name for a kernel with one shape."""
    prefix = {torch.float32: "f32_", torch.float64: "f64_"}.get(dtype)
    configs = [c for c in info.configs
               if (not (c.startswith("f32_") or c.startswith("f64_")) or c.startswith(prefix or "-"))
               and not (dtype == torch.float32 and sixteen_bit_only(c)) and config_runs_here(c)]
    return [f"{info.name}:{c}" for c in configs] or [info.name]


def make_operand(rows, cols, dtype, device, layout="row", generator=None):
    """A random [rows, cols] matrix with the requested memory layout.

    row       contiguous, row-major
    col       column-major (a transposed view, read in place)
    offset    row-major with a storage offset of one element (breaks 16-byte alignment)
    padded    row-major with a leading dimension of cols + 3 (a sliced matrix)
    padded_t  column-major with a leading dimension of rows + 3
    sliced    row-major, leading dimension cols rounded up to a multiple of 8, plus 8: rows
              16-byte aligned (read in place) with a ragged end, and the storage ends at
              the last element, so a read past it leaves the allocation
    sliced_t  the column-major counterpart of sliced
    sliced_nan    sliced's lines, but as a slice of a [rows, ld] tensor whose columns past
                  `cols` hold NaN: the storage holds every line's padding, which a kernel may
                  read (a sliced weight, w[:, :n]) but must never let reach C
    sliced_nan_t  the column-major counterpart of sliced_nan
    expanded  one row broadcast with stride 0 (copied by the op)
    gapped    every other row and column (no unit stride; copied by the op)
    """
    def rand(*shape):
        return torch.randn(*shape, dtype=torch.float64, device=device,
                           generator=generator).to(dtype)

    if layout == "row":
        return rand(rows, cols)
    if layout == "col":
        return rand(cols, rows).t()
    if layout == "offset":
        return rand(rows * cols + 1)[1:].view(rows, cols)
    if layout == "padded":
        return rand(rows, cols + 3)[:, :cols]
    if layout == "padded_t":
        return rand(cols, rows + 3)[:, :rows].t()
    if layout in ("sliced", "sliced_t"):
        lines, extent = (rows, cols) if layout == "sliced" else (cols, rows)
        ld = (extent + 7) // 8 * 8 + 8
        flat = rand((lines - 1) * ld + extent)
        view = flat.as_strided((lines, extent), (ld, 1))
        return view if layout == "sliced" else view.t()
    if layout in ("sliced_nan", "sliced_nan_t"):
        lines, extent = (rows, cols) if layout == "sliced_nan" else (cols, rows)
        ld = (extent + 7) // 8 * 8 + 8
        full = torch.full((lines, ld), float("nan"), dtype=dtype, device=device)
        full[:, :extent] = rand(lines, extent)
        return full[:, :extent] if layout == "sliced_nan" else full[:, :extent].t()
    if layout == "expanded":
        return rand(1, cols).expand(rows, cols)
    if layout == "gapped":
        return rand(2 * rows, 2 * cols)[::2, ::2]
    raise ValueError(layout)


def assert_matches_reference(out, a, b, tf32=False, against_torch=True):
    """`out` is a@b up to the rounding the kernel's dtype allows.

    tf32: float32 inputs rounded to TF32 (10-bit mantissa) before an exact product and a
    float32 accumulation; the normwise check then compares with torch.matmul in TF32.
    against_torch=False skips that normwise comparison (and so cuBLAS): the sanitizer
    workload checks tiledmm's kernels only, and threads calling gemm concurrently must,
    since the comparison sets torch's process-wide TF32 flag for its own matmul.
    """
    m, k = a.shape
    n = b.shape[1]
    assert out.shape == (m, n) and out.dtype == a.dtype and out.device == a.device
    assert out.is_contiguous()
    ref = a.double() @ b.double()
    if m * n == 0:
        return
    assert torch.isfinite(out).all(), "output has NaN/Inf (unwritten or corrupted elements)"
    # Elementwise: |out - ref| <= (K u_acc + u_out) (|A||B|) + u_out |ref| (slack 2), plus
    # the subnormal spacing of the output dtype, where relative rounding does not hold.
    u_out = UNIT_ROUNDOFF[a.dtype]
    u_acc = UNIT_ROUNDOFF[ACCUMULATOR[a.dtype]]
    subnormal_spacing = torch.finfo(a.dtype).tiny * torch.finfo(a.dtype).eps
    u_in = 2.0**-11 if tf32 else 0.0  # each input's rounding to TF32
    magnitude = a.double().abs() @ b.double().abs()
    bound = 2 * ((k * u_acc + 2 * u_in + u_out) * magnitude + u_out * ref.abs()) + subnormal_spacing
    err = (out.double() - ref).abs()
    ratio = err / bound
    worst = ratio.argmax()
    i, j = divmod(worst.item(), n)
    assert ratio[i, j] <= 1.0, (
        f"element [{i}, {j}] = {out[i, j].item():.6e}, float64 reference {ref[i, j].item():.6e}: "
        f"error {err[i, j].item():.3e} is {ratio[i, j].item():.2f}x the rounding bound "
        f"for {tuple(a.shape)} x {tuple(b.shape)} {a.dtype}")
    # Normwise: within 2x of torch.matmul's own error in this dtype (plus a floor).
    if not against_torch:
        return
    ours = (out.double() - ref).norm() / ref.norm().clamp_min(1e-300)
    previous = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = tf32
    try:
        theirs = (torch.matmul(a, b).double() - ref).norm() / ref.norm().clamp_min(1e-300)
    finally:
        torch.backends.cuda.matmul.allow_tf32 = previous
    # Floor: rounding of the output and of the accumulation; with TF32, also the inputs'
    # rounding (torch.matmul itself skips TF32 on some small shapes).
    floor = 4 * u_out + 2 * k**0.5 * u_acc + 4 * u_in
    assert ours <= 2 * theirs + floor, (
        f"relative error {ours:.3e} vs torch.matmul {theirs:.3e} for {a.dtype}"
        + (" (TF32)" if tf32 else ""))


def kernels_of(fn):
    """fn()'s result and the names of the CUDA kernels it launched (profiler events)."""
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        out = fn()
        torch.cuda.synchronize()
    return out, [e.name for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA]


def poison_cached_block(m, n, dtype, device):
    """Leave a NaN-filled block of the output's size in the CUDA caching allocator.

    The next allocation of that size reuses it, so any output element the kernel does not
    write stays NaN and fails assert_matches_reference.
    """
    if device == "cuda":
        torch.full((max(m, 1), max(n, 1)), float("nan"), dtype=dtype, device=device)


# The wgmma config built for two blocks per SM, and a ragged (M, N, K) whose 64x64 tiles make
# ~2.3 waves of 2 x `sms` persistent blocks, so the planner splits its last wave.
TWO_BLOCKS_PER_SM_WGMMA = "wgmma:64x64_k128B_1wg_s4"


def two_blocks_per_sm_split_shape(sms):
    return 64 * math.ceil(2.3 * sms / 15) - 17, 15 * 64 - 30, 2048 - 70  # K: 31 k-tiles for its one tail


def row_tail_shapes(sms):
    """(M, N, K) whose float32 plan on `sms` SMs runs C's last rows as a second launch
    (simt's row tail): N of 4 wide tile columns, M past two rounds of wide tiles by 200
    rows, by 37 (N and K ragged, split-K planes padded) and by one row (a tile row alone)."""
    first = 128 * math.ceil(2 * sms / 4)
    return [(first + 200, 1000, 520), (first + 37, 1001, 777), (first + 1, 1000, 300)]


# (M, N, K) whose float32 plan on an H100/H200 (132 SMs) runs C's last rows beside the
# tiles (few_rows.cu): 1 row behind a split-K launch, B's ragged rows copied (1025 x 1023 x
# 1021); 3 rows (the 4-row instance) with B aligned in place and K in five chunks; 8 rows
# behind a launch without split-K, K in one chunk; 2 rows with B's rows copied.
FEW_ROWS_SHAPES = [(1025, 1023, 1021), (1027, 1000, 2100), (2056, 2047, 300), (1026, 1002, 1021)]


def simt_device_plan(m, n, k, a_col=False, b_col=False):
    """tiledmm.plan of a float32 (IEEE) product on this GPU: its compute capability and SMs."""
    return tiledmm.plan(m, n, k, torch.float32, a_col_major=a_col, b_col_major=b_col,
                        compute_capability=torch.cuda.get_device_capability(),
                        sm_count=torch.cuda.get_device_properties(0).multi_processor_count, allow_tf32=False)


def assert_poisoned_gemm_matches_and_repeats(a, b, *poison_numels):
    """tiledmm.gemm(a, b) (float32) after NaN-filled blocks of these sizes are left in the
    caching allocator for its output and workspaces to land in (an element no launch writes
    stays NaN): against float64, and bitwise equal in two more runs."""
    for numel in poison_numels:
        torch.full((numel,), float("nan"), dtype=torch.float32, device="cuda")
    out = tiledmm.gemm(a, b)
    assert_matches_reference(out, a, b)
    for _ in range(2):
        assert torch.equal(tiledmm.gemm(a, b), out), "not bitwise identical from run to run"


def assert_gemm_matches_and_repeats(spec, dtype, shapes, layouts):
    """tiledmm.gemm(a, b, kernel=spec) on each (M, N, K) of `shapes`, A and B in `layouts`
    (make_operand's), its output poisoned: against float64, and bitwise equal to a second run."""
    for m, n, k in shapes:
        a = make_operand(m, k, dtype, "cuda", layouts[0])
        b = make_operand(k, n, dtype, "cuda", layouts[1])
        poison_cached_block(m, n, dtype, "cuda")
        out = tiledmm.gemm(a, b, kernel=spec)
        assert_matches_reference(out, a, b)
        assert torch.equal(out, tiledmm.gemm(a, b, kernel=spec)), "not bitwise identical from run to run"


def linear_operands(m, n, k, dtype, seed):
    """x [m, k], a weight [n, k] and a bias [n] of fresh random values on the GPU."""
    gen = torch.Generator(device="cuda").manual_seed(seed)
    x = torch.randn(m, k, device="cuda", dtype=dtype, generator=gen)
    w = torch.randn(n, k, device="cuda", dtype=dtype, generator=gen)
    bias = torch.randn(n, device="cuda", dtype=dtype, generator=gen)
    return x, w, bias


def assert_deep_gemm_replays(spec, m, n, k):
    """A bf16 product of deep K (its k-tiles wrap the shared-memory ring many times) on
    `spec`: against float64, then captured in a CUDA graph and replayed (assert_graph_replays_gemm)."""
    a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
    assert_matches_reference(tiledmm.gemm(a, b, kernel=spec), a, b)
    assert_graph_replays_gemm(a, b, kernel=spec)


def assert_graph_replays_gemm(a, b, kernel=None):
    """tiledmm.gemm(a, b, kernel=kernel) captured in a CUDA graph (after a warm-up outside it)
    and replayed twice on new values of `a`, its output poisoned before each replay: equal to
    an eager call and to the float64 reference."""
    tiledmm.gemm(a, b, kernel=kernel)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = tiledmm.gemm(a, b, kernel=kernel)
    for _ in range(2):
        a.copy_(torch.randn_like(a))
        out.fill_(float("nan"))
        graph.replay()
        torch.cuda.synchronize()
        assert torch.equal(out, tiledmm.gemm(a, b, kernel=kernel))
        assert_matches_reference(out, a, b)
