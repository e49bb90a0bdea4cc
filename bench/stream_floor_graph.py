"""The floor under the decode stream: pure reads of a weight's bytes, back to back in a CUDA graph.

    python bench/stream_floor_graph.py --out bench/results/skinny/session84/stream_floor_graph_h200

decode_stream.py times skinny products in graphs of distinct weights against the measured copy
bandwidth. This times kernels that only read those bytes (no MMA, no X, a 4-byte sum per block)
the same way, so that what a product loses to its start and its tail can be told from what any
kernel reading the same bytes in the same graph loses. Each kernel streams its block's even,
contiguous share of the weight with 16-byte loads (threads x unroll of them in flight per block),
in a one-wave grid of `blocks_per_sm` blocks per SM, launched either plainly or as a programmatic
dependent of the kernel ahead (as skinny is on sm_90):

    plain      an ordinary launch: the grid starts when the one ahead has finished.
    pdl        signals its dependents at its start, bulk-prefetches `prefetch` bytes of its share
               into L2, then waits for the grid ahead (griddepcontrol.wait) before any load: what
               a product may do, since the kernel ahead may have written anything it reads.
    pdl_nowait the same without the wait: reads overlap the kernel ahead. Not a legal product
               (an upper bound only: how much the dependency itself costs).

torch.matmul (cuBLAS) runs the decode products of the same weights in graphs in the same run, for
reference. Needs no build of tiledmm (the kernel is compiled here with load_inline, sm_90a).
"""
import argparse
import datetime
import json
import math
import os
import sys

import torch
from torch.utils.cpp_extension import load_inline

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bandwidth import copy_bandwidth_gb_s  # noqa: E402
from timing import event_median_ms  # noqa: E402

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>

__device__ __forceinline__ void launch_dependents() { asm volatile("griddepcontrol.launch_dependents;" ::: "memory"); }
__device__ __forceinline__ void wait_for_grid_ahead() { asm volatile("griddepcontrol.wait;" ::: "memory"); }
__device__ __forceinline__ void prefetch_to_l2(const void* p, uint32_t bytes) {
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(p), "r"(bytes) : "memory");
}

enum Mode : int { kPlain = 0, kDependent = 1, kDependentNoWait = 2 };

// Sums (mod 2^32) the 32-bit words of the block's contiguous share of w into sums[block], so
// that every byte is read and the result can be checked against torch.
template <int kUnroll>
__global__ void stream_read(const uint4* __restrict__ w, int64_t vectors, unsigned int* __restrict__ sums,
                            int mode, int64_t prefetch_vectors) {
  const int64_t per_block = (vectors + gridDim.x - 1) / gridDim.x;
  const int64_t begin = min(vectors, blockIdx.x * per_block);
  const int64_t end = min(vectors, begin + per_block);
  if (mode != kPlain) launch_dependents();
  if (threadIdx.x == 0 && prefetch_vectors > 0 && end > begin) {
    prefetch_to_l2(w + begin, static_cast<uint32_t>(min(prefetch_vectors, end - begin) * 16));
  }
  if (mode == kDependent) wait_for_grid_ahead();
  unsigned int sum = 0;
  const int64_t step = static_cast<int64_t>(blockDim.x) * kUnroll;
  for (int64_t first = begin + threadIdx.x; first < end; first += step) {
    uint4 v[kUnroll];  // every load of the step issued before any is used
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int64_t i = first + static_cast<int64_t>(u) * blockDim.x;
      v[u] = i < end ? w[i] : make_uint4(0, 0, 0, 0);
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) sum += v[u].x + v[u].y + v[u].z + v[u].w;
  }
  sum = __reduce_add_sync(0xffffffffu, sum);
  if (threadIdx.x % 32 == 0) atomicAdd(sums + blockIdx.x, sum);
}

