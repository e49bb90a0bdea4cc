"""The floor under the decode stream: pure reads of a weight's bytes, back to back in a CUDA graph.

    python bench/stream_floor_graph.py --out bench/results/skinny/session84/stream_floor_graph_h200

decode_stream.py times skinny products in graphs of distinct weights against the measured copy
bandwidth. This times kernels that only read those bytes (no MMA, no X, a 4-byte sum per block)
the same way, so that what a product loses to its start and its tail can be told from what any
kernel reading the same bytes in the same graph loses. Each kernel streams its block's even,
contiguous share of the weight with 16-byte loads (threads x unroll of them in flight per block):
into registers; with --streaming-configs into registers past L1, as skinny loads W; with
--shared-configs as cp.async copies into each thread's own slots of shared memory. The grid is one
wave of `blocks_per_sm` blocks per SM, launched either plainly or as a programmatic dependent of
the kernel ahead (as skinny is on sm_90):

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

#include "ptx_sm90.cuh"  // the project's PTX wrappers (csrc/cuda/common): mbarriers, griddepcontrol

using namespace tiledmm::cuda;

__device__ __forceinline__ void prefetch_to_l2(const void* p, uint32_t bytes) {
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(p), "r"(bytes) : "memory");
}

enum Mode : int { kPlain = 0, kDependent = 1, kDependentNoWait = 2 };

// Sums (mod 2^32) the 32-bit words of the block's contiguous share of w into sums[block], so
// that every byte is read and the result can be checked against torch. How a thread's kUnroll
// loads of a step travel:
//   kCached     plain loads into registers (w[i], which L1 caches);
//   kStreaming  into registers past L1 (load_streaming: ld.global.nc.L1::no_allocate, skinny's W loads);
//   kShared     cp.async copies (past L1) into its own shared-memory slots (slot u of thread i at
//               u * blockDim.x + i), waited for by that thread alone and read back: the bytes in
//               flight hold shared memory instead of registers.
enum LoadPath : int { kCached = 0, kStreaming = 1, kShared = 2 };

template <int kUnroll, LoadPath kPath>
__global__ void stream_read(const uint4* __restrict__ w, int64_t vectors, unsigned int* __restrict__ sums,
                            int mode, int64_t prefetch_vectors) {
  extern __shared__ uint4 slots[];
  const int64_t per_block = (vectors + gridDim.x - 1) / gridDim.x;
  const int64_t begin = min(vectors, blockIdx.x * per_block);
  const int64_t end = min(vectors, begin + per_block);
  if (mode != kPlain) allow_dependent_launch();
  if (threadIdx.x == 0 && prefetch_vectors > 0 && end > begin) {
    prefetch_to_l2(w + begin, static_cast<uint32_t>(min(prefetch_vectors, end - begin) * 16));
  }
  if (mode == kDependent) wait_for_prior_kernel();
  unsigned int sum = 0;
  const int64_t step = static_cast<int64_t>(blockDim.x) * kUnroll;
  for (int64_t first = begin + threadIdx.x; first < end; first += step) {
    uint4 v[kUnroll];  // every load of the step issued before any is used
    if constexpr (kPath == kShared) {
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) {
        const int64_t i = first + static_cast<int64_t>(u) * blockDim.x;
        uint4* slot = slots + u * blockDim.x + threadIdx.x;
        if (i < end) {
          cp_async<16>(slot, w + i);
        } else {
          *slot = make_uint4(0, 0, 0, 0);
        }
      }
      cp_async_commit();
      cp_async_wait<0>();
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) v[u] = slots[u * blockDim.x + threadIdx.x];
    } else {
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) {
        const int64_t i = first + static_cast<int64_t>(u) * blockDim.x;
        if constexpr (kPath == kStreaming) {
          v[u] = i < end ? load_streaming<uint4>(w + i) : make_uint4(0, 0, 0, 0);
        } else {
          v[u] = i < end ? w[i] : make_uint4(0, 0, 0, 0);
        }
      }
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) sum += v[u].x + v[u].y + v[u].z + v[u].w;
  }
  sum = __reduce_add_sync(0xffffffffu, sum);
  if (threadIdx.x % 32 == 0) atomicAdd(sums + blockIdx.x, sum);
}

// The same sums, with the bytes in flight in shared memory instead of registers: one block per SM,
// whose first warp's lane 0 bulk-copies (the TMA unit) `chunk` bytes at a time of the block's share
// into a ring of `stages` buffers, each with a `full` mbarrier (bytes landed) and an `empty` one
// (every reading warp done); the other warps sum each buffer and hand it back.
__global__ void stream_read_bulk(const uint4* __restrict__ w, int64_t vectors, unsigned int* __restrict__ sums,
                                 int mode, int stages, int chunk_vectors) {
  extern __shared__ __align__(128) unsigned char ring[];
  uint64_t* full = reinterpret_cast<uint64_t*>(ring + static_cast<size_t>(stages) * chunk_vectors * 16);
  uint64_t* empty = full + stages;
  const int readers = blockDim.x / 32 - 1;  // warps 1.. read; warp 0 copies
  const int64_t per_block = (vectors + gridDim.x - 1) / gridDim.x;
  const int64_t begin = min(vectors, blockIdx.x * per_block);
  const int64_t end = min(vectors, begin + per_block);
  const int64_t chunks = (end - begin + chunk_vectors - 1) / chunk_vectors;
  if (threadIdx.x == 0) {
    for (int s = 0; s < stages; ++s) {
      mbarrier_init(&full[s], 1);
      mbarrier_init(&empty[s], readers);
    }
    fence_barrier_init();
  }
  __syncthreads();
  if (mode != kPlain) allow_dependent_launch();
  if (mode == kDependent) wait_for_prior_kernel();
  unsigned int sum = 0;
  if (threadIdx.x == 0) {
    for (int64_t c = 0; c < chunks; ++c) {
      const int s = static_cast<int>(c % stages);
      const int64_t use = c / stages;
      if (use > 0) mbarrier_wait(&empty[s], static_cast<uint32_t>((use - 1) & 1));
      const int64_t first = begin + c * chunk_vectors;
      const uint32_t bytes = static_cast<uint32_t>(min(static_cast<int64_t>(chunk_vectors), end - first) * 16);
      mbarrier_arrive_expect_tx(&full[s], bytes);
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                   ::"r"(shared_address(ring + static_cast<size_t>(s) * chunk_vectors * 16)), "l"(w + first),
                   "r"(bytes), "r"(shared_address(&full[s])) : "memory");
    }
  } else if (threadIdx.x >= 32) {
    const int reader = threadIdx.x - 32, reader_threads = blockDim.x - 32;
    for (int64_t c = 0; c < chunks; ++c) {
      const int s = static_cast<int>(c % stages);
      mbarrier_wait(&full[s], static_cast<uint32_t>((c / stages) & 1));
      const int n = static_cast<int>(min(static_cast<int64_t>(chunk_vectors), end - (begin + c * chunk_vectors)));
      const uint4* buffer = reinterpret_cast<const uint4*>(ring + static_cast<size_t>(s) * chunk_vectors * 16);
      for (int i = reader; i < n; i += reader_threads) {
        const uint4 v = buffer[i];
        sum += v.x + v.y + v.z + v.w;
      }
      __syncwarp();
      if (threadIdx.x % 32 == 0) mbarrier_arrive(&empty[s]);
    }
  }
  sum = __reduce_add_sync(0xffffffffu, sum);
  if (threadIdx.x % 32 == 0) atomicAdd(sums + blockIdx.x, sum);
}

// A launch of `blocks` x `threads`, a programmatic dependent of the kernel ahead unless plain.
struct Launch {
  cudaLaunchAttribute dependent;
  cudaLaunchConfig_t config = {};
  Launch(int64_t blocks, int64_t threads, int smem, int64_t mode) {
    dependent.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    dependent.val.programmaticStreamSerializationAllowed = 1;
    config.gridDim = dim3(static_cast<unsigned>(blocks));
    config.blockDim = dim3(static_cast<unsigned>(threads));
    config.dynamicSmemBytes = smem;
    config.stream = at::cuda::getCurrentCUDAStream();
    config.attrs = &dependent;
    config.numAttrs = mode == kPlain ? 0 : 1;
  }
};

template <LoadPath kPath>
void launch_read(const Launch& launch, int64_t unroll, const uint4* data, int64_t vectors, unsigned int* out, int m,
                 int64_t prefetch) {
  auto kernel = stream_read<4, kPath>;
  switch (unroll) {
    case 4: break;
    case 8: kernel = stream_read<8, kPath>; break;
    case 12: kernel = stream_read<12, kPath>; break;
    case 16: kernel = stream_read<16, kPath>; break;
    default: TORCH_CHECK(false, "unroll: 4, 8, 12 or 16, not ", unroll);
  }
  if (launch.config.dynamicSmemBytes > 0) {
    C10_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        static_cast<int>(launch.config.dynamicSmemBytes)));
  }
  C10_CUDA_CHECK(cudaLaunchKernelEx(&launch.config, kernel, data, vectors, out, m, prefetch));
}

// path: a LoadPath; kShared takes threads x unroll x 16 bytes of shared memory per block.
void stream(torch::Tensor w, torch::Tensor sums, int64_t blocks, int64_t threads, int64_t unroll, int64_t mode,
            int64_t prefetch_bytes, int64_t path) {
  TORCH_CHECK(path >= kCached && path <= kShared, "path: 0 (cached), 1 (streaming) or 2 (shared), not ", path);
  const bool through_shared = path == kShared;
  TORCH_CHECK(w.is_cuda() && w.is_contiguous() && w.nbytes() % 16 == 0, "w: contiguous CUDA bytes, a multiple of 16");
  TORCH_CHECK(sums.is_cuda() && sums.scalar_type() == torch::kInt32 && sums.numel() >= blocks, "sums: int32, >= blocks");
  const Launch launch(blocks, threads, through_shared ? static_cast<int>(threads * unroll * 16) : 0, mode);
  const auto* data = reinterpret_cast<const uint4*>(w.data_ptr());
  const int64_t vectors = static_cast<int64_t>(w.nbytes() / 16);
  auto* out = reinterpret_cast<unsigned int*>(sums.data_ptr<int>());
  const int m = static_cast<int>(mode);
  if (path == kShared) {
    launch_read<kShared>(launch, unroll, data, vectors, out, m, prefetch_bytes / 16);
  } else if (path == kStreaming) {
    launch_read<kStreaming>(launch, unroll, data, vectors, out, m, prefetch_bytes / 16);
  } else {
    launch_read<kCached>(launch, unroll, data, vectors, out, m, prefetch_bytes / 16);
  }
}

void stream_bulk(torch::Tensor w, torch::Tensor sums, int64_t blocks, int64_t threads, int64_t stages,
                 int64_t chunk_bytes, int64_t mode) {
  TORCH_CHECK(w.is_cuda() && w.is_contiguous() && w.nbytes() % 16 == 0, "w: contiguous CUDA bytes, a multiple of 16");
  TORCH_CHECK(sums.is_cuda() && sums.scalar_type() == torch::kInt32 && sums.numel() >= blocks, "sums: int32, >= blocks");
  TORCH_CHECK(chunk_bytes % 16 == 0 && threads % 32 == 0 && threads >= 64, "chunk: 16-byte multiple; threads: warps, >= 2");
  const int smem = static_cast<int>(stages * chunk_bytes + 2 * stages * 8);
  C10_CUDA_CHECK(cudaFuncSetAttribute(stream_read_bulk, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  Launch launch(blocks, threads, smem, mode);
  cudaLaunchConfig_t& config = launch.config;
  C10_CUDA_CHECK(cudaLaunchKernelEx(&config, stream_read_bulk, reinterpret_cast<const uint4*>(w.data_ptr()),
                                    static_cast<int64_t>(w.nbytes() / 16), reinterpret_cast<unsigned int*>(sums.data_ptr<int>()),
                                    static_cast<int>(mode), static_cast<int>(stages), static_cast<int>(chunk_bytes / 16)));
}
"""
CPP_SOURCE = "void stream(torch::Tensor w, torch::Tensor sums, int64_t blocks, int64_t threads, int64_t unroll, " \
             "int64_t mode, int64_t prefetch_bytes, int64_t path);\n" \
             "void stream_bulk(torch::Tensor w, torch::Tensor sums, int64_t blocks, int64_t threads, int64_t stages, " \
             "int64_t chunk_bytes, int64_t mode);"
