"""python -m tiledmm.explain M N K [--dtype bf16] [--layout nt] [--gpu H100] [--run]

Shows which kernel the planner picks for a problem and why, its tile hierarchy (block,
warp and thread tiles, pipeline stages), the grid and how many waves it makes over the
SMs, shared memory and registers, the bytes the tiling moves through global memory, the
arithmetic intensity, and the roofline bound on the GPU. Without a GPU, name a GPU model
(--gpu); with one, --run also measures the time next to the bound.
"""
from __future__ import annotations

import argparse
import dataclasses
import math
from typing import Optional

import torch

import tiledmm

DTYPES = {"fp32": torch.float32, "float32": torch.float32, "fp64": torch.float64,
          "float64": torch.float64, "bf16": torch.bfloat16, "bfloat16": torch.bfloat16,
          "fp16": torch.float16, "float16": torch.float16}


@dataclasses.dataclass(frozen=True)
class GpuModel:
    """Datasheet figures (dense, no sparsity): leads, not measurements."""
    name: str
    compute_capability: tuple[int, int]
    sm_count: int
    bandwidth_tb_s: float        # HBM
    peak_tflops: dict            # CUDA-core (FMA) peaks by torch dtype: classic16, simt
    tensor_tflops: dict = dataclasses.field(default_factory=dict)  # tensor-core peaks: mma
    smem_per_sm: int = 228 * 1024
    regs_per_sm: int = 65536
    max_threads_per_sm: int = 2048


_HOPPER = {torch.float32: 67.0, torch.float64: 34.0, torch.float16: 67.0, torch.bfloat16: 67.0}
_HOPPER_TC = {torch.float16: 989.0, torch.bfloat16: 989.0, torch.float32: 494.0}  # float32: TF32
GPUS = {
    # classic16 and simt run on CUDA cores (the FMA peaks); mma, wgmma and skinny on tensor cores.
    "H100": GpuModel("H100 SXM", (9, 0), 132, 3.35, _HOPPER, _HOPPER_TC),
    "H200": GpuModel("H200 SXM", (9, 0), 132, 4.8, _HOPPER, _HOPPER_TC),
    "A100": GpuModel("A100 SXM", (8, 0), 108, 2.04,
                     {torch.float32: 19.5, torch.float64: 9.7, torch.float16: 19.5, torch.bfloat16: 19.5},
                     {torch.float16: 312.0, torch.bfloat16: 312.0, torch.float32: 156.0},
                     smem_per_sm=164 * 1024),
}


def gpu_model(name: Optional[str]) -> GpuModel:
    if name is None and torch.cuda.is_available():
        props = torch.cuda.get_device_properties(0)
        for key, model in GPUS.items():
            if key in props.name:
                return dataclasses.replace(model, sm_count=props.multi_processor_count)
        raise ValueError(f"no datasheet figures for {props.name}; pass --gpu one of {', '.join(GPUS)}")
    key = (name or "H100").upper()
    if key not in GPUS:
        raise ValueError(f"unknown GPU model {name!r}; known: {', '.join(GPUS)}")
    return GPUS[key]


