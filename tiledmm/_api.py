"""The Python API over torch.ops.tiledmm."""
from __future__ import annotations

import dataclasses
import warnings
from typing import Optional

import torch


@dataclasses.dataclass(frozen=True)
class KernelInfo:
    """One kernel variant of this build."""

    name: str
    device: str  # "cpu" or "cuda"
    dtypes: tuple[torch.dtype, ...]
    min_compute_capability: Optional[tuple[int, int]]  # None: any device this build targets
    arch_specific: bool  # True: runs on exactly min_compute_capability (sm_90a code), not later GPUs
    configs: tuple[str, ...]  # tile configs, selectable as kernel="name:config"
    summary: str


def gemm(a: torch.Tensor, b: torch.Tensor, kernel: Optional[str] = None) -> torch.Tensor:
    """C = A @ B for 2-D ``a[M, K]`` and ``b[K, N]``; a new contiguous ``[M, N]`` tensor.

    ``kernel`` names one variant from :func:`kernels` (default: the planner's choice), or
    one tile configuration of it as ``"name:config"`` (e.g. ``"simt:f32_64x64x16_w32x32_t4x8_s4"``).
    Differentiable, traceable by torch.compile, usable under CUDA graphs.
    """
    return torch.ops.tiledmm.gemm(a, b, kernel=kernel)


