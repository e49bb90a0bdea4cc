// TILEDMM_HOST_DEVICE marks functions compiled for the host and, under nvcc, for the device
// too: code shared by the CPU and CUDA kernels, and building blocks whose host arithmetic is
// tested without a GPU.
#pragma once

#if defined(__CUDACC__)
#define TILEDMM_HOST_DEVICE __host__ __device__
#else
#define TILEDMM_HOST_DEVICE
#endif