@dataclasses.dataclass
class Explanation:
    m: int
    n: int
    k: int
    dtype: torch.dtype
    layout: str
    gpu: str
    kernel: str
    config: str
    reason: str
    block_tile: tuple          # (M, N, K) of one block's tile
    warp_tile: Optional[tuple]
    thread_tile: tuple
    stages: int
    threads_per_block: int
    grid: int                  # blocks
    blocks_per_sm: int
    waves: float
    smem_bytes: int            # per block
    registers: Optional[int]   # per thread (from the compiled kernel; needs a GPU)
    spill_bytes: Optional[int]
    flops: int
    bytes_moved: int           # global-memory traffic of the tiling model
    arithmetic_intensity: float
    bound_tflops: float
    bound_ms: float
    limited_by: str
    split_k: int = 1           # K slices per output tile (split-K; 1 = none)
    tail_blocks: int = 0       # blocks that run split wgmma tiles' later k-tiles (all tiles' tails)
    tiles_per_block: int = 1   # tiles a block holds at once (wgmma ping-pong: one per consumer)
    measured_ms: Optional[float] = None

    @property
    def measured_tflops(self) -> Optional[float]:
        return None if self.measured_ms is None else self.flops / (self.measured_ms * 1e-3) / 1e12

    def __str__(self) -> str:
        bm, bn, bk = self.block_tile
        lines = [
            f"problem      C[{self.m}x{self.n}] = A[{self.m}x{self.k}] * B[{self.k}x{self.n}], "
            f"{str(self.dtype)[6:]}, layout {self.layout} (n: row-major, t: column-major) on {self.gpu}",
            f"kernel       {self.kernel} ({self.config})",
            f"why          {self.reason}",
            f"block tile   {bm} x {bn} outputs, K step {bk}, {self.stages} pipeline stage(s) in shared memory",
            f"{'wgroup tile' if self.kernel == 'wgmma' else 'warp tile':<13}"
            f"{self.warp_tile[0]} x {self.warp_tile[1]}" if self.warp_tile else
            "warp tile    - (no warp-level tiling)",
            f"thread tile  {self.thread_tile[0]} x {self.thread_tile[1]} outputs per thread"
            + {"mma": " (in mma.sync m16n8k16 fragments)",
               "wgmma": " (wgmma accumulators)",
               "skinny": " (mma.sync fragments; each warp its own part of K, summed in shared memory)"
               }.get(self.kernel, "")
            + f", {self.threads_per_block} threads per block",
            f"grid         {self.grid} blocks = {math.ceil(self.m / bm)} x {math.ceil(self.n / bn)} tiles"
            + (f" x {self.split_k} K slices (split-K, then a reduction pass)" if self.split_k > 1 else "")
            + (f" + {self.tail_blocks} tails of tiles cut along K" if self.tail_blocks else "")
            + (f"; {self.tiles_per_block} tiles per block at once (ping-pong consumers)"
               if self.tiles_per_block > 1 else "")
            + f"; {self.blocks_per_sm} block(s)/SM -> {self.waves:.2f} waves",
            f"resources    {self.smem_bytes:,} B shared memory per block; registers/thread: "
            + (f"{self.registers} ({self.spill_bytes} B spilled)" if self.registers is not None
               else "n/a without a GPU"),
            f"traffic      {self.bytes_moved / 1e6:,.1f} MB through global memory (A read once per "
            f"block column, B once per block row, C written once"
            + (", float partials written and read once)" if self.split_k > 1 or self.tail_blocks else ")"),
            f"intensity    {self.arithmetic_intensity:,.1f} FLOP/byte",
            f"roofline     {self.bound_tflops:,.1f} TFLOP/s ({self.limited_by}-bound): at least "
            f"{self.bound_ms:.4f} ms for {self.flops / 1e9:,.2f} GFLOP",
        ]
        if self.measured_ms is not None:
            lines.append(f"measured     {self.measured_ms:.4f} ms = {self.measured_tflops:,.1f} TFLOP/s, "
                         f"{100 * self.bound_ms / self.measured_ms:.0f}% of the roofline bound")
        return "\n".join(lines)


def _tile_table() -> dict:
    tiles = {}
    for row in torch.ops.tiledmm._tile_table():
        name, *fields = row.split("|")
        (bm, bn, bk, wm, wn, tm, tn, stages, threads, min_blocks, elem, smem, at_once) = map(int, fields)
        tiles[name] = dict(block=(bm, bn, bk), warp=(wm, wn), thread=(tm, tn), stages=stages,
                           threads=threads, min_blocks=min_blocks, smem=smem, tiles_per_block=at_once)
    return tiles


