"""What one kernel launch costs on the GPU, by its dynamic shared memory and parameter
bytes, timed as triton.testing.do_bench times a call (events around it, a 256 MB L2 flush
before each), and back to back (host-bound in Python: for reference only). The floor
under every small product's do_bench time. Then torch.matmul (bf16) at small squares.

    python bench/launch_cost.py        # writes $OUT (else .)/launch_cost.json

The kernel is compiled on the spot (torch.utils.cpp_extension.load_inline, sm_90a).
"""
import json
import os

import torch
from torch.utils.cpp_extension import load_inline

from tiledmm._timing import event_median_ms

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <ATen/cuda/CUDAContext.h>
template <int kBytes> struct Blob { unsigned char b[kBytes]; };
// One store per block; kBytes of kernel parameters; the dynamic shared memory is only asked for.
template <int kBytes>
__global__ void touch(float* out, const __grid_constant__ Blob<kBytes> blob) {
  if (threadIdx.x == 0) out[blockIdx.x] = blob.b[blockIdx.x % kBytes];
}
template <int kBytes>
void launch_t(torch::Tensor out, int blocks, int threads, int smem, int reps) {
  auto k = touch<kBytes>;
  cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448);
  Blob<kBytes> blob{};
  auto stream = at::cuda::getCurrentCUDAStream();
  for (int i = 0; i < reps; ++i) k<<<blocks, threads, smem, stream>>>(out.data_ptr<float>(), blob);
}
void launch(torch::Tensor out, int blocks, int threads, int smem, int param_bytes, int reps) {
  if (param_bytes <= 16) launch_t<16>(out, blocks, threads, smem, reps);
  else launch_t<512>(out, blocks, threads, smem, reps);
}
"""
CPP_SOURCE = "void launch(torch::Tensor out, int blocks, int threads, int smem, int param_bytes, int reps);"


def flushed_us(fn, flush):
    """do_bench's way: flush L2, event, fn, event; the median in µs."""
    return 1000 * event_median_ms(fn, warmup=5, reps=200, before=flush.zero_)


def back_to_back_us(fn, reps=200):
    fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        fn()
    end.record()
    torch.cuda.synchronize()
    return 1000 * start.elapsed_time(end) / reps


def main():
    module = load_inline("launch_cost", CPP_SOURCE, cuda_sources=CUDA_SOURCE, functions=["launch"],
                         extra_cuda_cflags=["-O3", "-gencode=arch=compute_90a,code=sm_90a"], verbose=False)
    flush = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int32, device="cuda")
    out = torch.empty(1024, device="cuda")
    rows = []
    for blocks in (1, 32, 132):
        for threads in (128, 384):
            for smem in (0, 48 * 1024, 100 * 1024, 164 * 1024, 227 * 1024):
                for param_bytes in (16, 512):
                    def fn():
                        module.launch(out, blocks, threads, smem, param_bytes, 1)
                    row = dict(blocks=blocks, threads=threads, smem=smem, param_bytes=param_bytes,
                               flushed_us=flushed_us(fn, flush), back_to_back_us=back_to_back_us(fn))
                    rows.append(row)
                    print(row, flush=True)
    for n in (64, 256, 512, 1024):
        a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
        row = dict(op="matmul", n=n, flushed_us=flushed_us(lambda: torch.matmul(a, b), flush),
                   back_to_back_us=back_to_back_us(lambda: torch.matmul(a, b)))
        rows.append(row)
        print(row, flush=True)
    with open(os.path.join(os.environ.get("OUT", "."), "launch_cost.json"), "w") as f:
        json.dump(dict(gpu=torch.cuda.get_device_name(), rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