def kernels() -> list[KernelInfo]:
    """The kernel variants this build contains, with their devices, dtypes and minimum GPU."""
    result = []
    for row in torch.ops.tiledmm._kernel_table():
        name, device, dtypes, min_cc, configs, summary = row.split("|", 5)
        arch_specific = min_cc.endswith("a")
        cc = int(min_cc.rstrip("a"))
        result.append(
            KernelInfo(
                name=name,
                device=device,
                dtypes=tuple(getattr(torch, d) for d in dtypes.split(",")),
                min_compute_capability=None if cc == 0 else (cc // 10, cc % 10),
                arch_specific=arch_specific,
                configs=tuple(configs.split(",")) if configs else (),
                summary=summary,
            )
        )
    return result


def plan(m: int, n: int, k: int, dtype: torch.dtype = torch.float32, *,
         a_col_major: bool = False, b_col_major: bool = False,
         compute_capability: tuple[int, int] = (9, 0), sm_count: int = 132,
         kernel: Optional[str] = None, allow_tf32: Optional[bool] = None,
         a_aligned: bool = True, b_aligned: bool = True,
         a_off_sectors: bool = False, b_off_sectors: bool = False,
         b_off_cache_lines: bool = False) -> dict:
    """The CUDA planner's choice for a problem on a described GPU (no GPU needed).

    ``allow_tf32`` defaults to torch's current setting
    (``torch.backends.cuda.matmul.allow_tf32``), as a gemm call would see it.
    ``a_aligned`` / ``b_aligned``: the operand's base and leading dimension are 16-byte
    aligned, so TMA reads it in place (``wgmma`` copies it otherwise, or in 16-bit types
    with both operands row-major and 128x256 tiles reads A by row classes; from 1,536 rows of
    its C on it also copies a B whose rows start 16 bytes into a 32-byte sector, which does
    not change the plan); a B TMA cannot read in place also keeps 16-bit
    products off the 128-wide C^T configs, and TF32 weighs the copies in its orientation.
    ``a_off_sectors`` / ``b_off_sectors``: a 16-bit operand TMA reads in place whose lines
    do not all start on 32-byte boundaries (a leading dimension of 8 mod 16 elements, such
    as a contiguous operand with 1000 elements per line), which ``wgmma`` reads more slowly.
    ``b_off_cache_lines``: a 16-bit B TMA reads in place whose lines do not all start on
    128-byte boundaries (a row-major B of 1456 columns, say), which keeps row-major Bs off
    the ping-pong tile for short K. A gemm call sees all five from its operands, as
    :func:`plan_for` does.
    Returns ``{"kernel": ..., "config": ..., "reason": ..., "split_k": ..., "c_transposed": ...,
    "last_wave_split": ..., "split_tails": ..., "row_tail": ...}``, where ``split_k`` is the
    number of K slices per output tile (1: no split-K), ``c_transposed`` says the kernel
    computes C^T = B^T A^T (its block rows run along N) and ``last_wave_split`` is ``(tiles,
    head k-tiles)``: ``wgmma``'s last wave of persistent blocks runs that many tiles' first
    k-tiles while the blocks it would leave idle run their remaining k-tiles (``(0, 0)``:
    none), in ``split_tails`` runs per tile, a block each (1: halves and last waves; more for
    the 64x32 C^T tiles of a product of few of them; 0 without a split). ``row_tail``
    is ``None`` or ``{"rows": ..., "config": ..., "split_k": ..., "beside_blocks": ...}``:
    ``simt`` runs C's last ``rows`` rows as a second launch with that tile and K slices, so
    that ``config`` and ``split_k`` (the first launch's) cover whole rounds of the SMs; or,
    with ``beside_blocks`` > 0 (``config`` ``"few_rows"``, at most 8 rows), as dot products
    over B on that many SMs that the first launch's one round leaves idle, at the same time.
    """
    if allow_tf32 is None:
        allow_tf32 = torch.backends.cuda.matmul.allow_tf32
    return _plan_dict(torch.ops.tiledmm._plan(
        m, n, k, dtype, a_col_major, b_col_major,
        compute_capability[0] * 10 + compute_capability[1], sm_count, kernel=kernel,
        allow_tf32=allow_tf32, a_aligned=a_aligned, b_aligned=b_aligned,
        a_off_sectors=a_off_sectors, b_off_sectors=b_off_sectors, b_off_cache_lines=b_off_cache_lines))


def plan_for(a: torch.Tensor, b: torch.Tensor, kernel: Optional[str] = None, *,
             compute_capability: Optional[tuple[int, int]] = None, sm_count: Optional[int] = None) -> dict:
    """The plan ``gemm(a, b, kernel)`` gets for these operands: :func:`plan`'s dict, with the
    layouts, alignments and TF32 setting read from the tensors as the gemm call reads them.

    CUDA operands are planned for their GPU (``compute_capability`` / ``sm_count`` override
    it). Host operands are planned for the described GPU (default ``(9, 0)`` and 132 SMs, as
    :func:`plan`), each as if it lay at its storage offset in a fresh block of the CUDA caching
    allocator. Operands are checked as ``gemm`` checks them. For ``linear(x, weight)`` ask
    ``plan_for(x.reshape(-1, x.shape[-1]), weight.t())``. With autotuning on, a gemm call may run
    its bucket's timed choice instead; a product with M, N or K of 0 launches no kernel.
    """
    if a.device.type != "cuda":
        compute_capability = compute_capability or (9, 0)
        sm_count = sm_count or 132
    cc = compute_capability[0] * 10 + compute_capability[1] if compute_capability else 0
    return _plan_dict(torch.ops.tiledmm._plan_for(a, b, kernel=kernel, compute_capability=cc,
                                                  sm_count=sm_count or 0))


def _plan_dict(fields) -> dict:
    """torch.ops.tiledmm._plan's strings (planner.h, plan_report) as plan()'s dict."""
    (name, config, reason, split_k, c_transposed, split_tiles, head_k_tiles, tail_rows, tail_config,
     tail_split_k, beside_blocks, split_tails) = fields
    return {"kernel": name, "config": config, "reason": reason, "split_k": int(split_k),
            "c_transposed": c_transposed == "1",
            "last_wave_split": (int(split_tiles), int(head_k_tiles)), "split_tails": int(split_tails),
            "row_tail": ({"rows": int(tail_rows), "config": tail_config, "split_k": int(tail_split_k),
                          "beside_blocks": int(beside_blocks)}
                         if int(tail_rows) > 0 else None)}


def set_autotune(enabled: bool) -> bool:
    """Turns the autotuner on or off for this process; returns the previous setting.

    When on, the first CUDA gemm of each (GPU, dtype, layout, power-of-two shape bucket,
    TF32 setting) that names no kernel times every kernel and tile config that may run it
    (synchronizing once), and later calls in the bucket reuse the fastest. Choices persist
    in the cache file ``TILEDMM_AUTOTUNE_CACHE`` (default
    ``~/.cache/tiledmm/autotune-v1.txt``); a corrupt or stale file is ignored with a
    warning and rewritten. The environment variable ``TILEDMM_AUTOTUNE=1`` turns it on at
    start-up. CUDA-graph capture always uses the heuristic planner.
    """
    return torch.ops.tiledmm._set_autotune(enabled)


def autotune_cache_entries(path: str) -> dict:
    """The valid ``{bucket key: kernel spec}`` entries of an autotune cache file; what it
    ignores (a corrupt file, malformed or stale lines) comes as UserWarnings."""
    lines, ignored = torch.ops.tiledmm._autotune_cache_entries(path)
    for message in ignored:
        warnings.warn(message, UserWarning, stacklevel=2)
    return dict(line.split("\t", 1) for line in lines)