def explain(m: int, n: int, k: int, dtype="fp32", layout: str = "nn", gpu: Optional[str] = None,
            kernel: Optional[str] = None, run: bool = False) -> Explanation:
    """The planner's choice for C[m, n] = A[m, k] B[k, n] and the tiling model's numbers."""
    dtype = DTYPES[dtype] if isinstance(dtype, str) else dtype
    if layout not in ("nn", "nt", "tn", "tt"):
        raise ValueError("layout is two letters, n (row-major) or t (column-major), for A then B")
    model = gpu_model(gpu)
    a_col, b_col = layout[0] == "t", layout[1] == "t"
    plan = tiledmm.plan(m, n, k, dtype, a_col_major=a_col, b_col_major=b_col,
                        compute_capability=model.compute_capability, sm_count=model.sm_count,
                        kernel=kernel)
    size = torch.tensor([], dtype=dtype).element_size()
    if plan["kernel"] in ("simt", "mma", "wgmma", "skinny"):
        t = _tile_table()[plan["config"]]  # the planner's or the requested config
        block, warp, thread, stages, threads, smem = (t["block"], t["warp"], t["thread"], t["stages"],
                                                      t["threads"], t["smem"])
        if plan["kernel"] == "wgmma":  # K step: 128 or 256 bytes of K (the table counts 2-byte elements)
            block = (block[0], block[1], block[2] * 2 // size)
        if plan["kernel"] == "mma":  # K step: 64 bytes of K (the table counts 2-byte elements)
            block = (block[0], block[1], 64 // size)
        if plan["c_transposed"]:  # skinny with N the small side, TF32 wgmma with B row-major, or a C^T config
            block, warp, thread = (block[1], block[0], block[2]), warp[::-1], thread[::-1]
        blocks_per_sm = t["min_blocks"]
        tiles_per_block = t["tiles_per_block"]
    else:  # classic16
        block, warp, thread, stages, threads = (16, 16, 16), None, (1, 1), 1, 256
        smem = 2 * 16 * 16 * (8 if dtype == torch.float64 else 4)
        blocks_per_sm = None
        tiles_per_block = 1

    registers = spills = None
    on_this_gpu = gpu is None and torch.cuda.is_available()
    if on_this_gpu:
        registers, spills, _, _ = torch.ops.tiledmm._kernel_resources(m, n, k, dtype, a_col, b_col,
                                                                      kernel=kernel)
    if blocks_per_sm is None or registers is not None:
        limits = [model.smem_per_sm // max(smem, 1), model.max_threads_per_sm // threads, 32]
        if registers:
            limits.append(model.regs_per_sm // (registers * threads))
        blocks_per_sm = max(1, min(limits))

    bm, bn, _ = block
    tiles_m, tiles_n = math.ceil(m / bm), math.ceil(n / bn)
    split_k = plan["split_k"]
    # wgmma's split tiles (last_wave_split.h): each one's tails are more blocks of work, whose
    # float32 partial sums (a whole tile each) are written once and read once.
    tail_blocks = plan["last_wave_split"][0] * plan["split_tails"]
    grid = tiles_m * tiles_n * split_k + tail_blocks
    bytes_moved = size * (m * k * tiles_n + k * n * tiles_m + m * n)
    if split_k > 1:  # float32 (float64) partial planes, written once and read once
        bytes_moved += 2 * max(size, 4) * split_k * m * n
    bytes_moved += 2 * 4 * tail_blocks * bm * bn
    flops = 2 * m * n * k
    intensity = flops / bytes_moved if bytes_moved else 0.0
    peak = (model.tensor_tflops if plan["kernel"] in ("mma", "wgmma", "skinny") else model.peak_tflops)[dtype]
    memory_tflops = intensity * model.bandwidth_tb_s
    bound = min(peak, memory_tflops)
    explanation = Explanation(
        m, n, k, dtype, layout, model.name, plan["kernel"], plan["config"], plan["reason"],
        block, warp, thread, stages, threads, grid, blocks_per_sm,
        grid / (tiles_per_block * blocks_per_sm * model.sm_count), smem, registers, spills, flops, bytes_moved,
        intensity, bound, flops / (bound * 1e12) * 1e3 if bound else 0.0,
        "compute" if peak <= memory_tflops else "memory", split_k, tail_blocks, tiles_per_block)
    if run:
        if not on_this_gpu:
            raise RuntimeError("--run needs a GPU (and no --gpu model)")
        from tiledmm._timing import median_ms
        a = torch.randn(m, k, device="cuda", dtype=dtype)
        b = torch.randn(k, n, device="cuda", dtype=dtype)
        a = a.t().contiguous().t() if a_col else a
        b = b.t().contiguous().t() if b_col else b
        explanation.measured_ms = median_ms(lambda: tiledmm.gemm(a, b, kernel=kernel), "cuda")
    return explanation


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tiledmm.explain", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("m", type=int)
    parser.add_argument("n", type=int)
    parser.add_argument("k", type=int)
    parser.add_argument("--dtype", default="fp32", choices=sorted(DTYPES))
    parser.add_argument("--layout", default="nn", choices=["nn", "nt", "tn", "tt"])
    parser.add_argument("--gpu", default=None, help=f"a GPU model ({', '.join(GPUS)}); default: this GPU, or H100")
    parser.add_argument("--kernel", default=None, help="explain a named kernel instead of the planner's choice")
    parser.add_argument("--run", action="store_true", help="also time it on this GPU")
    args = parser.parse_args(argv)
    print(explain(args.m, args.n, args.k, args.dtype, args.layout, args.gpu, args.kernel, args.run))


if __name__ == "__main__":
    main()