COMMON_PTX = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "csrc", "cuda", "common")
MODES = {"plain": 0, "pdl": 1, "pdl_nowait": 2}
LOAD_PATHS = {"registers": 0, "streaming": 1, "shared": 2}  # the kernel's LoadPath: kCached, kStreaming, kShared
WEIGHTS = ((4096, 4096), (11008, 4096))  # (N, K) of the bf16 weights whose bytes are streamed
# (blocks per SM, threads, unroll): 16-byte loads in flight per SM = blocks x threads x unroll.
CONFIGS = ((1, 256, 8), (1, 512, 8), (2, 256, 8), (1, 1024, 4), (2, 512, 8), (4, 256, 8), (2, 512, 16))
# Bulk-copy reads (one block per SM): (threads, stages, bytes per chunk); in flight = stages x chunk.
BULK_CONFIGS = ((288, 6, 16 << 10), (288, 12, 16 << 10), (288, 6, 32 << 10), (288, 24, 8 << 10), (544, 12, 16 << 10))


def compile_extension():
    return load_inline(name="stream_floor_graph", cpp_sources=CPP_SOURCE, cuda_sources=CUDA_SOURCE,
                       functions=["stream", "stream_bulk"], extra_include_paths=[COMMON_PTX],
                       extra_cuda_cflags=["-O3", "-gencode=arch=compute_90a,code=sm_90a"],
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


def variants(ext, sms, configs, bulk_configs, modes, prefetches, shared_configs=(), streaming_configs=()):
    """(the row's fields, blocks, label, launch(w, sums)) for every read kernel, config and mode."""
    for kernel, kernel_configs in (("registers", configs), ("streaming", streaming_configs),
                                   ("shared", shared_configs)):
        path = LOAD_PATHS[kernel]
        for bps, threads, unroll in kernel_configs:
            for mode in modes:
                for prefetch in (prefetches if mode != "plain" else (0,)):
                    fields = {"kernel": kernel, "blocks_per_sm": bps, "threads": threads, "unroll": unroll,
                              "in_flight_per_sm": bps * threads * unroll * 16, "mode": mode, "prefetch_bytes": prefetch}
                    label = f"{kernel} {bps}x{threads}x{unroll} ({fields['in_flight_per_sm'] >> 10} KB/SM) {mode:10s} " \
                            f"prefetch {prefetch >> 10:3d} KB"
                    yield fields, bps * sms, label, \
                        lambda w, s, bps=bps, t=threads, u=unroll, m=MODES[mode], p=prefetch, path=path: \
                        ext.stream(w, s, bps * sms, t, u, m, p, path)
    for threads, stages, chunk in bulk_configs:
        for mode in modes:
            fields = {"kernel": "bulk", "blocks_per_sm": 1, "threads": threads, "stages": stages, "chunk_bytes": chunk,
                      "in_flight_per_sm": stages * chunk, "mode": mode, "prefetch_bytes": 0}
            label = f"bulk {threads} threads {stages} x {chunk >> 10} KB ({stages * chunk >> 10} KB/SM) {mode:10s}"
            yield fields, sms, label, \
                lambda w, s, t=threads, st=stages, c=chunk, m=MODES[mode]: ext.stream_bulk(w, s, sms, t, st, c, m)


def run(reps, modes, configs, prefetches, bulk_configs=BULK_CONFIGS, shared_configs=(), streaming_configs=()):
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
        expected = word_sum(ws[0]) % (1 << 32)
        for fields, blocks, label, launch in variants(ext, sms, configs, bulk_configs, modes, prefetches,
                                                      shared_configs, streaming_configs):
            sums = torch.zeros(count, blocks, dtype=torch.int32, device="cuda")
            launch(ws[0], sums[0])
            got = int(sums[0].to(torch.int64).sum().item()) % (1 << 32)
            assert got == expected, f"{label}: the block sums add up to {got}, torch's words to {expected}"
            us = replay_us([lambda w=w, s=s: launch(w, s) for w, s in zip(ws, sums)], count, reps)
            row = {"n": n, "k": k, "bytes": size, "layers": count, **fields, "us": us,
                   "pct_copy": 100 * size / (us * 1e-6) / 1e9 / copy_gb_s}
            rows.append(row)
            print(f"read {n}x{k} ({size / 1e6:.1f} MB, {count} weights) {label}: {us:6.2f} us {row['pct_copy']:5.1f}%",
                  flush=True)
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
    parser.add_argument("--bulk-only", action="store_true", help="only the bulk-copy read kernel")
    parser.add_argument("--configs", default=None,
                        help="register kernel configs BLOCKSxTHREADSxUNROLL, comma separated (default: CONFIGS)")
    parser.add_argument("--no-bulk", action="store_true", help="no bulk-copy read kernel")
    parser.add_argument("--shared-configs", default="",
                        help="configs BLOCKSxTHREADSxUNROLL of the read kernel whose loads are cp.async copies into "
                             "shared memory (threads x unroll x 16 bytes per block), comma separated (default: none)")
    parser.add_argument("--streaming-configs", default="",
                        help="configs of the read kernel whose register loads skip L1 (skinny's W loads: "
                             "ld.global.nc.L1::no_allocate), comma separated (default: none)")
    args = parser.parse_args(argv)
    if not torch.cuda.is_available() or torch.cuda.get_device_capability() != (9, 0):
        sys.exit("stream_floor_graph.py needs an sm_90 GPU (H100/H200)")
    parse = lambda text: [tuple(int(v) for v in c.split("x")) for c in text.split(",") if c]
    configs = CONFIGS if args.configs is None else parse(args.configs)
    copy_gb_s, rows = run(args.reps, args.modes.split(","), () if args.bulk_only else configs,
                          [int(p) for p in args.prefetch.split(",")], () if args.no_bulk else BULK_CONFIGS,
                          parse(args.shared_configs), parse(args.streaming_configs))
    print(f"copy bandwidth {copy_gb_s:.0f} GB/s")
    if args.out:
        os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
        with open(args.out + ".json", "w") as f:
            json.dump({"device": torch.cuda.get_device_name(), "date": datetime.date.today().isoformat(),
                       "torch": torch.__version__, "copy_gb_s": copy_gb_s, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
