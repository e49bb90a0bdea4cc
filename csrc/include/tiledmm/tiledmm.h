// tiledmm public C++ API (LibTorch).
//
//   #include <tiledmm/tiledmm.h>
//   at::Tensor c = tiledmm::gemm(a, b);            // planner picks the kernel
//   at::Tensor c = tiledmm::gemm(a, b, "classic16");  // one named variant
//
// Both call the dispatcher op `tiledmm::gemm`, so CPU and CUDA tensors work and all
// input checks apply. Autograd is registered in C++ (csrc/autograd.cpp): the results
// are differentiable in LibTorch too.
#pragma once

#include <ATen/core/Tensor.h>

#include <string>
#include <vector>

namespace tiledmm {

// C = A·B for 2-D a[M, K], b[K, N] of one dtype (float32, float64, float16, bfloat16)
// on one device. Returns a new contiguous [M, N] tensor of the input dtype.
at::Tensor gemm(const at::Tensor& a, const at::Tensor& b);
at::Tensor gemm(const at::Tensor& a, const at::Tensor& b, const std::string& kernel);

// Names of the kernel variants this build contains.
std::vector<std::string> kernel_names();

}  // namespace tiledmm