void stream(torch::Tensor w, torch::Tensor sums, int64_t blocks, int64_t threads, int64_t unroll, int64_t mode,
            int64_t prefetch_bytes) {
  TORCH_CHECK(w.is_cuda() && w.is_contiguous() && w.nbytes() % 16 == 0, "w: contiguous CUDA bytes, a multiple of 16");
  TORCH_CHECK(sums.is_cuda() && sums.scalar_type() == torch::kInt32 && sums.numel() >= blocks, "sums: int32, >= blocks");
  cudaLaunchAttribute dependent;
  dependent.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  dependent.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(static_cast<unsigned>(blocks));
  config.blockDim = dim3(static_cast<unsigned>(threads));
  config.stream = at::cuda::getCurrentCUDAStream();
  config.attrs = &dependent;
  config.numAttrs = mode == kPlain ? 0 : 1;
  const auto* data = reinterpret_cast<const uint4*>(w.data_ptr());
  const int64_t vectors = static_cast<int64_t>(w.nbytes() / 16);
  auto* out = reinterpret_cast<unsigned int*>(sums.data_ptr<int>());
  const int m = static_cast<int>(mode);
  const int64_t prefetch = prefetch_bytes / 16;
  switch (unroll) {
    case 4: C10_CUDA_CHECK(cudaLaunchKernelEx(&config, stream_read<4>, data, vectors, out, m, prefetch)); break;
    case 8: C10_CUDA_CHECK(cudaLaunchKernelEx(&config, stream_read<8>, data, vectors, out, m, prefetch)); break;
    case 16: C10_CUDA_CHECK(cudaLaunchKernelEx(&config, stream_read<16>, data, vectors, out, m, prefetch)); break;
    default: TORCH_CHECK(false, "unroll: 4, 8 or 16, not ", unroll);
  }
}
"""
CPP_SOURCE = "void stream(torch::Tensor w, torch::Tensor sums, int64_t blocks, int64_t threads, int64_t unroll, " \
             "int64_t mode, int64_t prefetch_bytes);"
MODES = {"plain": 0, "pdl": 1, "pdl_nowait": 2}
WEIGHTS = ((4096, 4096), (11008, 4096))  # (N, K) of the bf16 weights whose bytes are streamed
# (blocks per SM, threads, unroll): 16-byte loads in flight per SM = blocks x threads x unroll.
CONFIGS = ((1, 256, 8), (1, 512, 8), (2, 256, 8), (1, 1024, 4), (2, 512, 8), (4, 256, 8), (2, 512, 16))


def compile_extension():
    return load_inline(name="stream_floor_graph", cpp_sources=CPP_SOURCE, cuda_sources=CUDA_SOURCE,
                       functions=["stream"], extra_cuda_cflags=["-O3", "-gencode=arch=compute_90a,code=sm_90a"],
                       verbose=False)


def word_sum(w):
    """What stream_read's block sums add up to: the sum of w's 32-bit words mod 2^32, as int32."""
    total = int(w.view(torch.int32).to(torch.int64).sum().item()) % (1 << 32)
    return total - (1 << 32) if total >= (1 << 31) else total


def replay_us(launches, count, reps):
    """Per launch, the median replay time of a graph of `launches` (a list of callables)."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        launches[0]()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for launch in launches:
            launch()
    us = 1e3 * event_median_ms(graph.replay, warmup=3, reps=reps) / count
    del graph
    return us


def run(reps, modes, configs, prefetches):
    ext = compile_extension()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    copy_gb_s = copy_bandwidth_gb_s()
    rows = []
    for n, k in WEIGHTS:
        size = 2 * n * k
        count = max(8, math.ceil(4 * l2 / size))
        gen = torch.Generator(device="cuda").manual_seed(n + k)
        ws = [torch.randn(n, k, device="cuda", generator=gen).to(torch.bfloat16) for _ in range(count)]
        expected = word_sum(ws[0])
        for bps, threads, unroll in configs:
            blocks = bps * sms
            sums = torch.zeros(count, blocks, dtype=torch.int32, device="cuda")
            ext.stream(ws[0], sums[0], blocks, threads, unroll, 0, 0)
            got = int(sums[0].to(torch.int64).sum().item()) % (1 << 32)
            assert got == expected % (1 << 32), f"stream_read summed {got}, torch {expected % (1 << 32)}"
            for mode in modes:
                for prefetch in (prefetches if mode != "plain" else (0,)):
                    launches = [lambda w=w, s=s: ext.stream(w, s, blocks, threads, unroll, MODES[mode], prefetch)
                                for w, s in zip(ws, sums)]
                    us = replay_us(launches, count, reps)
                    row = {"n": n, "k": k, "bytes": size, "layers": count, "blocks_per_sm": bps, "threads": threads,
                           "unroll": unroll, "in_flight_per_sm": bps * threads * unroll * 16, "mode": mode,
                           "prefetch_bytes": prefetch, "us": us, "pct_copy": 100 * size / (us * 1e-6) / 1e9 / copy_gb_s}
                    rows.append(row)
                    print(f"read {n}x{k} ({size / 1e6:.1f} MB, {count} weights) {bps}x{threads}x{unroll} "
                          f"({row['in_flight_per_sm'] >> 10} KB/SM) {mode:10s} prefetch {prefetch >> 10:3d} KB: "
                          f"{us:6.2f} us {row['pct_copy']:5.1f}%", flush=True)
        x = torch.randn(1, k, device="cuda", generator=gen).to(torch.bfloat16)
        for layout, operand in (("nt", lambda w: w.t()), ("nn", lambda w: w.view(k, n))):
            launches = [lambda w=w: torch.matmul(x, operand(w)) for w in ws]
            us = replay_us(launches, count, reps)
            moved = size + 2 * (k + n)
            rows.append({"n": n, "k": k, "bytes": moved, "layers": count, "mode": f"cublas_{layout}_m1", "us": us,
                         "pct_copy": 100 * moved / (us * 1e-6) / 1e9 / copy_gb_s})
            print(f"cuBLAS {layout} 1x{n}x{k}: {us:6.2f} us {rows[-1]['pct_copy']:5.1f}%", flush=True)
        del ws
    return copy_gb_s, rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=None, help="path prefix of the JSON written")
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--modes", default="plain,pdl,pdl_nowait")
    parser.add_argument("--prefetch", default="0,65536", help="bytes per block bulk-prefetched into L2 (pdl modes)")
    args = parser.parse_args(argv)
    if not torch.cuda.is_available() or torch.cuda.get_device_capability() != (9, 0):
        sys.exit("stream_floor_graph.py needs an sm_90 GPU (H100/H200)")
    copy_gb_s, rows = run(args.reps, args.modes.split(","), CONFIGS, [int(p) for p in args.prefetch.split(",")])
    print(f"copy bandwidth {copy_gb_s:.0f} GB/s")
    if args.out:
        os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
        with open(args.out + ".json", "w") as f:
            json.dump({"device": torch.cuda.get_device_name(), "date": datetime.date.today().isoformat(),
                       "torch": torch.__version__, "copy_gb_s": copy_gb_s, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
